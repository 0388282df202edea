package filesystem

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/format/codec"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

// Metadata keys a filesystem source can read (FileSystemTableSource's
// ReadableFileInfo), in the order Flink's metadata map lists them.
var readable = []connector.Metadata{
	{Key: "file.path", Type: types.String.WithNullable(false)},
	{Key: "file.name", Type: types.String.WithNullable(false)},
	{Key: "file.size", Type: types.Int64.WithNullable(false)},
	{Key: "file.modification-time", Type: types.TimestampLTZOf(3).WithNullable(false)},
}

// TableSource is a planned filesystem scan.
type TableSource struct {
	cfg      *config
	metadata []string
	limit    int64 // -1: none
	hasLimit bool
}

var (
	_ connector.ScanSource     = (*TableSource)(nil)
	_ connector.MetadataReader = (*TableSource)(nil)
)

// Bounded is true unless 'source.monitor-interval' is set; a pushed-down
// LIMIT bounds a monitoring source too.
func (s *TableSource) Bounded() bool { return s.cfg.monitor == 0 || s.hasLimit }

// ApplyLimit stops reading after n rows, as Flink's LimitableBulkFormat.
func (s *TableSource) ApplyLimit(n int64) { s.limit, s.hasLimit = n, true }

// Summary is Flink's asSummaryString.
func (s *TableSource) Summary() string { return "Filesystem" }

// ReadableMetadata lists file.path, file.name, file.size and
// file.modification-time.
func (s *TableSource) ReadableMetadata() []connector.Metadata { return readable }

// ApplyReadableMetadata appends the given metadata after the physical row.
func (s *TableSource) ApplyReadableMetadata(keys []string) {
	s.metadata = append([]string(nil), keys...)
}

// ClassName is the Java class of Flink's source.
func (s *TableSource) ClassName() string { return sourceClass }

// Create builds the runtime reader.
func (s *TableSource) Create(env connector.Env) (stream.Source, error) {
	fs := env.FS
	if fs == nil {
		fs = vfs.OS{}
	}
	// Flink's file enumerator fails the job at its start when the path is
	// missing; a partitioned table without partitions is empty instead.
	if _, err := fs.Stat(s.cfg.path); err != nil && len(s.cfg.partitions) == 0 {
		if errors.Is(err, vfs.ErrNotExist) {
			return nil, notFound(s.cfg.path)
		}
		return nil, err
	}
	src := &source{t: s, fs: fs, clock: env.Clock, codec: s.cfg.codec(), seen: map[string]bool{}}
	if s.cfg.pathRegex != "" {
		re, err := regexp.Compile("^(?:" + s.cfg.pathRegex + ")$")
		if err != nil {
			return nil, diag.Errorf(diag.NoPos, "java.util.regex.PatternSyntaxException", "%s", err.Error())
		}
		src.filter = re
	}
	return src, nil
}

func notFound(p string) error {
	return diag.Errorf(diag.NoPos, "java.io.FileNotFoundException",
		"File %s does not exist or the user running Flink ('flink') has insufficient permissions to access it.", p)
}

// source reads the files of a filesystem table. It emits only +I rows and
// keeps the set of files already read when it monitors the directory.
type source struct {
	t     *TableSource
	fs    vfs.FS
	clock stream.Clock
	codec rowCodec

	filter   *regexp.Regexp // 'source.path.regex-pattern' over the whole path
	seen     map[string]bool
	pending  []vfs.Entry
	rows     [][]types.Value
	next     int
	emitted  int64
	nextScan time.Time
	scanned  bool

	// Columnar reading (EnableColumns): a file's rows are decoded into
	// one vector per column, and batches are windows of them.
	columns bool
	kinds   []stream.VecKind
	cols    []stream.Vector
	colRows int
	colNext int
	// reader is the codec, which reads records straight into cols.
	reader  codec.ColumnReader
	dataIdx []int
	views   []bool // the columns the codec fills with views of a file
}

// readAll reads r, sized by the file's size when known: io.ReadAll would
// grow its buffer by doubling, copying a large file several times.
func readAll(r io.Reader, size int64) ([]byte, error) {
	if size <= 0 || size > 1<<31 {
		return io.ReadAll(r)
	}
	buf := make([]byte, size, size+512)
	n, err := io.ReadFull(r, buf)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		return buf[:n], nil // the file shrank
	}
	if err != nil {
		return nil, err
	}
	// The file may have grown since it was listed: read the rest.
	rest, err := io.ReadAll(r)
	return append(buf, rest...), err
}

// estimateLines estimates a file's lines from its first 64 KiB, a little
// high: columns are sized by it, so that appending copies nothing.
func estimateLines(data []byte) int {
	const sample = 64 << 10
	if len(data) <= sample {
		return bytes.Count(data, []byte{'\n'}) + 1
	}
	n := bytes.Count(data[:sample], []byte{'\n'}) + 1
	return int(int64(n)*int64(len(data))/sample*11/10) + 1
}

// EnableColumns implements stream.ColumnarSource for the csv and json
// formats: rows are decoded straight into columns, without a row per
// record.
func (s *source) EnableColumns() bool {
	c, ok := s.codec.(codec.ColumnReader)
	if !ok {
		return false
	}
	s.columns, s.reader = true, c
	_, ts, dataIdx := s.t.cfg.dataColumns()
	s.dataIdx = dataIdx
	for _, col := range s.t.cfg.physical.Columns {
		s.kinds = append(s.kinds, stream.VecKindOf(col.Type))
	}
	for _, k := range s.t.metadata {
		for _, m := range readable {
			if m.Key == k {
				s.kinds = append(s.kinds, stream.VecKindOf(m.Type))
			}
		}
	}
	s.cols = make([]stream.Vector, len(s.kinds))
	vecs := make([]*stream.Vector, len(ts))
	s.views = make([]bool, len(s.cols))
	for k, t := range ts {
		i := dataIdx[k]
		vecs[k] = &s.cols[i]
		s.views[i] = codec.ColumnOf(t) == codec.ParseString
	}
	c.ReadColumns(vecs)
	return true
}

func (s *source) Open(context.Context) error { return nil }

func (s *source) Close() error { return nil }

// Next fills b with rows of the files found so far; a monitoring source
// lists the directory again every monitor interval of the query clock.
func (s *source) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	cfg := s.t.cfg
	if !s.scanned {
		s.scanned = true
		if err := s.scan(true); err != nil {
			return 0, err
		}
		if s.clock != nil {
			s.nextScan = s.clock.Now().Add(time.Duration(cfg.monitor) * time.Millisecond)
		}
	}
	for b.Len() < stream.DefaultBatchRows {
		if s.t.hasLimit && s.emitted >= s.t.limit {
			break
		}
		if s.columns && s.colNext < s.colRows {
			if b.Len() > 0 {
				break // a batch holds the rows of one file
			}
			k := min(stream.DefaultBatchRows, s.colRows-s.colNext)
			if s.t.hasLimit {
				k = int(min(int64(k), s.t.limit-s.emitted))
			}
			b.Columnar = true
			if cap(b.Cols) < len(s.cols) {
				b.Cols = make([]stream.Vector, len(s.cols))
			}
			b.Cols = b.Cols[:len(s.cols)]
			for j := range s.cols {
				b.Cols[j].SliceOf(&s.cols[j], s.colNext, s.colNext+k)
			}
			for range k {
				b.Kinds = append(b.Kinds, stream.Insert)
			}
			s.colNext += k
			s.emitted += int64(k)
			break
		}
		if s.next < len(s.rows) {
			b.AppendRow(stream.Insert, s.rows[s.next])
			s.rows[s.next] = nil
			s.next++
			s.emitted++
			continue
		}
		if len(s.pending) > 0 {
			f := s.pending[0]
			s.pending = s.pending[1:]
			if err := s.read(f); err != nil {
				return 0, err
			}
			continue
		}
		if cfg.monitor == 0 || b.Len() > 0 || s.clock == nil {
			break
		}
		now := s.clock.Now()
		if now.Before(s.nextScan) {
			return s.nextScan.Sub(now), nil
		}
		s.nextScan = now.Add(time.Duration(cfg.monitor) * time.Millisecond)
		if err := s.scan(false); err != nil {
			return 0, err
		}
		if len(s.pending) == 0 {
			return s.nextScan.Sub(now), nil
		}
	}
	if b.Len() == 0 && (cfg.monitor == 0 || (s.t.hasLimit && s.emitted >= s.t.limit)) {
		return 0, stream.ErrEndOfInput
	}
	return 0, nil
}

// scan lists the visible files under the table's path (under its
// partition directories when it has partition keys) that were not seen
// yet, in path order.
func (s *source) scan(first bool) error {
	root := s.t.cfg.path
	if _, err := s.fs.Stat(root); err != nil {
		if errors.Is(err, vfs.ErrNotExist) {
			if len(s.t.cfg.partitions) > 0 {
				return nil // no partitions: an empty table
			}
			return notFound(root)
		}
		return err
	}
	var files []vfs.Entry
	var walk func(dir string, depth int) error
	walk = func(dir string, depth int) error {
		entries, err := s.fs.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name, ".") || strings.HasPrefix(e.Name, "_") {
				continue
			}
			// Partition levels hold only k=v directories.
			if depth < len(s.t.cfg.partitions) {
				if e.IsDir && strings.Contains(e.Name, "=") {
					if err := walk(e.Path, depth+1); err != nil {
						return err
					}
				}
				continue
			}
			if e.IsDir {
				if err := walk(e.Path, depth+1); err != nil {
					return err
				}
				continue
			}
			if s.filter != nil && !s.filter.MatchString(e.Path) {
				continue
			}
			if !s.seen[e.Path] {
				s.seen[e.Path] = true
				files = append(files, e)
			}
		}
		return nil
	}
	if st, err := s.fs.Stat(root); err == nil && !st.IsDir {
		// A path naming a file reads that file.
		if !s.seen[st.Path] {
			s.seen[st.Path] = true
			s.pending = append(s.pending, st)
		}
		return nil
	}
	if err := walk(root, 0); err != nil {
		return err
	}
	s.pending = append(s.pending, files...)
	return nil
}

// read decodes one file into rows of the table: data columns from the
// file, partition columns from the directory names, then metadata.
func (s *source) read(f vfs.Entry) error {
	cfg := s.t.cfg
	r, err := s.fs.Open(f.Path)
	if err != nil {
		return err
	}
	data, err := readAll(r, f.Size)
	r.Close()
	if err != nil {
		return err
	}
	parts := map[string]string{}
	rel := strings.TrimPrefix(f.Path, strings.TrimSuffix(cfg.path, "/")+"/")
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if k, v, ok := strings.Cut(seg, "="); ok {
			parts[unescapePathName(k)] = unescapePathName(v)
		}
	}
	_, _, dataIdx := cfg.dataColumns()
	width := cfg.physical.Len()
	var partVals = make(map[int]types.Value)
	for _, i := range cfg.partitions {
		col := cfg.physical.Columns[i]
		v, ok := parts[col.Name]
		if !ok || v == cfg.defaultName {
			partVals[i] = types.NullValue
			continue
		}
		pv, err := partitionValue(v, col.Type)
		if err != nil {
			return err
		}
		partVals[i] = pv
	}
	meta := make([]types.Value, len(s.t.metadata))
	for j, k := range s.t.metadata {
		switch k {
		case "file.path":
			meta[j] = types.StringValue(f.Path) // Path.getPath(): no scheme
		case "file.name":
			meta[j] = types.StringValue(f.Name)
		case "file.size":
			meta[j] = types.IntValue(f.Size)
		case "file.modification-time":
			meta[j] = types.TimestampValue(f.ModTime.UnixMilli(), 0)
		}
	}
	// The codecs' rows are fresh (rowCodec.Decode): when they are already
	// the table's physical row, they are kept as they come.
	identity := len(meta) == 0 && len(partVals) == 0 && len(dataIdx) == width
	for k, i := range dataIdx {
		identity = identity && i == k
	}
	s.rows, s.next = s.rows[:0], 0
	if s.columns {
		// The batches of the file before are consumed: its vectors are
		// reused.
		lines := estimateLines(data)
		for j := range s.cols {
			s.cols[j].Reset(s.kinds[j])
			bytes := len(data)/len(s.cols) + 1
			if s.views[j] {
				bytes = 0 // the codec's views of data
			}
			s.cols[j].Reserve(lines, bytes)
		}
		slow := 0
		err := s.codec.Decode(data, func(vals []types.Value) error {
			for k, i := range dataIdx {
				s.cols[i].Append(vals[k])
			}
			slow++
			return nil
		})
		s.colRows, s.colNext = s.reader.ColumnsRead()+slow, 0
		// Partitions and metadata are constant within the file.
		for i, v := range partVals {
			appendN(&s.cols[i], v, s.colRows)
		}
		for j, v := range meta {
			appendN(&s.cols[width+j], v, s.colRows)
		}
		return s.placed(f.Path, err)
	}
	return s.placed(f.Path, s.codec.Decode(data, func(vals []types.Value) error {
		if identity && len(vals) == width {
			s.rows = append(s.rows, vals)
			return nil
		}
		row := make([]types.Value, width+len(meta))
		for k, i := range dataIdx {
			row[i] = vals[k]
		}
		for i, v := range partVals {
			row[i] = v
		}
		copy(row[width:], meta)
		s.rows = append(s.rows, row)
		return nil
	}))
}

// appendN appends x to v until v holds n values.
func appendN(v *stream.Vector, x types.Value, n int) {
	if x.Null {
		v.AppendNulls(n - v.Len())
		return
	}
	for v.Len() < n {
		v.Append(x)
	}
}

// placed adds the file, line and column of a decoding failure to the
// error Flink names (its Where, which the page shows and the SQL client's
// text leaves out).
func (s *source) placed(file string, err error) error {
	var le *codec.LineError
	if err == nil || !errors.As(err, &le) {
		return err
	}
	where := fmt.Sprintf("file %s, line %d", file, le.Line)
	if le.Column > 0 {
		where += fmt.Sprintf(", column %d", le.Column)
		if i := s.t.cfg.physical.Index(le.Field); i >= 0 {
			where += fmt.Sprintf(" (%s %s)", le.Field, s.t.cfg.physical.Columns[i].Type)
		}
	}
	if e, ok := diag.As(err); ok {
		e.Where = where
		return e
	}
	return err
}

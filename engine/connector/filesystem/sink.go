package filesystem

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand"
	randv2 "math/rand/v2"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

// TableSink is a planned filesystem sink: append-only, or replacing the
// partitions it writes under INSERT OVERWRITE in batch mode.
type TableSink struct {
	cfg       *config
	overwrite bool
}

// ApplyOverwrite makes the sink replace what the partitions it writes (the
// whole table when unpartitioned) held, as Flink's PartitionLoader does.
func (s *TableSink) ApplyOverwrite() { s.overwrite = true }

var _ connector.SinkTarget = (*TableSink)(nil)

// AcceptsUpdates is false: the filesystem sink only appends.
func (s *TableSink) AcceptsUpdates() bool { return false }

// Summary is Flink's asSummaryString.
func (s *TableSink) Summary() string { return "Filesystem" }

// Create builds the writer of one job.
func (s *TableSink) Create(env connector.Env) (stream.Sink, error) {
	fs := env.FS
	if fs == nil {
		fs = vfs.OS{}
	}
	if s.overwrite && env.Mode != connector.Batch {
		return nil, diag.Errorf(diag.NoPos, diag.IllegalState, "Streaming mode not support overwrite.")
	}
	k := &sink{cfg: s.cfg, fs: fs, clock: env.Clock, batch: env.Mode == connector.Batch, codec: s.cfg.codec(),
		parts: map[string]*partFile{}, written: map[string]bool{}, overwrite: s.overwrite, bucketParts: map[string]int{}}
	if err := k.policies(); err != nil {
		return nil, err
	}
	if env.HasSeed {
		h := fnv.New64a()
		h.Write([]byte(s.cfg.table))
		k.rng = rand.New(rand.NewSource(env.Seed ^ int64(h.Sum64())))
	}
	return k, nil
}

// sink writes +I rows into part files, one open file per partition
// directory. In streaming mode (Flink's StreamingFileWriter) a part file
// is written under ".<name>.inprogress.<uuid>" and renamed to
// "part-<uuid>-0-<n>" when it rolls (size, rollover or inactivity interval
// on the query clock) and at the end of input. In batch mode (Flink's
// FileSystemOutputFormat) files "part-<uuid>-task-0-file-<n>" are written
// under a hidden staging directory and moved into place when the job ends.
// A job that fails or is cancelled removes what it had not committed.
type sink struct {
	cfg   *config
	fs    vfs.FS
	clock stream.Clock
	batch bool
	codec rowCodec
	rng   *rand.Rand

	prefix  string // part-<uuid>
	staging string // batch: the staging directory
	counter int    // batch: files of the task
	// bucketParts and maxParts number streaming part files per partition.
	bucketParts map[string]int
	maxParts    int
	parts       map[string]*partFile
	done        []*partFile // batch: closed files waiting to move
	nextCheck   time.Time
	buf         []byte
	row         []types.Value

	overwrite   bool            // batch INSERT OVERWRITE
	written     map[string]bool // partition directories that got rows
	successFile bool            // 'sink.partition-commit.policy.kind' has success-file
}

// policies reads 'sink.partition-commit.policy.kind' as Flink's
// PartitionCommitPolicyFactory: 'metastore' does nothing for a filesystem
// table, 'success-file' writes an empty marker file into each committed
// partition, a 'custom' class cannot be loaded here.
func (k *sink) policies() error {
	kinds := k.cfg.commitPolicy
	if kinds == "" {
		return nil
	}
	for _, name := range strings.Split(kinds, ",") {
		switch strings.ToLower(name) {
		case "metastore":
		case "success-file":
			k.successFile = true
		case "custom":
			return diag.Errorf(diag.NoPos, "java.lang.ClassNotFoundException", "%s", k.cfg.commitClass)
		default:
			return diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "Unsupported policy: %s", name)
		}
	}
	return nil
}

// commitPartitions applies the commit policies to the partitions the job
// wrote: in batch mode also to the table directory of an unpartitioned
// table, in streaming mode only to partitions (Flink adds its partition
// committer only for partitioned tables).
func (k *sink) commitPartitions() error {
	if !k.successFile || (!k.batch && len(k.cfg.partitions) == 0) {
		return nil
	}
	dirs := make([]string, 0, len(k.written))
	for d := range k.written {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		w, err := k.fs.Create(path.Join(k.cfg.path, d, k.cfg.successFileName))
		if err != nil {
			return err
		}
		if err := w.Close(); err != nil {
			return err
		}
	}
	return nil
}

// partBuffer is the bytes a part file gathers before they are written.
const partBuffer = 64 << 10

// bufferedFile is a part file behind a buffer: Close writes what is left.
type bufferedFile struct {
	w *bufio.Writer
	c io.Closer
}

func (f *bufferedFile) Write(p []byte) (int, error) { return f.w.Write(p) }

func (f *bufferedFile) Close() error {
	err := f.w.Flush()
	if cerr := f.c.Close(); err == nil {
		err = cerr
	}
	return err
}

type partFile struct {
	dir        string // partition directory, relative ("" or "k=v/...")
	name       string // final file name
	tmp        string // where it is written
	w          io.WriteCloser
	size       int64
	created    time.Time
	lastUpdate time.Time
}

var (
	_ stream.Sink         = (*sink)(nil)
	_ connector.Committer = (*sink)(nil)
)

func (k *sink) Open(context.Context) error { return nil }

func (k *sink) now() time.Time {
	if k.clock == nil {
		return time.Now()
	}
	return k.clock.Now()
}

func (k *sink) uuid() string {
	var b [16]byte
	if k.rng != nil {
		k.rng.Read(b[:])
	} else {
		binary.LittleEndian.PutUint64(b[:8], randv2.Uint64())
		binary.LittleEndian.PutUint64(b[8:], randv2.Uint64())
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// start picks the job's file prefix, drawing again while a file of the
// table already starts with it (a seeded session draws the same UUIDs).
func (k *sink) start() error {
	if k.prefix != "" {
		return nil
	}
	existing := map[string]bool{}
	var walk func(dir string)
	walk = func(dir string) {
		entries, err := k.fs.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			if e.IsDir {
				walk(e.Path)
				continue
			}
			name := strings.TrimPrefix(e.Name, ".")
			if strings.HasPrefix(name, "part-") && len(name) >= 41 {
				existing[name[:41]] = true
			}
		}
	}
	walk(k.cfg.path)
	for {
		k.prefix = "part-" + k.uuid()
		if !existing[k.prefix] {
			break
		}
	}
	if k.batch {
		k.staging = path.Join(k.cfg.path, fmt.Sprintf(".staging_%d_%s", k.now().UnixMilli(), k.uuid()))
	}
	k.nextCheck = k.now().Add(time.Duration(k.cfg.check) * time.Millisecond)
	return nil
}

// Write appends the rows of b to their partitions' part files.
func (k *sink) Write(_ context.Context, b *stream.Batch) error {
	if b.Len() == 0 {
		return nil
	}
	if err := k.start(); err != nil {
		return err
	}
	if err := k.checkTime(); err != nil {
		return err
	}
	_, _, dataIdx := k.cfg.dataColumns()
	if cap(k.row) < len(dataIdx) {
		k.row = make([]types.Value, len(dataIdx))
	}
	row := k.row[:len(dataIdx)]
	for i := 0; i < b.Len(); i++ {
		full := b.Row(i)
		for j, c := range dataIdx {
			row[j] = full[c]
		}
		var err error
		k.buf, err = k.codec.AppendRow(k.buf[:0], row)
		if err != nil {
			return err
		}
		dir := k.cfg.partitionDir(full)
		p := k.parts[dir]
		if p != nil && !k.batch && p.size > k.cfg.rollSize {
			if err := k.roll(dir, p); err != nil {
				return err
			}
			p = nil
		}
		if p == nil {
			if p, err = k.newPart(dir); err != nil {
				return err
			}
		}
		if _, err := p.w.Write(k.buf); err != nil {
			return err
		}
		k.written[dir] = true
		p.size += int64(len(k.buf))
		p.lastUpdate = k.now()
	}
	// A batch's rows reach their files before Write returns, so a full
	// file system fails the batch that fills it.
	for _, p := range k.parts {
		if f, ok := p.w.(*bufferedFile); ok {
			if err := f.w.Flush(); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkTime runs the time-based rolling checks that Flink runs on a
// processing-time timer every check interval; here they run when a batch
// arrives, before its rows are written.
func (k *sink) checkTime() error {
	if k.batch {
		return nil
	}
	now := k.now()
	if now.Before(k.nextCheck) {
		return nil
	}
	k.nextCheck = now.Add(time.Duration(k.cfg.check) * time.Millisecond)
	for _, dir := range k.openDirs() {
		p := k.parts[dir]
		if now.Sub(p.created) >= time.Duration(k.cfg.rollover)*time.Millisecond ||
			now.Sub(p.lastUpdate) >= time.Duration(k.cfg.inactivity)*time.Millisecond {
			if err := k.roll(dir, p); err != nil {
				return err
			}
		}
	}
	return nil
}

func (k *sink) openDirs() []string {
	dirs := make([]string, 0, len(k.parts))
	for d := range k.parts {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs
}

func (k *sink) newPart(dir string) (*partFile, error) {
	p := &partFile{dir: dir, created: k.now()}
	var parent string
	if k.batch {
		p.name = fmt.Sprintf("%s-task-0-file-%d", k.prefix, k.counter)
		parent = path.Join(k.staging, "task-0-attempt-0", dir)
		p.tmp = path.Join(parent, p.name)
	} else {
		parent = path.Join(k.cfg.path, dir)
	}
	k.counter++
	if !k.batch {
		// Like Flink's Buckets: a bucket counts its own parts, starting
		// from the highest count of any bucket when it is created.
		n, ok := k.bucketParts[dir]
		if !ok {
			n = k.maxParts
		}
		p.name = fmt.Sprintf("%s-0-%d", k.prefix, n)
		p.tmp = path.Join(parent, "."+p.name+".inprogress."+k.uuid())
		k.bucketParts[dir] = n + 1
		k.maxParts = max(k.maxParts, n+1)
	}
	if err := k.fs.MkdirAll(parent); err != nil {
		return nil, err
	}
	w, err := k.fs.Create(p.tmp)
	if err != nil {
		return nil, err
	}
	// Rows are small and a write is a system call (under wasm in Node,
	// an asynchronous one the program waits for): a batch's rows reach
	// the file together, at the end of Write.
	p.w = &bufferedFile{w: bufio.NewWriterSize(w, partBuffer), c: w}
	k.parts[dir] = p
	return p, nil
}

// roll closes a streaming part file and commits it under its final name.
func (k *sink) roll(dir string, p *partFile) error {
	delete(k.parts, dir)
	if err := p.w.Close(); err != nil {
		k.fs.Remove(p.tmp)
		return err
	}
	return k.fs.Rename(p.tmp, path.Join(k.cfg.path, p.dir, p.name))
}

// Commit makes everything written visible: the end of a bounded job.
func (k *sink) Commit() error {
	for _, dir := range k.openDirs() {
		p := k.parts[dir]
		if k.batch {
			delete(k.parts, dir)
			if err := p.w.Close(); err != nil {
				return err
			}
			k.done = append(k.done, p)
			continue
		}
		if err := k.roll(dir, p); err != nil {
			return err
		}
	}
	if !k.batch {
		return k.commitPartitions()
	}
	cleared := map[string]bool{}
	for _, p := range k.done {
		dst := path.Join(k.cfg.path, p.dir)
		if err := k.fs.MkdirAll(dst); err != nil {
			return err
		}
		if k.overwrite && !cleared[dst] {
			cleared[dst] = true
			if err := k.clear(dst); err != nil {
				return err
			}
		}
		if err := k.fs.Rename(p.tmp, path.Join(dst, p.name)); err != nil {
			return err
		}
	}
	k.done = nil
	if err := k.removeStaging(); err != nil {
		return err
	}
	return k.commitPartitions()
}

// Close abandons what was not committed.
func (k *sink) Close() error {
	var first error
	for _, dir := range k.openDirs() {
		p := k.parts[dir]
		delete(k.parts, dir)
		p.w.Close()
		if err := k.fs.Remove(p.tmp); err != nil && !errors.Is(err, vfs.ErrNotExist) && first == nil {
			first = err
		}
	}
	for _, p := range k.done {
		k.fs.Remove(p.tmp)
	}
	k.done = nil
	if err := k.removeStaging(); err != nil && first == nil {
		first = err
	}
	return first
}

// clear deletes the visible files and directories under dir, as Flink's
// overwrite does before it moves the new files in.
func (k *sink) clear(dir string) error {
	entries, err := k.fs.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name, ".") || strings.HasPrefix(e.Name, "_") {
			continue
		}
		if err := k.removeAll(e); err != nil {
			return err
		}
	}
	return nil
}

func (k *sink) removeAll(e vfs.Entry) error {
	if e.IsDir {
		entries, err := k.fs.ReadDir(e.Path)
		if err != nil {
			return err
		}
		for _, c := range entries {
			if err := k.removeAll(c); err != nil {
				return err
			}
		}
	}
	return k.fs.Remove(e.Path)
}

// removeStaging deletes the batch staging directory, deepest first.
func (k *sink) removeStaging() error {
	if k.staging == "" {
		return nil
	}
	var dirs []string
	var walk func(dir string)
	walk = func(dir string) {
		entries, err := k.fs.ReadDir(dir)
		if err != nil {
			return
		}
		dirs = append(dirs, dir)
		for _, e := range entries {
			if e.IsDir {
				walk(e.Path)
			} else {
				k.fs.Remove(e.Path)
			}
		}
	}
	walk(k.staging)
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := k.fs.Remove(dirs[i]); err != nil && !errors.Is(err, vfs.ErrNotExist) {
			return err
		}
	}
	k.staging = ""
	return nil
}

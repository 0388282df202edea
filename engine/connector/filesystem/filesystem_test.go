package filesystem

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) Now() time.Time { return c.t }
func (c *fakeClock) Sleep(_ context.Context, d time.Duration) error {
	c.t = c.t.Add(d)
	return nil
}

func table(opts map[string]string, partitions []string, cols ...types.Column) connector.Table {
	o := map[string]string{"connector": "filesystem", "path": "/t", "format": "csv"}
	for k, v := range opts {
		o[k] = v
	}
	return connector.Table{Name: "default_catalog.default_database.t", Physical: types.Schema{Columns: cols}, Options: o, PartitionKeys: partitions}
}

func col(name string, t types.Type) types.Column { return types.Column{Name: name, Type: t} }

// files lists the paths under dir, hidden ones included.
func files(t *testing.T, fs vfs.FS, dir string) []string {
	t.Helper()
	var out []string
	var walk func(string)
	walk = func(d string) {
		es, err := fs.ReadDir(d)
		if err != nil {
			return
		}
		for _, e := range es {
			if e.IsDir {
				walk(e.Path)
			} else {
				out = append(out, strings.TrimPrefix(e.Path, dir+"/"))
			}
		}
	}
	walk(dir)
	return out
}

func read(t *testing.T, fs vfs.FS, p string) string {
	t.Helper()
	r, err := fs.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, _ := io.ReadAll(r)
	return string(b)
}

func batchOf(rows ...[]types.Value) *stream.Batch {
	b := stream.NewBatch(len(rows[0]))
	for _, r := range rows {
		b.AppendRow(stream.Insert, r)
	}
	return b
}

func TestMonitorPicksUpNewFiles(t *testing.T) {
	fs := vfs.NewMem()
	clock := &fakeClock{t: time.Unix(1000, 0)}
	fs.Put("/t/a.csv", []byte("1\n"), clock.t)
	src, err := Factory.PlanSource(table(map[string]string{"source.monitor-interval": "10 s"}, nil, col("id", types.Int32)))
	if err != nil {
		t.Fatal(err)
	}
	if src.Bounded() {
		t.Fatal("a monitoring source is unbounded")
	}
	s, err := src.Create(connector.Env{FS: fs, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	b := stream.NewBatch(1)
	next := func() (time.Duration, []int64) {
		b.Reset()
		wait, err := s.Next(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for i := 0; i < b.Len(); i++ {
			ids = append(ids, b.Row(i)[0].I)
		}
		return wait, ids
	}
	if _, ids := next(); len(ids) != 1 || ids[0] != 1 {
		t.Fatalf("first read %v", ids)
	}
	wait, ids := next()
	if len(ids) != 0 || wait != 10*time.Second {
		t.Fatalf("idle: wait %v rows %v", wait, ids)
	}
	fs.Put("/t/b.csv", []byte("2\n3\n"), clock.t)
	fs.Put("/t/.b.csv.inprogress", []byte("9\n"), clock.t)
	clock.t = clock.t.Add(5 * time.Second)
	if wait, ids := next(); len(ids) != 0 || wait != 5*time.Second {
		t.Fatalf("before the interval: wait %v rows %v", wait, ids)
	}
	clock.t = clock.t.Add(5 * time.Second)
	if _, ids := next(); len(ids) != 2 || ids[0] != 2 || ids[1] != 3 {
		t.Fatalf("after the interval: %v", ids)
	}
	fs.Put("/t/a.csv", []byte("1\n7\n"), clock.t) // a file already read is not read again
	clock.t = clock.t.Add(10 * time.Second)
	if _, ids := next(); len(ids) != 0 {
		t.Fatalf("reread %v", ids)
	}
}

func TestStreamingSinkRollsAndCommits(t *testing.T) {
	fs := vfs.NewMem()
	clock := &fakeClock{t: time.Unix(0, 0)}
	target, err := Factory.PlanSink(table(map[string]string{
		"sink.rolling-policy.rollover-interval": "1 min",
		"sink.rolling-policy.check-interval":    "10 s",
	}, []string{"p"}, col("id", types.Int32), col("p", types.String)))
	if err != nil {
		t.Fatal(err)
	}
	if target.AcceptsUpdates() {
		t.Fatal("the filesystem sink is append-only")
	}
	k, err := target.Create(connector.Env{FS: fs, Clock: clock, Seed: 1, HasSeed: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	write := func(id int64, p string) {
		if err := k.Write(ctx, batchOf([]types.Value{types.IntValue(id), types.StringValue(p)})); err != nil {
			t.Fatal(err)
		}
	}
	write(1, "x")
	write(2, "y")
	got := files(t, fs, "/t")
	if len(got) != 2 || !strings.HasPrefix(got[0], "p=x/.part-") || !strings.Contains(got[0], ".inprogress.") {
		t.Fatalf("in progress: %v", got)
	}
	clock.t = clock.t.Add(61 * time.Second)
	write(3, "x") // the check finds both parts older than the rollover interval
	got = files(t, fs, "/t")
	var visible []string
	for _, f := range got {
		if !strings.Contains(f, "/.") {
			visible = append(visible, f)
		}
	}
	if len(visible) != 2 {
		t.Fatalf("after rollover: %v", got)
	}
	if c, ok := k.(connector.Committer); !ok {
		t.Fatal("the sink commits")
	} else if err := c.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := k.Close(); err != nil {
		t.Fatal(err)
	}
	got = files(t, fs, "/t")
	if len(got) != 3 {
		t.Fatalf("committed: %v", got)
	}
	for _, f := range got {
		if strings.Contains(f, "/.") {
			t.Errorf("hidden file left: %s", f)
		}
	}
	// Each partition counts its own parts: x's second part is number 1
	// although y's first part took number 1 too.
	want := []string{"p=x/-0-0", "p=x/-0-1", "p=y/-0-1"}
	for i, f := range got {
		dir, name, _ := strings.Cut(f, "/")
		if dir+"/"+name[len(name)-4:] != want[i] {
			t.Errorf("file %d: %s, want %s", i, f, want[i])
		}
	}
	if s := read(t, fs, "/t/"+got[0]); s != "1\n" {
		t.Errorf("partition column written into the file: %q", s)
	}
}

func TestAbortLeavesNothingVisible(t *testing.T) {
	for _, mode := range []connector.Mode{connector.Streaming, connector.Batch} {
		fs := vfs.NewMem()
		target, err := Factory.PlanSink(table(nil, nil, col("id", types.Int32)))
		if err != nil {
			t.Fatal(err)
		}
		k, _ := target.Create(connector.Env{FS: fs, Clock: &fakeClock{}, Mode: mode})
		if err := k.Write(context.Background(), batchOf([]types.Value{types.IntValue(1)})); err != nil {
			t.Fatal(err)
		}
		if err := k.Close(); err != nil {
			t.Fatal(err)
		}
		if got := files(t, fs, "/t"); len(got) != 0 {
			t.Errorf("mode %d: files after abort: %v", mode, got)
		}
	}
}

func TestQuotaFailure(t *testing.T) {
	fs := vfs.NewMem()
	fs.MaxBytes = 4
	target, _ := Factory.PlanSink(table(nil, nil, col("s", types.String)))
	k, _ := target.Create(connector.Env{FS: fs, Clock: &fakeClock{}})
	err := k.Write(context.Background(), batchOf([]types.Value{types.StringValue("too long for the quota")}))
	if !errors.Is(err, vfs.ErrQuota) {
		t.Fatalf("got %v", err)
	}
	k.Close()
	if got := files(t, fs, "/t"); len(got) != 0 {
		t.Errorf("files after a failed write: %v", got)
	}
}

func TestSeededNamesDoNotCollide(t *testing.T) {
	fs := vfs.NewMem()
	target, _ := Factory.PlanSink(table(nil, nil, col("id", types.Int32)))
	for i := 0; i < 2; i++ {
		k, _ := target.Create(connector.Env{FS: fs, Clock: &fakeClock{}, Seed: 7, HasSeed: true})
		if err := k.Write(context.Background(), batchOf([]types.Value{types.IntValue(int64(i))})); err != nil {
			t.Fatal(err)
		}
		k.(connector.Committer).Commit()
		k.Close()
	}
	if got := files(t, fs, "/t"); len(got) != 2 {
		t.Fatalf("two jobs with the same seed: %v", got)
	}
}

func TestOSRoundTrip(t *testing.T) {
	dir := t.TempDir()
	tbl := table(map[string]string{"path": "file://" + dir, "format": "json"}, nil, col("id", types.Int32), col("s", types.String))
	target, err := Factory.PlanSink(tbl)
	if err != nil {
		t.Fatal(err)
	}
	env := connector.Env{FS: vfs.OS{}, Clock: &fakeClock{}, Mode: connector.Batch}
	k, _ := target.Create(env)
	if err := k.Write(context.Background(), batchOf([]types.Value{types.IntValue(1), types.StringValue("a b")})); err != nil {
		t.Fatal(err)
	}
	if err := k.(connector.Committer).Commit(); err != nil {
		t.Fatal(err)
	}
	k.Close()
	got := files(t, vfs.OS{}, dir)
	if len(got) != 1 || !strings.HasSuffix(got[0], "-task-0-file-0") {
		t.Fatalf("files %v", got)
	}
	if s := read(t, vfs.OS{}, dir+"/"+got[0]); s != "{\"id\":1,\"s\":\"a b\"}\n" {
		t.Errorf("content %q", s)
	}
	src, _ := Factory.PlanSource(tbl)
	s, _ := src.Create(env)
	b := stream.NewBatch(2)
	if _, err := s.Next(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	if b.Len() != 1 || b.Row(0)[1].Str() != "a b" {
		t.Fatalf("read %d rows", b.Len())
	}
	b.Reset()
	if _, err := s.Next(context.Background(), b); !errors.Is(err, stream.ErrEndOfInput) {
		t.Fatalf("end: %v", err)
	}
}

func TestPathEscaping(t *testing.T) {
	tests := []struct{ in, esc string }{
		{"plain", "plain"},
		{"a/b=c", "a%2Fb%3Dc"},
		{"x y", "x y"},
		{"100%", "100%25"},
		{"tab\t", "tab%09"},
	}
	for _, tc := range tests {
		if got := escapePathName(tc.in); got != tc.esc {
			t.Errorf("escape %q: got %q, want %q", tc.in, got, tc.esc)
		}
		if got := unescapePathName(tc.esc + "x"); got != tc.in+"x" {
			t.Errorf("unescape %q: got %q", tc.esc, got)
		}
	}
}

func TestMemorySize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  string
	}{
		{"128mb", 128 << 20, ""},
		{"3 b", 3, ""},
		{"1", 1, ""},
		{"2 KiBiBytes", 2048, ""},
		{"", 0, "argument is an empty- or whitespace-only string"},
		{"mb", 0, "text does not start with a number"},
		{"1 pb", 0, "Memory size unit 'pb' does not match any of the recognized units: (b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)"},
	}
	for _, tc := range tests {
		got, err := parseMemorySize("k", tc.in)
		if tc.err != "" {
			var pe *connector.ParseError
			if !errors.As(err, &pe) || pe.Cause.Msg != tc.err {
				t.Errorf("%q: error %v, want %s", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: got %d, %v", tc.in, got, err)
		}
	}
}

func TestSuccessFiles(t *testing.T) {
	tests := []struct {
		name       string
		mode       connector.Mode
		partitions []string
		want       []string
	}{
		{"streaming partitioned", connector.Streaming, []string{"p"}, []string{"p=x/_SUCCESS"}},
		{"streaming unpartitioned has no committer", connector.Streaming, nil, nil},
		{"batch unpartitioned marks the table", connector.Batch, nil, []string{"_SUCCESS"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := vfs.NewMem()
			target, err := Factory.PlanSink(table(map[string]string{"sink.partition-commit.policy.kind": "success-file"},
				tc.partitions, col("id", types.Int32), col("p", types.String)))
			if err != nil {
				t.Fatal(err)
			}
			k, err := target.Create(connector.Env{FS: fs, Clock: &fakeClock{}, Mode: tc.mode})
			if err != nil {
				t.Fatal(err)
			}
			if err := k.Write(context.Background(), batchOf([]types.Value{types.IntValue(1), types.StringValue("x")})); err != nil {
				t.Fatal(err)
			}
			if err := k.(connector.Committer).Commit(); err != nil {
				t.Fatal(err)
			}
			k.Close()
			var got []string
			for _, f := range files(t, fs, "/t") {
				if strings.HasSuffix(f, "_SUCCESS") {
					got = append(got, f)
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestColumnsMatchRows: a csv or json table read into columnar batches
// yields the rows it yields as rows: several files, partitions, metadata,
// NULLs, quoted and escaped strings, bad lines skipped, and a limit
// across files.
func TestColumnsMatchRows(t *testing.T) {
	t.Run("csv", func(t *testing.T) {
		var a, b strings.Builder
		for i := range 3000 {
			name := []string{"pear", `"a, b"`, "", `"q""uote"`, "apple"}[i%5]
			amount := []string{"1.5", "", "-0.0", "NaN", "7"}[i%5]
			if i%97 == 0 {
				amount = "oops" // a bad line, skipped
			}
			fmt.Fprintf(&a, "%s,%d,%s\n", name, i, amount)
			if i < 700 {
				fmt.Fprintf(&b, "%s,%d,%s\n", name, -i, amount)
			}
		}
		columnsMatchRows(t, "csv", a.String(), b.String(), "z,1,2\n")
	})
	t.Run("json", func(t *testing.T) {
		var a, b strings.Builder
		for i := range 3000 {
			name := []string{`"pear"`, `"a, b"`, `""`, `"q\"uote"`, `"é"`, `null`, `7`}[i%7]
			amount := []string{`1.5`, `null`, `-0.0`, `"NaN"`, `7`, `1e3`}[i%6]
			if i%97 == 0 {
				amount = `"oops"` // a bad line, skipped
			}
			line := fmt.Sprintf(`{"name":%s,"id":%d,"amount":%s}`, name, i, amount)
			if i%11 == 0 {
				line = fmt.Sprintf(`{"id": %d, "extra": [1, 2]}`, i) // NULLs, a member not a column
			}
			fmt.Fprintln(&a, line)
			if i < 700 {
				fmt.Fprintln(&b, strings.Replace(line, fmt.Sprint(i), fmt.Sprint(-i), 1))
			}
		}
		columnsMatchRows(t, "json", a.String(), b.String(), `{"name":"z","id":1,"amount":2}`+"\n")
	})
}

func columnsMatchRows(t *testing.T, format, a, b, c string) {
	fs := vfs.NewMem()
	at := time.Unix(1000, 0)
	fs.Put("/t/p=x/a.csv", []byte(a), at)
	fs.Put("/t/p=y/b.csv", []byte(b), at)
	fs.Put("/t/p=__DEFAULT_PARTITION__/c.csv", []byte(c), at)
	cols := []types.Column{col("name", types.String), col("id", types.Int64), col("amount", types.Float64), col("p", types.String)}
	for _, opts := range []map[string]string{
		{format + ".ignore-parse-errors": "true"},
		{format + ".ignore-parse-errors": "true", "source.path.regex-pattern": ".*/a.csv"},
	} {
		opts["format"] = format
		for _, limit := range []int64{-1, 2500, 3100} {
			drain := func(columns bool) [][]types.Value {
				src, err := Factory.PlanSource(table(opts, []string{"p"}, cols...))
				if err != nil {
					t.Fatal(err)
				}
				ts := src.(*TableSource)
				ts.ApplyReadableMetadata([]string{"file.name", "file.size"})
				if limit >= 0 {
					ts.ApplyLimit(limit)
				}
				s, err := ts.Create(connector.Env{FS: fs, Clock: &fakeClock{t: at}})
				if err != nil {
					t.Fatal(err)
				}
				if columns && !s.(stream.ColumnarSource).EnableColumns() {
					t.Fatal("columns refused")
				}
				var rows [][]types.Value
				b := stream.NewBatch(len(cols) + 2)
				for {
					b.Reset()
					_, err := s.Next(context.Background(), b)
					if errors.Is(err, stream.ErrEndOfInput) {
						return rows
					}
					if err != nil {
						t.Fatal(err)
					}
					if b.Columnar != columns && b.Len() > 0 {
						t.Fatalf("columnar %v, asked %v", b.Columnar, columns)
					}
					if b.Columnar {
						r := stream.NewBatch(b.Width)
						b.Materialize(r)
						b = r
					}
					for i := range b.Len() {
						rows = append(rows, types.CloneRow(b.Row(i)))
					}
				}
			}
			want, got := drain(false), drain(true)
			// NaN equals NaN here, and an empty string any empty string.
			if len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%v limit %d: %d rows by columns, %d by rows", opts, limit, len(got), len(want))
			}
		}
	}
}

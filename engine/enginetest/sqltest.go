// Package enginetest runs engine behaviour written down as data: .sqltest
// scripts (statements and the output Flink prints for them) and Flink's own
// SQL client test scripts (.q files), against a fresh Session each.
//
// A .sqltest file is a sequence of records separated by blank lines:
//
//	# a comment
//	statement ok
//	CREATE TABLE t (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '2')
//
//	statement error
//	SELECT nope FROM t
//	----
//	1:8: Column 'nope' not found in any table
//
//	query tableau
//	SELECT * FROM t
//	----
//	+----+-------------+
//	...
//
//	query changelog stop-after=2
//	SELECT * FROM t
//	----
//	+I[1]
//	+I[2]
//
// "file /data/t/a.csv" writes the lines that follow (up to a blank line),
// each ended by a line feed, to that path of the script's own in-memory
// file system, where the filesystem connector of every script's session
// reads and writes (its modification times come from the virtual clock).
//
// "statement ok" runs one or more statements and expects no error (a query
// is run to its end and its rows discarded). "statement error" (or just
// "error") expects an error: the expectation is "line:col: message", the
// message alone, or "class: message"; line and column count within the
// record's SQL. "query tableau" expects the output of the SQL client in
// tableau mode (print-time-cost off), "query changelog" one line per change,
// kind[v1, v2] with NULL as NULL. Output of the print connector is part of
// the output of the record that ran the INSERT. "stop-after=N" stops a query
// after N rows as Ctrl-C would.
//
// An expectation ends at a blank line followed by the next record, a
// comment or the end of the file, so error messages may contain blank lines.
package enginetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/flinkplay/flinkplay/engine/catalog"
	"io"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

// RecordKind is what a record of a .sqltest file checks.
type RecordKind uint8

// Record kinds.
const (
	StatementOK RecordKind = iota
	StatementError
	QueryTableau
	QueryChangelog
	WriteFile
)

// Record is one record of a .sqltest file.
type Record struct {
	Kind      RecordKind
	Line      int    // 1-based line of the header
	Header    string // the header line as written
	SQL       string
	StopAfter int    // stop-after=N, 0 if absent
	Path      string // WriteFile: the file to write

	HasExpected bool
	Expected    string // without a trailing newline

	// start and end delimit the record's lines in the file, [start, end),
	// trailing blank lines excluded, so -update can rewrite it in place.
	start, end int
}

// Script is a parsed .sqltest file.
type Script struct {
	Lines   []string
	Records []Record
}

// ParseScript parses the text of a .sqltest file.
func ParseScript(text string) (*Script, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if text == "" {
		lines = nil
	}
	s := &Script{Lines: lines}
	i := 0
	for i < len(lines) {
		l := lines[i]
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			i++
			continue
		}
		rec, err := parseHeader(l)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		rec.Line = i + 1
		rec.start = i
		i++
		var sqlLines []string
		for i < len(lines) && strings.TrimSpace(lines[i]) != "" && lines[i] != "----" {
			sqlLines = append(sqlLines, lines[i])
			i++
		}
		if len(sqlLines) == 0 {
			return nil, fmt.Errorf("line %d: %q has no SQL", rec.Line, rec.Header)
		}
		rec.SQL = strings.Join(sqlLines, "\n")
		if i < len(lines) && lines[i] == "----" {
			rec.HasExpected = true
			i++
			j := i
			last := i // one past the last non-blank expectation line
			for j < len(lines) {
				if strings.TrimSpace(lines[j]) == "" {
					// A blank line ends the expectation only before the next
					// record, a comment or the end of the file.
					k := j
					for k < len(lines) && strings.TrimSpace(lines[k]) == "" {
						k++
					}
					if k == len(lines) || strings.HasPrefix(lines[k], "#") || isHeader(lines[k]) {
						break
					}
					j = k
					continue
				}
				j++
				last = j
			}
			rec.Expected = strings.Join(lines[i:last], "\n")
			i = last
		} else if rec.Kind != StatementOK && rec.Kind != WriteFile {
			return nil, fmt.Errorf("line %d: %q needs an expectation after ----", rec.Line, rec.Header)
		}
		rec.end = i
		s.Records = append(s.Records, rec)
	}
	return s, nil
}

func isHeader(line string) bool {
	_, err := parseHeader(line)
	return err == nil
}

func parseHeader(line string) (Record, error) {
	f := strings.Fields(line)
	rec := Record{Header: line}
	var opts []string
	switch {
	case len(f) >= 2 && f[0] == "statement" && f[1] == "ok":
		rec.Kind, opts = StatementOK, f[2:]
	case len(f) >= 2 && f[0] == "statement" && f[1] == "error":
		rec.Kind, opts = StatementError, f[2:]
	case len(f) >= 1 && f[0] == "error":
		rec.Kind, opts = StatementError, f[1:]
	case len(f) >= 2 && f[0] == "query" && f[1] == "tableau":
		rec.Kind, opts = QueryTableau, f[2:]
	case len(f) >= 2 && f[0] == "query" && f[1] == "changelog":
		rec.Kind, opts = QueryChangelog, f[2:]
	case len(f) == 2 && f[0] == "file" && strings.HasPrefix(f[1], "/"):
		rec.Kind, rec.Path = WriteFile, f[1]
	default:
		return rec, fmt.Errorf("unknown record %q (want statement ok|error, query tableau|changelog)", line)
	}
	for _, o := range opts {
		v, ok := strings.CutPrefix(o, "stop-after=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n <= 0 {
			return rec, fmt.Errorf("unknown option %q in %q", o, line)
		}
		rec.StopAfter = n
	}
	return rec, nil
}

// Runner runs the records of one script against one session.
type Runner struct {
	Session *engine.Session
	Clock   *VirtualClock
	// FS is the session's file system: an in-memory one unless the runner
	// was made with NewRunnerFS.
	FS vfs.FS

	// Timeout bounds one record, so a query that never ends fails the
	// test instead of hanging it.
	Timeout time.Duration
	// MaxRows stops a query that has no stop-after after that many rows.
	MaxRows int
	// Detach runs INSERT jobs in the background, as the CLI and the page
	// do (table.dml-sync false); the caller stops them. Unset, a job runs
	// to its end before Run returns, so a test can read its sink.
	Detach bool
	// Trace turns every result's trace on (engine.Result.Trace), and
	// throws what it records away as the rows come: a traced run must
	// print what an untraced one does.
	Trace bool

	out   syncBuffer
	jobID int
}

// Seed is the 'playground.datagen.seed' every test session starts with.
const Seed int64 = 42

// NewRunner returns a runner with a fresh session: streaming mode, zone
// UTC, seed 42, and a virtual clock starting at Epoch.
func NewRunner() *Runner {
	mem := vfs.NewMem()
	r := NewRunnerFS(mem)
	mem.Now = r.Clock.Now
	return r
}

// NewRunnerFS returns a runner like NewRunner's whose filesystem
// connector uses fs.
func NewRunnerFS(fs vfs.FS) *Runner {
	r := &Runner{Clock: NewVirtualClock(Epoch), Timeout: 20 * time.Second, MaxRows: 100000, FS: fs}
	seed := Seed
	r.Session = engine.NewSession(engine.Config{
		Clock:  r.Clock,
		Zone:   time.UTC,
		Seed:   &seed,
		Stdout: &r.out,
		Stderr: &r.out,
		FS:     fs,
		// Catalogs of type 'playground' keep their definitions here.
		CatalogStore: catalog.NewMemStore(),
	})
	return r
}

// Options returns the printing options for the next statement: the SQL
// client's, with print-time-cost off as in Flink's own tests, updated from
// the session's configuration.
func (r *Runner) Options() client.Options {
	o := client.Defaults(client.SQLClient)
	o.PrintTimeCost = false
	o.Now = r.Clock.Now
	o.JobID = func() string {
		r.jobID++
		return fmt.Sprintf("%032x", r.jobID)
	}
	o = o.ForSession(r.Session)
	o.MaxRows = r.MaxRows
	if r.Detach {
		o.Detach = func(j *engine.Job) { j.Run(nil) }
	}
	return o
}

// Outcome is what running a record produced.
type Outcome struct {
	Output string // printed output, trailing newlines removed
	Err    error  // the statement's error, if any
}

// Run executes one record.
func (r *Runner) Run(ctx context.Context, rec *Record) Outcome {
	ctx, cancel := context.WithTimeout(ctx, r.Timeout)
	defer cancel()
	r.out.Reset()
	if rec.Kind == WriteFile {
		return r.outcome(r.writeFile(rec))
	}
	o := r.Options()
	if rec.StopAfter > 0 {
		o.MaxRows = rec.StopAfter
	}
	steps := r.Session.ExecuteScript(ctx, rec.SQL, engine.ScriptOptions{Check: func(spans []sql.Span) error {
		if len(spans) == 0 {
			return errors.New("no statement")
		}
		if rec.Kind != StatementOK && len(spans) != 1 {
			return fmt.Errorf("%d statements in a %q record; want one", len(spans), rec.Header)
		}
		return nil
	}})
	for st := range steps {
		if st.Err != nil {
			return r.outcome(st.Err)
		}
		var err error
		if tl := st.Result.Trace(); r.Trace && tl != nil {
			tl.SetOn(true)
			stop := make(chan struct{})
			go func() {
				for {
					select {
					case <-stop:
						return
					case <-time.After(time.Millisecond):
						tl.Take()
					}
				}
			}()
			defer close(stop)
		}
		switch res := st.Result; rec.Kind {
		case QueryChangelog:
			err = r.changelog(ctx, res, o)
		case StatementOK, StatementError:
			_, err = client.Print(ctx, io.Discard, res, o)
		default:
			_, err = client.Print(ctx, &r.out, res, o)
		}
		if err != nil && !errors.Is(err, context.Canceled) {
			if errors.Is(err, context.DeadlineExceeded) {
				err = fmt.Errorf("timed out after %v", r.Timeout)
			}
			return r.outcome(err)
		}
	}
	return r.outcome(nil)
}

func (r *Runner) writeFile(rec *Record) error {
	if err := r.FS.MkdirAll(path.Dir(rec.Path)); err != nil {
		return err
	}
	w, err := r.FS.Create(rec.Path)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, rec.SQL+"\n"); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

func (r *Runner) outcome(err error) Outcome {
	return Outcome{Output: strings.TrimRight(r.out.String(), "\n"), Err: err}
}

// changelog writes one line per change of a query's result.
func (r *Runner) changelog(ctx context.Context, res *engine.Result, o client.Options) (err error) {
	defer func() {
		if cerr := res.Close(); err == nil {
			err = cerr
		}
	}()
	if res.Kind != engine.ResultQuery {
		return fmt.Errorf("query changelog: the statement is not a query")
	}
	var line []byte
	n := 0
	for {
		b, err := res.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			return nil
		}
		if err != nil {
			return err
		}
		for i := 0; i < b.Len(); i++ {
			if o.MaxRows > 0 && n >= o.MaxRows {
				return nil
			}
			line = client.FormatChangelog(line[:0], b.Kinds[i], b.Row(i), res.Schema, o.Zone)
			line = append(line, '\n')
			r.out.Write(line)
			n++
			if o.MaxRows > 0 && n >= o.MaxRows {
				return nil // do not wait for a row that may never come
			}
		}
	}
}

// Check compares an outcome with a record's expectation. It returns the
// text -update writes as the new expectation and, when they differ, a
// description of the mismatch.
func Check(rec *Record, out Outcome) (actual string, mismatch string) {
	switch rec.Kind {
	case StatementOK, WriteFile:
		if out.Err != nil {
			return rec.Expected, "unexpected error: " + errorText(out.Err)
		}
		return rec.Expected, ""
	case StatementError:
		if out.Err == nil {
			return rec.Expected, "statement succeeded, want error:\n" + rec.Expected
		}
		actual = errorText(out.Err)
		if !errorMatches(rec.Expected, out.Err) {
			return actual, diffText(rec.Expected, actual)
		}
		return rec.Expected, ""
	default:
		actual = out.Output
		if out.Err != nil {
			var b strings.Builder
			if actual != "" {
				b.WriteString(actual + "\n")
			}
			client.PrintError(&b, out.Err, client.Options{})
			actual = strings.TrimRight(b.String(), "\n")
		}
		if normalize(actual) != normalize(rec.Expected) {
			return actual, diffText(rec.Expected, actual)
		}
		return rec.Expected, ""
	}
}

// errorText is the form -update writes: "line:col: message" when the
// position is known, the message alone otherwise.
func errorText(err error) string {
	if e, ok := diag.As(err); ok {
		return e.Error()
	}
	return err.Error()
}

func errorMatches(want string, err error) bool {
	want = normalize(want)
	cands := []string{err.Error()}
	if e, ok := diag.As(err); ok {
		cands = append(cands, e.Msg, e.Reason(), e.Class+": "+e.Error())
		if e.Line > 0 {
			cands = append(cands, fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Reason()))
		}
	}
	for _, c := range cands {
		if normalize(c) == want {
			return true
		}
	}
	return false
}

// normalize strips trailing white space from every line and trailing
// blank lines, as Flink's own test runner does.
func normalize(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// diffText shows the first line where want and got differ, with both texts.
func diffText(want, got string) string {
	wl, gl := strings.Split(normalize(want), "\n"), strings.Split(normalize(got), "\n")
	i := 0
	for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
		i++
	}
	line := func(ls []string) string {
		if i < len(ls) {
			return strconv.Quote(ls[i])
		}
		return "<end>"
	}
	return fmt.Sprintf("first difference at output line %d:\n  want %s\n  got  %s\n--- want:\n%s\n--- got:\n%s",
		i+1, line(wl), line(gl), want, got)
}

// Rewrite returns the script's text with the expectations replaced by
// actual (one entry per record; records without an entry keep theirs).
func (s *Script) Rewrite(actual map[int]string) string {
	var b strings.Builder
	prev := 0
	for i := range s.Records {
		rec := &s.Records[i]
		for _, l := range s.Lines[prev:rec.start] {
			b.WriteString(l + "\n")
		}
		b.WriteString(rec.Header + "\n" + rec.SQL + "\n")
		exp, ok := actual[i]
		if !ok {
			exp = rec.Expected
		}
		if rec.HasExpected || (ok && exp != "") {
			b.WriteString("----\n")
			if exp != "" {
				b.WriteString(exp + "\n")
			}
		}
		prev = rec.end
	}
	for _, l := range s.Lines[prev:] {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// syncBuffer is a bytes.Buffer safe for the print connector to write to
// from whatever goroutine runs the job.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *syncBuffer) Reset() {
	b.mu.Lock()
	b.buf.Reset()
	b.mu.Unlock()
}

package pyworker

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/vfs"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/wasm/engine/worker"
	"github.com/flinkplay/flinkplay/web/state"
)

// runInPage runs a program as the page does, through the worker's
// messages (sent through JSON), into the page's model, and returns the
// model's transcript (the Tableau view's text) and the model.
func runInPage(t *testing.T, name, src string, maxRows int) (string, *state.Model) {
	t.Helper()
	msgs := make(chan string, 1<<16)
	w := worker.New(worker.Options{
		Emit: func(m protocol.Message) {
			b, err := json.Marshal(m)
			if err != nil {
				t.Errorf("message %s does not encode: %v", m.Type, err)
			}
			msgs <- string(b)
		},
		FS:     vfs.NewMem(),
		Python: Run,
	})
	seed := int64(42)
	m := state.NewModel(0)
	m.StartRun(1, src, time.Now())
	w.Handle(protocol.Request{Type: protocol.TypeExecute, ID: 1, Script: src, End: len(src),
		Language: protocol.LanguagePython, Filename: name,
		Config: &protocol.Config{Zone: "UTC", Seed: &seed, StartTime: "2024-01-01 00:00:00", MaxRows: int64(maxRows)}})
	deadline := time.After(60 * time.Second)
	for m.Running {
		select {
		case raw := <-msgs:
			var rm state.RowsMessage
			if state.DecodeRows([]byte(raw), &rm) {
				m.ApplyRows(&rm)
				continue
			}
			var msg protocol.Message
			if err := json.Unmarshal([]byte(raw), &msg); err != nil {
				t.Fatal(err)
			}
			m.Apply(&msg, time.Now())
		case <-deadline:
			t.Fatalf("%s: the run did not end", name)
		}
	}
	return strings.Join(m.TableauLines(0, m.TableauLen()), "\n"), m
}

// TestProgramsInPage runs every golden program of engine/pyflink as the
// page runs it: the Tableau view shows exactly what `flinkplay run`
// prints (the .out file).
func TestProgramsInPage(t *testing.T) {
	files, _ := filepath.Glob("../../../engine/pyflink/testdata/*.py")
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".py"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			maxRows := 0
			if rest, ok := strings.CutPrefix(string(src), "# max-rows: "); ok {
				for _, c := range rest {
					if c < '0' || c > '9' {
						break
					}
					maxRows = maxRows*10 + int(c-'0')
				}
			}
			want, err := os.ReadFile(strings.TrimSuffix(f, ".py") + ".out")
			if err != nil {
				t.Fatal(err)
			}
			got, _ := runInPage(t, name, string(src), maxRows)
			if got != strings.TrimSuffix(string(want), "\n") {
				t.Errorf("%s: the page's transcript differs\n--- got:\n%s\n--- want:\n%s", name, got, want)
			}
		})
	}
}

// TestSeedInPage: the seed's program shows its rows in the three views,
// and its query as a statement.
func TestSeedInPage(t *testing.T) {
	src, err := os.ReadFile("../../../engine/pyflink/testdata/seed.py")
	if err != nil {
		t.Fatal(err)
	}
	_, m := runInPage(t, "my_job.py", string(src), 5)
	q := m.Query
	if q == nil || len(q.Columns) != 2 || q.Columns[0].Name != "id" || q.Columns[1].Name != "name" {
		t.Fatalf("query columns: %+v", q)
	}
	if q.Received != 5 || !q.Streaming {
		t.Errorf("received %d (streaming %v), want 5 streaming changes", q.Received, q.Streaming)
	}
	if len(m.Blocks) == 0 || m.Blocks[len(m.Blocks)-1].SQL != "SELECT * FROM MySource" {
		t.Errorf("blocks: %+v", m.Blocks)
	}
	if m.Err != nil {
		t.Errorf("error: %+v", m.Err)
	}
}

// TestErrorInPage: a Python exception is the run's error, its text the
// traceback, placed at the program's line.
func TestErrorInPage(t *testing.T) {
	src := "x = 1\n\ndef f():\n    return 1 / 0\n\nprint('before')\nf()\n"
	got, m := runInPage(t, "job.py", src, 0)
	if m.Err == nil {
		t.Fatal("no error")
	}
	if m.Err.Line != 4 || m.Err.Col != 5 || m.Err.Class != "ZeroDivisionError" {
		t.Errorf("error at %d:%d class %q, want 4:5 ZeroDivisionError", m.Err.Line, m.Err.Col, m.Err.Class)
	}
	want := "before\nTraceback (most recent call last):\n  File \"job.py\", line 7, in <module>\n    f()\n  File \"job.py\", line 4, in f\n    return 1 / 0\nZeroDivisionError: division by zero"
	if got != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
}

// TestGalleryPrograms runs the gallery's PyFlink examples as the page
// does: each ends (its queries cut after 5 rows) without an error and
// shows a query's rows.
func TestGalleryPrograms(t *testing.T) {
	n := 0
	for _, ex := range state.Examples {
		if !ex.Python {
			continue
		}
		n++
		t.Run(ex.Name, func(t *testing.T) {
			got, m := runInPage(t, state.ProgramFilename, ex.SQL, 5)
			if m.Err != nil {
				t.Fatalf("error: %s", m.Err.Text)
			}
			if m.Query == nil || m.Query.Received == 0 {
				t.Errorf("no rows:\n%s", got)
			}
			t.Logf("\n%s", got)
		})
	}
	if n < 2 {
		t.Errorf("%d PyFlink examples in the gallery, want 2 or more", n)
	}
}

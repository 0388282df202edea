package pyflink

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

var update = flag.Bool("update", false, "rewrite the .out files with the actual output")

// runProgram runs a program as the golden tests do: seed 42, zone UTC, a
// fixed start time, an in-memory file system, each query cut after
// maxRows rows. It returns standard output followed by the traceback of
// an uncaught exception.
func runProgram(t *testing.T, name, src string, maxRows int) string {
	t.Helper()
	return runProgramClock(t, name, src, maxRows, nil)
}

// runProgramClock is runProgram with the sessions' clock.
func runProgramClock(t *testing.T, name, src string, maxRows int, clock stream.Clock) string {
	t.Helper()
	var out strings.Builder
	seed := int64(42)
	opts := Options{
		Filename: name,
		Config: engine.Config{Seed: &seed, Zone: time.UTC, StartTime: "2024-01-01 00:00:00",
			Stdout: &out, Stderr: &out, FS: vfs.NewMem(), Clock: clock},
		Print:  client.Options{MaxRows: maxRows, MaxColumnWidth: client.DefaultMaxColumnWidth},
		Stdout: &out,
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := Run(ctx, src, opts)
	var pe *Error
	switch {
	case errors.As(err, &pe):
		out.WriteString(pe.Traceback)
	case err != nil:
		t.Fatalf("%s: %v", name, err)
	}
	return out.String()
}

// TestPrograms runs every testdata/*.py and compares its output with the
// .out file beside it (go test -update rewrites them). A first line
// "# max-rows: n" cuts each query after n rows.
func TestPrograms(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.py")
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".py"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			maxRows := 0
			if rest, ok := strings.CutPrefix(string(src), "# max-rows: "); ok {
				n := 0
				for _, c := range rest {
					if c < '0' || c > '9' {
						break
					}
					n = n*10 + int(c-'0')
				}
				maxRows = n
			}
			got := runProgram(t, filepath.Base(f), string(src), maxRows)
			golden := strings.TrimSuffix(f, ".py") + ".out"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("%s: output differs\n--- got:\n%s\n--- want:\n%s", f, got, want)
			}
		})
	}
}

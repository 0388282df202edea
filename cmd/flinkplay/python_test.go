package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The seed's own program runs as written, as `flink run -py my_job.py`
// runs it: the tableau of +I rows, cut here after 3 rows.
func TestRunSeedProgram(t *testing.T) {
	const seed = "../../../shared/seed/my_job.py"
	if _, err := os.Stat(seed); err != nil {
		t.Skipf("no seed program beside the repository: %v", err)
	}
	for _, args := range [][]string{
		{"run", "-py", seed, "--max-rows", "3", "--seed", "42"},
		{"run", "--max-rows", "3", "--seed", "42", seed},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit status %d; stderr:\n%s", args, code, stderr.String())
		}
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if len(lines) != 7 || lines[1] != "| op |          id |                           name |" {
			t.Fatalf("%v: stdout:\n%s", args, stdout.String())
		}
		for _, l := range lines[3:6] {
			if !strings.HasPrefix(l, "| +I | ") || !strings.HasSuffix(l, "... |") {
				t.Errorf("row %q is not the seed's", l)
			}
		}
	}
}

func TestRunPythonErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.py", "print('start')\nraise ValueError('no good')\n")
	exit3 := write("exit.py", "import sys\nsys.exit(3)\n")
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"run", bad}, 1, "start\n", "ValueError: no good\n"},
		{[]string{"run", exit3}, 3, "", ""},
		{[]string{"run"}, 2, "", "no program"},
		{[]string{"run", "script.sql"}, 2, "", "not a Python program"},
		{[]string{"run", "-py", filepath.Join(dir, "missing.py")}, 2, "", "missing.py"},
		{[]string{"help", "run"}, 0, "flink run -py", ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		if code != tt.code || !strings.Contains(stdout.String(), tt.stdout) || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.stderr)
		}
	}
	// the traceback names the file and shows the line
	var stdout, stderr bytes.Buffer
	run([]string{"run", bad}, strings.NewReader(""), &stdout, &stderr)
	if want := "Traceback (most recent call last):\n  File \"" + bad + "\", line 2, in <module>\n    raise ValueError('no good')\nValueError: no good\n"; stderr.String() != want {
		t.Errorf("traceback:\n%s\nwant:\n%s", stderr.String(), want)
	}
}

// Ctrl-C ends a program within stopGrace even while it runs Python code
// that never calls PyFlink.
func TestRunStopsABusyProgram(t *testing.T) {
	p := filepath.Join(t.TempDir(), "busy.py")
	// busy for two seconds, so the abandoned interpreter ends by itself
	if err := os.WriteFile(p, []byte("import time\nstart = time.time()\nwhile time.time() - start < 2:\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	a := newApp(strings.NewReader(""), &stdout, &stderr)
	signals := make(chan os.Signal, 1)
	a.interrupts = signals
	exited := make(chan int, 1)
	a.exit = func(code int) { exited <- code }
	codes := make(chan int, 1)
	go func() { codes <- a.run([]string{"run", p}) }()
	time.Sleep(300 * time.Millisecond)
	sent := time.Now()
	signals <- os.Interrupt
	select {
	case code := <-codes:
		if code != exitInterrupted {
			t.Errorf("exit status %d, want %d", code, exitInterrupted)
		}
	case <-time.After(time.Second):
		t.Fatal("the program did not stop within a second of Ctrl-C")
	}
	if took := time.Since(sent); took > 600*time.Millisecond {
		t.Errorf("stopping took %v", took)
	}
	if code := <-exited; code != exitInterrupted {
		t.Errorf("exit(%d)", code)
	}
}

package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is a terminal that the progress goroutine and the test
// share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestProgressOnATerminal: a throttled batch aggregation prints nothing
// until its input ends; on a terminal, standard error says meanwhile what
// the source has read and which option throttles it, and standard output
// is byte for byte what it is without a terminal.
func TestProgressOnATerminal(t *testing.T) {
	script := `SET 'execution.runtime-mode' = 'batch';
CREATE TABLE Orders (id INT, k INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1500',
  'rows-per-second' = '1000', 'fields.k.min' = '1', 'fields.k.max' = '1');
SELECT k, COUNT(*) AS c FROM Orders GROUP BY k;
`
	runWith := func(terminal bool) (string, string) {
		var out bytes.Buffer
		var term lockedBuffer
		a := newApp(strings.NewReader(script), &out, &term)
		a.progress = terminal
		if code := a.run([]string{"sql"}); code != exitOK {
			t.Fatalf("exit %d\n%s%s", code, out.String(), term.String())
		}
		return out.String(), term.String()
	}
	plainOut, plainErr := runWith(false)
	ttyOut, ttyErr := runWith(true)
	if plainErr != "" {
		t.Errorf("stderr without a terminal: %q", plainErr)
	}
	if ttyOut != plainOut {
		t.Errorf("stdout on a terminal differs:\n%s\nwithout one:\n%s", ttyOut, plainOut)
	}
	for _, want := range []string{"Running · read ", " rows from Orders", "Orders throttled by 'rows-per-second' = 1000"} {
		if !strings.Contains(ttyErr, want) {
			t.Errorf("stderr on a terminal lacks %q:\n%q", want, ttyErr)
		}
	}
	if !strings.HasSuffix(ttyErr, "\r\x1b[K") {
		t.Errorf("the progress line is not cleared at the end: %q", ttyErr[max(0, len(ttyErr)-40):])
	}
	if !strings.Contains(plainOut, "| 1 | 1500 |") {
		t.Errorf("result:\n%s", plainOut)
	}
}

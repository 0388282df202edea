package worker

import "sync"

// lineWriter is the session's standard output and error: it cuts what the
// print connector writes into lines, which the run sends as Output
// messages. The run writes it (the print sink runs on the run's goroutine)
// while a feed's ticker takes lines from it.
type lineWriter struct {
	mu      sync.Mutex
	partial []byte
	lines   []string
}

// Write keeps whole lines; the rest waits for its newline.
func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(p)
	for len(p) > 0 {
		i := indexNewline(p)
		if i < 0 {
			w.partial = append(w.partial, p...)
			break
		}
		if len(w.partial) > 0 {
			w.partial = append(w.partial, p[:i]...)
			w.lines = append(w.lines, string(w.partial))
			w.partial = w.partial[:0]
		} else {
			w.lines = append(w.lines, string(p[:i]))
		}
		p = p[i+1:]
	}
	return n, nil
}

func indexNewline(p []byte) int {
	for i, c := range p {
		if c == '\n' {
			return i
		}
	}
	return -1
}

func (w *lineWriter) len() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.lines)
}

// take returns the complete lines written so far.
func (w *lineWriter) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.lines) == 0 {
		return nil
	}
	out := w.lines
	w.lines = nil
	return out
}

// reset drops everything, at the start of a run.
func (w *lineWriter) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.partial, w.lines = w.partial[:0], nil
}

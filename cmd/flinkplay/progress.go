package main

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// A running query's progress goes to standard error, on one line that is
// rewritten in place, and only when standard error is a terminal: standard
// output stays exactly what Flink's SQL client prints. The line says what
// the page's status line says: rows read per source, rows/s, the time, and
// the option that throttles a paced source. It shows while standard output
// has been quiet for a moment (before the first row, for a batch query
// until its end, between bursts of a paced stream) and is cleared before
// standard output writes again, so the two never mix on one screen.

// Timings of the progress line.
const (
	progressEvery = 250 * time.Millisecond
	progressAfter = 500 * time.Millisecond // nothing for the quickest statements
	progressQuiet = 300 * time.Millisecond // standard output's silence before the line shows
)

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressLine draws one statement's progress on a terminal.
type progressLine struct {
	term  io.Writer
	res   *engine.Result
	start time.Time
	now   func() time.Time

	mu        sync.Mutex
	shown     bool
	lastOut   time.Time // standard output's last write
	samples   [][]int64 // rows per source, one slice a tick, for the rates
	sampledAt []time.Time

	stop chan struct{}
	done chan struct{}
}

// startProgress starts drawing res's progress on term; stdout is the
// writer the result prints to, which the returned writer wraps.
func startProgress(term, stdout io.Writer, res *engine.Result, now func() time.Time) (*progressLine, io.Writer) {
	p := &progressLine{term: term, res: res, start: now(), now: now, stop: make(chan struct{}), done: make(chan struct{})}
	p.lastOut = p.start
	go p.loop()
	return p, &guardedWriter{p: p, w: stdout}
}

func (p *progressLine) loop() {
	defer close(p.done)
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.tick()
		}
	}
}

// tick samples the sources and draws the line when it is due.
func (p *progressLine) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	sources := p.sources(now)
	if now.Sub(p.start) < progressAfter || now.Sub(p.lastOut) < progressQuiet || len(sources) == 0 {
		return
	}
	line := "Running · " + protocol.SourcesText(sources) + " · " + protocol.Seconds(now.Sub(p.start))
	if pace := protocol.PaceShort(sources); pace != "" {
		line += " · " + pace
	}
	io.WriteString(p.term, "\r\x1b[K"+line)
	p.shown = true
}

// sources reads the meters, with each source's rows/s over the last second.
func (p *progressLine) sources(now time.Time) []protocol.SourceProgress {
	snap := p.res.Sources(time.Now())
	rows := make([]int64, len(snap))
	for i, s := range snap {
		rows[i] = s.Rows
	}
	p.samples, p.sampledAt = append(p.samples, rows), append(p.sampledAt, now)
	for len(p.sampledAt) > 2 && now.Sub(p.sampledAt[1]) >= time.Second {
		p.samples, p.sampledAt = p.samples[1:], p.sampledAt[1:]
	}
	dt := now.Sub(p.sampledAt[0]).Seconds()
	out := make([]protocol.SourceProgress, len(snap))
	for i, s := range snap {
		out[i] = protocol.SourceProgress{Table: s.Table, Rows: s.Rows, PaceKey: s.PaceKey, PaceRate: s.PaceRate, Throttled: s.Throttled}
		if dt > 0 && i < len(p.samples[0]) {
			out[i].RowsPerSec = float64(s.Rows-p.samples[0][i]) / dt
		}
	}
	return out
}

// clear removes the line; the caller holds mu.
func (p *progressLine) clear() {
	if p.shown {
		io.WriteString(p.term, "\r\x1b[K")
		p.shown = false
	}
}

// end stops drawing and removes the line.
func (p *progressLine) end() {
	if p == nil {
		return
	}
	close(p.stop)
	<-p.done
	p.mu.Lock()
	p.clear()
	p.mu.Unlock()
}

// guardedWriter clears the progress line before standard output writes.
type guardedWriter struct {
	p *progressLine
	w io.Writer
}

func (g *guardedWriter) Write(b []byte) (int, error) {
	g.p.mu.Lock()
	defer g.p.mu.Unlock()
	g.p.clear()
	g.p.lastOut = g.p.now()
	return g.w.Write(b)
}

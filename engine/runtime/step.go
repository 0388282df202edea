package runtime

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// Stepper pauses a job and lets it go on by steps, for the page's "step
// through event time": one record, one batch of a source, up to the next
// watermark, or up to the next window firing. It sits in front of every
// source of the job (Stepped): a source asks it before each read. Until
// the first Pause it costs one atomic load a read.
type Stepper struct {
	active atomic.Bool

	mu     sync.Mutex
	wake   chan struct{} // closed and replaced when the state changes
	paused bool
	step   StepKind // the step in progress (paused is false), StepNone to run freely
	left   int      // records the step still lets through (StepRecord)
	// the job's watermark advances and window firings when the step
	// began: a StepWatermark or StepFire step ends when they grow.
	from [2]int64
	// records counts the records the sources handed on.
	records atomic.Int64
	// marks reads the job's watermark advances and firings.
	marks func() [2]int64
}

// StepKind is a kind of step.
type StepKind uint8

const (
	StepNone      StepKind = iota
	StepRecord             // one record of a source
	StepBatch              // one read of a source, whatever it holds
	StepWatermark          // records one at a time until a watermark advances
	StepFire               // records one at a time until an operator fires on a watermark (a window)
)

// stepMax bounds a step that waits for a watermark or a firing that may
// never come: it pauses again after that many records.
const stepMax = 100_000

// NewStepper returns a stepper that reads the job's marks (watermark
// advances, firings) with marks.
func NewStepper(marks func() [2]int64) *Stepper {
	return &Stepper{wake: make(chan struct{}), marks: marks}
}

// Pause stops the job before its sources' next read.
func (s *Stepper) Pause() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.active.Store(true)
	s.paused, s.step = true, StepNone
	s.signal()
}

// Resume lets the job run freely again.
func (s *Stepper) Resume() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.paused, s.step = false, StepNone
	s.active.Store(false)
	s.signal()
}

// Step lets a paused job take one step of kind k, then pause again.
func (s *Stepper) Step(k StepKind) { s.StepN(k, 1) }

// StepN lets a paused job take n steps of kind k at once (n records, for
// a replay to an earlier point), then pause again.
func (s *Stepper) StepN(k StepKind, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.active.Store(true)
	s.paused, s.step, s.left = false, k, n
	if k == StepWatermark || k == StepFire {
		s.left = 0 // counts the records the step let through
	}
	if n <= 0 {
		s.paused = true
	}
	if s.marks != nil {
		s.from = s.marks()
	}
	s.signal()
}

// Paused reports whether the job waits for a step, and how many records
// its sources have handed on.
func (s *Stepper) Paused() (bool, int64) {
	if s == nil || !s.active.Load() {
		return false, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.paused, s.records.Load()
}

func (s *Stepper) signal() {
	close(s.wake)
	s.wake = make(chan struct{})
}

// admit waits until a source may read, and says how many records it may
// hand on (0: as many as it reads).
func (s *Stepper) admit(ctx context.Context) (int, error) {
	for {
		s.mu.Lock()
		if !s.paused {
			switch s.step {
			case StepNone:
				s.mu.Unlock()
				return 0, nil
			case StepBatch:
				s.paused = true // this read is the step
				s.mu.Unlock()
				return 0, nil
			case StepRecord:
				if s.left > 0 {
					s.left--
					if s.left == 0 {
						s.paused = true
					}
					s.mu.Unlock()
					return 1, nil
				}
			case StepWatermark, StepFire:
				i := 0
				if s.step == StepFire {
					i = 1
				}
				if s.marks == nil {
					s.paused = true
					break
				}
				m := s.marks()
				if s.left == 0 {
					// What advanced before the step's first record (the
					// batch the pause came after) does not end it: the
					// step lets at least one record through.
					s.from = m
				}
				if m[i] > s.from[i] || s.left > stepMax {
					s.paused = true
					break
				}
				s.left++
				s.mu.Unlock()
				return 1, nil
			}
		}
		wake := s.wake
		s.mu.Unlock()
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-wake:
		}
	}
}

// Stepped wraps src so that it reads only when s lets it: the job's
// sources pause and step together.
func Stepped(src stream.Source, s *Stepper) stream.Source {
	return &steppedSource{Source: src, s: s}
}

type steppedSource struct {
	stream.Source
	s *Stepper
	// held keeps the rows of a read beyond what a step lets through; they
	// go first at the next reads.
	held  *stream.Batch
	ended bool
}

// Next implements stream.Source.
func (p *steppedSource) Next(ctx context.Context, b *stream.Batch) (time.Duration, error) {
	if !p.s.active.Load() && (p.held == nil || p.held.Len() == 0) {
		if p.ended {
			return 0, stream.ErrEndOfInput
		}
		before := b.Len()
		wait, err := p.Source.Next(ctx, b)
		if n := b.Len() - before; n > 0 {
			p.s.records.Add(int64(n))
		}
		return wait, err
	}
	n, err := p.s.admit(ctx)
	if err != nil {
		return 0, err
	}
	if p.held == nil {
		p.held = stream.NewBatch(b.Width)
	}
	if p.held.Len() == 0 {
		if p.ended {
			return 0, stream.ErrEndOfInput
		}
		p.held.Reset()
		p.held.Width = b.Width
		wait, err := p.Source.Next(ctx, p.held)
		if err == stream.ErrEndOfInput {
			p.ended = true
		} else if err != nil {
			return wait, err
		}
		if p.held.Columnar {
			rows := stream.NewBatch(b.Width)
			p.held.Materialize(rows)
			tmp := stream.NewBatch(b.Width)
			copyRows(tmp, rows)
			p.held = tmp
		}
		if p.held.Len() == 0 {
			if p.ended {
				return 0, stream.ErrEndOfInput
			}
			p.giveBack(n)
			return wait, nil
		}
	}
	take := p.held.Len()
	if n > 0 {
		take = min(take, n)
	}
	for i := 0; i < take; i++ {
		b.AppendRow(p.held.Kinds[i], p.held.Row(i))
	}
	p.s.records.Add(int64(take))
	rest := stream.NewBatch(b.Width)
	copyRows(rest, sliceRows(p.held, take))
	// b's rows alias held's values; held's arena must outlive them, so
	// the rest goes to a new batch and the old one stays with b's rows.
	p.held = rest
	return 0, nil
}

// EnableColumns implements stream.ColumnarSource for a source that does.
func (p *steppedSource) EnableColumns() bool {
	c, ok := p.Source.(stream.ColumnarSource)
	return ok && c.EnableColumns()
}

// giveBack returns a record a step admitted but no row used (the source
// had nothing due yet).
func (p *steppedSource) giveBack(n int) {
	if n == 0 {
		return
	}
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.step {
	case StepRecord:
		s.paused, s.left = false, s.left+1
	case StepWatermark, StepFire:
		s.left--
	}
}

// sliceRows returns the rows of b from i on, as a row batch that aliases b.
func sliceRows(b *stream.Batch, i int) *stream.Batch {
	out := &stream.Batch{Width: b.Width, Watermark: stream.NoWatermark}
	out.Kinds = b.Kinds[i:]
	out.Vals = b.Vals[i*b.Width:]
	return out
}

// ReadOnly implements stream.FieldPruner for a source that does.
func (p *steppedSource) ReadOnly(r *stream.Reads) {
	if fp, ok := p.Source.(stream.FieldPruner); ok {
		fp.ReadOnly(r)
	}
}

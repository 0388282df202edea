// Package runtime runs a query: it pulls batches from a source, pushes them
// through a chain of operators, and hands the output to its consumer. It
// owns time (rate-limited sources tell it how long to wait; it sleeps on the
// query's clock) and cancellation: a cancelled context stops a query within
// one batch or one wait, well under 100 ms.
package runtime

import (
	"context"
	"errors"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// Finisher is implemented by operators that emit when their input ends
// (batch aggregation, sort).
type Finisher interface {
	Finish(out *stream.Batch) error
}

// Stage is one operator of a pipeline with the width of its output rows.
type Stage struct {
	Op    stream.Operator
	Width int
}

// Pipeline is a linear job: one source, a chain of operators.
type Pipeline struct {
	Source      stream.Source
	SourceWidth int
	Stages      []Stage
	Clock       stream.Clock

	bufs     []*stream.Batch // bufs[0] source output, bufs[i+1] output of stage i
	opened   bool
	finished bool // input ended and operators finished
	done     bool // nothing more to return
	closed   bool
}

// maxWait bounds one sleep, so that cancellation is seen promptly even on a
// clock whose Sleep ignores the context.
const maxWait = 50 * time.Millisecond

// Open opens the source and the operators.
func (p *Pipeline) Open(ctx context.Context) error {
	if p.opened {
		return nil
	}
	p.opened = true
	if err := p.Source.Open(ctx); err != nil {
		return err
	}
	p.bufs = []*stream.Batch{stream.NewBatch(p.SourceWidth)}
	for _, s := range p.Stages {
		if err := s.Op.Open(ctx); err != nil {
			return err
		}
		p.bufs = append(p.bufs, stream.NewBatch(s.Width))
	}
	return nil
}

// Next returns the next non-empty batch of output, or stream.ErrEndOfInput.
// The batch is valid until the next call.
func (p *Pipeline) Next(ctx context.Context) (*stream.Batch, error) {
	if err := p.Open(ctx); err != nil {
		return nil, err
	}
	for {
		if p.done {
			return nil, stream.ErrEndOfInput
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, b := range p.bufs {
			b.Reset()
		}
		if p.finished {
			p.done = true
			return nil, stream.ErrEndOfInput
		}
		wait, err := p.Source.Next(ctx, p.bufs[0])
		if errors.Is(err, stream.ErrEndOfInput) {
			out, ferr := p.push(0, true)
			p.finished = true
			if ferr != nil {
				return nil, ferr
			}
			if out.Len() > 0 {
				return out, nil
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		if p.bufs[0].Len() == 0 {
			if wait > 0 {
				if wait > maxWait {
					wait = maxWait
				}
				if err := p.Clock.Sleep(ctx, wait); err != nil {
					return nil, err
				}
			}
			continue
		}
		out, err := p.push(0, false)
		if errors.Is(err, stream.ErrEndOfInput) {
			// An operator (LIMIT) ended the job: finish the rest of the chain.
			p.finished = true
			if out.Len() > 0 {
				return out, nil
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		if out.Len() > 0 {
			return out, nil
		}
	}
}

// push runs bufs[from] through the stages; at end of input it also finishes
// each stage in order. A stage that ends the job (LIMIT) finishes the stages
// after it and reports stream.ErrEndOfInput.
func (p *Pipeline) push(from int, end bool) (*stream.Batch, error) {
	var stop error
	for i := from; i < len(p.Stages); i++ {
		in, out := p.bufs[i], p.bufs[i+1]
		if in.Len() > 0 {
			err := p.Stages[i].Op.Process(in, out)
			if errors.Is(err, stream.ErrEndOfInput) {
				stop = err
				end = true
			} else if err != nil {
				return out, err
			}
		}
		if end {
			if f, ok := p.Stages[i].Op.(Finisher); ok {
				if err := f.Finish(out); err != nil {
					return out, err
				}
			}
		}
	}
	return p.bufs[len(p.bufs)-1], stop
}

// Close closes the operators and the source. It is idempotent.
func (p *Pipeline) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	var first error
	for _, s := range p.Stages {
		if err := s.Op.Close(); err != nil && first == nil {
			first = err
		}
	}
	if p.opened {
		if err := p.Source.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

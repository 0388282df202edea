package runtime

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// alarm holds each row back until delay after it arrived (on the clock),
// then emits its value plus the firing time in ms; at end of input
// it emits what is still held as is. It is a stream.TimerOperator, the
// way processing-time windows are.
type alarm struct {
	clock *fakeClock
	delay int64
	held  []int64 // values
	due   []int64 // their timers
}

func (a *alarm) Open(context.Context) error { return nil }
func (a *alarm) Close() error               { return nil }
func (a *alarm) Process(in, _ *stream.Batch) error {
	for i := 0; i < in.Len(); i++ {
		a.held = append(a.held, in.Row(i)[0].I)
		a.due = append(a.due, a.clock.Now().UnixMilli()+a.delay)
	}
	return nil
}
func (a *alarm) NextTimer() int64 {
	if len(a.due) == 0 {
		return stream.NoTimer
	}
	return a.due[0]
}
func (a *alarm) OnTimer(now int64, out *stream.Batch) error {
	for len(a.due) > 0 && a.due[0] <= now {
		out.Append(stream.Insert)[0] = types.IntValue(a.held[0] + now)
		a.held, a.due = a.held[1:], a.due[1:]
	}
	return nil
}
func (a *alarm) Finish(out *stream.Batch) error {
	for _, v := range a.held {
		out.Append(stream.Insert)[0] = types.IntValue(v)
	}
	a.held, a.due = nil, nil
	return nil
}

func TestProcessingTimeTimers(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	a := &alarm{clock: clock, delay: 1530}
	p := &Pipeline{Source: &pacedSource{clock: clock, tick: time.Second, perTick: 1, total: 3}, SourceWidth: 1,
		Stages: []Stage{{Op: a, Width: 1}}, Clock: clock}
	rows, err := drain(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	// Row 0 arrives at 0 s and fires at exactly 1.53 s, between the rows
	// of 1 s and 2 s: the runtime does not sleep past the timer. Rows 1
	// and 2 are still held when the input ends at 2 s.
	if want := []string{"+I1530", "+I1", "+I2"}; !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %v, want %v", rows, want)
	}
}

func TestProcessingTimeTimersInSubPipeline(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	// Rows at 0 s and 10 s, held for 2.5 s, beside a stream of a row a
	// second for 5 s.
	timed := &Pipeline{Source: &pacedSource{clock: clock, tick: 10 * time.Second, perTick: 1, total: 2}, SourceWidth: 1,
		Stages: []Stage{{Op: &alarm{clock: clock, delay: 2500}, Width: 1}}, Clock: clock}
	ticks := &Pipeline{Source: &pacedSource{clock: clock, tick: time.Second, perTick: 1, total: 5}, SourceWidth: 1, Clock: clock}
	p := &Pipeline{Source: &UnionSource{Inputs: []*Pipeline{timed, ticks}}, SourceWidth: 1, Clock: clock}
	rows, err := drain(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	// The timer of row 0 fires at 2.5 s, after the ticks of 0, 1 and 2 s;
	// row 1 is still held when its input ends at 10 s.
	if want := []string{"+I0", "+I1", "+I2", "+I2500", "+I3", "+I4", "+I1"}; !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %v, want %v", rows, want)
	}
}

package runtime

import (
	"context"
	"testing"
	"time"
)

// TestWatermarkStepTakesARecord: a step to the next watermark lets at
// least one record through. A watermark that advanced between the pause
// and the step (the batch the pause came after was still on its way)
// does not end it; the advance after its record does.
func TestWatermarkStepTakesARecord(t *testing.T) {
	var marks [2]int64
	s := NewStepper(func() [2]int64 { return marks })
	s.Pause()
	s.Step(StepWatermark)
	marks[0]++ // the last batch's watermark lands after the step began
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if n, err := s.admit(ctx); err != nil || n != 1 {
		t.Fatalf("the step's first admission: %d, %v; want one record", n, err)
	}
	if paused, _ := s.Paused(); paused {
		t.Fatal("paused before the step's first record")
	}
	// The record moves the watermark: the step ends before the next one.
	marks[0]++
	short, stop := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer stop()
	if n, err := s.admit(short); err == nil {
		t.Fatalf("a second record admitted (%d) after the watermark moved", n)
	}
	if paused, _ := s.Paused(); !paused {
		t.Error("not paused after the watermark moved")
	}
}

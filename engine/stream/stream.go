// Package stream is the runtime's vocabulary: the change kinds of a changelog,
// batches of records, and the contracts of sources, operators and sinks.
//
// Records travel in batches. A batch stores its rows' values in one flat
// slice and the bytes of variable-length values in an arena owned by the
// batch; both are reused once the batch has been consumed, so steady-state
// streaming allocates nothing per value.
package stream

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/flinkplay/flinkplay/engine/types"
)

// Kind is the change a record makes to a dynamic table (Flink's RowKind).
type Kind uint8

// The four change kinds.
const (
	Insert       Kind = iota // +I
	UpdateBefore             // -U
	UpdateAfter              // +U
	Delete                   // -D
)

var kindStrings = [...]string{"+I", "-U", "+U", "-D"}

// Retracts reports whether k takes a row back: -U or -D.
func (k Kind) Retracts() bool { return k == UpdateBefore || k == Delete }

// String returns Flink's short string: +I, -U, +U or -D.
func (k Kind) String() string {
	if int(k) < len(kindStrings) {
		return kindStrings[k]
	}
	return "??"
}

// ErrEndOfInput is returned by a Source when it has no more records.
var ErrEndOfInput = errors.New("end of input")

// DefaultBatchRows is how many rows a source puts into one batch at most.
const DefaultBatchRows = 1024

// Watermarks are event-time instants in milliseconds since the epoch, as
// Flink's watermarks are.
const (
	// NoWatermark means no watermark is carried (none has been seen yet).
	NoWatermark int64 = math.MinInt64
	// MaxWatermark is the watermark of an input that has ended: every
	// event-time timer fires.
	MaxWatermark int64 = math.MaxInt64
)

// Batch is a run of records of one schema.
type Batch struct {
	Width int           // values per row
	Kinds []Kind        // one per row
	Vals  []types.Value // len(Kinds) * Width values, row-major

	// Watermark is the watermark that holds after the batch's rows, or
	// NoWatermark. A batch may carry a watermark and no rows.
	Watermark int64
	// Input tells a two-input operator (a join) which of its inputs the
	// rows come from: 0 (left) or 1 (right). Width is then that input's.
	Input int

	// MiniBatch marks the end of a mini-batch after the batch's rows
	// (Flink's mini-batch watermark of a processing-time MiniBatchAssigner):
	// operators that buffer a mini-batch (MiniBatchOperator) flush, the
	// others pass it on.
	MiniBatch bool

	// Columnar batches (vector.go): Cols holds the columns instead of
	// Vals, and Sel, when not nil, the physical rows the batch holds.
	Columnar bool
	Cols     []Vector
	Sel      []int32

	arena  []byte   // current arena chunk
	chunks [][]byte // filled chunks, kept for reuse
	spare  [][]byte // chunks released by Reset
}

// NewBatch returns an empty batch for rows of the given width.
func NewBatch(width int) *Batch { return &Batch{Width: width, Watermark: NoWatermark} }

// Len returns the number of rows.
func (b *Batch) Len() int {
	if b.Sel != nil {
		return len(b.Sel)
	}
	return len(b.Kinds)
}

// Row returns row i; it aliases the batch.
func (b *Batch) Row(i int) []types.Value { return b.Vals[i*b.Width : (i+1)*b.Width : (i+1)*b.Width] }

// Truncate drops the rows of a row batch from row n on.
func (b *Batch) Truncate(n int) {
	b.Kinds = b.Kinds[:n]
	b.Vals = b.Vals[:n*b.Width]
}

// AppendDirty is Append for a caller that writes every slot of the row:
// the slots keep what an earlier row left in them, unless the batch grew.
func (b *Batch) AppendDirty(k Kind) []types.Value {
	b.Kinds = append(b.Kinds, k)
	n := len(b.Vals)
	if cap(b.Vals)-n >= b.Width {
		b.Vals = b.Vals[:n+b.Width]
		return b.Vals[n:]
	}
	b.Vals = append(b.Vals, make([]types.Value, b.Width)...)
	return b.Vals[n:]
}

// Append adds a row of the given kind and returns its zeroed slots to fill.
func (b *Batch) Append(k Kind) []types.Value {
	b.Kinds = append(b.Kinds, k)
	n := len(b.Vals)
	if cap(b.Vals)-n >= b.Width {
		b.Vals = b.Vals[:n+b.Width]
		row := b.Vals[n:]
		clear(row)
		return row
	}
	b.Vals = append(b.Vals, make([]types.Value, b.Width)...)
	return b.Vals[n:]
}

// Grow makes room for n more rows, so that appending them copies
// nothing: an operator that emits many rows at once grows its output once
// rather than doubling it again and again.
func (b *Batch) Grow(n int) {
	if n <= 0 {
		return
	}
	// Growing by at least half keeps repeated calls linear.
	if need := len(b.Vals) + n*b.Width; cap(b.Vals) < need {
		vals := make([]types.Value, len(b.Vals), max(need, cap(b.Vals)*3/2))
		copy(vals, b.Vals)
		b.Vals = vals
	}
	if need := len(b.Kinds) + n; cap(b.Kinds) < need {
		kinds := make([]Kind, len(b.Kinds), max(need, cap(b.Kinds)*3/2))
		copy(kinds, b.Kinds)
		b.Kinds = kinds
	}
}

// AppendRow adds a copy of row (values are copied shallowly: byte slices keep
// pointing where they pointed).
func (b *Batch) AppendRow(k Kind, row []types.Value) {
	copy(b.Append(k), row)
}

// Alloc returns n bytes from the batch's arena. They stay valid until Reset.
func (b *Batch) Alloc(n int) []byte {
	if cap(b.arena)-len(b.arena) < n {
		b.grow(n)
	}
	start := len(b.arena)
	b.arena = b.arena[:start+n]
	return b.arena[start : start+n : start+n]
}

// CopyBytes copies p into the arena and returns the copy.
func (b *Batch) CopyBytes(p []byte) []byte {
	dst := b.Alloc(len(p))
	copy(dst, p)
	return dst
}

const arenaChunk = 64 << 10

func (b *Batch) grow(n int) {
	if b.arena != nil {
		b.chunks = append(b.chunks, b.arena)
	}
	for i, c := range b.spare {
		if cap(c) >= n {
			b.arena = c[:0]
			b.spare = append(b.spare[:i], b.spare[i+1:]...)
			return
		}
	}
	size := arenaChunk
	if n > size {
		size = n
	}
	b.arena = make([]byte, 0, size)
}

// Reset empties the batch for reuse. Values read from it before must no
// longer be used unless they were cloned.
func (b *Batch) Reset() {
	b.Watermark = NoWatermark
	b.Input = 0
	b.Kinds = b.Kinds[:0]
	b.Vals = b.Vals[:0]
	b.Columnar, b.Sel = false, nil
	b.MiniBatch = false
	if b.arena != nil {
		b.spare = append(b.spare, b.arena[:0])
		b.arena = nil
	}
	for _, c := range b.chunks {
		b.spare = append(b.spare, c[:0])
	}
	b.chunks = b.chunks[:0]
}

// Clock is the time a query sees. The runtime supplies a real clock, or a
// virtual one for deterministic tests and embeds.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// Sleep waits for d or until ctx is done, whichever comes first.
	Sleep(ctx context.Context, d time.Duration) error
}

// Source produces the records of a table scan.
type Source interface {
	// Open prepares the source; validation errors surface here or earlier.
	Open(ctx context.Context) error
	// Next appends records to b (which the caller has Reset). It returns
	// ErrEndOfInput when the source is exhausted. When no record is due yet
	// (rate limiting), it returns with b empty and wait > 0: the time until
	// the next record is due. It never sleeps itself.
	Next(ctx context.Context, b *Batch) (wait time.Duration, err error)
	// Close releases resources.
	Close() error
}

// Sink consumes the records of an INSERT.
type Sink interface {
	Open(ctx context.Context) error
	// Write consumes a batch; the batch is reused after Write returns.
	Write(ctx context.Context, b *Batch) error
	Close() error
}

// Operator transforms a stream of batches. Operators are push-based and
// single-goroutine: they never start goroutines or block.
type Operator interface {
	Open(ctx context.Context) error
	// Process consumes in and appends its output to out.
	Process(in *Batch, out *Batch) error
	// Close flushes nothing and releases resources.
	Close() error
}

// WatermarkOperator is an Operator with event-time state: windows, interval
// joins, anything that waits for the watermark. The runtime calls
// OnWatermark when the watermark of the operator's input advances, after
// Process has seen the rows that came before it.
//
// An operator that does not implement it forwards its input's watermark
// unchanged. One that sets out.Watermark in Process (the watermark
// assigner of a table with WATERMARK FOR) produces watermarks itself.
type WatermarkOperator interface {
	// OnWatermark appends what the watermark wm fires to out and returns
	// the watermark to forward downstream: usually wm, less when the
	// operator holds rows back, NoWatermark to forward nothing. At end of
	// input the runtime sends MaxWatermark before Finish.
	OnWatermark(wm int64, out *Batch) (int64, error)
}

// MiniBatchOperator is an Operator that buffers its input in mini-batches
// (Flink's bundle operators): the runtime calls FlushMiniBatch when a batch
// marked MiniBatch has passed Process, and marks its output in turn.
type MiniBatchOperator interface {
	FlushMiniBatch(out *Batch) error
}

// StatefulOperator is an Operator that keeps state between batches:
// groups, buffered rows, join records. StateRows counts the rows it holds;
// the runtime adds them up over a job to enforce the playground's state
// limit ('playground.state.max-rows'). It must be cheap (a length).
type StatefulOperator interface {
	StateRows() int
}

// KeyedState is a StatefulOperator that tells how many keys its state
// holds (groups, partitions, distinct join keys), for the graph view.
// Like StateRows, it must be cheap.
type KeyedState interface {
	StateKeys() int
}

// NoTimer is what TimerOperator.NextTimer returns when no timer is set.
const NoTimer int64 = math.MaxInt64

// TimerOperator is an Operator with processing-time timers: windows over
// PROCTIME() fire when the clock passes their end, even when no row
// arrives. Before it pulls its source, the runtime reads the query's clock
// and calls OnTimer on a stage whose NextTimer is due; it never sleeps past
// the earliest timer of its stages. Times are milliseconds since the epoch
// on the query's clock (virtual in tests, so firing is deterministic).
type TimerOperator interface {
	// NextTimer returns the earliest time at which the operator has
	// something to fire, or NoTimer. It must be cheap.
	NextTimer() int64
	// OnTimer appends what fires at time now to out.
	OnTimer(now int64, out *Batch) error
}

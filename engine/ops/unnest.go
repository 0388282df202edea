package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// UnnestKind says how Unnest expands a collection value.
type UnnestKind uint8

// What Unnest expands.
const (
	UnnestArray    UnnestKind = iota // one row per element
	UnnestRowArray                   // one row per element, its fields as columns
	UnnestMultiset                   // one row per occurrence of each element
	UnnestMap                        // one row per entry: key, value
)

// Unnest is a correlated UNNEST (Flink's Correlate with $UNNEST_ROWS):
// each input row is followed by the columns of each element of the
// collection Expr computes from it. An empty or NULL collection drops the
// row, or with Outer (LEFT JOIN UNNEST ... ON TRUE) pads it with NULLs.
// It accepts and emits every Kind, each output row keeping its input
// row's kind. No state.
type Unnest struct {
	Expr  expr.Expr
	Kind  UnnestKind
	Outer bool
	// Ordinality: the last column is the element's position, from 1.
	Ordinality bool
	InWidth    int
	Width      int // columns per element
	Ctx        expr.Ctx
}

var _ stream.Operator = (*Unnest)(nil)

// Open implements stream.Operator.
func (u *Unnest) Open(context.Context) error { return nil }

// Process implements stream.Operator.
func (u *Unnest) Process(in, out *stream.Batch) error {
	u.Ctx.Out = out
	for i := 0; i < in.Len(); i++ {
		row := in.Row(i)
		k := in.Kinds[i]
		v, err := u.Expr.Eval(&u.Ctx, row)
		if err != nil {
			return err
		}
		n := 0
		if !v.Null {
			switch x := v.X.(type) {
			case *types.ArrayValue:
				for _, e := range x.Elems {
					u.emit(out, k, row, e, types.Value{}, n)
					n++
				}
			case *types.MapValue:
				for j := range x.Keys {
					if u.Kind == UnnestMultiset {
						for c := int64(0); c < x.Vals[j].I; c++ {
							u.emit(out, k, row, x.Keys[j], types.Value{}, n)
							n++
						}
						continue
					}
					u.emit(out, k, row, x.Keys[j], x.Vals[j], n)
					n++
				}
			}
		}
		if n == 0 && u.Outer {
			dst := out.Append(k)
			copy(dst, row)
			for c := u.InWidth; c < len(dst); c++ {
				dst[c] = types.NullValue
			}
		}
	}
	return nil
}

func (u *Unnest) emit(out *stream.Batch, k stream.Kind, row []types.Value, e, val types.Value, n int) {
	dst := out.Append(k)
	copy(dst, row)
	cols := dst[u.InWidth:]
	if u.Ordinality {
		cols[len(cols)-1] = types.IntValue(int64(n + 1))
		cols = cols[:len(cols)-1]
	}
	switch u.Kind {
	case UnnestRowArray:
		if r, ok := e.X.(*types.RowValue); ok && !e.Null {
			copy(cols, r.Fields)
			return
		}
		for c := range cols {
			cols[c] = types.NullValue
		}
	case UnnestMap:
		cols[0], cols[1] = e, val
	default:
		cols[0] = e
	}
}

// Close implements stream.Operator.
func (u *Unnest) Close() error { return nil }

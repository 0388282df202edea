package library

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// FuzzVecEval checks the vector evaluation (CompileVec) against the row
// evaluation on FuzzEval's random expressions and rows: over a columnar
// batch with a random selection, every selected row has the value Eval
// gives it, or, when the batch fails, some selected row fails by itself
// (the Calc then runs the batch by rows for Flink's first error). Functions
// that are not deterministic are left out.
func FuzzVecEval(f *testing.F) {
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	f.Add([]byte("ARRAY_SLICE(ARRAY[1, 2], -1) and some more bytes to drive the choices"))
	f.Add([]byte{0xff, 0xfe, 0x10, 0x80, 0x7f, 0x00, 0x33, 0x44, 0x01, 0x90, 0x20, 0x21})
	f.Add([]byte("\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05"))
	var names []string
	for _, n := range funcNames() {
		switch {
		case strings.Contains(n, "RAND"), strings.Contains(n, "UUID"), strings.HasPrefix(n, "CURRENT_"),
			n == "NOW", n == "LOCALTIME", n == "LOCALTIMESTAMP", n == "PROCTIME", n == "UNIX_TIMESTAMP":
			continue
		}
		names = append(names, n)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &exprGen{data: data, names: names}
		schema, e, err := g.tree()
		if err != nil {
			return
		}
		c := &expr.Ctx{Zone: time.UTC, Now: time.Unix(1700000000, 0)}
		n := 1 + g.intn(6)
		rows := make([][]types.Value, n)
		b := stream.NewBatch(len(schema))
		kinds := make([]stream.VecKind, len(schema))
		for i, st := range schema {
			kinds[i] = stream.VecKindOf(st)
		}
		b.Columns(kinds)
		// A ROW column is a VecStruct (as the nexmark source fills it)
		// or values, as the data chooses.
		for i, st := range schema {
			if st.Kind == types.Row && g.intn(2) == 0 {
				var fk []stream.VecKind
				for _, f := range st.Fields {
					fk = append(fk, stream.VecKindOf(f.Type))
				}
				b.Cols[i].ResetStruct(fk)
			}
		}
		for r := range rows {
			rows[r] = make([]types.Value, len(schema))
			for i, st := range schema {
				rows[r][i] = g.value(st, 2)
				b.Cols[i].Append(rows[r][i])
			}
			b.Kinds = append(b.Kinds, stream.Insert)
		}
		if g.intn(2) == 0 {
			b.Sel = []int32{}
			for r := range rows {
				if g.intn(3) != 0 {
					b.Sel = append(b.Sel, int32(r))
				}
			}
		}
		vec, verr := expr.CompileVec(e).Eval(c, b)
		failed := false
		for k := range b.Len() {
			r := b.Selected(k)
			want, err := e.Eval(c, rows[r])
			if err != nil {
				if _, ok := diag.As(err); !ok {
					t.Fatalf("%s: Eval returned %T %v", e, err, err)
				}
				failed = true
				continue
			}
			if verr != nil {
				continue
			}
			got := vec.Value(r)
			wantText := types.AppendValue(nil, want, e.Type(), time.UTC)
			gotText := types.AppendValue(nil, got, e.Type(), time.UTC)
			if want.Null != got.Null || !bytes.Equal(wantText, gotText) {
				t.Fatalf("%s on row %v: vector %q (null %v), row %q (null %v)", e, rows[r], gotText, got.Null, wantText, want.Null)
			}
		}
		if verr != nil {
			if _, ok := diag.As(verr); !ok {
				t.Fatalf("%s: vector evaluation returned %T %v", e, verr, verr)
			}
			if !failed {
				t.Fatalf("%s: the batch failed (%v) where no selected row fails", e, verr)
			}
		}
	})
}

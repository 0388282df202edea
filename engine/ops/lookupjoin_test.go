package ops

import (
	"context"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// tableLookup answers a key with the rows of a table whose first column
// equals it, and counts its calls.
type tableLookup struct {
	rows  [][]types.Value
	calls int
}

func (l *tableLookup) Lookup(key []types.Value, emit func([]types.Value) error) error {
	l.calls++
	for _, r := range l.rows {
		if r[0].I == key[0].I {
			if err := emit(r); err != nil {
				return err
			}
		}
	}
	return nil
}

func TestLookupJoin(t *testing.T) {
	dim := [][]types.Value{
		{types.IntValue(1), types.StringValue("a")},
		{types.IntValue(1), types.StringValue("b")},
		{types.IntValue(2), types.StringValue("c")},
	}
	gt := func(col int, v int64, row types.Type) expr.Expr {
		x, err := expr.Compare(expr.Gt, expr.Column(col, row), expr.Literal(types.IntValue(v), types.Int32), diag.NoPos)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, c := range []struct {
		name  string
		outer bool
		where expr.Expr // over (k, name)
		cond  expr.Expr // over (id, k, k, name)
		calls int
		want  string
	}{
		{"inner", false, nil, nil, 3,
			"+I[10, 1, 1, a] +I[10, 1, 1, b] -U[11, 2, 2, c] +I[13, 3, 1, a] +I[13, 3, 1, b]"},
		{"left pads what nothing joins, NULL keys look nothing up", true, nil, nil, 3,
			"+I[10, 1, 1, a] +I[10, 1, 1, b] -U[11, 2, 2, c] +I[12, NULL, NULL, NULL] +I[13, 3, 1, a] +I[13, 3, 1, b]"},
		{"where filters the looked-up rows", true, gt(0, 1, types.Int32), nil, 3,
			"+I[10, 1, NULL, NULL] -U[11, 2, 2, c] +I[12, NULL, NULL, NULL] +I[13, 3, NULL, NULL]"},
		{"the condition reads the joined row", false, nil, gt(0, 10, types.Int32), 3,
			"-U[11, 2, 2, c] +I[13, 3, 1, a] +I[13, 3, 1, b]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lk := &tableLookup{rows: dim}
			// The key is k, or 1 for k = 3; the dimension row is computed
			// from the looked-up row in one stage.
			j := &LookupJoin{Outer: c.outer, Keys: []expr.Expr{&mod2{expr.Column(1, types.Int32)}}, Lookup: lk,
				Dim: [][]expr.Expr{{expr.Column(0, types.Int32), expr.Column(1, types.String)}}, Where: c.where, Cond: c.cond,
				LeftWidth: 2, RightWidth: 2}
			if err := j.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			in := batchOf(2, ins(10, 1), ub(11, 2), ins(12, nil), ins(13, 3))
			out := stream.NewBatch(4)
			if err := j.Process(in, out); err != nil {
				t.Fatal(err)
			}
			got := strings.Join(changelog(out, []types.Type{types.Int32, types.Int32, types.Int32, types.String}), " ")
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
			if lk.calls != c.calls {
				t.Errorf("%d lookups, want %d", lk.calls, c.calls)
			}
		})
	}
}

// mod2 maps 3 to 1 and keeps other values: a key computed from the row.
type mod2 struct{ x expr.Expr }

func (m *mod2) Type() types.Type { return types.Int32 }
func (m *mod2) String() string   { return "mod2(" + m.x.String() + ")" }
func (m *mod2) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	v, err := m.x.Eval(c, row)
	if err != nil || v.Null || v.I != 3 {
		return v, err
	}
	return types.IntValue(1), nil
}

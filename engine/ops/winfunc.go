package ops

import (
	"fmt"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/types"
)

// rowOrder compares rows by sort keys (ORDER BY of a window, a Top-N or a
// sort), NULLs placed as each key says.
type rowOrder struct {
	keys []SortKey
	less []expr.Expr
	ctx  expr.Ctx
	err  error
}

func newRowOrder(keys []SortKey) (*rowOrder, error) {
	o := &rowOrder{keys: keys, less: make([]expr.Expr, len(keys))}
	for i, k := range keys {
		t := k.Type
		t.Attr = types.Regular
		l, err := expr.Compare(expr.Lt, expr.Column(0, t), expr.Column(1, t), diag.NoPos)
		if err != nil {
			return nil, err
		}
		o.less[i] = l
	}
	return o, nil
}

// cmp compares row a with row b: -1, 0 or 1.
func (o *rowOrder) cmp(a, b []types.Value) int {
	for i, k := range o.keys {
		if c := o.cmpKey(i, a[k.Col], b[k.Col]); c != 0 {
			return c
		}
	}
	return 0
}

func (o *rowOrder) cmpKey(i int, x, y types.Value) int {
	k := o.keys[i]
	if x.Null || y.Null {
		if x.Null && y.Null {
			return 0
		}
		if x.Null == k.NullsFirst {
			return -1
		}
		return 1
	}
	c := 0
	if lt, err := o.less[i].Eval(&o.ctx, []types.Value{x, y}); err != nil {
		o.err = err
	} else if lt.I != 0 {
		c = -1
	} else if gt, err := o.less[i].Eval(&o.ctx, []types.Value{y, x}); err != nil {
		o.err = err
	} else if gt.I != 0 {
		c = 1
	}
	if k.Desc {
		c = -c
	}
	return c
}

// WindowFunc is one window function of an OverAgg, over input column Arg.
type WindowFunc struct {
	// Name is COUNT, SUM, MIN, MAX, AVG, ROW_NUMBER, RANK, DENSE_RANK,
	// LAG, LEAD, NTILE, CUME_DIST, PERCENT_RANK, FIRST_VALUE or LAST_VALUE.
	Name     string
	Arg      int // -1: none (COUNT(*), ranks)
	ArgType  types.Type
	Distinct bool
	Offset   int64 // LAG/LEAD offset, NTILE buckets
	Default  int   // input column of LAG/LEAD's default, -1: NULL
	Type     types.Type
}

// winAcc is the running state of one window function over the rows added
// to it, in order (the frame so far).
type winAcc struct {
	acc      library.Accumulator // COUNT, SUM, AVG, MIN, MAX: the spec's
	seq      int64               // rows added, for the ranks
	rank     int64
	last     []types.Value // order key of the last row, for RANK and DENSE_RANK
	hist     []types.Value // LAG: the last Offset+1 arguments
	first    types.Value
	hasFirst bool
	lastVal  types.Value
}

// winEval evaluates window functions: an aggregate through its spec's
// accumulator (library.AggKernel), as a group aggregation does; the
// ranking and offset functions from the rows' order.
type winEval struct {
	funcs   []WindowFunc
	kinds   []library.AggKind    // what each function's spec says it is
	kernels []*library.AggKernel // the aggregates'
	order   []int                // order key columns (ranks compare them)
	args    [1]types.Value       // an aggregate's argument, reused
}

func newWinEval(funcs []WindowFunc, order []int, ctx expr.Ctx) (*winEval, error) {
	e := &winEval{funcs: funcs, order: order, kinds: make([]library.AggKind, len(funcs)),
		kernels: make([]*library.AggKernel, len(funcs))}
	ctx.Out = nil // accumulators must not live in a batch arena
	for i, f := range funcs {
		e.kinds[i] = library.AggregateKind(f.Name)
		switch e.kinds[i] {
		case library.AggCount, library.AggSum, library.AggAvg, library.AggMin, library.AggMax:
			argT := f.ArgType
			argT.Attr = types.Regular
			k, err := library.CompileAggregate(library.AggCall{Name: f.Name, Star: f.Arg < 0, ArgType: argT,
				Type: f.Type, Distinct: f.Distinct}, &ctx)
			if err != nil {
				return nil, err
			}
			e.kernels[i] = k
		}
	}
	return e, nil
}

func (e *winEval) newAccs() []winAcc {
	accs := make([]winAcc, len(e.funcs))
	for i, k := range e.kernels {
		if k != nil {
			accs[i].acc = k.New()
		}
	}
	return accs
}

// addRow adds one row to every function's state. Kept values are cloned.
func (e *winEval) addRow(accs []winAcc, row []types.Value) error {
	for i, f := range e.funcs {
		a := &accs[i]
		a.seq++
		switch e.kinds[i] {
		case library.WinRowNumber, library.WinLead, library.WinNtile, library.WinCumeDist, library.WinPercentRank:
			continue // counted, or batch only (OverAgg.batchPartition)
		case library.WinRank, library.WinDenseRank:
			if a.last == nil || !rowsEqual(a.last, orderKey(row, e.order)) {
				if e.kinds[i] == library.WinRank {
					a.rank = a.seq
				} else {
					a.rank++
				}
				a.last = types.CloneRow(orderKey(row, e.order))
			}
			continue
		case library.WinLag:
			a.hist = append(a.hist, row[f.Arg].Clone())
			if int64(len(a.hist)) > f.Offset+1 {
				a.hist = a.hist[1:]
			}
			continue
		case library.AggFirstValue:
			if !a.hasFirst {
				a.first, a.hasFirst = row[f.Arg].Clone(), true
			}
			continue
		case library.AggLastValue:
			a.lastVal = row[f.Arg].Clone()
			continue
		}
		if a.acc == nil {
			return fmt.Errorf("over: unknown window function %s", f.Name)
		}
		args := e.args[:0]
		if f.Arg >= 0 {
			args = append(args, row[f.Arg])
		}
		err := a.acc.Add(args)
		e.args[0] = types.Value{}
		if err != nil {
			return err
		}
	}
	return nil
}

// result returns function i's value over the rows added so far; row is the
// current row (LAG's default).
func (e *winEval) result(accs []winAcc, i int, row []types.Value) (types.Value, error) {
	f, a := e.funcs[i], &accs[i]
	switch e.kinds[i] {
	case library.WinRowNumber:
		return types.IntValue(a.seq), nil
	case library.WinRank, library.WinDenseRank:
		return types.IntValue(a.rank), nil
	case library.WinLag:
		if int64(len(a.hist)) > f.Offset {
			return a.hist[int64(len(a.hist))-1-f.Offset], nil
		}
		if f.Default >= 0 {
			return row[f.Default].Clone(), nil
		}
		return types.NullValue, nil
	case library.AggFirstValue:
		return a.first, nil
	case library.AggLastValue:
		return a.lastVal, nil
	}
	if a.acc == nil {
		return types.NullValue, fmt.Errorf("over: unknown window function %s", f.Name)
	}
	return a.acc.Value()
}

func orderKey(row []types.Value, cols []int) []types.Value {
	out := make([]types.Value, len(cols))
	for i, c := range cols {
		out[i] = row[c]
	}
	return out
}

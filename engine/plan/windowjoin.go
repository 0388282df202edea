package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
)

// WindowJoinSpec makes a Join a window join (Flink's WindowJoin): both
// inputs carry windows of the same window TVF and the join keys hold
// window_start = window_start and window_end = window_end. Rows of a window
// are joined when the window fires; the join is append-only.
type WindowJoinSpec struct {
	Left, Right WindowCols
	// Where is the join condition without the window equalities, for
	// EXPLAIN.
	Where expr.Expr
}

// windowJoin makes j a window join when Flink's planner would (see
// WindowJoinUtil.satisfyWindowJoin): streaming, both inputs windowed by the
// same window TVF with the same kind of time attribute, and the equi-keys
// pair both window_starts and both window_ends. Otherwise j stays a
// regular join, as in Flink.
func (b *binder) windowJoin(j *Join) error {
	if b.p.Batch || j.Interval != nil || j.Temporal != nil || j.Lookup != nil || j.NullSafe || j.Right == nil {
		return nil
	}
	lw, rw := windowCols(j.Left), windowCols(j.Right)
	if lw == nil || rw == nil {
		return nil
	}
	start, end := false, false
	for i := range j.LeftKeys {
		lc, ok1 := expr.ColumnIndex(j.LeftKeys[i])
		rc, ok2 := expr.ColumnIndex(j.RightKeys[i])
		if !ok1 || !ok2 {
			continue
		}
		if lc == lw.Start && rc == rw.Start {
			start = true
		}
		if lc == lw.End && rc == rw.End {
			end = true
		}
	}
	if !start || !end {
		return nil
	}
	ls, rs := lw.Spec, rw.Spec
	if ls.Proctime != rs.Proctime || ls.LTZ != rs.LTZ || ls.Kind != rs.Kind || ls.Size != rs.Size ||
		ls.Slide != rs.Slide || ls.Offset != rs.Offset || ls.Gap != rs.Gap {
		return nil
	}
	spec := &WindowJoinSpec{Left: *lw, Right: *rw, Where: j.Where}
	// The condition EXPLAIN prints: the other keys and the residual.
	lsch, rsch := j.Left.Schema(), j.Right.Schema()
	var where expr.Expr
	exact := true
	for i := range j.LeftKeys {
		lc, ok1 := expr.ColumnIndex(j.LeftKeys[i])
		rc, ok2 := expr.ColumnIndex(j.RightKeys[i])
		if !ok1 || !ok2 {
			exact = false
			break
		}
		if (lc == lw.Start && rc == rw.Start) || (lc == lw.End && rc == rw.End) {
			continue
		}
		eq, err := expr.Compare(expr.Eq, expr.Column(lc, lsch.Columns[lc].Type), expr.Column(lsch.Len()+rc, rsch.Columns[rc].Type), diag.NoPos)
		if err != nil {
			return err
		}
		if where, err = andExpr(where, eq); err != nil {
			return err
		}
	}
	if exact {
		var err error
		if j.Cond != nil {
			if where, err = andExpr(where, j.Cond); err != nil {
				return err
			}
		}
		spec.Where = where
	}
	j.Window = spec
	return nil
}

func andExpr(acc, x expr.Expr) (expr.Expr, error) {
	if acc == nil {
		return x, nil
	}
	return expr.And(acc, x, diag.NoPos)
}

// windowJoinCols is the window of a window join's output: the left
// input's (the right's for a RIGHT join), as window_start and window_end of
// the padded side may be NULL.
func windowJoinCols(j *Join) *WindowCols {
	if j.Window == nil {
		return nil
	}
	if j.Type == RightJoin {
		w := j.Window.Right
		lw := j.Left.Schema().Len()
		out := WindowCols{Spec: w.Spec, Start: lw + w.Start, End: lw + w.End}
		for _, t := range w.Times {
			out.Times = append(out.Times, lw+t)
		}
		return &out
	}
	w := j.Window.Left
	return &w
}

func windowJoinExplain(j *Join) string {
	where := "true"
	if j.Window.Where != nil {
		where = j.Window.Where.String()
	}
	return "WindowJoin(leftWindow=[" + windowAttachedExplain(j.Window.Left, j.Left.Schema()) + "], rightWindow=[" +
		windowAttachedExplain(j.Window.Right, j.Right.Schema()) + "], joinType=[" + j.Type.String() + "], where=[" + where +
		"], select=[" + strings.Join(j.Out.Names(), ", ") + "])"
}

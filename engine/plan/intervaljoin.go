package plan

import (
	"fmt"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// IntervalBounds make a Join an event-time interval join: a pair matches
// only when left.time - right.time lies in [Lower, Upper] (milliseconds).
type IntervalBounds struct {
	LeftTime, RightTime int // rowtime columns of each input's row
	Lower, Upper        int64
}

// timeCmp is one comparison left.time - right.time OP c found in a join
// condition, normalized so that the left input's column comes first.
type timeCmp struct {
	lcol, rcol int
	op         sql.BinaryOp // OpLt, OpLe, OpGt, OpGe
	c          int64
}

// intervalBounds looks for conjuncts that bound the difference of a
// rowtime attribute of each input from both sides, as Flink's
// IntervalJoinUtil does, and returns the bounds and which conjuncts they
// consumed.
func (b *binder) intervalBounds(conjuncts []sql.Expr, ls, rs *scope) (*IntervalBounds, map[int]bool) {
	var cmps []timeCmp
	used := map[int]bool{}
	for i, c := range conjuncts {
		var parts [][3]sql.Expr // a, op placeholder, b
		var ops []sql.BinaryOp
		switch x := c.(type) {
		case *sql.Between:
			if x.Not || x.Symmetric {
				continue
			}
			parts = append(parts, [3]sql.Expr{x.X, nil, x.Lo}, [3]sql.Expr{x.X, nil, x.Hi})
			ops = append(ops, sql.OpGe, sql.OpLe)
		case *sql.Binary:
			switch x.Op {
			case sql.OpLt, sql.OpLe, sql.OpGt, sql.OpGe:
				parts = append(parts, [3]sql.Expr{x.L, nil, x.R})
				ops = append(ops, x.Op)
			default:
				continue
			}
		default:
			continue
		}
		var found []timeCmp
		for k, p := range parts {
			tc, ok := b.timeComparison(p[0], ops[k], p[2], ls, rs)
			if !ok {
				found = nil
				break
			}
			found = append(found, tc)
		}
		if len(found) > 0 {
			cmps = append(cmps, found...)
			used[i] = true
		}
	}
	if len(cmps) == 0 {
		return nil, nil
	}
	ib := &IntervalBounds{LeftTime: cmps[0].lcol, RightTime: cmps[0].rcol}
	hasLo, hasHi := false, false
	for _, c := range cmps {
		if c.lcol != ib.LeftTime || c.rcol != ib.RightTime {
			return nil, nil
		}
		switch c.op {
		case sql.OpGe, sql.OpGt:
			lo := c.c
			if c.op == sql.OpGt {
				lo++
			}
			if !hasLo || lo > ib.Lower {
				ib.Lower = lo
			}
			hasLo = true
		default:
			hi := c.c
			if c.op == sql.OpLt {
				hi--
			}
			if !hasHi || hi < ib.Upper {
				ib.Upper = hi
			}
			hasHi = true
		}
	}
	if !hasLo || !hasHi {
		return nil, nil
	}
	return ib, used
}

// timeComparison recognizes a OP b where each side is a rowtime column of
// one input plus or minus a constant DAY TO SECOND interval, one side per
// input.
func (b *binder) timeComparison(a sql.Expr, op sql.BinaryOp, c sql.Expr, ls, rs *scope) (timeCmp, bool) {
	aside, acol, aoff, ok := b.timeOperand(a, ls, rs)
	if !ok {
		return timeCmp{}, false
	}
	cside, ccol, coff, ok := b.timeOperand(c, ls, rs)
	if !ok || aside == cside {
		return timeCmp{}, false
	}
	if aside == 0 {
		// l + aoff OP r + coff  =>  l - r OP coff - aoff
		return timeCmp{lcol: acol, rcol: ccol, op: op, c: coff - aoff}, true
	}
	// r + aoff OP l + coff  =>  l - r OP' aoff - coff
	mirror := map[sql.BinaryOp]sql.BinaryOp{sql.OpLt: sql.OpGt, sql.OpLe: sql.OpGe, sql.OpGt: sql.OpLt, sql.OpGe: sql.OpLe}
	return timeCmp{lcol: ccol, rcol: acol, op: mirror[op], c: aoff - coff}, true
}

// timeOperand recognizes col, col + interval or col - interval, where col
// is a rowtime attribute of the left (side 0) or right (side 1) input.
func (b *binder) timeOperand(e sql.Expr, ls, rs *scope) (side, col int, off int64, ok bool) {
	sign := int64(0)
	var iv sql.Expr
	if bin, isBin := e.(*sql.Binary); isBin && (bin.Op == sql.OpAdd || bin.Op == sql.OpSub) {
		e, iv, sign = bin.L, bin.R, 1
		if bin.Op == sql.OpSub {
			sign = -1
		}
	}
	ref, isRef := e.(*sql.ColumnRef)
	if !isRef {
		return 0, 0, 0, false
	}
	side = -1
	if i, err := ls.resolve(ref); err == nil && ls.cols[i].typ.Attr == types.Rowtime {
		side, col = 0, i
	}
	if i, err := rs.resolve(ref); err == nil {
		if side >= 0 {
			return 0, 0, 0, false // ambiguous: the binder reports it
		}
		if rs.cols[i].typ.Attr == types.Rowtime {
			side, col = 1, i
		}
	}
	if side < 0 {
		return 0, 0, 0, false
	}
	if iv != nil {
		x, err := b.expr(iv, &scope{})
		if err != nil || x.Type().Kind != types.IntervalDayTime {
			return 0, 0, 0, false
		}
		v, isLit := expr.LiteralValue(x)
		if !isLit {
			v2, err := x.Eval(&expr.Ctx{Zone: b.zone()}, nil)
			if err != nil {
				return 0, 0, 0, false
			}
			v = v2
		}
		if v.Null {
			return 0, 0, 0, false
		}
		off = sign * v.I
	}
	return side, col, off, true
}

// intervalExplain prints the window bounds as Flink's IntervalJoin does.
func intervalExplain(ib *IntervalBounds) string {
	return fmt.Sprintf("windowBounds=[isRowTime=true, leftLowerBound=%d, leftUpperBound=%d, leftTimeIndex=%d, rightTimeIndex=%d]",
		ib.Lower, ib.Upper, ib.LeftTime, ib.RightTime)
}

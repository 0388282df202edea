package plan

import (
	"fmt"
	"strings"

	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Mini-batch planning ('table.exec.mini-batch.enabled'), as Flink's
// MiniBatchIntervalInferRule and TwoStageOptimizedAggregateRule decide it.

// Mini-batch modes of a MiniBatchAssigner.
const (
	MiniBatchProcTime = "ProcTime"
	MiniBatchRowTime  = "RowTime"
)

// MiniBatchModes returns the mode of the MiniBatchAssigner Flink puts above
// each table scan of a streaming plan with mini-batch on: the root's
// processing-time interval travels down to the sources, and becomes
// RowTime below an operator that needs event time (a window, an event-time
// join, an OVER or MATCH_RECOGNIZE over a rowtime attribute).
func MiniBatchModes(roots ...Node) map[*Scan]string {
	modes := map[*Scan]string{}
	var walk func(n Node, mode string)
	walk = func(n Node, mode string) {
		if requiresWatermark(n) {
			mode = MiniBatchRowTime
		}
		if sc, ok := n.(*Scan); ok {
			modes[sc] = mode
			return
		}
		for _, in := range n.Inputs() {
			walk(in, mode)
		}
	}
	for _, r := range roots {
		walk(r, MiniBatchProcTime)
	}
	return modes
}

// requiresWatermark is Flink's StreamPhysicalRel.requireWatermark.
func requiresWatermark(n Node) bool {
	switch n := n.(type) {
	case *WindowTVF:
		return !n.Spec.Proctime
	case *WindowAggregate:
		return !n.Spec.Proctime
	case *WindowRank, *WindowDeduplicate:
		return true
	case *Join:
		return n.Interval != nil || n.Temporal != nil || n.Window != nil
	case *Over:
		return len(n.Order) > 0 && n.Input.Schema().Columns[n.Order[0].Col].Type.Attr == types.Rowtime
	case *Match:
		return len(n.Order) > 0 && n.Input.Schema().Columns[n.Order[0].Col].Type.Attr == types.Rowtime
	}
	return false
}

// ExplainMiniBatchAssigner is the assigner's line.
func ExplainMiniBatchAssigner(intervalMs int64, mode string) string {
	return fmt.Sprintf("MiniBatchAssigner(interval=[%dms], mode=[%s])", intervalMs, mode)
}

// PartialMerge reports whether Flink's aggregate functions of a all merge
// partial accumulators (AggregateUtil.doAllSupportPartialMerge): the
// declarative ones do, and of the others those with a merge method
// (COLLECT, ARRAY_AGG, JSON_OBJECTAGG, MIN and MAX with retraction);
// FIRST_VALUE, LAST_VALUE and JSON_ARRAYAGG have none.
func PartialMerge(a *Aggregate) bool {
	for _, c := range a.Aggs {
		switch library.AggregateKind(c.Name) {
		case library.AggFirstValue, library.AggLastValue, library.AggJSONArrayAgg:
			return false
		}
	}
	return true
}

// accNames are the fields of an aggregate's accumulator in Flink's local
// aggregation, in order.
func accNames(c AggCall, retract bool) []string {
	switch library.AggregateKind(c.Name) {
	case library.AggCount:
		if c.Arg < 0 {
			return []string{"count1"}
		}
		return []string{"count"}
	case library.AggSum:
		if retract {
			return []string{"sum", "count"}
		}
		return []string{"sum"}
	case library.AggSum0:
		return []string{"sum"}
	case library.AggAvg:
		return []string{"sum", "count"}
	case library.AggMin:
		return []string{"min"}
	case library.AggMax:
		return []string{"max"}
	}
	return []string{strings.ToLower(c.Name)}
}

// ExplainLocalGlobal returns the lines of Flink's LocalGroupAggregate and
// GlobalGroupAggregate for a: the local one's select names each partial
// accumulator field with its position; with an updating input every call
// is a _RETRACT one and the local phase counts rows (COUNT_RETRACT(*)
// AS count1), which the global phase does not print.
func ExplainLocalGlobal(a *Aggregate, retract bool) (local, global string) {
	in := a.Input.Schema()
	var keys []string
	for _, k := range a.Keys {
		keys = append(keys, in.Columns[k].Name)
	}
	group := ""
	if len(keys) > 0 {
		group = "groupBy=[" + strings.Join(keys, ", ") + "], "
	}
	lsel := append([]string(nil), keys...)
	gsel := append([]string(nil), keys...)
	idx := 0
	hasCountStar := false
	for i, c := range a.Aggs {
		name := aggCallName(c, retract)
		arg := "*"
		if c.Arg >= 0 {
			arg = in.Columns[c.Arg].Name
		} else {
			hasCountStar = true
		}
		var fields []string
		for _, f := range accNames(c, retract) {
			fields = append(fields, fmt.Sprintf("%s$%d", f, idx))
			idx++
		}
		acc := fields[0]
		if len(fields) > 1 {
			acc = "(" + strings.Join(fields, ", ") + ")"
		}
		lsel = append(lsel, name+"("+arg+") AS "+acc)
		gsel = append(gsel, name+"("+acc+") AS "+a.Out.Columns[len(a.Keys)+i].Name)
	}
	if retract && !hasCountStar {
		lsel = append(lsel, fmt.Sprintf("COUNT_RETRACT(*) AS count1$%d", idx))
	}
	local = "LocalGroupAggregate(" + group + "select=[" + strings.Join(lsel, ", ") + "])"
	global = "GlobalGroupAggregate(" + group + "select=[" + strings.Join(gsel, ", ") + "])"
	return local, global
}

// aggCallName is the call's name in Flink's plans: $SUM0 for SUM0, with
// _RETRACT when the input retracts.
func aggCallName(c AggCall, retract bool) string {
	name := c.Name
	if library.AggregateKind(name) == library.AggSum0 {
		name = "$SUM0"
	}
	if retract {
		name += "_RETRACT"
	}
	return name
}

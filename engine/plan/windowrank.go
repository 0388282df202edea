package plan

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/types"
)

// WindowRank is a window Top-N: a ROW_NUMBER Top-N partitioned by the
// window_start and window_end of a window TVF or window aggregation (and
// Partition), Flink's WindowRank. It emits each window's top rows once,
// when the window fires. Its output is the input row followed by the row
// number. Func other than ROW_NUMBER and processing time are refused when
// the job is built, where Flink refuses them.
type WindowRank struct {
	Input      Node
	Partition  []int // besides the window columns
	Order      []SortKey
	Func       string
	Start, End int64
	OutputRank bool
	Win        WindowCols
	Out        types.Schema
}

// WindowDeduplicate keeps, per window and key, the first (ascending time)
// or last (descending time) row, Flink's WindowDeduplicate. Its output is
// the input row followed by the row number, always 1.
type WindowDeduplicate struct {
	Input    Node
	Keys     []int // besides the window columns
	TimeCol  int
	KeepLast bool
	Win      WindowCols
	Out      types.Schema
}

// WindowCols says which columns of a node's output carry its window: the
// window's spec and the columns of window_start and window_end; Times are
// the columns that hold the window's time attribute (window_time, and the
// time column of a window TVF), as Flink's window properties do.
type WindowCols struct {
	Spec       WindowSpec
	Start, End int
	Times      []int
	// TVF: the rows come from a window TVF through filters and
	// projections, not from an operator that already fired the windows.
	TVF bool
}

func (n *WindowRank) Schema() types.Schema        { return n.Out }
func (n *WindowRank) Inputs() []Node              { return []Node{n.Input} }
func (n *WindowDeduplicate) Schema() types.Schema { return n.Out }
func (n *WindowDeduplicate) Inputs() []Node       { return []Node{n.Input} }

func (w *WindowCols) isTime(c int) bool {
	for _, t := range w.Times {
		if t == c {
			return true
		}
	}
	return false
}

// windowCols finds the window columns of n's output: through filters and
// projections that keep window_start and window_end, down to a window TVF,
// a window aggregation that outputs both, or a window Top-N, deduplication
// or join. It returns nil when n has no window.
func windowCols(n Node) *WindowCols {
	switch n := n.(type) {
	case *WindowTVF:
		w := n.Input.Schema().Len()
		return &WindowCols{Spec: n.Spec, Start: w, End: w + 1, Times: []int{w + 2, n.Spec.TimeCol}, TVF: true}
	case *Filter:
		return windowCols(n.Input)
	case *WindowRank:
		return windowCols(n.Input)
	case *WindowDeduplicate:
		return windowCols(n.Input)
	case *Join:
		return windowJoinCols(n)
	case *WindowAggregate:
		out := &WindowCols{Spec: n.Spec, Start: -1, End: -1}
		for i, k := range n.Keys {
			switch k {
			case n.StartCol:
				out.Start = i
			case n.EndCol:
				out.End = i
			}
		}
		if out.Start < 0 || out.End < 0 {
			return nil
		}
		return out
	case *Project:
		in := windowCols(n.Input)
		if in == nil {
			return nil
		}
		out := &WindowCols{Spec: in.Spec, Start: -1, End: -1, TVF: in.TVF}
		for i, e := range n.Exprs {
			c, ok := expr.ColumnIndex(e)
			if !ok {
				continue
			}
			switch {
			case c == in.Start && out.Start < 0:
				out.Start = i
			case c == in.End && out.End < 0:
				out.End = i
			case in.isTime(c):
				out.Times = append(out.Times, i)
			}
		}
		if out.Start < 0 || out.End < 0 {
			return nil
		}
		return out
	}
	return nil
}

// windowRankNode plans a streaming Top-N whose partition holds the window
// columns of its input as a window Top-N or window deduplication, as
// Flink's StreamPhysicalWindowRankRule and StreamPhysicalWindowDeduplicateRule
// do. ok is false when the input has no window or the partition lacks
// window_start or window_end: the Top-N is then a regular one.
func windowRankNode(input Node, part []int, order []SortKey, name string, h *rankHint, out types.Schema) (Node, bool) {
	win := windowCols(input)
	if win == nil {
		return nil, false
	}
	var rest []int
	start, end := false, false
	for _, p := range part {
		switch {
		case p == win.Start:
			start = true
		case p == win.End:
			end = true
		case win.isTime(p):
		default:
			rest = append(rest, p)
		}
	}
	if !start || !end {
		return nil, false
	}
	if library.AggregateKind(name) == library.WinRowNumber && h.start == 1 && h.end == 1 && len(order) == 1 &&
		(win.isTime(order[0].Col) || input.Schema().Columns[order[0].Col].Type.Attr != types.Regular) {
		return &WindowDeduplicate{Input: input, Keys: rest, TimeCol: order[0].Col, KeepLast: order[0].Desc, Win: *win, Out: out}, true
	}
	if h.end < h.start {
		h.end = h.start - 1
	}
	return &WindowRank{Input: input, Partition: rest, Order: order, Func: name, Start: h.start, End: h.end,
		OutputRank: h.outputRank, Win: *win, Out: out}, true
}

// windowAttachedExplain prints a window whose rows already carry their
// window_start and window_end, as Flink's plans do.
func windowAttachedExplain(w WindowCols, in types.Schema) string {
	d := formatDuration
	s := "win_start=[" + in.Columns[w.Start].Name + "], win_end=[" + in.Columns[w.End].Name + "]"
	switch w.Spec.Kind {
	case Tumble:
		s = "TUMBLE(" + s + ", size=[" + d(w.Spec.Size) + "]"
		if w.Spec.Offset != 0 {
			s += ", offset=[" + d(w.Spec.Offset) + "]"
		}
		return s + ")"
	case Hop:
		return "HOP(" + s + ", size=[" + d(w.Spec.Size) + "], slide=[" + d(w.Spec.Slide) + "])"
	case Cumulate:
		return "CUMULATE(" + s + ", max_size=[" + d(w.Spec.Size) + "], step=[" + d(w.Spec.Slide) + "])"
	}
	return "SESSION(" + s + ", gap=[" + d(w.Spec.Gap) + "])"
}

// ExplainWindowNode prints a WindowRank or WindowDeduplicate for EXPLAIN.
func ExplainWindowNode(n Node) string {
	switch n := n.(type) {
	case *WindowRank:
		in := n.Input.Schema()
		sel := strings.Join(in.Names(), ", ")
		if n.OutputRank {
			sel += ", " + n.Out.Columns[n.Out.Len()-1].Name
		}
		return "WindowRank(window=[" + windowAttachedExplain(n.Win, in) + "], rankType=[" + n.Func + "], rankRange=[rankStart=" +
			strconv.FormatInt(n.Start, 10) + ", rankEnd=" + strconv.FormatInt(n.End, 10) + "], partitionBy=[" + colNames(in, n.Partition) +
			"], orderBy=[" + sortText(in, n.Order) + "], select=[" + sel + "])"
	case *WindowDeduplicate:
		in := n.Input.Schema()
		keep, order := "FirstRow", "ROWTIME"
		if n.KeepLast {
			keep = "LastRow"
		}
		if n.Win.Spec.Proctime {
			order = "PROCTIME"
		}
		return "WindowDeduplicate(window=[" + windowAttachedExplain(n.Win, in) + "], keep=[" + keep + "], partitionKeys=[" +
			colNames(in, n.Keys) + "], orderKey=[" + in.Columns[n.TimeCol].Name + "], order=[" + order + "])"
	}
	return ""
}

// attachedWindowAggregate turns an Aggregate grouped by window_start and
// window_end of an input whose rows carry their window into a
// WindowAggregate, as Flink plans a window aggregation over a
// window-attached input: a window Top-N, deduplication or join, or a window
// TVF under projections that move its columns. Otherwise it returns a.
func attachedWindowAggregate(a *Aggregate, pre *Project) (Node, error) {
	win := windowCols(pre.Input)
	if win == nil || (win.TVF && win.Spec.Kind == Session) {
		return a, nil // a SESSION TVF's rows do not know their session yet
	}
	start, end := -1, -1
	for _, k := range a.Keys {
		if c, ok := expr.ColumnIndex(pre.Exprs[k]); ok {
			switch c {
			case win.Start:
				start = k
			case win.End:
				end = k
			}
		}
	}
	if start < 0 || end < 0 {
		return a, nil
	}
	if win.TVF {
		if err := checkSliding(win.Spec); err != nil {
			return nil, err
		}
	}
	return &WindowAggregate{Input: pre, Keys: a.Keys, Aggs: a.Aggs, Out: a.Out, Spec: win.Spec, StartCol: start, EndCol: end,
		TimeCol: -1, TimeKeyCol: -1, Attached: true}, nil
}

// attachedExplain prints the window of a window aggregation over a
// window-attached input.
func attachedExplain(n *WindowAggregate) string {
	pre, ok := n.Input.(*Project)
	if !ok {
		return ""
	}
	win := windowCols(pre.Input)
	if win == nil {
		return ""
	}
	return windowAttachedExplain(*win, pre.Input.Schema())
}

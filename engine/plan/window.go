package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// WindowKind is the kind of a window table-valued function.
type WindowKind uint8

// The window TVFs of Flink 1.20.
const (
	Tumble WindowKind = iota
	Hop
	Cumulate
	Session
)

var windowNames = [...]string{"TUMBLE", "HOP", "CUMULATE", "SESSION"}

func (k WindowKind) String() string { return windowNames[k] }

// WindowSpec says how rows are assigned to windows. Durations are in
// milliseconds.
type WindowSpec struct {
	Kind    WindowKind
	TimeCol int   // input column of the time attribute
	Size    int64 // TUMBLE, HOP, CUMULATE (max size)
	Slide   int64 // HOP slide, CUMULATE step
	Offset  int64
	Gap     int64 // SESSION
	// LTZ: the time column is a TIMESTAMP_LTZ (or proctime); windows are
	// aligned in table.local-time-zone.
	LTZ      bool
	Proctime bool
	// Partition lists the PARTITION BY columns of a SESSION window.
	Partition []int
}

// WindowTVF is TABLE(TUMBLE/HOP/CUMULATE/SESSION(TABLE t, DESCRIPTOR(col),
// ...)): the input's columns followed by window_start, window_end and
// window_time, one row per window a row falls into.
type WindowTVF struct {
	Input Node
	Spec  WindowSpec
	Out   types.Schema
	// Aggregated is set when a WindowAggregate consumes the windows; a
	// SESSION TVF runs only then.
	Aggregated bool
}

// WindowAggregate is GROUP BY window_start, window_end[, keys] over a
// window TVF: one +I per window and key when the window fires. Input, Keys,
// Aggs and Out are as in Aggregate; StartCol and EndCol are the input
// columns of window_start and window_end (both among Keys); for SESSION,
// TimeCol is the input column of the row time, since sessions are only
// known when rows merge.
type WindowAggregate struct {
	Input    Node
	Keys     []int
	Aggs     []AggCall
	Out      types.Schema
	Spec     WindowSpec
	StartCol int
	EndCol   int
	TimeCol  int
	// TimeKeyCol is the input column of window_time when it is grouped
	// too, else -1.
	TimeKeyCol int
	// Attached: the input's rows already carry their window (a window
	// Top-N, deduplication or join below, windowrank.go), so rows are
	// grouped by the window columns as they are, sessions included.
	Attached bool
}

func (n *WindowTVF) Schema() types.Schema       { return n.Out }
func (n *WindowAggregate) Schema() types.Schema { return n.Out }
func (n *WindowTVF) Inputs() []Node             { return []Node{n.Input} }
func (n *WindowAggregate) Inputs() []Node       { return []Node{n.Input} }

// isWindowTVF reports whether a FROM table function is a window TVF.
func isWindowTVF(name string) bool {
	switch strings.ToUpper(name) {
	case "TUMBLE", "HOP", "CUMULATE", "SESSION":
		return true
	}
	return false
}

var windowSignatures = map[WindowKind]string{
	Tumble:   "TUMBLE(TABLE table_name, DESCRIPTOR(timecol), datetime interval[, datetime interval])",
	Hop:      "HOP(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval[, datetime interval])",
	Cumulate: "CUMULATE(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval[, datetime interval])",
	Session:  "SESSION(TABLE table_name [PARTITION BY (key_column1, ...)], DESCRIPTOR(timecol), datetime interval)",
}

// windowParams are the parameter names of each TVF, for named arguments,
// and how many are mandatory.
var windowParams = map[WindowKind][]string{
	Tumble:   {"DATA", "TIMECOL", "SIZE", "OFFSET"},
	Hop:      {"DATA", "TIMECOL", "SLIDE", "SIZE", "OFFSET"},
	Cumulate: {"DATA", "TIMECOL", "STEP", "SIZE", "OFFSET"},
	Session:  {"DATA", "TIMECOL", "GAP"},
}

// windowTVF binds a window table-valued function in FROM.
func (b *binder) windowTVF(r *sql.TableFunc) (Node, *scope, error) {
	name := strings.ToUpper(r.Name)
	var kind WindowKind
	for i, n := range windowNames {
		if n == name {
			kind = WindowKind(i)
		}
	}
	params := windowParams[kind]
	mandatory := len(params) - 1
	if kind == Session {
		mandatory = len(params)
	}
	// Named arguments (DATA => TABLE t, ...) go to their parameter's slot.
	args := make([]sql.Expr, len(params))
	named := false
	for i, a := range r.Args {
		if na, ok := a.(*sql.NamedArg); ok {
			named = true
			k := -1
			for j, p := range params {
				if strings.EqualFold(p, na.Name.Name) {
					k = j
				}
			}
			if k < 0 {
				return nil, nil, diag.Errorf(na.Pos, diag.SqlValidatorException, "Param '%s' not found in function '%s'; did you mean '%s'?",
					na.Name.Name, name, strings.Join(params, "', '"))
			}
			args[k] = na.Value
			continue
		}
		if named {
			return nil, nil, diag.Errorf(a.ExprPos(), diag.SqlValidatorException, "All arguments of call to function %s should be named", name)
		}
		if i >= len(args) {
			return nil, nil, b.windowSignatureError(r, kind)
		}
		args[i] = a
	}
	for i := 0; i < mandatory; i++ {
		if args[i] == nil {
			if named {
				return nil, nil, diag.Errorf(r.Pos, diag.SqlValidatorException, "No match found for function signature %s", windowSignatures[kind])
			}
			return nil, nil, diag.Errorf(r.Pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting %d arguments", name, mandatory)
		}
	}
	ta, ok := args[0].(*sql.TableArg)
	if !ok {
		return nil, nil, b.windowSignatureError(r, kind)
	}
	in, insc, err := b.tableName(&sql.TableName{Pos: ta.Pos, Name: ta.Name})
	if err != nil {
		return nil, nil, err
	}
	spec := WindowSpec{Kind: kind}
	if len(ta.PartitionBy) > 0 {
		if kind != Session {
			return nil, nil, diag.Errorf(ta.Pos, diag.ValidationException, "Only SESSION window TVF supports PARTITION BY clause.")
		}
		for _, p := range ta.PartitionBy {
			ref, ok := p.(*sql.ColumnRef)
			if !ok {
				return nil, nil, b.windowSignatureError(r, kind)
			}
			i, err := insc.resolve(ref)
			if err != nil {
				return nil, nil, diag.Errorf(ref.Pos, diag.SqlValidatorException, "Unknown identifier '%s'", refText(ref))
			}
			spec.Partition = append(spec.Partition, i)
		}
	}
	desc, ok := args[1].(*sql.Call)
	if !ok || !strings.EqualFold(desc.Name, "DESCRIPTOR") || len(desc.Args) != 1 {
		return nil, nil, b.windowSignatureError(r, kind)
	}
	ref, ok := desc.Args[0].(*sql.ColumnRef)
	if !ok || len(ref.Parts) != 1 {
		return nil, nil, b.windowSignatureError(r, kind)
	}
	col := -1
	for i, c := range insc.cols {
		if c.name == ref.Parts[0].Name {
			col = i
		}
	}
	if col < 0 {
		return nil, nil, diag.Errorf(ref.Pos, diag.SqlValidatorException, "Unknown identifier '%s'", ref.Parts[0].Name)
	}
	tt := insc.cols[col].typ
	if tt.Kind != types.Timestamp && tt.Kind != types.TimestampLTZ {
		return nil, nil, diag.Validation(r.Pos, "The window function %s requires the timecol to be TIMESTAMP or TIMESTAMP_LTZ, but is %s.\n"+
			"Besides, the timecol must be a time attribute type in streaming mode.", windowSignatures[kind], library.CalciteTypeName(tt))
	}
	if !b.p.Batch && tt.Attr == types.Regular {
		return nil, nil, diag.Validation(r.Pos, "The window function requires the timecol is a time attribute type, but is %s.", library.CalciteTypeName(tt))
	}
	spec.TimeCol = col
	spec.LTZ = tt.Kind == types.TimestampLTZ
	spec.Proctime = tt.Attr == types.Proctime
	// The interval operands.
	ms := make([]int64, len(params)-2)
	for i := 2; i < len(args); i++ {
		if args[i] == nil {
			continue
		}
		v, err := b.windowInterval(args[i], r, kind)
		if err != nil {
			return nil, nil, err
		}
		ms[i-2] = v
	}
	switch kind {
	case Tumble:
		spec.Size, spec.Offset = ms[0], ms[1]
	case Hop, Cumulate:
		spec.Slide, spec.Size, spec.Offset = ms[0], ms[1], ms[2]
	case Session:
		spec.Gap = ms[0]
	}
	if spec.Size < 0 || spec.Slide < 0 || spec.Gap < 0 || (kind != Session && spec.Size == 0) || ((kind == Hop || kind == Cumulate) && spec.Slide == 0) || (kind == Session && spec.Gap == 0) {
		return nil, nil, diag.Errorf(r.Pos, diag.IllegalArgument, "%s window parameters must be positive.", windowTitle(kind))
	}
	out := windowTVFSchema(in.Schema(), col, tt, b.p.Batch)
	alias := ""
	if r.Alias != nil {
		alias = r.Alias.Name
	}
	var n Node = &WindowTVF{Input: in, Spec: spec, Out: out}
	sch := out
	if len(r.Columns) > 0 {
		if len(r.Columns) != out.Len() {
			return nil, nil, diag.Errorf(r.Pos, diag.SqlValidatorException,
				"List of column aliases must have same degree as table; table has %d columns ('%s'), whereas alias list has %d columns",
				out.Len(), strings.Join(out.Names(), "', '"), len(r.Columns))
		}
		sch = types.Schema{Columns: make([]types.Column, out.Len())}
		for i, c := range out.Columns {
			sch.Columns[i] = types.Column{Name: r.Columns[i].Name, Type: c.Type}
		}
		n = rename(n, sch)
	}
	return n, scopeOf(sch, alias), nil
}

func windowTitle(k WindowKind) string {
	switch k {
	case Tumble:
		return "Tumbling"
	case Hop:
		return "Hopping"
	case Cumulate:
		return "Cumulative"
	}
	return "Session"
}

// windowInterval evaluates a constant day-time interval operand to
// milliseconds.
func (b *binder) windowInterval(e sql.Expr, r *sql.TableFunc, kind WindowKind) (int64, error) {
	x, err := b.expr(e, &scope{})
	if err != nil {
		return 0, err
	}
	if x.Type().Kind != types.IntervalDayTime {
		return 0, b.windowSignatureError(r, kind)
	}
	v, err := x.Eval(&expr.Ctx{Zone: b.zone()}, nil)
	if err != nil {
		return 0, err
	}
	return v.I, nil
}

// windowSignatureError is Calcite's message for operands of the wrong kind.
func (b *binder) windowSignatureError(r *sql.TableFunc, kind WindowKind) error {
	name := strings.ToUpper(r.Name)
	return diag.Errorf(r.Pos, diag.SqlValidatorException, "Cannot apply '%s' to arguments of type '%s(...)'. Supported form(s): '%s'",
		name, name, windowSignatures[kind])
}

// windowAggregate turns an Aggregate over a window TVF into a
// WindowAggregate when it groups by both window_start and window_end, as
// Flink's planner does; any other grouping over a window TVF stays a
// regular (updating) aggregate. n is what aggregate() built: the Aggregate,
// possibly under a HAVING filter.
func windowAggregate(n Node) (Node, error) {
	if f, ok := n.(*Filter); ok {
		in, err := windowAggregate(f.Input)
		if err != nil {
			return nil, err
		}
		return &Filter{Input: in, Cond: f.Cond}, nil
	}
	a, ok := n.(*Aggregate)
	if !ok {
		return n, nil
	}
	pre, ok := a.Input.(*Project)
	if !ok {
		return n, nil
	}
	tvf := findWindowTVF(pre.Input)
	if tvf == nil {
		return attachedWindowAggregate(a, pre)
	}
	w := tvf.Input.Schema().Len() // window_start, window_end, window_time follow the input
	start, end := -1, -1
	for _, k := range a.Keys {
		if c, ok := expr.ColumnIndex(pre.Exprs[k]); ok {
			switch c {
			case w:
				start = k
			case w + 1:
				end = k
			}
		}
	}
	if start < 0 || end < 0 {
		if tvf.Spec.Kind == Session {
			return nil, diag.Errorf(diag.NoPos, diag.TableException, "Session window TVF must be followed by a window aggregation grouped by window_start and window_end.")
		}
		return n, nil
	}
	spec := tvf.Spec
	if err := checkSliding(spec); err != nil {
		return nil, err
	}
	tvf.Aggregated = true
	out := a.Out
	timeKey := -1
	for _, k := range a.Keys {
		if c, ok := expr.ColumnIndex(pre.Exprs[k]); ok && c == w+2 {
			// window_time grouped stays a time attribute (Flink's cascading
			// window aggregation): a window TVF over the result may use it.
			out.Columns = append([]types.Column(nil), out.Columns...)
			out.Columns[k].Type.Attr = tvf.Out.Columns[w+2].Type.Attr
			timeKey = k
		}
	}
	wa := &WindowAggregate{Input: pre, Keys: a.Keys, Aggs: a.Aggs, Out: out, Spec: spec, StartCol: start, EndCol: end, TimeCol: -1, TimeKeyCol: timeKey}
	if spec.Kind == Session {
		// Carry the row time through the pre-projection for merging.
		exprs := append(append([]expr.Expr(nil), pre.Exprs...), expr.Column(spec.TimeCol, pre.Input.Schema().Columns[spec.TimeCol].Type))
		out := types.Schema{Columns: append(append([]types.Column(nil), pre.Out.Columns...), types.Column{Name: "$rowtime", Type: exprs[len(exprs)-1].Type()})}
		wa.Input = &Project{Input: pre.Input, Exprs: exprs, Out: out}
		wa.TimeCol = len(exprs) - 1
	}
	return wa, nil
}

// checkSliding refuses HOP and CUMULATE windows a window aggregation
// cannot slice, as Flink does.
func checkSliding(spec WindowSpec) error {
	if spec.Kind == Hop && spec.Size%spec.Slide != 0 {
		return diag.Errorf(diag.NoPos, diag.TableException,
			"HOP table function based aggregate requires size must be an integral multiple of slide, but got size %d ms and slide %d ms", spec.Size, spec.Slide)
	}
	if spec.Kind == Cumulate && spec.Size%spec.Slide != 0 {
		return diag.Errorf(diag.NoPos, diag.TableException,
			"CUMULATE table function based aggregate requires maxSize must be an integral multiple of step, but got maxSize %d ms and step %d ms", spec.Size, spec.Slide)
	}
	return nil
}

// findWindowTVF looks through filters and projections that keep the window
// columns in place for the window TVF under n.
func findWindowTVF(n Node) *WindowTVF {
	for {
		switch x := n.(type) {
		case *WindowTVF:
			return x
		case *Filter:
			n = x.Input
		case *Project:
			if !passesColumns(x) {
				return nil
			}
			n = x.Input
		default:
			return nil
		}
	}
}

// passesColumns reports whether a projection forwards its input's columns
// in place (a rename).
func passesColumns(p *Project) bool {
	in := p.Input.Schema()
	if len(p.Exprs) != in.Len() {
		return false
	}
	for i, e := range p.Exprs {
		if j, ok := expr.ColumnIndex(e); !ok || j != i {
			return false
		}
	}
	return true
}

// windowExplain describes a window as Flink's plans do.
func windowExplain(s WindowSpec, in types.Schema) string {
	d := func(ms int64) string { return formatDuration(ms) }
	t := in.Columns[s.TimeCol].Name
	switch s.Kind {
	case Tumble:
		if s.Offset != 0 {
			return "TUMBLE(time_col=[" + t + "], size=[" + d(s.Size) + "], offset=[" + d(s.Offset) + "])"
		}
		return "TUMBLE(time_col=[" + t + "], size=[" + d(s.Size) + "])"
	case Hop:
		return "HOP(time_col=[" + t + "], size=[" + d(s.Size) + "], slide=[" + d(s.Slide) + "])"
	case Cumulate:
		return "CUMULATE(time_col=[" + t + "], max_size=[" + d(s.Size) + "], step=[" + d(s.Slide) + "])"
	}
	return "SESSION(time_col=[" + t + "], gap=[" + d(s.Gap) + "])"
}

// formatDuration prints milliseconds as Flink's plans print durations:
// "10 s", "1 min", "500 ms".
func formatDuration(ms int64) string {
	switch {
	case ms%86400000 == 0:
		return itoa(int(ms/86400000)) + " d"
	case ms%3600000 == 0:
		return itoa(int(ms/3600000)) + " h"
	case ms%60000 == 0:
		return itoa(int(ms/60000)) + " min"
	case ms%1000 == 0:
		return itoa(int(ms/1000)) + " s"
	}
	return itoa(int(ms)) + " ms"
}

// ExplainWindowTVF and ExplainWindowAggregate print the nodes for EXPLAIN.
func ExplainWindowTVF(n *WindowTVF) string {
	return "WindowTableFunction(window=[" + windowExplain(n.Spec, n.Input.Schema()) + "])"
}

// ExplainWindowAggregate prints a WindowAggregate for EXPLAIN.
func ExplainWindowAggregate(n *WindowAggregate) string {
	var tvf *WindowTVF
	if pre, ok := n.Input.(*Project); ok {
		tvf = findWindowTVF(pre.Input)
	}
	win := ""
	if tvf != nil {
		win = windowExplain(n.Spec, tvf.Input.Schema())
	} else if n.Attached {
		win = attachedExplain(n)
	}
	a := &Aggregate{Input: n.Input, Keys: n.Keys, Aggs: n.Aggs, Out: n.Out}
	return "WindowAggregate(window=[" + win + "], " + aggExplain(a) + ")"
}

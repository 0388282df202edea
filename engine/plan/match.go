package plan

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/cep"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Exception classes only MATCH_RECOGNIZE raises.
const (
	calciteException = "org.apache.calcite.runtime.CalciteException"
	codeGenException = "org.apache.flink.table.planner.codegen.CodeGenException"
	assertionError   = "java.lang.AssertionError"
)

// Match is MATCH_RECOGNIZE, Flink's Match node: per partition, rows in
// time order run through the pattern's automaton (engine/cep), and each
// match becomes one row of the partition keys and the measures.
//
// Flink validates some of the clause when it plans the query (EXPLAIN
// shows those errors) and the rest only when it builds the job; BuildErr
// holds the first of the latter, which running the query reports.
type Match struct {
	Input     Node
	Partition []int
	Order     []SortKey // the first key is the time attribute
	// Pre computes, once per input row, the arguments of the aggregates
	// the DEFINE and MEASURES expressions use.
	Pre      []expr.Expr
	Vars     []string // pattern variables, by number, in PATTERN order
	Graph    *cep.Graph
	Defines  []*MatchExpr // by variable; nil: TRUE
	Measures []*MatchExpr
	Within   int64 // WITHIN, in milliseconds; 0 when absent
	Out      types.Schema
	BuildErr error

	explain string // the Match(...) line of EXPLAIN
	logical string // the LogicalMatch(...) line
}

func (n *Match) Schema() types.Schema { return n.Out }
func (n *Match) Inputs() []Node       { return []Node{n.Input} }

// ExplainMatch prints the node as Flink's plans do.
func ExplainMatch(n *Match) string { return n.explain }

// MatchExpr is a DEFINE condition or a measure: Expr over a row of Slots,
// the values the expression reads from the (partial) match.
type MatchExpr struct {
	Slots []MatchSlot
	Expr  expr.Expr
}

// MatchSlotKind says what a slot reads from a match.
type MatchSlotKind uint8

// Slot kinds.
const (
	SlotLast    MatchSlotKind = iota // LAST(v.x, n), v.x: column x of the n-th row of v from the last
	SlotFirst                        // FIRST(v.x, n): of the n-th row of v from the first
	SlotAgg                          // an aggregate over the rows of v
	SlotRowtime                      // MATCH_ROWTIME(): the time the match was found at
)

// MatchSlot is one value read from a match. In a DEFINE condition the rows
// of the variable being defined include the candidate row, and so do the
// rows of the match as a whole (Var -1, a column without a variable).
type MatchSlot struct {
	Kind   MatchSlotKind
	Var    int // -1: every row of the match
	Offset int
	Col    int     // the input column read (navigation)
	Agg    AggCall // SlotAgg: over Pre columns
	Type   types.Type
	text   string // for EXPLAIN
}

// matchFuncs are the functions that only mean something inside
// MATCH_RECOGNIZE (Calcite's "can only be used in MATCH_RECOGNIZE").
var matchFuncs = map[string]bool{"FIRST": true, "LAST": true, "PREV": true, "NEXT": true,
	"CLASSIFIER": true, "MATCH_ROWTIME": true, "MATCH_PROCTIME": true, "MATCH_NUMBER": true}

// matchBinder binds the DEFINE and MEASURES expressions of one
// MATCH_RECOGNIZE.
type matchBinder struct {
	b       *binder
	in      *scope
	inSch   types.Schema
	vars    map[string]int
	names   []string
	pre     []expr.Expr
	preOut  types.Schema
	slots   []MatchSlot
	leaves  map[sql.Expr]expr.Expr
	rowtime types.Type // the ORDER BY time attribute's type
	define  int        // the variable being defined; -1 in MEASURES
	// jobErr is the first error Flink reports only when it builds the job
	// (code generation of the expression being bound).
	jobErr error
}

func (b *binder) matchRecognize(r *sql.MatchRecognize) (Node, *scope, error) {
	in, insc, err := b.from(r.Input)
	if err != nil {
		return nil, nil, err
	}
	saved := b.agg
	b.agg = nil
	defer func() { b.agg = saved }()
	inSch := in.Schema()
	m := &Match{Input: in}
	mb := &matchBinder{b: b, in: insc, inSch: inSch, vars: map[string]int{}}
	for _, v := range r.Pattern.Vars() {
		mb.vars[v.Name] = len(mb.names)
		mb.names = append(mb.names, v.Name)
	}
	m.Vars = mb.names

	// PARTITION BY and ORDER BY: columns of the input.
	for _, p := range r.PartitionBy {
		col, err := mb.column(p, "PARTITION BY")
		if err != nil {
			return nil, nil, err
		}
		m.Partition = append(m.Partition, col)
	}
	var orderErr error
	for k, o := range r.OrderBy {
		col, err := mb.column(o.Expr, "ORDER BY")
		if err != nil {
			return nil, nil, err
		}
		// Calcite: ASC sorts nulls first, DESC last.
		key := SortKey{Col: col, Desc: o.Desc, NullsFirst: !o.Desc}
		m.Order = append(m.Order, key)
		if k == 0 {
			mb.rowtime = inSch.Columns[col].Type
			orderErr = b.matchOrderErr(inSch.Columns[col].Type, o.Desc)
		}
	}
	if len(r.OrderBy) == 0 {
		orderErr = diag.Errorf(diag.NoPos, diag.TableException, "You must specify either rowtime or proctime for order by.")
		if b.p.Batch {
			orderErr = diag.Errorf(diag.NoPos, diag.TableException, "You must specify non-empty order by.")
		}
	}

	// WITHIN, checked by Calcite.
	if r.Within != nil {
		if len(r.OrderBy) == 0 {
			return nil, nil, diag.Errorf(r.Within.ExprPos(), diag.SqlValidatorException, "Must contain an ORDER BY clause when WITHIN is used")
		}
		if k := mb.rowtime.Kind; k != types.Timestamp && k != types.TimestampLTZ {
			return nil, nil, diag.Errorf(r.OrderBy[0].Expr.ExprPos(), diag.SqlValidatorException, "First column of ORDER BY must be of type TIMESTAMP")
		}
		if iv, ok := r.Within.(*sql.IntervalLit); ok && iv.Negative {
			return nil, nil, diag.Errorf(r.Within.ExprPos(), diag.SqlValidatorException, "Interval must be non-negative '%s'", sql.FormatExpr(r.Within))
		}
	}

	// SKIP TO a variable, DEFINE and MEASURES, checked by Calcite.
	skip, skipVar := cep.SkipToNext, -1
	switch r.Skip {
	case sql.SkipPastLastRow:
		skip = cep.SkipPastLast
	case sql.SkipToFirst, sql.SkipToLast, sql.SkipTo:
		v, ok := mb.vars[r.SkipVar.Name]
		if !ok {
			return nil, nil, diag.Errorf(r.SkipVar.Pos, diag.SqlValidatorException, "Unknown pattern '%s'", r.SkipVar.Name)
		}
		skip, skipVar = cep.SkipToLast, v
		if r.Skip == sql.SkipToFirst {
			skip = cep.SkipToFirst
		}
	}
	for _, s := range r.Subsets {
		if _, ok := mb.vars[s.Name.Name]; ok {
			return nil, nil, diag.Errorf(s.Name.Pos, diag.SqlValidatorException, "Pattern variable '%s' has already been defined", s.Name.Name)
		}
		for _, v := range s.Vars {
			if _, ok := mb.vars[v.Name]; !ok {
				return nil, nil, diag.Errorf(v.Pos, diag.SqlValidatorException, "Unknown pattern '%s'", v.Name)
			}
		}
	}
	m.Defines = make([]*MatchExpr, len(mb.names))
	defineErrs := make([]error, len(mb.names))
	defined := map[string]bool{}
	var defineText []string
	for _, d := range r.Defines {
		if defined[d.Var.Name] {
			return nil, nil, diag.Errorf(d.Var.Pos, diag.SqlValidatorException, "Pattern variable '%s' has already been defined", d.Var.Name)
		}
		defined[d.Var.Name] = true
		v, used := mb.vars[d.Var.Name]
		if !used {
			v = -2 // Flink accepts and ignores a DEFINE of a variable PATTERN does not use
		}
		mb.define, mb.jobErr = v, nil
		x, err := mb.bind(d.Cond)
		if err != nil {
			return nil, nil, err
		}
		if k := x.Expr.Type().Kind; k != types.Boolean && k != types.Null {
			return nil, nil, diag.Errorf(d.Cond.ExprPos(), diag.SqlValidatorException, "DEFINE clause must be a condition")
		}
		defineText = append(defineText, d.Var.Name+"="+x.text())
		if used {
			m.Defines[v], defineErrs[v] = x, mb.jobErr
		}
	}
	var out types.Schema
	for _, c := range m.Partition {
		col := inSch.Columns[c]
		col.Type.Attr = types.Regular
		out.Columns = append(out.Columns, col)
	}
	mb.define = -1
	var measureErr error
	aliases := map[string]bool{}
	var measureText []string
	for _, me := range r.Measures {
		if aliases[me.Alias.Name] {
			return nil, nil, diag.Errorf(diag.NoPos, calciteException, "Duplicate name '%s' in MATCH_RECOGNIZE MEASURE alias list", me.Alias.Name)
		}
		aliases[me.Alias.Name] = true
		mb.jobErr = nil
		x, err := mb.bind(me.Expr)
		if err != nil {
			return nil, nil, err
		}
		if measureErr == nil {
			measureErr = mb.jobErr
		}
		m.Measures = append(m.Measures, x)
		t := x.Expr.Type()
		if !isMatchRowtime(x) {
			t.Attr = types.Regular
		}
		out.Columns = append(out.Columns, types.Column{Name: me.Alias.Name, Type: t})
		measureText = append(measureText, "FINAL("+x.text()+") AS "+me.Alias.Name)
	}
	m.Pre = mb.pre

	// Checked by Flink's planner.
	if r.AllRows {
		return nil, nil, diag.Errorf(r.RowsPos, diag.TableException, "All rows per match mode is not supported yet.")
	}
	var ambiguous []string
	for _, c := range m.Partition {
		if aliases[inSch.Columns[c].Name] {
			ambiguous = append(ambiguous, inSch.Columns[c].Name)
		}
	}
	if len(ambiguous) > 0 || len(r.Measures) == 0 && len(m.Partition) != inSch.Len() {
		return nil, nil, diag.Errorf(r.Pos, diag.ValidationException, "Columns ambiguously defined: {%s}", strings.Join(ambiguous, ", "))
	}
	if len(r.Measures) == 0 {
		out = types.Schema{Columns: append([]types.Column(nil), inSch.Columns...)}
	}
	if Updating(in) {
		return nil, nil, diag.Errorf(r.Pos, diag.TableException,
			"Match Recognize doesn't support consuming %s changes which is produced by node %s", changeKinds(in), updatingNodeName(in))
	}

	// What Flink checks when it builds the job, in its order: ORDER BY,
	// then per variable its DEFINE and its quantifier, WITHIN, the
	// pattern as a whole, then MEASURES.
	elems, err := mb.elements(r.Pattern, defineErrs)
	within := int64(0)
	if err == nil && r.Within != nil {
		within, err = mb.within(r.Within)
	}
	if err == nil {
		m.Graph, err = cep.Compile(elems, mb.names, within, skip, skipVar)
	}
	if err == nil {
		err = measureErr
	}
	m.Within = within
	if orderErr != nil {
		err = orderErr
	}
	m.BuildErr = err

	if len(r.Columns) > 0 {
		if len(r.Columns) != out.Len() {
			return nil, nil, diag.Errorf(r.Pos, diag.SqlValidatorException,
				"List of column aliases must have same degree as table; table has %d columns ('%s'), whereas alias list has %d columns",
				out.Len(), strings.Join(out.Names(), "', '"), len(r.Columns))
		}
		for i := range out.Columns {
			out.Columns[i].Name = r.Columns[i].Name
		}
	}
	m.Out = out
	m.explain, m.logical = mb.explainLines(r, m, measureText, defineText)
	alias := ""
	if r.Alias != nil {
		alias = r.Alias.Name
	}
	return m, scopeOf(out, alias), nil
}

// matchOrderErr is Flink's check of the first ORDER BY key, made when it
// builds the job.
func (b *binder) matchOrderErr(t types.Type, desc bool) error {
	if b.p.Batch {
		if t.Kind != types.Timestamp && t.Kind != types.TimestampLTZ {
			return diag.Errorf(diag.NoPos, diag.TableException, "You must specify time point for order by as the first one.")
		}
		if desc {
			return diag.Errorf(diag.NoPos, diag.TableException, "Primary sort order of a table must be ascending on time.")
		}
		return nil
	}
	if t.Attr == types.Regular {
		return diag.Errorf(diag.NoPos, diag.TableException, "You must specify either rowtime or proctime for order by as the first one.")
	}
	if desc {
		return diag.Errorf(diag.NoPos, diag.TableException, "Primary sort order of a streaming table must be ascending on time.")
	}
	return nil
}

// column binds a PARTITION BY or ORDER BY key, a column of the input.
func (mb *matchBinder) column(e sql.Expr, clause string) (int, error) {
	x, err := mb.b.expr(e, mb.in)
	if err != nil {
		return 0, err
	}
	col, ok := expr.ColumnIndex(x)
	if !ok {
		return 0, diag.Errorf(e.ExprPos(), diag.TableException, "Only columns of the input are supported in %s of MATCH_RECOGNIZE.", clause)
	}
	return col, nil
}

// within converts WITHIN's interval to milliseconds.
func (mb *matchBinder) within(e sql.Expr) (int64, error) {
	x, err := mb.b.expr(e, mb.in)
	if err != nil {
		return 0, err
	}
	if x.Type().Kind != types.IntervalDayTime {
		return 0, diag.Errorf(diag.NoPos, diag.TableException, "Only constant intervals with millisecond resolution are supported as time constraints of patterns.")
	}
	v, err := x.Eval(&expr.Ctx{}, nil)
	if err != nil {
		return 0, err
	}
	return v.I, nil
}

// elements flattens PATTERN into its variables with their quantifiers, as
// Flink's pattern translation visits it, with its errors: per variable in
// order, its DEFINE's, then its quantifier's (cep.Compile checks the
// quantifiers themselves).
func (mb *matchBinder) elements(p *sql.PatternNode, defineErrs []error) ([]cep.Element, error) {
	var out []cep.Element
	seen := map[string]bool{}
	var walk func(n *sql.PatternNode) error
	walk = func(n *sql.PatternNode) error {
		switch n.Kind {
		case sql.PatVar:
			if seen[n.Var.Name] {
				return diag.Errorf(diag.NoPos, diag.TableException, "Pattern variables must be unique. That might change in the future.")
			}
			seen[n.Var.Name] = true
			v := mb.vars[n.Var.Name]
			if err := defineErrs[v]; err != nil {
				return err
			}
			out = append(out, cep.Element{Var: v, Min: n.Min, Max: n.Max, Reluctant: n.Reluctant && n.Min != n.Max})
			return nil
		case sql.PatConcat:
			if n.Quant != "" {
				return diag.Errorf(diag.NoPos, diag.TableException, "Expression not supported: %s Group patterns are not supported yet.", patternDigest(n, false))
			}
			for _, it := range n.Items {
				if err := walk(it); err != nil {
					return err
				}
			}
			return nil
		case sql.PatAlt:
			return diag.Errorf(diag.NoPos, diag.TableException, "Expression not supported: %s. Currently, CEP doesn't support branching patterns.", patternDigest(n, false))
		case sql.PatPermute:
			return diag.Errorf(diag.NoPos, diag.TableException, "Expression not supported: %s. Currently, CEP doesn't support PERMUTE patterns.", patternDigest(n, false))
		}
		return diag.Errorf(diag.NoPos, diag.TableException, "Expression not supported: %s. Currently, CEP doesn't support '{-' '-}' patterns.", patternDigest(n, false))
	}
	if err := walk(p); err != nil {
		return nil, err
	}
	return out, nil
}

// patternDigest prints a pattern as Calcite's RexNode digest: variables as
// string literals, concatenation as a nameless binary call nested to the
// left, quantifiers as PATTERN_QUANTIFIER(x, min, max, reluctant).
func patternDigest(n *sql.PatternNode, withQuant bool) string {
	var s string
	switch n.Kind {
	case sql.PatVar:
		s = "_UTF-16LE'" + n.Var.Name + "'"
	case sql.PatConcat, sql.PatAlt:
		op := ""
		if n.Kind == sql.PatAlt {
			op = "|"
		}
		s = patternDigest(n.Items[0], true)
		for _, it := range n.Items[1:] {
			s = op + "(" + s + ", " + patternDigest(it, true) + ")"
		}
	case sql.PatPermute:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			parts[i] = patternDigest(it, true)
		}
		s = "PATTERN_PERMUTE(" + strings.Join(parts, ", ") + ")"
	case sql.PatExclude:
		s = "PATTERN_EXCLUDE(" + patternDigest(n.Items[0], true) + ")"
	}
	if withQuant && n.Quant != "" {
		s = fmt.Sprintf("PATTERN_QUANTIFIER(%s, %d, %d, %t)", s, n.Min, n.Max, n.Reluctant && n.Min != n.Max)
	}
	return s
}

// isMatchRowtime reports whether a measure is MATCH_ROWTIME() itself,
// which stays a rowtime attribute.
func isMatchRowtime(x *MatchExpr) bool {
	i, ok := expr.ColumnIndex(x.Expr)
	return ok && i < len(x.Slots) && x.Slots[i].Kind == SlotRowtime
}

// text prints the expression for EXPLAIN, each slot as it was bound to
// print: in DEFINE as Calcite's digest (PREV(A.$1, 0)), in MEASURES with
// column names (A.price).
func (x *MatchExpr) text() string {
	subst := make([]string, len(x.Slots))
	for i, s := range x.Slots {
		subst[i] = s.text
	}
	return substRefs(x.Expr, subst)
}

// bind binds a DEFINE condition (of mb.define) or a measure (mb.define -1).
func (mb *matchBinder) bind(e sql.Expr) (*MatchExpr, error) {
	mb.slots = nil
	mb.leaves = map[sql.Expr]expr.Expr{}
	if err := mb.collect(e); err != nil {
		return nil, err
	}
	x, err := mb.bound(e)
	if err != nil {
		return nil, err
	}
	return &MatchExpr{Slots: mb.slots, Expr: x}, nil
}

// bound binds e over the slots, its reads of the match already in leaves.
func (mb *matchBinder) bound(e sql.Expr) (expr.Expr, error) {
	b := mb.b
	saved := b.matchLeaves
	b.matchLeaves = mb.leaves
	defer func() { b.matchLeaves = saved }()
	return b.expr(e, &scope{})
}

// collect finds the reads of the match in e (columns, navigations,
// aggregates, MATCH_ROWTIME) and binds each into leaves.
func (mb *matchBinder) collect(e sql.Expr) error {
	var err error
	walkExpr(e, func(x sql.Expr) bool {
		if err != nil {
			return false
		}
		var done bool
		done, err = mb.leaf(x)
		return err == nil && !done
	})
	return err
}

// jobError records an error Flink gives only when it builds the job.
func (mb *matchBinder) jobError(err error) {
	if mb.jobErr == nil {
		mb.jobErr = err
	}
}

// leaf binds x into leaves when it reads the match; done is false when x
// is an ordinary operator whose operands are to be visited.
func (mb *matchBinder) leaf(x sql.Expr) (bool, error) {
	switch x := x.(type) {
	case *sql.ColumnRef:
		v, col, err := mb.ref(x)
		if err != nil {
			return true, err
		}
		text := mb.varName(v) + "." + mb.inSch.Columns[col].Name
		if mb.define != -1 {
			text = "LAST(" + mb.varName(v) + ".$" + strconv.Itoa(col) + ", 0)"
			if v == mb.define {
				text = "PREV(" + mb.varName(v) + ".$" + strconv.Itoa(col) + ", 0)"
			}
		}
		mb.leaves[x] = mb.slot(MatchSlot{Kind: SlotLast, Var: v, Col: col, text: text})
		return true, nil
	case *sql.Call:
		name := strings.ToUpper(x.Name)
		switch {
		case x.Over != nil:
			return false, nil
		case name == "FIRST" || name == "LAST" || name == "PREV" || name == "NEXT":
			return true, mb.navigation(x, name)
		case name == "MATCH_ROWTIME":
			return true, mb.matchRowtime(x)
		case name == "MATCH_PROCTIME":
			if len(x.Args) != 0 {
				return true, diag.Errorf(x.Pos, diag.SqlValidatorException, "Invalid number of arguments to function 'MATCH_PROCTIME'. Was expecting 0 arguments")
			}
			mb.leaves[x] = &procTime{p: mb.b.p}
			return true, nil
		case name == "CLASSIFIER" || name == "MATCH_NUMBER":
			if len(x.Args) != 0 {
				return true, diag.Errorf(x.Pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting 0 arguments", name)
			}
			// Calcite types them; Flink's code generator has no case for them.
			mb.jobError(diag.Errorf(diag.NoPos, codeGenException,
				"Unsupported call: %s() \nIf you think this function should be supported, you can create an issue and start a discussion for it.", name))
			t := types.VarcharN(2000).WithNullable(false)
			if name == "MATCH_NUMBER" {
				t = types.Int64.WithNullable(false)
			}
			mb.leaves[x] = expr.Literal(types.Value{Null: true}, t.WithNullable(true))
			return true, nil
		}
		if c, ok := isAggCall(x); ok {
			return true, mb.aggregate(c)
		}
	}
	return false, nil
}

func (mb *matchBinder) varName(v int) string {
	if v < 0 {
		return "*"
	}
	return mb.names[v]
}

// ref resolves a column of the match: VAR.col, or col (every row, -1).
func (mb *matchBinder) ref(r *sql.ColumnRef) (int, int, error) {
	v, parts := -1, r.Parts
	if len(parts) >= 2 {
		if i, ok := mb.vars[parts[0].Name]; ok {
			v, parts = i, parts[1:]
		}
	}
	x, err := mb.b.expr(&sql.ColumnRef{Pos: parts[0].Pos, Parts: parts}, mb.in)
	if err != nil {
		return 0, 0, err
	}
	col, ok := expr.ColumnIndex(x)
	if !ok {
		return 0, 0, diag.Errorf(r.Pos, diag.TableException, "Nested fields are not supported in MATCH_RECOGNIZE: %s", sql.FormatExpr(r))
	}
	return v, col, nil
}

// slot adds a slot (or finds an equal one) and returns its column.
func (mb *matchBinder) slot(s MatchSlot) expr.Expr {
	if s.Kind == SlotLast || s.Kind == SlotFirst {
		t := mb.inSch.Columns[s.Col].Type.WithNullable(true)
		t.Attr = types.Regular
		s.Type = t
	}
	for i, have := range mb.slots {
		if have.Kind == s.Kind && have.Var == s.Var && have.Offset == s.Offset && have.Col == s.Col && have.text == s.text &&
			s.Kind != SlotAgg {
			return expr.Column(i, have.Type)
		}
	}
	mb.slots = append(mb.slots, s)
	return expr.Column(len(mb.slots)-1, s.Type)
}

// withOffset is the navigation as Calcite prints it, with its default
// offset written out.
func withOffset(c *sql.Call, def int) string {
	if len(c.Args) == 1 {
		cc := *c
		cc.Args = append([]sql.Expr{c.Args[0]}, &sql.Literal{Kind: sql.ExactLit, Text: strconv.Itoa(def)})
		return sql.FormatExpr(&cc)
	}
	return sql.FormatExpr(c)
}

// navigation binds FIRST, LAST, PREV or NEXT: Calcite pushes the
// navigation down to each column of its operand, which must read one
// variable.
func (mb *matchBinder) navigation(c *sql.Call, name string) error {
	def := 0
	if name == "PREV" || name == "NEXT" {
		def = 1
	}
	if len(c.Args) < 1 || len(c.Args) > 2 {
		return diag.Errorf(c.Pos, diag.SqlValidatorException, "Invalid number of arguments to function '%s'. Was expecting 2 arguments", name)
	}
	if (name == "PREV" || name == "NEXT") && mb.define == -1 {
		return diag.Errorf(c.Pos, diag.SqlValidatorException, "Cannot use PREV/NEXT in MEASURE '%s'", withOffset(c, def))
	}
	off := def
	if len(c.Args) == 2 {
		lit, ok := c.Args[1].(*sql.Literal)
		n, err := 0, error(nil)
		if ok && lit.Kind == sql.ExactLit {
			n, err = strconv.Atoi(lit.Text)
		}
		if !ok || lit.Kind != sql.ExactLit || err != nil || n < 0 {
			return diag.Errorf(c.Args[1].ExprPos(), diag.SqlValidatorException, "Cannot apply '%s' to arguments of type '%s(<ANY>, <%s>)'", name, name, "INTEGER")
		}
		off = n
	}
	// what the operand reads
	vars := map[int]bool{}
	var err error
	walkExpr(c.Args[0], func(x sql.Expr) bool {
		if err != nil {
			return false
		}
		switch x := x.(type) {
		case *sql.ColumnRef:
			v := -1
			if len(x.Parts) >= 2 {
				if i, ok := mb.vars[x.Parts[0].Name]; ok {
					v = i
				}
			}
			vars[v] = true
		case *sql.Call:
			n := strings.ToUpper(x.Name)
			if n == "FIRST" || n == "LAST" || n == "PREV" || n == "NEXT" {
				if name == "FIRST" || name == "LAST" {
					err = diag.Errorf(x.Pos, diag.SqlValidatorException, "Cannot nest PREV/NEXT under LAST/FIRST '%s'", withOffset(x, map[bool]int{true: 1}[n == "PREV" || n == "NEXT"]))
				} else {
					err = diag.Errorf(x.Pos, diag.TableException, "Nested navigation functions are not supported in MATCH_RECOGNIZE: %s", withOffset(c, def))
				}
				return false
			}
			if _, ok := isAggCall(x); ok {
				err = diag.Errorf(c.Pos, diag.SqlValidatorException, "Cannot use aggregation in navigation '%s'", withOffset(c, def))
				return false
			}
		}
		return true
	})
	if err != nil {
		return err
	}
	if len(vars) > 1 {
		return diag.Errorf(c.Pos, diag.SqlValidatorException, "Multiple pattern variables in '%s'", withOffset(c, def))
	}
	if len(vars) == 0 {
		return diag.Errorf(c.Pos, diag.SqlValidatorException, "Null parameters in '%s'", withOffset(c, def))
	}
	kind := SlotLast
	if name == "FIRST" {
		kind = SlotFirst
	}
	// bind the operand with each column read through the navigation
	walkExpr(c.Args[0], func(x sql.Expr) bool {
		if err != nil {
			return false
		}
		ref, ok := x.(*sql.ColumnRef)
		if !ok {
			return true
		}
		v, col, e := mb.ref(ref)
		if e != nil {
			err = e
			return false
		}
		fn := name
		if mb.define == -1 {
			mb.leaves[ref] = mb.slot(MatchSlot{Kind: kind, Var: v, Offset: off, Col: col,
				text: fmt.Sprintf("%s(%s.%s, %d)", fn, mb.varName(v), mb.inSch.Columns[col].Name, off)})
			return false
		}
		// Calcite's NavigationReplacer makes PREV of another variable
		// LAST; Flink runs PREV of the variable being defined, and NEXT,
		// only at offset 0 (the candidate row).
		switch {
		case fn == "PREV" && v != mb.define:
			fn = "LAST"
		case (fn == "PREV" || fn == "NEXT") && off != 0:
			mb.jobError(diag.Errorf(diag.NoPos, diag.TableException, "Flink does not support physical offsets within partition."))
		}
		mb.leaves[ref] = mb.slot(MatchSlot{Kind: kind, Var: v, Offset: off, Col: col,
			text: fmt.Sprintf("%s(%s.$%d, %d)", fn, mb.varName(v), col, off)})
		return false
	})
	if err != nil {
		return err
	}
	x, err := mb.bound(c.Args[0])
	if err != nil {
		return err
	}
	mb.leaves[c] = x
	return nil
}

// matchRowtime binds MATCH_ROWTIME([rowtime]).
func (mb *matchBinder) matchRowtime(c *sql.Call) error {
	switch len(c.Args) {
	case 0:
		if mb.rowtime.Kind == types.TimestampLTZ && mb.rowtime.Attr == types.Rowtime {
			return diag.Errorf(c.Pos, assertionError, "MATCH_ROWTIME(rowtimeField) should be used when input stream contains rowtime attribute with TIMESTAMP_LTZ type.\n"+
				"Please pass rowtime attribute field as input argument of MATCH_ROWTIME(rowtimeField) function.")
		}
		t := types.TimestampOf(3).WithNullable(false)
		t.Attr = types.Rowtime
		mb.leaves[c] = mb.slot(MatchSlot{Kind: SlotRowtime, Var: -1, Type: t, text: "MATCH_ROWTIME()"})
		return nil
	case 1:
		ref, ok := c.Args[0].(*sql.ColumnRef)
		if !ok {
			return diag.Errorf(c.Pos, diag.ValidationException,
				"The function MATCH_ROWTIME requires a field reference as argument, but actual argument is not a simple field reference.")
		}
		_, col, err := mb.ref(ref)
		if err != nil {
			return err
		}
		t := mb.inSch.Columns[col].Type
		if t.Attr != types.Rowtime {
			return diag.Errorf(c.Pos, diag.ValidationException,
				"The function MATCH_ROWTIME requires argument to be a row time attribute type, but is '%s'.", t.WithNullable(true).String())
		}
		mb.leaves[c] = mb.slot(MatchSlot{Kind: SlotRowtime, Var: -1, Type: t.WithNullable(false),
			text: "MATCH_ROWTIME(*." + mb.inSch.Columns[col].Name + ")"})
		return nil
	}
	return diag.Errorf(c.Pos, diag.ValidationException, "Invalid number of arguments to function 'MATCH_ROWTIME'. Was expecting 0 arguments")
}

// aggregate binds an aggregate over the rows of one variable.
func (mb *matchBinder) aggregate(c *sql.Call) error {
	if c.Distinct {
		return diag.Errorf(c.Pos, diag.SqlValidatorException, "DISTINCT/ALL not allowed with %s function", sql.FormatExpr(c))
	}
	vars := map[int]bool{}
	stripped := *c
	stripped.Args = make([]sql.Expr, len(c.Args))
	var err error
	for i, a := range c.Args {
		stripped.Args[i] = mapExpr(a, func(x sql.Expr) sql.Expr {
			switch x := x.(type) {
			case *sql.ColumnRef:
				v, parts := -1, x.Parts
				if len(parts) >= 2 {
					if i, ok := mb.vars[parts[0].Name]; ok {
						v, parts = i, parts[1:]
					}
				}
				vars[v] = true
				return &sql.ColumnRef{Pos: parts[0].Pos, Parts: parts}
			case *sql.Call:
				if _, ok := isAggCall(x); ok && err == nil {
					err = diag.Errorf(x.Pos, diag.SqlValidatorException, "Aggregate expressions cannot be nested")
				}
				if matchFuncs[strings.ToUpper(x.Name)] && err == nil {
					err = diag.Errorf(x.Pos, diag.SqlValidatorException, "Cannot use aggregation in navigation '%s'", sql.FormatExpr(x))
				}
			}
			return nil
		})
	}
	if err != nil {
		return err
	}
	if len(vars) > 1 {
		if library.AggregateKind(c.Name) == library.AggCount {
			return diag.Errorf(c.Pos, diag.SqlValidatorException, "Invalid number of parameters to COUNT method")
		}
		return diag.Errorf(c.Pos, diag.SqlValidatorException, "Multiple pattern variables in '%s'", sql.FormatExpr(c))
	}
	v := -1
	for k := range vars {
		v = k
	}
	if len(vars) == 0 && !c.Star && len(c.Args) > 0 {
		mb.jobError(diag.Errorf(diag.NoPos, diag.TableException, "No pattern variable specified in aggregate"))
	}
	calls, post, err := mb.b.aggCall(&stripped, mb.in, &mb.pre, &mb.preOut)
	if err != nil {
		return err
	}
	cols := make([]expr.Expr, len(calls))
	for i, call := range calls {
		args := make([]string, 0, 1+len(call.MoreArgs))
		if call.Arg >= 0 {
			args = append(args, mb.preText(call.Arg, v))
		}
		for _, a := range call.MoreArgs {
			args = append(args, mb.preText(a, v))
		}
		mb.slots = append(mb.slots, MatchSlot{Kind: SlotAgg, Var: v, Agg: call, Type: call.Type,
			text: call.Name + "(" + strings.Join(args, ", ") + ")"})
		cols[i] = expr.Column(len(mb.slots)-1, call.Type)
	}
	if post != nil {
		x, err := post(cols)
		if err != nil {
			return err
		}
		mb.leaves[c] = x
		return nil
	}
	mb.leaves[c] = cols[0]
	return nil
}

// preText prints an aggregate's argument with its columns read from v.
func (mb *matchBinder) preText(i, v int) string {
	x := mb.pre[i]
	names := make([]string, mb.inSch.Len())
	for k, c := range mb.inSch.Columns {
		if mb.define != -1 {
			names[k] = mb.varName(v) + ".$" + strconv.Itoa(k)
		} else {
			names[k] = mb.varName(v) + "." + c.Name
		}
	}
	return substRefs(x, names)
}

// explainLines prints the physical Match(...) node and the LogicalMatch.
func (mb *matchBinder) explainLines(r *sql.MatchRecognize, m *Match, measures, defines []string) (string, string) {
	in := mb.inSch
	var parts []string
	if len(m.Partition) > 0 {
		parts = append(parts, "partitionBy=["+colNames(in, m.Partition)+"]")
	}
	if len(m.Order) > 0 {
		var os []string
		for _, k := range m.Order {
			dir := " ASC"
			if k.Desc {
				dir = " DESC"
			}
			os = append(os, in.Columns[k.Col].Name+dir)
		}
		parts = append(parts, "orderBy=["+strings.Join(os, ", ")+"]")
	}
	if len(measures) > 0 {
		parts = append(parts, "measures=["+strings.Join(measures, ", ")+"]")
	}
	rows := "ONE ROW PER MATCH"
	if r.AllRows {
		rows = "ALL ROWS PER MATCH"
	}
	parts = append(parts, "rowsPerMatch=["+rows+"]")
	after := matchAfter(r)
	parts = append(parts, "after=["+after+"]")
	pattern := patternDigest(r.Pattern, true)
	parts = append(parts, "pattern=["+pattern+"]")
	if len(r.Subsets) > 0 {
		var ss []string
		for _, s := range r.Subsets {
			var vs []string
			for _, v := range s.Vars {
				vs = append(vs, v.Name)
			}
			ss = append(ss, s.Name.Name+" = ("+strings.Join(vs, ", ")+")")
		}
		parts = append(parts, "subset=["+strings.Join(ss, ", ")+"]")
	}
	parts = append(parts, "define=[{"+strings.Join(defines, ", ")+"}]")
	physical := "Match(" + strings.Join(parts, ", ") + ")"

	var part []string
	for _, c := range m.Partition {
		part = append(part, strconv.Itoa(c))
	}
	var order []string
	for _, k := range m.Order {
		s := strconv.Itoa(k.Col)
		if k.Desc {
			s += " DESC"
		} else {
			s += " ASC"
		}
		if k.NullsFirst {
			s += "-nulls-first"
		} else {
			s += "-nulls-last"
		}
		order = append(order, s)
	}
	var defs []string
	for _, d := range defines {
		_, text, _ := strings.Cut(d, "=")
		defs = append(defs, text)
	}
	logicalAfter := "FLAG(" + after + ")"
	if r.SkipVar != nil {
		kind := "SKIP TO LAST"
		if r.Skip == sql.SkipToFirst {
			kind = "SKIP TO FIRST"
		}
		logicalAfter = kind + "(_UTF-16LE'" + r.SkipVar.Name + "')"
	}
	logical := "LogicalMatch(partition=[[" + strings.Join(part, ", ") + "]], order=[[" + strings.Join(order, ", ") +
		"]], outputFields=[[" + strings.Join(m.Out.Names(), ", ") + "]], allRows=[" + strconv.FormatBool(r.AllRows) +
		"], after=[" + logicalAfter + "], pattern=[" + pattern + "], isStrictStarts=[" + strconv.FormatBool(r.StartAnchor) +
		"], isStrictEnds=[" + strconv.FormatBool(r.EndAnchor) + "], subsets=[[]], patternDefinitions=[[" + strings.Join(defs, ", ") +
		"]], inputFields=[[" + strings.Join(in.Names(), ", ") + "]])"
	return physical, logical
}

func matchAfter(r *sql.MatchRecognize) string {
	switch r.Skip {
	case sql.SkipPastLastRow:
		return "SKIP PAST LAST ROW"
	case sql.SkipToFirst:
		return "SKIP TO FIRST _UTF-16LE'" + r.SkipVar.Name + "'"
	case sql.SkipToLast, sql.SkipTo:
		return "SKIP TO LAST _UTF-16LE'" + r.SkipVar.Name + "'"
	}
	return "SKIP TO NEXT ROW"
}

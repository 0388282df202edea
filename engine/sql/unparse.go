package sql

import (
	"slices"
	"strings"

	"github.com/flinkplay/flinkplay/engine/types"
)

// FormatExpr returns Flink's canonical SQL text of an expression, as SHOW
// CREATE TABLE prints computed columns and watermarks (Calcite's unparse in
// Flink's dialect): identifiers in backticks, keywords and function names
// upper case, string literals quoted with ” escapes, parentheses only where
// precedence needs them.
func FormatExpr(e Expr) string {
	var w unparser
	w.expr(e, precArg)
	return w.b.String()
}

// FormatQuery returns Flink's canonical SQL text of a query, one clause per
// line, as SHOW CREATE VIEW prints a view's query.
func FormatQuery(q Query) string {
	var w unparser
	w.query(q)
	return w.b.String()
}

type unparser struct {
	b strings.Builder
	// onComma holds the joins a comma follows whose text ends with their
	// ON condition (onLast), which tableRef parenthesizes.
	onComma map[*Join]bool
}

func (w *unparser) s(parts ...string) {
	for _, p := range parts {
		w.b.WriteString(p)
	}
}

// Calcite's operator precedences; higher binds tighter.
const (
	precNamed   = 20 // name => value binds loosest of all
	precOr      = 22
	precAnd     = 24
	precNot     = 26
	precIs      = 28
	precCompare = 30
	precBetween = 32
	precAdd     = 40
	precMul     = 60
	precPrefix  = 80
)

func binaryPrec(op BinaryOp) (int, string) {
	switch op {
	case OpAdd:
		return precAdd, "+"
	case OpSub:
		return precAdd, "-"
	case OpMul:
		return precMul, "*"
	case OpDiv:
		return precMul, "/"
	case OpMod:
		return precMul, "%"
	case OpConcat:
		return precMul, "||"
	case OpEq:
		return precCompare, "="
	case OpNe:
		return precCompare, "<>"
	case OpLt:
		return precCompare, "<"
	case OpLe:
		return precCompare, "<="
	case OpGt:
		return precCompare, ">"
	case OpGe:
		return precCompare, ">="
	case OpAnd:
		return precAnd, "AND"
	case OpOr:
		return precOr, "OR"
	case OpIsDistinctFrom:
		return precCompare, "IS DISTINCT FROM"
	case OpIsNotDistinctFrom:
		return precCompare, "IS NOT DISTINCT FROM"
	}
	return precCompare, "?"
}

// prec returns the precedence of e's top operator; primaries bind tightest.
func prec(e Expr) int {
	switch e := e.(type) {
	case *Binary:
		p, _ := binaryPrec(e.Op)
		return p
	case *Unary:
		if e.Op == OpNot {
			return precNot
		}
		return precPrefix
	case *IsPredicate:
		return precIs
	case *Between, *Like, *In, *Exists:
		// EXISTS too: the grammar takes it only where a condition goes, so
		// b = EXISTS (...) and -EXISTS (...) need parentheses
		return precBetween
	case *NamedArg:
		// the grammar takes a named argument as an operand too, (A => 0) % 0
		return precNamed
	}
	return 100
}

// quoteIdent quotes an identifier with backticks, doubling backticks inside.
func quoteIdent(name string) string {
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}

func quoteString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

func (w *unparser) idents(ids []Ident) {
	for k, id := range ids {
		if k > 0 {
			w.s(".")
		}
		w.s(quoteIdent(id.Name))
	}
}

// precArg is the min of a function's argument (and of FormatExpr's whole
// expression): the one place a named argument goes without parentheses.
// The parser takes the value of name => value up to the next comma or the
// end of the enclosing parentheses, so anywhere else (CASE a => 1 WHEN,
// PARTITION BY a => 1 ORDER BY) it would swallow what follows.
const precArg = -1

// expr writes e, in parentheses when its precedence is below min.
func (w *unparser) expr(e Expr, min int) {
	if e == nil {
		return
	}
	if _, named := e.(*NamedArg); prec(e) < min || named && min != precArg {
		w.s("(")
		defer w.s(")")
	}
	switch e := e.(type) {
	case *ColumnRef:
		w.idents(e.Parts)
	case *Literal:
		w.literal(e)
	case *IntervalLit:
		w.s("INTERVAL ")
		if e.Negative {
			w.s("-")
		}
		w.s(quoteString(e.Value), " ", intervalQualifier(e))
	case *Unary:
		switch e.Op {
		case OpNot:
			w.s("NOT ")
			w.expr(e.X, precNot)
		case OpNeg:
			w.s("-")
			w.expr(e.X, precPrefix+1) // parenthesize a nested sign: "--" would start a comment
		case OpPlus:
			w.s("+")
			w.expr(e.X, precPrefix+1)
		}
	case *Binary:
		p, op := binaryPrec(e.Op)
		left, right := p, p+1 // left-associative: an equal right operand needs parentheses
		if p == precCompare {
			// comparisons do not chain in the parser's grammar, nor take
			// BETWEEN, LIKE, IN or EXISTS as an operand: (a = b) = c and
			// (a IN (1)) = b keep their parentheses
			left, right = precBetween+1, precBetween+1
		}
		w.expr(e.L, left)
		w.s(" ", op, " ")
		w.expr(e.R, right)
	case *IsPredicate:
		// left-associative, as Calcite prints a postfix operator: a IS
		// NULL IS FALSE (with parentheses, WITHIN INTERVAL '1' SECOND IS
		// NULL IS NULL would not start with the INTERVAL its grammar wants)
		w.expr(e.X, precIs)
		w.s(" IS ")
		if e.Not {
			w.s("NOT ")
		}
		w.s(e.What)
	case *Between:
		w.expr(e.X, precBetween+1)
		if e.Not {
			w.s(" NOT")
		}
		if e.Symmetric {
			w.s(" BETWEEN SYMMETRIC ")
		} else {
			w.s(" BETWEEN ASYMMETRIC ")
		}
		w.expr(e.Lo, precBetween+1)
		w.s(" AND ")
		w.expr(e.Hi, precBetween+1)
	case *Like:
		w.expr(e.X, precBetween+1)
		if e.Not {
			w.s(" NOT")
		}
		if e.Similar {
			w.s(" SIMILAR TO ")
			// TO is no reserved word: SIMILAR TO (-1)
			w.keywordOperand(e.Pattern, precBetween+1, true)
		} else {
			w.s(" LIKE ")
			w.expr(e.Pattern, precBetween+1)
		}
		if e.Escape != nil {
			w.s(" ESCAPE ")
			w.expr(e.Escape, precBetween+1)
		}
	case *In:
		w.expr(e.X, precBetween+1)
		if e.Not {
			w.s(" NOT")
		}
		w.s(" IN (")
		if e.Subquery != nil {
			w.query(e.Subquery)
		} else {
			w.args(e.List)
		}
		w.s(")")
	case *Exists:
		w.s("EXISTS (")
		w.query(e.Subquery)
		w.s(")")
	case *ScalarSubquery:
		w.s("(")
		w.query(e.Query)
		w.s(")")
	case *Case:
		w.s("CASE")
		if e.Operand != nil {
			w.s(" ")
			w.expr(e.Operand, 0)
		}
		for _, wh := range e.Whens {
			w.s(" WHEN ")
			w.expr(wh.Cond, 0)
			w.s(" THEN ")
			w.expr(wh.Result, 0)
		}
		if e.Else != nil {
			w.s(" ELSE ")
			w.expr(e.Else, 0)
		}
		w.s(" END")
	case *Cast:
		if e.Try {
			w.s("TRY_CAST(")
		} else {
			w.s("CAST(")
		}
		w.expr(e.X, 0)
		w.s(" AS ", castType(e.Type), ")")
	case *Call:
		w.call(e)
	case *Symbol:
		w.s(e.Name)
	case *TableArg:
		if len(e.PartitionBy) > 0 && min != precArg {
			// outside an argument list, TABLE t PARTITION BY k IS NULL
			// would partition by k IS NULL, and inside MATCH_RECOGNIZE
			// its PARTITION would start a clause
			w.s("(")
			defer w.s(")")
			min = precArg
		}
		w.s("TABLE ")
		w.idents(e.Name.Parts)
		if len(e.PartitionBy) > 0 {
			// The grammar reads a ( after PARTITION BY as the start of a
			// list, and a bare key as one that runs to the next comma,
			// which would start the next argument: anything but one
			// column goes in parentheses, PARTITION BY (a, b).
			w.s(" PARTITION BY ")
			if _, col := e.PartitionBy[0].(*ColumnRef); col && len(e.PartitionBy) == 1 {
				w.list(e.PartitionBy)
			} else {
				w.s("(")
				w.list(e.PartitionBy)
				w.s(")")
			}
		}
	case *NamedArg:
		w.s(quoteIdent(e.Name.Name), " => ")
		w.expr(e.Value, 0)
	}
}

// args writes the arguments of a call, or the items of a parenthesized
// or bracketed list, where a named argument needs no parentheses.
func (w *unparser) args(xs []Expr) {
	for k, x := range xs {
		if k > 0 {
			w.s(", ")
		}
		w.expr(x, precArg)
	}
}

// keywordOperand writes x as an operand of a call the parser splits at
// keywords (SUBSTRING(x FROM y FOR z), POSITION(x IN y), FLOOR(x TO
// unit), ...), in parentheses where its text would not come back as x
// (keywordClash).
func (w *unparser) keywordOperand(x Expr, min int, afterWord bool, stops ...string) {
	var sub unparser
	sub.expr(x, min)
	if text := sub.b.String(); keywordClash(text, afterWord, stops) {
		w.s("(", text, ")")
	} else {
		w.s(text)
	}
}

// asOfEnd, as a stop of keywordClash, stands for where the parser ends
// the expression after FOR SYSTEM_TIME AS OF: at a name after an operand
// (INTERVAL '1' HOUR TO MINUTE, a MEMBER OF b).
const asOfEnd = "\x00AS OF"

// keywordClash reports whether the text of an operand needs parentheses
// where the parser splits at keywords: when it holds one of the keywords
// stops outside parentheses (SUBSTRING(a IS DISTINCT FROM b FROM 1),
// POSITION(a IN (b) IN c)), or, with stop TO, an interval, whose
// qualifier would take the TO (FLOOR(INTERVAL '1' DAY TO DAY)). afterWord
// says the operand follows a keyword that is no reserved word (PLACING,
// LEADING, KEY, VALUE, DEFAULT, SIMILAR TO, AS OF), after which the parser
// reads a sign as a subtraction (LEADING -1) and (x)[i] as a call of the
// keyword (LEADING (NULL)[1]).
func keywordClash(text string, afterWord bool, stops []string) bool {
	toks, err := Lex(text, 0, len(text))
	if err != nil || len(toks) == 0 {
		return false
	}
	if afterWord && (toks[0].IsPunct("-") || toks[0].IsPunct("+")) {
		return true
	}
	lead := afterWord && toks[0].IsPunct("(") // the first token is a (, whose ) is not found yet
	depth := 0
	for k, t := range toks {
		switch {
		case t.IsPunct("(") || t.IsPunct("["):
			depth++
		case t.IsPunct(")") || t.IsPunct("]"):
			if depth--; depth == 0 && lead {
				if k+1 < len(toks) && toks[k+1].IsPunct("[") {
					return true
				}
				lead = false
			}
		case depth > 0:
		case isName(t) && k > 0 && slices.Contains(stops, asOfEnd):
			// as the parser's asOfEnd: a name ends the expression after
			// a name, a ), a string or a number, but for an interval's
			// unit, a call and a qualified name
			p := toks[k-1]
			_, unit := intervalUnits[strings.ToUpper(t.Val)]
			next := toks[min(k+1, len(toks)-1)]
			if p.IsPunct(".") || p.Kind == String && unit || next.IsPunct("(") || next.IsPunct(".") && !isName(p) {
				continue
			}
			if isName(p) || p.IsPunct(")") || p.Kind == String || p.Kind == Number {
				return true
			}
		case t.Kind == Word:
			for _, stop := range stops {
				if t.Is(stop) || stop == "TO" && t.Is("INTERVAL") {
					return true
				}
			}
		}
	}
	return false
}

func (w *unparser) list(xs []Expr) {
	for k, x := range xs {
		if k > 0 {
			w.s(", ")
		}
		w.expr(x, 0)
	}
}

func (w *unparser) literal(l *Literal) {
	switch l.Kind {
	case NullLit:
		w.s("NULL")
	case BoolLit:
		if l.Bool {
			w.s("TRUE")
		} else {
			w.s("FALSE")
		}
	case ExactLit, ApproxLit:
		w.s(l.Text)
	case StringLit:
		w.s(quoteString(l.Text))
	case BinaryLit:
		w.s("X'", l.Text, "'")
	case DateLit:
		w.s("DATE ", quoteString(l.Text))
	case TimeLit:
		w.s("TIME ", quoteString(l.Text))
	case TimestampLit:
		w.s("TIMESTAMP ", quoteString(l.Text))
	case TimestampLTZLit:
		w.s("TIMESTAMP WITH LOCAL TIME ZONE ", quoteString(l.Text))
	}
}

var unitNames = [...]string{
	UnitYear: "YEAR", UnitQuarter: "QUARTER", UnitMonth: "MONTH", UnitWeek: "WEEK", UnitDay: "DAY",
	UnitHour: "HOUR", UnitMinute: "MINUTE", UnitSecond: "SECOND", UnitMillisecond: "MILLISECOND",
	UnitMicrosecond: "MICROSECOND", UnitNanosecond: "NANOSECOND",
}

func unitName(u IntervalUnit) string {
	if int(u) < len(unitNames) {
		return unitNames[u]
	}
	return "?"
}

// intervalQualifier prints units in the singular, as Calcite does.
func intervalQualifier(e *IntervalLit) string {
	from := unitName(e.From)
	if e.To == e.From {
		switch {
		case e.Precision > 0 && e.FracPrec > 0:
			from += "(" + itoa(e.Precision) + ", " + itoa(e.FracPrec) + ")"
		case e.Precision > 0:
			from += "(" + itoa(e.Precision) + ")"
		}
		return from
	}
	if e.Precision > 0 {
		from += "(" + itoa(e.Precision) + ")"
	}
	to := unitName(e.To)
	if e.To == UnitSecond && e.FracPrec > 0 {
		to += "(" + itoa(e.FracPrec) + ")"
	}
	return from + " TO " + to
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	if neg {
		return "-" + string(d)
	}
	return string(d)
}

// castType prints a CAST target the way Calcite unparses Flink's type
// specs: INT is INTEGER; STRING and BYTES keep their Flink names.
func castType(t types.Type) string {
	t.Attr = 0
	switch t.Kind {
	case types.Int:
		if t.NotNull {
			return "INTEGER NOT NULL"
		}
		return "INTEGER"
	case types.TimestampLTZ:
		s := "TIMESTAMP(" + itoa(t.Precision) + ") WITH LOCAL TIME ZONE"
		if t.NotNull {
			s += " NOT NULL"
		}
		return s
	}
	return sqlType(t)
}

// sqlType is t.String() but for interval types, anywhere in t, which it
// writes as the SQL grammar reads them (sqlIntervalType).
func sqlType(t types.Type) string {
	var s string
	switch t.Kind {
	case types.IntervalYearMonth, types.IntervalDayTime:
		s = sqlIntervalType(t)
	case types.Array:
		s = "ARRAY<" + sqlType(*t.Elem) + ">"
	case types.Multiset:
		s = "MULTISET<" + sqlType(*t.Elem) + ">"
	case types.Map:
		s = "MAP<" + sqlType(*t.Key) + ", " + sqlType(*t.Val) + ">"
	case types.Row:
		var b strings.Builder
		b.WriteString("ROW<")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quoteIdent(f.Name) + " " + sqlType(f.Type))
			if f.Desc != "" {
				b.WriteString(" " + quoteString(f.Desc))
			}
		}
		b.WriteString(">")
		s = b.String()
	default:
		return t.String()
	}
	if t.NotNull {
		s += " NOT NULL"
	}
	return s
}

// sqlIntervalUnits are the start and end units of each interval
// resolution; the end is "" for a single unit.
var sqlIntervalUnits = [...][2]string{
	types.ResYear: {"YEAR", ""}, types.ResYearToMonth: {"YEAR", "MONTH"}, types.ResMonth: {"MONTH", ""},
	types.ResDay: {"DAY", ""}, types.ResDayToHour: {"DAY", "HOUR"}, types.ResDayToMinute: {"DAY", "MINUTE"},
	types.ResDayToSecond: {"DAY", "SECOND"}, types.ResHour: {"HOUR", ""}, types.ResHourToMinute: {"HOUR", "MINUTE"},
	types.ResHourToSecond: {"HOUR", "SECOND"}, types.ResMinute: {"MINUTE", ""},
	types.ResMinuteToSecond: {"MINUTE", "SECOND"}, types.ResSecond: {"SECOND", ""},
}

// sqlIntervalType writes an interval type as Calcite unparses an interval
// qualifier, precisions only where they are not the defaults. Flink's type
// string (t.String()) is no SQL for these: its INTERVAL SECOND(p) is the
// fractional precision, where the SQL grammar's is the leading one, and it
// drops the leading precision of MONTH, HOUR and MINUTE; a CAST unparsed
// with it came back as another type.
func sqlIntervalType(t types.Type) string {
	if int(t.Res) >= len(sqlIntervalUnits) {
		return t.WithNullable(true).String()
	}
	u := sqlIntervalUnits[t.Res]
	s := "INTERVAL " + u[0]
	lead := t.Precision != types.DefaultIntervalPrecision
	frac := t.Kind == types.IntervalDayTime && t.Scale != types.DefaultFractionPrecision
	switch {
	case u == [2]string{"SECOND", ""} && frac:
		s += "(" + itoa(t.Precision) + ", " + itoa(t.Scale) + ")"
	case lead:
		s += "(" + itoa(t.Precision) + ")"
	}
	if u[1] != "" {
		s += " TO " + u[1]
		if u[1] == "SECOND" && frac {
			s += "(" + itoa(t.Scale) + ")"
		}
	}
	return s
}

// subscriptable reports whether x takes a subscript, x[i], without
// parentheses: the parser finds the primary a [ follows by its last
// tokens, a name, a call, a literal string or number, a bracket or a
// parenthesis, so DATE '2020-01-01'[1] would subscript the string alone,
// and CASE ... END[1], NULL[1], -a[1] or SUM(a) OVER (...)[1] something else
// again. A parenthesized expression is a primary.
func subscriptable(x Expr) bool {
	switch x := x.(type) {
	case *ColumnRef, *Cast, *ScalarSubquery:
		return true
	case *Literal:
		switch x.Kind {
		case StringLit, BinaryLit:
			return true
		case ExactLit, ApproxLit:
			return !strings.HasPrefix(x.Text, "-") && !strings.HasPrefix(x.Text, "+")
		}
	case *Call:
		return x.Over == nil && x.Filter == nil && !niladicCall(x)
	}
	return false
}

// niladicCall reports whether a call prints without parentheses.
func niladicCall(c *Call) bool {
	// the name in any case: `current_date`() is CURRENT_DATE, which the
	// parser reads back as the same call
	return len(c.Args) == 0 && !c.Star && niladic[strings.ToUpper(c.Name)]
}

func (w *unparser) callName(name string) {
	if parts := strings.Split(name, "."); len(parts) > 1 && !slices.Contains(parts, "") {
		for k, p := range parts {
			if k > 0 {
				w.s(".")
			}
			w.s(quoteIdent(p))
		}
		return
	}
	if u := strings.ToUpper(name); !plainName(name) || isReserved(name) && !builtinNames[u] && !matchFunctionNames[u] {
		w.s(quoteIdent(name)) // `0`(): a name only backticks make one
		return
	}
	w.s(upperASCII(name))
}

// upperASCII upper-cases the ASCII letters of a function name only: the
// upper case of other letters (ɀ is Ɀ) may not be a letter an unquoted
// name can hold.
func upperASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// matchFunctionNames are the reserved words Calcite's grammar calls as
// functions inside MATCH_RECOGNIZE.
var matchFunctionNames = map[string]bool{"PREV": true, "NEXT": true, "FIRST": true, "LAST": true, "CLASSIFIER": true,
	"MATCH_NUMBER": true, "RUNNING": true, "FINAL": true}

// plainName reports whether name reads as an identifier without backticks.
func plainName(name string) bool {
	if name == "" || name[0] == '$' {
		return false
	}
	for i := 0; i < len(name); {
		ok, w := identRune(name, i, i == 0)
		if !ok {
			return false
		}
		i += w
	}
	return true
}

func (w *unparser) call(c *Call) {
	name := strings.ToUpper(c.Name)
	a := c.Args
	switch {
	case jsonCallNames[name] && c.Over == nil:
		w.jsonCall(name, a)
		return
	case name == "ITEM" && len(a) == 2:
		if subscriptable(a[0]) {
			w.expr(a[0], precPrefix+1)
		} else {
			w.s("(")
			w.expr(a[0], 0)
			w.s(")")
		}
		w.s("[")
		w.expr(a[1], 0)
		w.s("]")
		return
	case (name == "ARRAY" || name == "MAP") && c.Over == nil:
		w.s(name, "[")
		w.args(a)
		w.s("]")
		return
	case name == "EXTRACT" && len(a) == 2:
		w.s("EXTRACT(")
		w.expr(a[0], 0)
		w.s(" FROM ")
		w.expr(a[1], 0)
		w.s(")")
		return
	case name == "SUBSTRING" && (len(a) == 2 || len(a) == 3):
		w.s("SUBSTRING(")
		w.keywordOperand(a[0], 0, false, "FROM")
		w.s(" FROM ")
		if len(a) == 3 {
			w.keywordOperand(a[1], 0, false, "FOR")
			w.s(" FOR ")
			w.expr(a[2], 0)
		} else {
			w.expr(a[1], 0)
		}
		w.s(")")
		return
	case name == "OVERLAY" && (len(a) == 3 || len(a) == 4):
		w.s("OVERLAY(")
		w.keywordOperand(a[0], 0, false, "PLACING")
		w.s(" PLACING ")
		w.keywordOperand(a[1], 0, true, "FROM")
		w.s(" FROM ")
		if len(a) == 4 {
			w.keywordOperand(a[2], 0, false, "FOR")
			w.s(" FOR ")
			w.expr(a[3], 0)
		} else {
			w.expr(a[2], 0)
		}
		w.s(")")
		return
	case name == "TRIM" && len(a) == 3:
		w.s("TRIM(")
		w.expr(a[0], 0)
		w.s(" ")
		w.keywordOperand(a[1], 0, true, "FROM")
		w.s(" FROM ")
		w.expr(a[2], 0)
		w.s(")")
		return
	case name == "POSITION" && len(a) == 2:
		w.s("POSITION(")
		w.keywordOperand(a[0], 0, false, "IN")
		w.s(" IN ")
		w.expr(a[1], 0)
		w.s(")")
		return
	case (name == "FLOOR" || name == "CEIL" || name == "CEILING") && len(a) == 2:
		if _, ok := a[1].(*Symbol); ok {
			w.s(name, "(")
			w.keywordOperand(a[0], 0, false, "TO")
			w.s(" TO ")
			w.expr(a[1], 0)
			w.s(")")
			return
		}
	case niladicCall(c):
		w.s(name)
		return
	}
	w.callName(c.Name)
	w.s("(")
	if c.Distinct {
		w.s("DISTINCT ")
	}
	if c.Star {
		w.s("*")
	}
	if stop, ok := keywordForms[name]; ok {
		// the parser looks for its keyword form in every call of these
		// names, so an argument that holds the keyword keeps its
		// parentheses: CEIL(a SIMILAR TO b), SUBSTRING(a IS DISTINCT
		// FROM b), POSITION(a IN (b))
		for k, x := range a {
			if k > 0 {
				w.s(", ")
			}
			w.keywordOperand(x, precArg, false, stop)
		}
	} else {
		w.args(a)
	}
	w.s(")")
	if c.Filter != nil {
		w.s(" FILTER (WHERE ")
		w.expr(c.Filter, 0)
		w.s(")")
	}
	if c.Over != nil {
		w.s(" OVER ")
		w.window(c.Over)
	}
}

// keywordForms maps each call the parser splits at a keyword, whatever
// the call's arguments, to that keyword (desugarer.special).
var keywordForms = map[string]string{
	"FLOOR": "TO", "CEIL": "TO", "CEILING": "TO",
	"SUBSTRING": "FROM", "POSITION": "IN", "OVERLAY": "PLACING",
}

func (w *unparser) window(ws *WindowSpec) {
	if ws.Name != "" && len(ws.PartitionBy) == 0 && len(ws.OrderBy) == 0 && ws.Frame == nil {
		w.s(quoteIdent(ws.Name))
		return
	}
	w.s("(")
	sep := ""
	if ws.Name != "" {
		w.s(quoteIdent(ws.Name))
		sep = " "
	}
	if len(ws.PartitionBy) > 0 {
		w.s(sep, "PARTITION BY ")
		w.list(ws.PartitionBy)
		sep = " "
	}
	if len(ws.OrderBy) > 0 {
		w.s(sep, "ORDER BY ")
		w.orderItems(ws.OrderBy)
		sep = " "
	}
	if f := ws.Frame; f != nil {
		if f.Rows {
			w.s(sep, "ROWS BETWEEN ")
		} else {
			w.s(sep, "RANGE BETWEEN ")
		}
		w.bound(f.Start)
		w.s(" AND ")
		w.bound(f.End)
	}
	w.s(")")
}

func (w *unparser) bound(b FrameBound) {
	if b.Offset != nil {
		w.expr(b.Offset, 0)
		w.s(" ")
	}
	w.s(b.Kind)
}

func (w *unparser) orderItems(items []OrderItem) {
	for k, o := range items {
		if k > 0 {
			w.s(", ")
		}
		w.expr(o.Expr, 0)
		if o.Desc {
			w.s(" DESC")
		}
		if o.NullsFirst != nil {
			if *o.NullsFirst {
				w.s(" NULLS FIRST")
			} else {
				w.s(" NULLS LAST")
			}
		}
	}
}

// ---------------------------------------------------------------- queries

func (w *unparser) query(q Query) {
	switch q := q.(type) {
	case *Select:
		w.with(q.With)
		w.s("SELECT ")
		if q.Distinct {
			w.s("DISTINCT ")
		}
		for k, it := range q.Items {
			if k > 0 {
				w.s(", ")
			}
			switch {
			case it.Star:
				if len(it.Qualifier) > 0 {
					w.idents(it.Qualifier)
					w.s(".")
				}
				w.s("*")
			default:
				w.expr(it.Expr, 0)
				if it.Alias != nil {
					w.s(" AS ", quoteIdent(it.Alias.Name))
				}
			}
		}
		if q.From != nil {
			w.s("\nFROM ")
			w.tableRef(q.From)
		}
		if q.Where != nil {
			w.s("\nWHERE ")
			w.expr(q.Where, 0)
		}
		if len(q.GroupBy) > 0 {
			w.s("\nGROUP BY ")
			w.list(q.GroupBy)
		}
		if q.Having != nil {
			w.s("\nHAVING ")
			w.expr(q.Having, 0)
		}
		for k, nw := range q.Windows {
			if k == 0 {
				w.s("\nWINDOW ")
			} else {
				w.s(", ")
			}
			w.s(quoteIdent(nw.Name.Name), " AS ")
			w.window(nw.Spec)
		}
		w.tail(q.OrderBy, q.Limit, q.Offset)
	case *SetOp:
		w.with(q.With)
		w.operand(q.Left, setOpPrec(q.Op))
		op := map[SetOpKind]string{Union: "UNION", Intersect: "INTERSECT", Except: "EXCEPT"}[q.Op]
		if q.All {
			op += " ALL"
		}
		w.s("\n", op, "\n")
		w.operand(q.Right, setOpPrec(q.Op)+1) // left-associative, as for binary operators
		w.tail(q.OrderBy, q.Limit, q.Offset)
	case *Values:
		w.s("VALUES ")
		for k, r := range q.Rows {
			if k > 0 {
				w.s(",\n")
			}
			w.s("ROW(")
			w.args(r)
			w.s(")")
		}
	}
}

// setOpPrec is Calcite's precedence of a set operation: INTERSECT binds
// tighter than UNION and EXCEPT.
func setOpPrec(op SetOpKind) int {
	if op == Intersect {
		return 18
	}
	return 14
}

// operand writes a set operation's operand, parenthesized when it carries
// its own WITH, ORDER BY or LIMIT, or when it is a set operation that
// binds less tightly than min (without the parentheses, SELECT 1 EXCEPT
// (SELECT 2 EXCEPT SELECT 3) read as (SELECT 1 EXCEPT SELECT 2) EXCEPT
// SELECT 3).
func (w *unparser) operand(q Query, min int) {
	paren := false
	switch q := q.(type) {
	case *Select:
		paren = len(q.OrderBy) > 0 || q.Limit != nil || q.Offset != nil || len(q.With) > 0
	case *SetOp:
		paren = len(q.OrderBy) > 0 || q.Limit != nil || q.Offset != nil || len(q.With) > 0 || setOpPrec(q.Op) < min
	}
	if paren {
		w.s("(")
		w.query(q)
		w.s(")")
		return
	}
	w.query(q)
}

func (w *unparser) with(ctes []CTE) {
	if len(ctes) == 0 {
		return
	}
	w.s("WITH ")
	for k, c := range ctes {
		if k > 0 {
			w.s(", ")
		}
		w.s(quoteIdent(c.Name.Name))
		if len(c.Columns) > 0 {
			w.s(" (")
			for j, col := range c.Columns {
				if j > 0 {
					w.s(", ")
				}
				w.s(quoteIdent(col.Name))
			}
			w.s(")")
		}
		w.s(" AS (")
		w.query(c.Query)
		w.s(")")
	}
	w.s("\n")
}

func (w *unparser) tail(ob []OrderItem, limit, offset Expr) {
	if len(ob) > 0 {
		w.s("\nORDER BY ")
		w.orderItems(ob)
	}
	if offset != nil {
		w.s("\nOFFSET ")
		w.expr(offset, 0)
		w.s(" ROWS")
	}
	if limit != nil {
		w.s("\nFETCH NEXT ")
		w.expr(limit, 0)
		w.s(" ROWS ONLY")
	}
}

// aliasCols writes AS alias (columns). The parser's grammar takes a column
// list without an alias, (VALUES 1)(a), so that is written as it came.
func (w *unparser) aliasCols(alias *Ident, cols []Ident) {
	if alias != nil {
		w.s(" AS ", quoteIdent(alias.Name))
	}
	if len(cols) > 0 {
		w.s(" (")
		for k, c := range cols {
			if k > 0 {
				w.s(", ")
			}
			w.s(quoteIdent(c.Name))
		}
		w.s(")")
	}
}

func (w *unparser) tableRef(t TableRef) {
	switch t := t.(type) {
	case *MatchRecognize:
		w.matchRecognize(t)
	case *TableName:
		w.idents(t.Name.Parts)
		if len(t.Hints) > 0 {
			w.s(" /*+ OPTIONS(")
			for k, h := range t.Hints {
				if k > 0 {
					w.s(", ")
				}
				w.s(quoteString(h.Key), "=", quoteString(h.Value))
			}
			w.s(") */")
		}
		if t.AsOf != nil {
			w.s(" FOR SYSTEM_TIME AS OF ")
			// the grammar takes no condition here, and after OF (no
			// reserved word) reads a sign as a subtraction:
			// AS OF (a = b), AS OF (-a)
			w.keywordOperand(t.AsOf, precBetween+1, true, asOfEnd)
		}
		w.aliasCols(t.Alias, nil)
	case *DerivedTable:
		if t.Lateral {
			w.s("LATERAL ")
		}
		w.s("(")
		w.query(t.Query)
		w.s(")")
		w.aliasCols(t.Alias, t.Columns)
	case *TableFunc:
		switch {
		case t.Lateral:
			w.s("LATERAL TABLE(")
		case strings.EqualFold(t.Name, "UNNEST"):
			w.s("UNNEST(")
			w.args(t.Args)
			w.s(")")
			if t.Ordinality {
				w.s(" WITH ORDINALITY")
			}
			w.aliasCols(t.Alias, t.Columns)
			return
		default:
			w.s("TABLE(")
		}
		w.callName(t.Name)
		w.s("(")
		w.args(t.Args)
		w.s("))")
		w.aliasCols(t.Alias, t.Columns)
	case *Join:
		if w.onComma[t] {
			w.s("(")
			defer w.s(")")
		}
		if j := onLast(t.Left); t.Comma && j != nil && !derivedFirst(j) {
			if w.onComma == nil {
				w.onComma = map[*Join]bool{}
			}
			w.onComma[j] = true
		}
		if l, ok := t.Left.(*Join); ok && l.Comma && !t.Comma {
			// a comma binds less tightly than JOIN: (a, b) JOIN c
			w.s("(")
			w.tableRef(l)
			w.s(")")
		} else {
			w.tableRef(t.Left)
		}
		if t.Comma {
			w.s(",\n")
			w.joinOperand(t.Right, true)
			return
		}
		w.s("\n")
		kind := map[JoinKind]string{InnerJoin: "INNER JOIN ", LeftJoin: "LEFT JOIN ", RightJoin: "RIGHT JOIN ",
			FullJoin: "FULL JOIN ", CrossJoin: "CROSS JOIN "}[t.Kind]
		if t.Natural {
			if t.Kind == InnerJoin {
				// Calcite writes NATURAL INNER JOIN, which the parser's
				// grammar does not take; NATURAL JOIN is the same join.
				kind = "JOIN "
			}
			w.s("NATURAL ")
		}
		w.s(kind)
		if r, ok := t.Right.(*Join); ok && !r.Comma && (t.On != nil || len(t.Using) > 0) &&
			(t.Kind == LeftJoin || t.Kind == RightJoin || t.Kind == FullJoin) && derivedFirst(r) {
			// The grammar takes no parenthesized join that starts with a
			// subquery, ((SELECT 1) JOIN c ON x); an outer join's right
			// operand is a whole join, though: a LEFT JOIN (SELECT 1)
			// JOIN c ON x ON y.
			w.tableRef(r)
		} else {
			w.joinOperand(t.Right, false)
		}
		if t.On != nil {
			w.s(" ON ")
			w.expr(t.On, 0)
		}
		if len(t.Using) > 0 {
			w.s(" USING (")
			for k, c := range t.Using {
				if k > 0 {
					w.s(", ")
				}
				w.s(quoteIdent(c.Name))
			}
			w.s(")")
		}
	}
}

// onLast returns the join whose ON condition ends t's text, nil if none.
// The parser reads a comma after an ON condition as part of it, so that
// what follows is no table reference any more (a JOIN b ON x, TABLE(f())
// did not parse, nor did a hint, FOR SYSTEM_TIME AS OF or LATERAL there):
// that join is parenthesized, (a JOIN b ON x), TABLE(f()), unless it
// starts with a subquery, which the grammar takes in no parenthesized
// join: then the text that parsed had no parentheses either.
func onLast(t TableRef) *Join {
	j, ok := t.(*Join)
	switch {
	case !ok:
		return nil
	case j.Comma:
		if r, ok := j.Right.(*Join); ok && !r.Comma {
			return onLast(r)
		}
		return nil
	case j.On != nil:
		return j
	}
	return nil
}

// derivedFirst reports whether t's text starts with a subquery's
// parenthesis.
func derivedFirst(t TableRef) bool {
	switch t := t.(type) {
	case *Join:
		return derivedFirst(t.Left)
	case *MatchRecognize:
		return derivedFirst(t.Input)
	case *DerivedTable:
		return !t.Lateral
	}
	return false
}

// joinOperand writes the right operand of a join (of a comma when comma),
// parenthesized when it is a join that binds no tighter: joins associate
// to the left, and a comma binds less tightly than JOIN, so a, (b, c)
// needs its parentheses and a, b JOIN c does not.
func (w *unparser) joinOperand(t TableRef, comma bool) {
	if j, nested := t.(*Join); nested && (j.Comma || !comma) {
		w.s("(")
		w.tableRef(t)
		w.s(")")
		return
	}
	w.tableRef(t)
}

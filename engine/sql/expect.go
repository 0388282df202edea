package sql

import (
	"slices"
	"sort"
	"strings"
)

// Where a query fails to parse, Flink's parser says what it would have
// accepted there ("Was expecting one of:"): the clauses and operators that
// could have come next. Queries are parsed with vitess, which knows
// nothing of that list, so this file walks the query's clauses on its own,
// as far as the token where vitess stopped, and names the list for the
// places where a query most often goes wrong: a misspelt clause keyword,
// or a word too many, after a select item, a table, a condition, a
// grouping or ordering item, or a LIMIT. The lists are Flink 1.20's (its
// grammar: Calcite 1.32's Parser.jj with Flink's extensions, run by JavaCC
// 4.0, after Calcite's cleanup of the expected tokens), one per place and,
// after an expression, per the kind of its last operand; where the walk
// meets syntax it does not follow, or a place whose list it does not know
// (inside an expression, a subquery, a window), it says nothing, and the
// error has no list, rather than a wrong one.

// operand kinds: what an expression ended with, which decides what Flink
// would have accepted after it.
type operandKind uint8

const (
	opUnknown operandKind = iota
	opIdent               // a name: a( would make it a call
	opNumber
	opString // 'x': more string, UESCAPE
	opCall   // f(x): FILTER, OVER, WITHIN, IGNORE/RESPECT NULLS
	opParen  // (x): an interval qualifier may follow

	// opLike marks an expression with a LIKE in it: ESCAPE may follow.
	opLike operandKind = 1 << 7
)

// The parts of the lists. Keywords and punctuation are as Flink's parser
// prints them; sorted sets are put in the order of the parser's token
// kinds (expectedLess), tails follow in the order the parser scans them.
var (
	expectQueryEnd = []string{"<EOF>", `";"`}
	// what may follow a query's body: set operators, ORDER BY, LIMIT, ...
	expectQueryTail = []string{`"EXCEPT"`, `"FETCH"`, `"INTERSECT"`, `"LIMIT"`, `"OFFSET"`, `"ORDER"`, `"MINUS"`, `"UNION"`}
	// the joins a table may be followed by
	expectJoins = []string{`"NATURAL"`, `"JOIN"`, `"INNER"`, `"LEFT"`, `"RIGHT"`, `"FULL"`, `"CROSS"`, `"OUTER"`}
	// the operators that may continue an expression
	expectOperators = []string{`"."`, `"NOT"`, `"IN"`, `"<"`, `"<="`, `">"`, `">="`, `"="`, `"<>"`, `"!="`,
		`"BETWEEN"`, `"LIKE"`, `"ILIKE"`, `"RLIKE"`, `"SIMILAR"`, `"+"`, `"-"`, `"*"`, `"/"`, `"%"`, `"||"`,
		`"AND"`, `"OR"`, `"IS"`, `"MEMBER"`, `"SUBMULTISET"`, `"CONTAINS"`, `"OVERLAPS"`, `"EQUALS"`,
		`"PRECEDES"`, `"SUCCEEDS"`, `"IMMEDIATELY"`, `"MULTISET"`, `"["`, `"FORMAT"`}
	expectIntervalUnits = []string{`"YEAR"`, `"YEARS"`, `"MONTH"`, `"MONTHS"`, `"DAY"`, `"DAYS"`, `"HOUR"`,
		`"HOURS"`, `"MINUTE"`, `"MINUTES"`, `"SECOND"`, `"SECONDS"`}
)

// reservedFunctions are the reserved words Flink's parser reads as the
// name of a function call when "(" follows.
var reservedFunctions = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(`ABS AVG CARDINALITY CHAR CHAR_LENGTH CHARACTER_LENGTH COALESCE COLLECT
COVAR_POP COVAR_SAMP CUME_DIST COUNT CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP DENSE_RANK ELEMENT EVERY
EXP FIRST_VALUE FUSION INTERSECTION GROUPING HOUR LAG LEAD LEFT LAST_VALUE LN LOCALTIME LOCALTIMESTAMP
LOWER MAX MIN MINUTE MOD MONTH NTH_VALUE NTILE NULLIF OCTET_LENGTH PERCENT_RANK PERCENTILE_CONT
PERCENTILE_DISC POWER RANK REGR_COUNT REGR_SXX REGR_SYY RIGHT ROW_NUMBER SECOND SOME SQRT STDDEV_POP
STDDEV_SAMP SUM UPPER TRUNCATE USER VAR_POP VAR_SAMP YEAR`) {
		m[f] = true
	}
	return m
}()

// afterExpr is the list after an expression ending with kind, in a place
// where follow may come next; nil for a kind whose list is not known.
// like is set when the expression has a LIKE, whose ESCAPE may follow.
func afterExpr(follow []string, kind operandKind, joins bool) []string {
	la1, suffix, ok := operandTail(kind &^ opLike)
	if !ok {
		return nil
	}
	out := sortedExpected(append(append([]string(nil), follow...), la1...))
	if joins {
		out = append(out, expectJoins...)
	}
	if kind&opLike != 0 {
		out = append(out, expectOperators[0], `"ESCAPE"`)
		out = append(out, expectOperators[1:]...)
	} else {
		out = append(out, expectOperators...)
	}
	return append(out, suffix...)
}

// operandTail is what an operand of kind adds to what may follow it: to
// the sorted set (la1), and after the operators (suffix).
func operandTail(kind operandKind) (la1, suffix []string, ok bool) {
	switch kind {
	case opIdent:
		return nil, []string{`"("`}, true
	case opNumber:
		return nil, nil, true
	case opString:
		return []string{`"UESCAPE"`, "<QUOTED_STRING>"}, nil, true
	case opCall:
		return []string{`"FILTER"`, `"OVER"`, `"WITHIN"`}, []string{`"IGNORE"`, `"RESPECT"`}, true
	case opParen:
		return nil, expectIntervalUnits, true
	}
	return nil, nil, false
}

// missingOperandList is what Flink lists for one operator whose right
// operand is missing, besides the left operand's follow set: the entries
// before the operator's run of operands, and for a comparison the run of
// quantifiers and the entries between it and the operands.
type missingOperandList struct {
	before     []string
	quantified bool
	between    []string
}

// afterOperator is the list where the right operand of op is missing
// after a left operand of kind, in a place where follow may come after
// the expression; nil when not known.
func afterOperator(follow []string, kind operandKind, op string, joins bool) []string {
	m, known := missingOperand[op]
	la1, suffix, ok := operandTail(kind)
	if !known || !ok {
		return nil
	}
	out := sortedExpected(append(append([]string(nil), follow...), la1...))
	if joins {
		out = append(out, expectJoins...)
	}
	out = append(out, m.before...)
	image := `"` + op + `" `
	if m.quantified {
		out = append(out, image+`"SOME"`, image+`"ANY"`, image+`"ALL"`)
		out = append(out, m.between...)
	}
	for _, s := range operandStarts {
		if !(m.quantified && s == `"SOME"`) {
			out = append(out, image+s)
		}
	}
	out = append(out, `"["`, `"IS"`, `"FORMAT"`)
	return append(out, suffix...)
}

// sortedExpected puts token images in the order of the parser's token
// kinds: <EOF>, the keywords by token name, Flink's keywords, literals,
// punctuation.
func sortedExpected(set []string) []string {
	out := dedupe(set)
	sort.SliceStable(out, func(a, b int) bool { return expectedLess(out[a], out[b]) })
	return out
}

func dedupe(set []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(set))
	for _, s := range set {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// expectedLess orders two images as their token kinds are ordered. The
// parser names its tokens as they are spelt, but for MINUS, whose token is
// SET_MINUS.
func expectedLess(a, b string) bool {
	ra, rb := imageRank(a), imageRank(b)
	if ra != rb {
		return ra < rb
	}
	name := func(s string) string {
		if s == `"MINUS"` {
			return `"SET_MINUS"`
		}
		return s
	}
	return name(a) < name(b)
}

// queryWalk walks a query's tokens clause by clause.
type queryWalk struct {
	toks []Token
	i    int
	// after is what Flink lists if the token after the construct just
	// walked does not continue the query; nil when not known.
	after []string
	// stopped: the walk met syntax it does not follow, or the query's
	// error lies inside a construct: it knows no list.
	stopped bool
	// skipped are the token ranges [from, to] walked without reading them.
	skipped [][2]int
	// missing is the binary operator (as Flink spells it) whose right
	// operand expr found missing, after an operand of missingKind.
	missing     string
	missingKind operandKind
	// sure is set when the walk failed where Flink's parser must: at a
	// token that begins no expression where one must begin. vitess, which
	// takes some of Flink's reserved words for names, may fail later.
	sure bool
}

// queryError returns where a query that vitess failed at toks[at] fails
// in Flink's parser, and what Flink lists there (nil when this walk does
// not know). The walk follows Flink's grammar where vitess follows MySQL's:
// when it fails later than vitess, with vitess's token not inside what the
// walk skipped unread (a function's arguments, a subquery), Flink's parser
// accepts what vitess did not (SELECT * alias, for one) and fails where the
// walk does.
func queryError(toks []Token, at int) (int, []string) {
	w := &queryWalk{toks: toks}
	if w.query() || w.stopped || w.after == nil {
		// The walk found no error, or one it knows no list for.
		return at, nil
	}
	if w.i < at && !w.sure {
		return at, nil
	}
	for _, r := range w.skipped {
		// What the walk skipped unread may hold vitess's error, or the
		// reason vitess went wrong there.
		if r[0] <= at {
			return at, nil
		}
	}
	// A token the list names fails only where the parser looked further
	// ahead (OUTER APPLY, + <expression>).
	if w.listsToken(w.after) {
		return at, nil
	}
	return w.i, w.after
}

func (w *queryWalk) tok() Token {
	if w.i < len(w.toks) {
		return w.toks[w.i]
	}
	return Token{Kind: EOF}
}

func (w *queryWalk) peek(n int) Token {
	if w.i+n < len(w.toks) {
		return w.toks[w.i+n]
	}
	return Token{Kind: EOF}
}

func (w *queryWalk) is(kw string) bool { return w.tok().Is(kw) }

func (w *queryWalk) punct(p string) bool { return w.tok().IsPunct(p) }

func (w *queryWalk) accept(kw string) bool {
	if w.is(kw) {
		w.i++
		return true
	}
	return false
}

// stop ends the walk without a list.
func (w *queryWalk) stop() bool {
	w.stopped = true
	return false
}

// fail ends the walk at the current token with what Flink lists there.
func (w *queryWalk) fail(want ...string) bool {
	w.after = want
	return false
}

func isIdentTok(t Token) bool {
	return t.Kind == QuotedIdent || t.Kind == Word && !isReserved(t.Val)
}

// query walks [WITH ...] body {set operator body} [ORDER BY ...] [LIMIT n]
// to the end of the statement. It reports false when the walk stopped
// (w.stopped) or failed (w.after, at w.i).
func (w *queryWalk) query() bool {
	if w.is("WITH") {
		return w.stop() // common table expressions: not walked
	}
	if !w.body() {
		return false
	}
	for w.is("UNION") || w.is("INTERSECT") || w.is("EXCEPT") || w.is("MINUS") {
		w.i++
		if !w.accept("ALL") {
			w.accept("DISTINCT")
		}
		if !w.body() {
			return false
		}
	}
	if w.accept("ORDER") {
		if !w.accept("BY") {
			return w.fail(`"BY"`)
		}
		start := expectConditionStart
		for {
			if !w.begins(start) {
				return false
			}
			start = nil
			if !w.exprIn(append(append([]string{}, expectQueryEnd...), `"ASC"`, `"DESC"`, `"FETCH"`, `"LIMIT"`, `"NULLS"`, `"OFFSET"`, `","`), false) {
				return false
			}
			if w.accept("ASC") || w.accept("DESC") {
				w.after = sortedExpected(append(append([]string{}, expectQueryEnd...), `"FETCH"`, `"LIMIT"`, `"NULLS"`, `"OFFSET"`, `","`))
			}
			if w.is("NULLS") {
				return w.stop()
			}
			if !w.punct(",") {
				break
			}
			w.i++
		}
	}
	if w.accept("LIMIT") {
		if t := w.tok(); t.Kind != Number {
			return w.stop()
		}
		w.i++
		w.after = sortedExpected(append(append([]string{}, expectQueryEnd...), `"OFFSET"`, `","`))
	}
	if w.is("OFFSET") || w.is("FETCH") {
		return w.stop()
	}
	if t := w.tok(); t.Kind == EOF || t.IsPunct(";") {
		return true
	}
	return false // the token that does not continue the query: w.after says what would have
}

// body walks SELECT ... or a parenthesized query.
func (w *queryWalk) body() bool {
	if !w.accept("SELECT") {
		return w.stop()
	}
	if w.tok().Kind == Hint || w.is("STREAM") {
		return w.stop()
	}
	start := expectSelectStart
	if w.accept("DISTINCT") || w.accept("ALL") {
		start = nil // its list is not known here
	}
	selectEnd := sortedExpected(append(append(append([]string{}, expectQueryEnd...), expectQueryTail...), `"FROM"`, `","`))
	for {
		if w.punct("*") {
			w.i++
		} else {
			if !w.begins(start) {
				return false
			}
			if _, ok := w.expr(); !ok {
				return false
			}
		}
		if !w.alias(selectEnd) {
			return false
		}
		if !w.punct(",") {
			break
		}
		w.i++
		start = expectSelectNext
	}
	if !w.accept("FROM") {
		return true
	}
	if t := w.tok(); t.Kind == EOF || t.IsPunct(";") || t.Kind == Word && isReserved(t.Val) && !w.listsToken(expectFromStart) {
		return w.fail(expectFromStart...)
	}
	if !w.from() {
		return false
	}
	clauseEnd := func(more ...string) []string {
		return append(append(append([]string{}, expectQueryEnd...), expectQueryTail...), more...)
	}
	if w.accept("WHERE") {
		if !w.begins(expectConditionStart) {
			return false
		}
		if !w.exprIn(clauseEnd(`"GROUP"`, `"HAVING"`, `"WINDOW"`), false) {
			return false
		}
	}
	if w.accept("GROUP") {
		if !w.accept("BY") {
			return w.fail(`"BY"`)
		}
		start := expectGroupStart
		for {
			if w.is("ROLLUP") || w.is("CUBE") || w.is("GROUPING") || w.punct("(") {
				return w.stop()
			}
			if !w.begins(start) {
				return false
			}
			start = nil
			if !w.exprIn(clauseEnd(`"HAVING"`, `"WINDOW"`, `","`), false) {
				return false
			}
			if !w.punct(",") {
				break
			}
			w.i++
		}
	}
	if w.accept("HAVING") {
		if !w.begins(expectConditionStart) {
			return false
		}
		if !w.exprIn(clauseEnd(`"WINDOW"`), false) {
			return false
		}
	}
	if w.is("WINDOW") {
		return w.stop()
	}
	return true
}

// from walks the FROM list: tables, joins and commas.
func (w *queryWalk) from() bool {
	tableEnd := sortedExpected(append(append(append([]string{}, expectQueryEnd...), expectQueryTail...),
		`"GROUP"`, `"HAVING"`, `"TABLESAMPLE"`, `"WHERE"`, `"WINDOW"`, `"("`, `","`))
	tableEnd = append(tableEnd, expectJoins...)
	onEnd := append(append(append([]string{}, expectQueryEnd...), expectQueryTail...), `"GROUP"`, `"HAVING"`, `"WHERE"`, `"WINDOW"`, `","`)
	for {
		if !w.tableRef(tableEnd) {
			return false
		}
		for {
			// [NATURAL] [INNER | LEFT [OUTER] | RIGHT [OUTER] | FULL [OUTER] | CROSS] JOIN
			n := 0
			if w.peek(n).Is("NATURAL") {
				n++
			}
			switch t := w.peek(n); {
			case t.Is("INNER"), t.Is("CROSS"):
				n++
			case t.Is("LEFT"), t.Is("RIGHT"), t.Is("FULL"):
				n++
				if w.peek(n).Is("OUTER") {
					n++
				}
			}
			if !w.peek(n).Is("JOIN") {
				if n > 0 {
					return w.stop() // a join keyword without JOIN: not walked
				}
				break
			}
			w.i += n + 1
			if !w.tableRef(tableEnd) {
				return false
			}
			if w.after != nil {
				return w.stop() // a joined table's alias: ON and USING would be listed too
			}
			if w.accept("ON") {
				if !w.begins(expectConditionStart) {
					return false
				}
				if !w.exprIn(onEnd, true) {
					return false
				}
			} else if w.is("USING") {
				return w.stop()
			}
		}
		if !w.punct(",") {
			return true
		}
		w.i++
	}
}

// tableRef walks a table name or a parenthesized subquery, and its alias.
func (w *queryWalk) tableRef(end []string) bool {
	switch t := w.tok(); {
	case t.IsPunct("("):
		if !w.skipParens() {
			return false
		}
	case isIdentTok(t):
		w.i++
		for w.punct(".") && isIdentTok(w.peek(1)) {
			w.i += 2
		}
		if w.punct("(") || w.tok().Kind == Hint || w.is("FOR") {
			return w.stop() // a table function, hints, FOR SYSTEM_TIME: not walked
		}
	default:
		return w.stop() // LATERAL, TABLE(...), UNNEST(...): not walked
	}
	if !w.alias(end) {
		return false
	}
	if w.punct("(") || w.is("MATCH_RECOGNIZE") || w.is("TABLESAMPLE") {
		return w.stop()
	}
	return true
}

// begins checks that an expression begins at the current token, where
// Flink lists start when none does (the end of the statement, a keyword
// that begins no expression). With start nil, the list is not known: the
// walk goes on, and stops where the expression fails.
func (w *queryWalk) begins(start []string) bool {
	t := w.tok()
	switch {
	case start == nil, isIdentTok(t), t.Kind == Number, t.Kind == String, t.Kind == BinaryStr:
		return true
	case t.Kind == Word || t.Kind == Punct:
		if w.listsToken(start) {
			return true
		}
		fallthrough
	case t.Kind == EOF:
		w.sure = len(w.skipped) == 0
		return w.fail(start...)
	}
	return w.stop()
}

// alias walks [[AS] name] after a select item or a table: with a name,
// end is what Flink lists after it; without one, the item ends where a
// name could have come, which this walk has no list for.
func (w *queryWalk) alias(end []string) bool {
	w.after = nil
	if w.accept("AS") && !isIdentTok(w.tok()) {
		return w.stop()
	}
	if isIdentTok(w.tok()) {
		w.i++
		w.after = end
	}
	return true
}

// skipParens walks a balanced ( ... ); an error inside stops the walk.
func (w *queryWalk) skipParens() bool {
	depth := 0
	from := w.i
	defer func() { w.skipped = append(w.skipped, [2]int{from, w.i}) }()
	for {
		t := w.tok()
		switch {
		case t.Kind == EOF || t.IsPunct(";"):
			return w.stop()
		case t.IsPunct("("):
			depth++
		case t.IsPunct(")"):
			depth--
		}
		w.i++
		if depth == 0 {
			return true
		}
	}
}

// exprList walks the expressions of a ( ... ) whose "(" is behind, to
// past its ")": a function's arguments (call: with DISTINCT or ALL first,
// or *, or none at all) or a parenthesized expression or row.
func (w *queryWalk) exprList(call bool) bool {
	if call {
		if w.punct(")") {
			w.i++
			return true
		}
		if w.punct("*") && w.peek(1).IsPunct(")") {
			w.i += 2
			return true
		}
		if !w.accept("DISTINCT") {
			w.accept("ALL")
		}
	}
	for {
		if _, ok := w.expr(); !ok {
			return false
		}
		switch {
		case w.punct(","):
			w.i++
		case w.punct(")"):
			w.i++
			return true
		default:
			return w.stop() // an error inside the parentheses: its list is not known
		}
	}
}

// walkBinaryOps are the operators that join two operands.
var walkBinaryOps = map[string]bool{
	"=": true, "<>": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true,
	"+": true, "-": true, "*": true, "/": true, "%": true, "||": true,
}

// exprIn walks an expression in a place where follow may come after it,
// and sets w.after to what Flink lists after it. Where the right operand
// of a binary operator is missing, the walk fails at the operator, with
// Flink's list there.
func (w *queryWalk) exprIn(follow []string, joins bool) bool {
	kind, ok := w.exprOrMissing()
	if w.missing != "" {
		w.after = afterOperator(follow, w.missingKind, w.missing, joins)
		w.missing = ""
		if w.after == nil {
			return w.stop()
		}
		w.sure = len(w.skipped) == 0
		return false
	}
	if !ok {
		return false
	}
	w.after = afterExpr(follow, kind, joins)
	return true
}

// operandBegins reports whether an operand may begin with t.
func operandBegins(t Token) bool {
	switch t.Kind {
	case QuotedIdent, Number, String, BinaryStr:
		return true
	case Word, Punct:
		return isIdentTok(t) || slices.Contains(operandStarts, `"`+strings.ToUpper(t.Val)+`"`)
	}
	return false
}

// expr walks one expression and reports what its last operand is; an
// error inside it stops the walk.
func (w *queryWalk) expr() (operandKind, bool) {
	kind, ok := w.exprOrMissing()
	if w.missing != "" {
		w.missing = ""
		return opUnknown, w.stop()
	}
	return kind, ok
}

// exprOrMissing is expr, but for a binary operator with no right operand,
// which it leaves to the caller (w.missing, with the walk at the
// operator).
func (w *queryWalk) exprOrMissing() (operandKind, bool) {
	var like operandKind
	for {
		kind, ok := w.operand()
		if !ok {
			return opUnknown, false
		}
		t := w.tok()
		switch {
		case t.Kind == Punct && walkBinaryOps[t.Val], t.Is("AND"), t.Is("OR"):
			if !operandBegins(w.peek(1)) {
				if like == 0 {
					w.missing, w.missingKind = strings.ToUpper(t.Val), kind
				}
				return opUnknown, false
			}
			w.i++
			continue
		case t.Is("LIKE"), t.Is("ILIKE"), t.Is("RLIKE"):
			w.i++
			like = opLike
			continue
		case t.Is("IS"), t.Is("IN"), t.Is("BETWEEN"), t.Is("NOT"), t.Is("SIMILAR"), t.Is("ESCAPE"),
			t.Is("MEMBER"), t.Is("SUBMULTISET"), t.Is("OVERLAPS"), t.IsPunct("["), t.IsPunct("::"),
			t.Is("COLLATE"), t.Is("FORMAT"), t.IsPunct("."):
			return opUnknown, w.stop() // postfix forms: their lists are not known here
		}
		return kind | like, true
	}
}

// operand walks one operand, with its prefix operators.
func (w *queryWalk) operand() (operandKind, bool) {
	for w.punct("-") || w.punct("+") || w.is("NOT") {
		w.i++
	}
	t := w.tok()
	switch {
	case t.Kind == Number:
		w.i++
		return opNumber, true
	case t.Kind == String:
		for w.tok().Kind == String {
			w.i++
		}
		return opString, true
	case t.IsPunct("("):
		if w.peek(1).Is("SELECT") || w.peek(1).Is("WITH") || w.peek(1).Is("VALUES") {
			return opUnknown, w.stop() // a subquery: not walked
		}
		w.i++
		if !w.exprList(false) {
			return opUnknown, false
		}
		return opParen, true
	case t.Kind == QuotedIdent || t.Kind == Word:
		if t.Kind == Word && isReserved(t.Val) && !(reservedFunctions[strings.ToUpper(t.Val)] && w.peek(1).IsPunct("(")) {
			// TRUE, NULL, CASE, CAST(...), INTERVAL, DATE '...', or a
			// reserved word out of place: not walked
			return opUnknown, w.stop()
		}
		w.i++
		for w.punct(".") && isIdentTok(w.peek(1)) {
			w.i += 2
		}
		if w.punct(".") {
			return opUnknown, w.stop() // t.*, a reserved word after the dot
		}
		if !w.punct("(") {
			return opIdent, true
		}
		w.i++
		if !w.exprList(true) {
			return opUnknown, false
		}
		if w.is("FILTER") || w.is("OVER") || w.is("WITHIN") || w.is("IGNORE") || w.is("RESPECT") {
			return opUnknown, w.stop()
		}
		return opCall, true
	}
	return opUnknown, w.stop()
}

// expressionStatement: Flink's parser reads a statement that starts as an
// expression does (a name, a number, a string: SELEC id, a missing SELECT)
// as a query that is that expression, and fails after it. It returns where,
// and what Flink lists there; nil when this walk does not know.
func expressionStatement(toks []Token, i int) (int, []string) {
	t := toks[i]
	call := t.Kind == Word && reservedFunctions[strings.ToUpper(t.Val)] && i+1 < len(toks) && toks[i+1].IsPunct("(")
	if !isIdentTok(t) && t.Kind != Number && t.Kind != String && !call {
		return i, nil
	}
	w := &queryWalk{toks: toks, i: i}
	kind, ok := w.expr()
	if !ok || w.stopped {
		return i, nil
	}
	if end := w.tok(); end.Kind == EOF || end.IsPunct(";") {
		return i, nil // an expression alone fails later, in Flink's validation of it
	}
	want := afterExpr(append(append([]string{}, expectQueryEnd...), expectQueryTail...), kind, false)
	if want == nil || w.listsToken(want) {
		return i, nil
	}
	return w.i, want
}

// listsToken reports whether want names the current token: it then fails
// only where the parser looked further ahead, with sequences this walk
// does not know.
func (w *queryWalk) listsToken(want []string) bool {
	t := w.tok()
	if t.Kind != Word && t.Kind != Punct {
		return false
	}
	for _, x := range want {
		if x == `"`+strings.ToUpper(t.Val)+`"` {
			return true
		}
	}
	return false
}

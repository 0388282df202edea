package sql

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// The desugaring pass turns a Flink query or expression into text that
// vitess parses, token by token. It never hands the user's text to vitess:
//
//   - every identifier (or dotted chain a.b.c) becomes `__flink_iN`, an index
//     into idents, which keeps the parts as written, their positions, and
//     anything vitess cannot carry (table hints, column alias lists);
//   - every literal (numbers, strings, NULL, TRUE, INTERVAL ..., DATE '...')
//     becomes the bind variable :__flink_lN, an index into leaves holding the
//     finished node, so MySQL's string escapes and number folding never apply;
//   - Flink-only syntax becomes calls of reserved marker functions
//     (`__flink_cast`(x, :__flink_lN), `__flink_item`(x, i), ...);
//   - operators vitess lacks steal ones the user cannot write any more:
//     || becomes DIV (same precedence as *, as in Calcite), IS [NOT] DISTINCT
//     FROM becomes <=>, SIMILAR TO becomes LIKE, IS UNKNOWN becomes IS NULL;
//     what was stolen is recorded in source order in small queues, which the
//     converter consumes in the same order.
//
// Every piece of output text remembers the token it came from, so vitess's
// byte positions map back to script offsets.

const (
	identMark  = "__flink_id"
	leafMark   = ":__flink_l"
	selectMark = "/*__flink_s"
	anonAlias  = "__flink_anon"
	markerPref = "__flink_"
)

// identKind says what an identifier entry stands for.
type identKind uint8

const (
	idPlain   identKind = iota // column, table, alias, CTE or window name
	idFunc                     // name of a function call
	idNiladic                  // CURRENT_TIMESTAMP and friends, written without parentheses
	idTVF                      // TABLE(f(...)) in FROM
	idUnnest                   // UNNEST(...) in FROM
	idLateral                  // LATERAL TABLE(f(...)) in FROM
	idValues                   // alias of the SELECT * FROM (VALUES ...) wrapper
)

type identEntry struct {
	kind    identKind
	parts   []Ident
	name    string // call name (idFunc, idNiladic, table functions)
	pos     int
	hints   []Property
	cols    []Ident // AS t(c1, c2) of table functions
	overPos int     // position of OVER for a windowed call
	// match is the MATCH_RECOGNIZE clause applied to the table this entry
	// is the alias of (matchrecognize.go).
	match *MatchRecognize
	// ordinality: UNNEST(...) WITH ORDINALITY (Flink 2.1+)
	ordinality bool
}

// castInfo is the leaf of a `__flink_cast` marker.
type castInfo struct {
	pos, typeStart, typeEnd int
	try                     bool
}

// noLimit is the leaf standing for "no LIMIT" when only OFFSET was written.
type noLimit struct{}

type span struct{ start, end int }

type selectInfo struct {
	pos   int
	items []span
}

type piece struct {
	start, end int // in the rewritten text
	tok        int // index of the token it came from; -1 when synthetic
}

// desugared is the rewritten text and everything on the side.
type desugared struct {
	text    string
	pieces  []piece
	toks    []Token
	idents  []identEntry
	leaves  []any
	selects []selectInfo

	unaryPos  []int    // -, + and NOT prefix operators, in source order
	casePos   []int    // CASE keywords
	existsPos []int    // EXISTS keywords
	isUnknown []bool   // per IS [NOT] NULL|UNKNOWN: true for UNKNOWN
	isJSON    []string // per IS [NOT] NULL|UNKNOWN|JSON: the JSON type (VALUE, SCALAR, ARRAY, OBJECT), "" for NULL|UNKNOWN
	distinct  []bool   // per <=>: true for IS DISTINCT FROM
	overlaps  []int    // indexes into distinct of the <=> that stand for OVERLAPS
	similar   []bool   // per LIKE: true for SIMILAR TO
	symmetric []bool   // per BETWEEN: true for SYMMETRIC
}

type desugarer struct {
	src   string
	toks  []Token
	match []int       // index of the matching bracket, -1 for others
	items map[int]int // token index -> number of `__flink_item`( to open there
	out   strings.Builder
	d     *desugared
}

// syntaxWords are the keywords handed to vitess (or handled here) rather
// than treated as identifiers.
var syntaxWords = wordSet(`SELECT FROM WHERE GROUP BY HAVING ORDER LIMIT OFFSET FETCH AS ON USING JOIN
INNER LEFT RIGHT FULL OUTER CROSS NATURAL UNION INTERSECT EXCEPT MINUS ALL DISTINCT WITH VALUES AND OR NOT
IS NULL TRUE FALSE UNKNOWN IN EXISTS BETWEEN LIKE SIMILAR ESCAPE CASE WHEN THEN ELSE END OVER FILTER
WINDOW LATERAL TABLE UNNEST INTERVAL CAST TRY_CAST SYMMETRIC ASYMMETRIC FOR`)

// wordsBeforeOperand are syntax words after which a - or + is a prefix operator.
var operandEnders = wordSet(`NULL TRUE FALSE UNKNOWN END`)

// niladic functions are written without parentheses.
var niladic = wordSet(`CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP LOCALTIME LOCALTIMESTAMP CURRENT_USER
SESSION_USER SYSTEM_USER CURRENT_ROLE CURRENT_CATALOG CURRENT_SCHEMA CURRENT_PATH`)

// builtinNames are keyword-like built-in functions whose names are upper-cased.
var builtinNames = wordSet(`ABS AVG CARDINALITY CEIL CEILING CHAR_LENGTH CHARACTER_LENGTH COALESCE COLLECT
COUNT COVAR_POP COVAR_SAMP CUME_DIST DENSE_RANK DESCRIPTOR ELEMENT EXP EXTRACT FIRST_VALUE FLOOR FUSION
GROUPING LAG LAST_VALUE LEAD LEFT RIGHT LN LOG10 LOWER MAX MIN MOD NTILE NULLIF OCTET_LENGTH OVERLAY
PERCENT_RANK POSITION POWER RANK ROW_NUMBER SQRT STDDEV_POP STDDEV_SAMP SUBSTRING SUM TRIM UPPER
VAR_POP VAR_SAMP YEAR QUARTER MONTH WEEK DAY HOUR MINUTE SECOND TRUNCATE TIMESTAMPADD TIMESTAMPDIFF
ROW ARRAY MAP CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP LOCALTIME LOCALTIMESTAMP CURRENT_USER
SESSION_USER SYSTEM_USER CURRENT_ROLE CURRENT_CATALOG CURRENT_SCHEMA CURRENT_PATH`)

// intervalUnits maps unit words (singular and plural) to units.
var intervalUnits = map[string]IntervalUnit{
	"YEAR": UnitYear, "YEARS": UnitYear, "QUARTER": UnitQuarter, "QUARTERS": UnitQuarter,
	"MONTH": UnitMonth, "MONTHS": UnitMonth, "WEEK": UnitWeek, "WEEKS": UnitWeek,
	"DAY": UnitDay, "DAYS": UnitDay, "HOUR": UnitHour, "HOURS": UnitHour,
	"MINUTE": UnitMinute, "MINUTES": UnitMinute, "SECOND": UnitSecond, "SECONDS": UnitSecond,
	"MILLISECOND": UnitMillisecond, "MILLISECONDS": UnitMillisecond,
	"MICROSECOND": UnitMicrosecond, "MICROSECONDS": UnitMicrosecond,
	"NANOSECOND": UnitNanosecond, "NANOSECONDS": UnitNanosecond,
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// encountered is Flink's parser error for an unexpected token.
func (ds *desugarer) encountered(i int) error {
	return encounteredErr(ds.src, ds.toks, i)
}

// Flink parses each statement on its own, so line and column in the message
// count from the start of the statement, while Pos stays a script offset.
// In a query, the error says what Flink's parser would have accepted
// there, and where Flink's parser and vitess disagree on where the query
// went wrong, it is where Flink's does (queryError).
func encounteredErr(src string, toks []Token, i int) error {
	i, want := queryError(toks, i)
	return encounteredExpecting(src, toks, i, want)
}

// encounteredExpecting is encounteredErr with what Flink's parser would
// have accepted there, when that is known.
func encounteredExpecting(src string, toks []Token, i int, want []string) error {
	return encountered(src, toks, i, want)
}

// expectingText is the "Was expecting one of:" part of a parse error.
func expectingText(want []string) string {
	var b strings.Builder
	if len(want) == 1 {
		b.WriteString("\nWas expecting:")
	} else {
		b.WriteString("\nWas expecting one of:")
	}
	for _, w := range want {
		b.WriteString("\n    ")
		b.WriteString(w)
		if w != "<EOF>" {
			b.WriteString(" ...")
		}
	}
	return b.String()
}

func encountered(src string, toks []Token, i int, want []string) *diag.Error {
	base := 0
	if len(toks) > 0 {
		base = stmtBase(src, toks[0].Pos)
	}
	if i < 0 || i >= len(toks) || toks[i].Kind == EOF {
		image, pos := endToken(src, toks)
		line, col := diag.LineCol(src[base:], pos-base)
		return diag.Parse(pos, "%s", unexpectedText(Token{Kind: EOF}, image, line, col, want))
	}
	t := toks[i]
	line, col := diag.LineCol(src[base:], t.Pos-base)
	return diag.Parse(t.Pos, "%s", unexpectedText(t, encounteredImage(src, toks, i, want), line, col, want))
}

// encounteredImage is what JavaCC quotes after "Encountered": as many
// tokens from the failing one as the longest sequence it expected ("+
// <EOF>" where "+" "NOT" ... was expected), <EOF> ending them.
func encounteredImage(src string, toks []Token, i int, want []string) string {
	n := 1
	for _, w := range want {
		n = max(n, sequenceLen(w))
	}
	var b strings.Builder
	for k := 0; k < n; k++ {
		if k > 0 {
			b.WriteByte(' ')
		}
		if i+k >= len(toks) || toks[i+k].Kind == EOF {
			image, _ := endToken(src, toks)
			b.WriteString(image)
			break
		}
		b.WriteString(tokenImage(src, toks[i+k]))
	}
	return b.String()
}

// sequenceLen counts the token images of an expected entry: "+" "NOT" is 2.
func sequenceLen(entry string) int {
	n := 0
	for i := 0; i < len(entry); {
		switch entry[i] {
		case '"':
			j := i + 1
			for j < len(entry) && entry[j] != '"' {
				if entry[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
			n++
		case '<':
			j := strings.IndexByte(entry[i:], '>')
			if j < 0 {
				return n + 1
			}
			i += j + 1
			n++
		default:
			i++
		}
	}
	return n
}

// stmtBase returns where the statement holding offset pos starts.
func stmtBase(src string, pos int) int {
	spans, err := Split(src)
	if err != nil {
		return pos
	}
	for _, sp := range spans {
		if sp.Start <= pos && pos <= sp.End {
			return sp.Start
		}
	}
	return pos
}

// endToken is what Flink's parser meets where a statement ends, and where:
// the SQL client hands the parser each statement with its ';' (and puts
// one after a script whose last statement has none), so a statement that
// ends too early meets the ';' (";" at its offset, or just after the
// statement's last character for the one the client adds). Where the
// tokens end before the statement does (a type inside a CAST), it is
// <EOF>, reported, as JavaCC does, at the last character read.
func endToken(src string, toks []Token) (image string, pos int) {
	last := lastTokenEnd(toks)
	end := last
	if len(toks) > 0 {
		end = max(end, toks[len(toks)-1].Pos)
	}
	j := skipSpace(src, end)
	switch {
	case j < len(src) && src[j] == ';':
		return ";", j
	case j >= len(src) && last > 0:
		return ";", last
	}
	pos = end
	if last > 0 {
		pos = last - 1
	}
	return "<EOF>", pos
}

// skipSpace returns the offset of the first byte at or after i that is
// no space and in no comment.
func skipSpace(src string, i int) int {
	for i < len(src) {
		switch {
		case src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r':
			i++
		case strings.HasPrefix(src[i:], "--"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*") && !strings.HasPrefix(src[i:], "/*+"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return len(src)
			}
			i += j + 4
		default:
			return i
		}
	}
	return i
}

func lastTokenEnd(toks []Token) int {
	for i := len(toks) - 1; i >= 0; i-- {
		if toks[i].Kind != EOF {
			return toks[i].End
		}
	}
	return 0
}

// desugar rewrites src[start:end]. With expr set, the input is one scalar
// expression and the output is "SELECT <expr>".
func desugar(src string, start, end int, expr bool) (*desugared, error) {
	toks, err := Lex(src, start, end)
	if err != nil {
		return nil, err
	}
	ds := &desugarer{src: src, toks: toks, d: &desugared{toks: toks}, items: map[int]int{}}
	if err := ds.matchBrackets(); err != nil {
		return nil, err
	}
	if err := ds.findSubscripts(); err != nil {
		return nil, err
	}
	n := len(toks) - 1 // the EOF token
	if n == 0 {
		return nil, ds.encountered(0)
	}
	if expr {
		ds.emit("SELECT", -1)
		// an expression must not look like a query
		if toks[0].Is("SELECT") || toks[0].Is("WITH") || toks[0].Is("VALUES") {
			return nil, ds.encountered(0)
		}
	}
	lo, hi := 0, n
	// vitess rejects a query that is wholly parenthesized; the parentheses mean nothing
	for !expr && ds.tok(lo).IsPunct("(") && ds.match[lo] == hi-1 {
		lo, hi = lo+1, hi-1
	}
	if err := ds.seq(lo, hi, false, false); err != nil {
		return nil, err
	}
	// vitess reports an error at the end of input one byte further than one
	// at the last token; trailing blanks tell the two apart
	ds.d.text = ds.out.String() + "  "
	return ds.d, nil
}

// tok returns token k, or the final EOF token past the end.
func (ds *desugarer) tok(k int) Token {
	if k < 0 || k >= len(ds.toks) {
		return ds.toks[len(ds.toks)-1]
	}
	return ds.toks[k]
}

func (ds *desugarer) emit(s string, tok int) {
	if ds.out.Len() > 0 {
		ds.out.WriteByte(' ')
	}
	st := ds.out.Len()
	ds.out.WriteString(s)
	ds.d.pieces = append(ds.d.pieces, piece{start: st, end: ds.out.Len(), tok: tok})
}

func (ds *desugarer) emitLeaf(v any, tok int) {
	ds.d.leaves = append(ds.d.leaves, v)
	ds.emit(leafMark+strconv.Itoa(len(ds.d.leaves)-1), tok)
}

func (ds *desugarer) newIdent(e identEntry) int {
	ds.d.idents = append(ds.d.idents, e)
	return len(ds.d.idents) - 1
}

func identText(n int) string { return "`" + identMark + strconv.Itoa(n) + "`" }

func (ds *desugarer) matchBrackets() error {
	ds.match = make([]int, len(ds.toks))
	var stack []int
	for i, t := range ds.toks {
		ds.match[i] = -1
		if t.Kind != Punct {
			continue
		}
		switch t.Val {
		case "(", "[":
			stack = append(stack, i)
		case ")", "]":
			if len(stack) == 0 {
				return ds.encountered(i)
			}
			o := stack[len(stack)-1]
			if (ds.tok(o).Val == "(") != (t.Val == ")") {
				return ds.encountered(i)
			}
			stack = stack[:len(stack)-1]
			ds.match[o], ds.match[i] = i, o
		}
	}
	if len(stack) > 0 {
		return ds.encountered(len(ds.toks) - 1)
	}
	return nil
}

func isName(t Token) bool {
	return t.Kind == QuotedIdent || (t.Kind == Word && !syntaxWords[strings.ToUpper(t.Val)])
}

// findSubscripts finds every x[i] and records where its primary x starts,
// so that `__flink_item`( can be opened there.
func (ds *desugarer) findSubscripts() error {
	for i, t := range ds.toks {
		if !t.IsPunct("[") || (i > 0 && (ds.tok(i-1).Is("ARRAY") || ds.tok(i-1).Is("MAP"))) {
			continue
		}
		s := ds.primaryStart(i - 1)
		if s < 0 {
			return ds.encountered(i)
		}
		ds.items[s]++
	}
	return nil
}

// primaryStart returns the index of the first token of the primary
// expression that ends at token e, or -1.
func (ds *desugarer) primaryStart(e int) int {
	if e < 0 {
		return -1
	}
	t := ds.tok(e)
	switch {
	case t.IsPunct("]"):
		o := ds.match[e]
		if o > 0 && (ds.tok(o-1).Is("ARRAY") || ds.tok(o-1).Is("MAP")) {
			return o - 1
		}
		return ds.primaryStart(o - 1)
	case t.IsPunct(")"):
		o := ds.match[e]
		if o > 0 && (ds.tok(o-1).Kind == QuotedIdent || ds.tok(o-1).Kind == Word) &&
			!isSyntaxParenWord(ds.tok(o-1)) {
			return ds.chainStart(o - 1)
		}
		return o
	case t.Kind == Word || t.Kind == QuotedIdent:
		return ds.chainStart(e)
	case t.Kind == String || t.Kind == Number || t.Kind == BinaryStr:
		return e
	}
	return -1
}

// isSyntaxParenWord reports whether a word before ( makes the parenthesis
// syntax rather than a call (IN (...), EXISTS (...), ...).
func isSyntaxParenWord(t Token) bool {
	if t.Kind != Word {
		return false
	}
	u := strings.ToUpper(t.Val)
	switch u {
	case "CAST", "TRY_CAST", "ROW", "LEFT", "RIGHT":
		return false
	}
	return syntaxWords[u]
}

func (ds *desugarer) chainStart(e int) int {
	for e >= 2 && ds.tok(e-1).IsPunct(".") && (ds.tok(e-2).Kind == Word || ds.tok(e-2).Kind == QuotedIdent) {
		e -= 2
	}
	return e
}

// openItems opens the `__flink_item`( wrappers of subscripts whose primary starts at i.
func (ds *desugarer) openItems(i int) {
	for n := ds.items[i]; n > 0; n-- {
		ds.emit("`"+markerPref+"item`(", i)
	}
	delete(ds.items, i)
}

// depth0 returns the first index in [lo, hi) of a depth-0 token for which f
// holds, or hi.
func (ds *desugarer) depth0(lo, hi int, f func(Token) bool) int {
	for k := lo; k < hi; k++ {
		t := ds.tok(k)
		if f(t) {
			return k
		}
		if (t.IsPunct("(") || t.IsPunct("[")) && ds.match[k] > k {
			k = ds.match[k]
		}
	}
	return hi
}

func isWord(ws ...string) func(Token) bool {
	return func(t Token) bool {
		for _, w := range ws {
			if t.Is(w) {
				return true
			}
		}
		return false
	}
}

func (ds *desugarer) expect(i int, f func(Token) bool) error {
	if !f(ds.tok(i)) {
		return ds.encountered(i)
	}
	return nil
}

func isPunct(p string) func(Token) bool { return func(t Token) bool { return t.IsPunct(p) } }

// clause tracks where seq is inside a query block.
type clause uint8

const (
	clOther clause = iota
	clFrom
)

// seq rewrites the tokens [i, j). over is set inside a window
// specification; from is set when [i, j) starts with a table reference.
func (ds *desugarer) seq(i, j int, over, from bool) error {
	cl := clOther
	tableStart := from
	if from {
		cl = clFrom
	}
	for i < j {
		var err error
		if tableStart {
			tableStart = false
			if i, err = ds.tableRef(i, j); err != nil {
				return err
			}
			continue
		}
		t := ds.tok(i)
		switch t.Kind {
		case String, Number, BinaryStr:
			i, err = ds.literal(i, over)
		case QuotedIdent:
			i, err = ds.name(i, j)
		case Hint:
			i++ // query hints are not supported; like Flink's unknown hints, they are ignored
		case Punct:
			i, err = ds.punct(i, j, cl == clFrom)
			if err == nil && t.Val == "," && cl == clFrom {
				tableStart = true
			}
		case Word:
			u := strings.ToUpper(t.Val)
			switch u {
			case "FROM":
				ds.emit("FROM", i)
				cl, tableStart = clFrom, true
				i++
			case "JOIN":
				ds.emit("JOIN", i)
				cl, tableStart = clFrom, true
				i++
			case "WHERE", "GROUP", "HAVING", "ON":
				ds.emit(u, i)
				cl = clOther
				i++
			default:
				i, err = ds.word(i, j, over)
			}
		default:
			return ds.encountered(i)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (ds *desugarer) literal(i int, over bool) (int, error) {
	t := ds.tok(i)
	ds.openItems(i)
	var v Expr
	switch t.Kind {
	case String:
		v = &Literal{Pos: t.Pos, Kind: StringLit, Text: t.Val}
	case BinaryStr:
		if len(t.Val)%2 != 0 {
			return 0, diag.Parse(t.Pos, "Binary literal string must contain an even number of hexits")
		}
		for k := 0; k < len(t.Val); k++ {
			if !isHex(t.Val[k]) {
				return 0, ds.encountered(i)
			}
		}
		v = &Literal{Pos: t.Pos, Kind: BinaryLit, Text: t.Val}
	case Number:
		kind := ExactLit
		if strings.ContainsAny(t.Val, "eE") {
			kind = ApproxLit
		}
		v = &Literal{Pos: t.Pos, Kind: kind, Text: t.Val}
	}
	// frame bounds take only integers or INTERVALs in vitess
	if over && (ds.tok(i+1).Is("PRECEDING") || ds.tok(i+1).Is("FOLLOWING")) {
		ds.emit("INTERVAL", i)
		ds.emitLeaf(v, i)
		ds.emit("DAY", i)
	} else {
		ds.emitLeaf(v, i)
	}
	return i + 1, nil
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func (ds *desugarer) punct(i, j int, inFrom bool) (int, error) {
	t := ds.tok(i)
	switch t.Val {
	case "(":
		ds.openItems(i)
		k := ds.match[i]
		ds.emit("(", i)
		if err := ds.seq(i+1, k, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", k)
		return k + 1, nil
	case "[":
		if i == 0 {
			return 0, ds.encountered(i)
		}
		k := ds.match[i]
		if k == i+1 {
			return 0, ds.encountered(k)
		}
		ds.emit(",", i)
		if err := ds.seq(i+1, k, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", k)
		return k + 1, nil
	case "||":
		ds.emit("DIV", i)
	case "-", "+":
		if !ds.endsOperand(i - 1) {
			ds.d.unaryPos = append(ds.d.unaryPos, t.Pos)
		}
		ds.emit(t.Val, i)
	case ",", "*", "/", "%", "=", "<>", "!=", "<", "<=", ">", ">=":
		ds.emit(t.Val, i)
	default:
		return 0, ds.encountered(i)
	}
	return i + 1, nil
}

// endsOperand reports whether token p ends an operand, so that a following
// - or + is infix.
func (ds *desugarer) endsOperand(p int) bool {
	for p >= 0 && ds.tok(p).Kind == Hint {
		p--
	}
	if p < 0 {
		return false
	}
	t := ds.tok(p)
	switch t.Kind {
	case String, Number, BinaryStr, QuotedIdent:
		return true
	case Punct:
		return t.Val == ")" || t.Val == "]"
	case Word:
		u := strings.ToUpper(t.Val)
		return operandEnders[u] || !syntaxWords[u]
	}
	return false
}

// word handles an unquoted word at i.
func (ds *desugarer) word(i, j int, over bool) (int, error) {
	t := ds.tok(i)
	u := strings.ToUpper(t.Val)
	next := ds.tok(i + 1)
	if u == "OVERLAPS" && ds.endsOperand(i-1) {
		// (a, b) OVERLAPS (c, d) rides on the <=> of two row tuples.
		ds.d.overlaps = append(ds.d.overlaps, len(ds.d.distinct))
		ds.d.distinct = append(ds.d.distinct, false)
		ds.emit("<=>", i)
		return i + 1, nil
	}
	if u == "GROUPING" && next.Is("SETS") && ds.tok(i+2).IsPunct("(") {
		return ds.groupingSets(i)
	}
	if next.IsPunct("(") {
		switch u {
		case "CAST", "TRY_CAST":
			return ds.cast(i)
		case "ROW", "EXTRACT", "SUBSTRING", "TRIM", "POSITION", "OVERLAY", "FLOOR", "CEIL", "CEILING":
			return ds.special(i, j, u)
		case "TIMESTAMPADD", "TIMESTAMPDIFF":
			return ds.special(i, j, u)
		case "LEFT", "RIGHT":
			return ds.name(i, j)
		case "JSON_EXISTS", "JSON_VALUE", "JSON_QUERY", "JSON_OBJECT", "JSON_ARRAY", "JSON_OBJECTAGG", "JSON_ARRAYAGG":
			return ds.jsonCall(i, j, u)
		}
		if !syntaxWords[u] && !(over && (u == "PARTITION" || u == "ROWS" || u == "RANGE")) {
			return ds.name(i, j)
		}
	}
	if next.IsPunct("[") && (u == "ARRAY" || u == "MAP") {
		return ds.special(i, j, u)
	}
	if next.Kind == String && (u == "DATE" || u == "TIME" || u == "TIMESTAMP") {
		kind := map[string]LiteralKind{"DATE": DateLit, "TIME": TimeLit, "TIMESTAMP": TimestampLit}[u]
		ds.openItems(i)
		ds.emitLeaf(&Literal{Pos: t.Pos, Kind: kind, Text: next.Val}, i)
		return i + 2, nil
	}
	if over {
		switch u {
		case "PARTITION", "ROWS", "RANGE", "UNBOUNDED", "PRECEDING", "FOLLOWING", "CURRENT", "ROW":
			ds.emit(u, i)
			return i + 1, nil
		case "BETWEEN":
			// a frame's BETWEEN, not the predicate
			if i > 0 && (ds.tok(i-1).Is("ROWS") || ds.tok(i-1).Is("RANGE")) {
				ds.emit(u, i)
				return i + 1, nil
			}
		}
	}
	switch u {
	case "SELECT":
		return ds.selectKw(i, j)
	case "VALUES":
		return ds.values(i)
	case "ORDER":
		return ds.orderBy(i, j, over)
	case "LIMIT", "OFFSET", "FETCH":
		return ds.limit(i, j)
	case "WINDOW":
		return ds.window(i, j)
	case "INTERVAL":
		return ds.interval(i, over)
	case "IS":
		return ds.is(i)
	case "NULL", "TRUE", "FALSE", "UNKNOWN":
		lit := &Literal{Pos: t.Pos, Kind: NullLit}
		if u == "TRUE" || u == "FALSE" {
			lit.Kind, lit.Bool = BoolLit, u == "TRUE"
		}
		ds.emitLeaf(lit, i)
		return i + 1, nil
	case "NOT":
		if !(next.Is("IN") || next.Is("LIKE") || next.Is("BETWEEN") || next.Is("SIMILAR")) {
			ds.d.unaryPos = append(ds.d.unaryPos, t.Pos)
		}
		ds.emit("NOT", i)
		return i + 1, nil
	case "BETWEEN":
		ds.emit("BETWEEN", i)
		sym := next.Is("SYMMETRIC")
		ds.d.symmetric = append(ds.d.symmetric, sym)
		if sym || next.Is("ASYMMETRIC") {
			return i + 2, nil
		}
		return i + 1, nil
	case "LIKE":
		ds.d.similar = append(ds.d.similar, false)
		ds.emit("LIKE", i)
		return i + 1, nil
	case "SIMILAR":
		if err := ds.expect(i+1, isWord("TO")); err != nil {
			return 0, err
		}
		ds.d.similar = append(ds.d.similar, true)
		ds.emit("LIKE", i)
		return i + 2, nil
	case "CASE":
		ds.openItems(i)
		ds.d.casePos = append(ds.d.casePos, t.Pos)
		ds.emit("CASE", i)
		return i + 1, nil
	case "EXISTS":
		ds.d.existsPos = append(ds.d.existsPos, t.Pos)
		ds.emit("EXISTS", i)
		return i + 1, nil
	case "TABLE":
		if isName(next) {
			return ds.tableArg(i, j)
		}
		return 0, ds.encountered(i)
	case "UNION", "INTERSECT", "EXCEPT":
		ds.emit(u, i)
		if next.Is("ALL") || next.Is("DISTINCT") {
			ds.emit(strings.ToUpper(next.Val), i+1)
			return i + 2, nil
		}
		return i + 1, nil
	case "WITH":
		return ds.with(i)
	case "MINUS", "FILTER", "OVER", "FOR", "SYMMETRIC", "ASYMMETRIC", "UNNEST", "LATERAL":
		return 0, ds.encountered(i)
	}
	if syntaxWords[u] {
		ds.emit(u, i)
		return i + 1, nil
	}
	if niladic[u] {
		ds.openItems(i)
		n := ds.newIdent(identEntry{kind: idNiladic, name: u, pos: t.Pos, parts: []Ident{{Name: t.Val, Pos: t.Pos}}})
		ds.emit(identText(n)+"()", i)
		return i + 1, nil
	}
	return ds.name(i, j)
}

// chain reads a dotted identifier chain starting at i.
func (ds *desugarer) chain(i int) ([]Ident, int, error) {
	var parts []Ident
	k := i
	for {
		t := ds.tok(k)
		if t.Kind != Word && t.Kind != QuotedIdent {
			return nil, 0, ds.encountered(k)
		}
		if strings.HasPrefix(strings.ToLower(t.Val), markerPref) {
			return nil, 0, diag.Parse(t.Pos, "Identifier '%s' is reserved for internal use", t.Val)
		}
		parts = append(parts, Ident{Name: t.Val, Pos: t.Pos, Quoted: t.Kind == QuotedIdent})
		k++
		if ds.tok(k).IsPunct(".") && (ds.tok(k+1).Kind == Word || ds.tok(k+1).Kind == QuotedIdent) {
			k++
			continue
		}
		return parts, k, nil
	}
}

// name handles an identifier chain at i: a column, t.*, a function call or
// a named argument.
func (ds *desugarer) name(i, j int) (int, error) {
	ds.openItems(i)
	parts, k, err := ds.chain(i)
	if err != nil {
		return 0, err
	}
	switch {
	case ds.tok(k).IsPunct(".") && ds.tok(k+1).IsPunct("*"):
		if err := ds.unreserved(i, k); err != nil {
			return 0, err
		}
		n := ds.newIdent(identEntry{parts: parts, pos: parts[0].Pos})
		ds.emit(identText(n)+".*", i)
		return k + 2, nil
	case ds.tok(k).IsPunct("("):
		return ds.call(i, parts, k)
	case ds.tok(k).IsPunct("=>"):
		if len(parts) != 1 {
			return 0, ds.encountered(k)
		}
		e := ds.depth0(k+1, j, isPunct(","))
		if e == k+1 {
			return 0, ds.encountered(e)
		}
		n := ds.newIdent(identEntry{parts: parts, pos: parts[0].Pos})
		ds.emit("`"+markerPref+"named`("+identText(n)+",", i)
		if err := ds.seq(k+1, e, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", k)
		return e, nil
	}
	if err := ds.unreserved(i, k); err != nil {
		return 0, err
	}
	n := ds.newIdent(identEntry{parts: parts, pos: parts[0].Pos})
	ds.emit(identText(n), i)
	return k, nil
}

// unreserved rejects an unquoted reserved word among tokens i..k-1 of an
// identifier chain, as Flink's parser does: reserved words are identifiers
// only in backticks. Function names are exempt, since Calcite's grammar
// has a rule for each reserved function it knows (COUNT(...), UPPER(...)).
func (ds *desugarer) unreserved(i, k int) error {
	for ; i < k; i++ {
		if t := ds.tok(i); t.Kind == Word && isReserved(t.Val) {
			return ds.encountered(i)
		}
	}
	return nil
}

func callName(parts []Ident) string {
	if len(parts) == 1 && !parts[0].Quoted && builtinNames[strings.ToUpper(parts[0].Name)] {
		return strings.ToUpper(parts[0].Name)
	}
	names := make([]string, len(parts))
	for k, p := range parts {
		names[k] = p.Name
	}
	return strings.Join(names, ".")
}

// call handles name(args) [FILTER (WHERE cond)] [OVER window].
func (ds *desugarer) call(i int, parts []Ident, lp int) (int, error) {
	rp := ds.match[lp]
	k := rp + 1
	fLo, fHi := -1, -1
	if ds.tok(k).Is("FILTER") && ds.tok(k+1).IsPunct("(") {
		if err := ds.expect(k+2, isWord("WHERE")); err != nil {
			return 0, err
		}
		fLo, fHi = k+3, ds.match[k+1]
		if fLo == fHi {
			return 0, ds.encountered(fHi)
		}
		k = fHi + 1
	}
	entry := identEntry{kind: idFunc, parts: parts, name: callName(parts), pos: parts[0].Pos, overPos: -1}
	overLo, overHi, overName := -1, -1, -1
	if ds.tok(k).Is("OVER") {
		entry.overPos = ds.tok(k).Pos
		switch {
		case ds.tok(k + 1).IsPunct("("):
			overLo, overHi = k+2, ds.match[k+1]
			k = overHi + 1
		case isName(ds.tok(k + 1)):
			overName = k + 1
			k += 2
		default:
			return 0, ds.encountered(k + 1)
		}
	}
	n := ds.newIdent(entry)
	windowed := entry.overPos >= 0
	if windowed {
		// vitess allows OVER only after a fixed list of functions
		ds.emit("SUM(`"+markerPref+"over`(", i)
	}
	if fLo >= 0 {
		ds.emit("`"+markerPref+"filter`(", i)
	}
	ds.emit(identText(n)+"(", i)
	// ARRAY_AGG(x {IGNORE | RESPECT} NULLS): the null treatment becomes a
	// last Symbol argument.
	end, nulls := rp, ""
	if t := ds.tok(rp - 2); rp-2 > lp+1 && strings.EqualFold(entry.name, "ARRAY_AGG") && (t.Is("IGNORE") || t.Is("RESPECT")) && ds.tok(rp-1).Is("NULLS") {
		end, nulls = rp-2, strings.ToUpper(t.Val)+" NULLS"
	}
	if err := ds.seq(lp+1, end, false, false); err != nil {
		return 0, err
	}
	if nulls != "" {
		ds.emit(",", end)
		ds.emitLeaf(&Symbol{Pos: ds.tok(end).Pos, Name: nulls}, end)
	}
	ds.emit(")", rp)
	if fLo >= 0 {
		ds.emit(",", fLo-1)
		if err := ds.seq(fLo, fHi, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", fHi)
	}
	if windowed {
		ds.emit("))", rp)
		ds.emit("OVER", rp+1)
		if overName >= 0 {
			parts, _, err := ds.chain(overName)
			if err != nil {
				return 0, err
			}
			w := ds.newIdent(identEntry{parts: parts, pos: parts[0].Pos})
			ds.emit(identText(w), overName)
		} else {
			ds.emit("(", overLo-1)
			if err := ds.seq(overLo, overHi, true, false); err != nil {
				return 0, err
			}
			ds.emit(")", overHi)
		}
	}
	return k, nil
}

// cast handles CAST(x AS type) and TRY_CAST(x AS type).
func (ds *desugarer) cast(i int) (int, error) {
	ds.openItems(i)
	lp := i + 1
	rp := ds.match[lp]
	as := ds.depth0(lp+1, rp, isWord("AS"))
	if as == rp || as == lp+1 {
		return 0, ds.encountered(as)
	}
	if as+1 == rp {
		return 0, ds.encountered(rp)
	}
	ds.emit("`"+markerPref+"cast`(", i)
	if err := ds.seq(lp+1, as, false, false); err != nil {
		return 0, err
	}
	ds.emit(",", as)
	ds.emitLeaf(&castInfo{pos: ds.tok(i).Pos, typeStart: ds.tok(as + 1).Pos, typeEnd: ds.tok(rp - 1).End,
		try: ds.tok(i).Is("TRY_CAST")}, as+1)
	ds.emit(")", rp)
	return rp + 1, nil
}

// special handles the built-ins with keyword syntax inside their
// parentheses, and ARRAY[...], MAP[...], ROW(...).
func (ds *desugarer) special(i, j int, u string) (int, error) {
	ds.openItems(i)
	t := ds.tok(i)
	lp := i + 1
	rp := ds.match[lp]
	n := ds.newIdent(identEntry{kind: idFunc, name: u, pos: t.Pos, parts: []Ident{{Name: t.Val, Pos: t.Pos}}, overPos: -1})
	head := identText(n) + "("
	args := func(ranges ...[2]int) error {
		ds.emit(head, i)
		for k, r := range ranges {
			if k > 0 {
				ds.emit(",", r[0]-1)
			}
			if r[0] >= r[1] {
				return ds.encountered(r[0])
			}
			if err := ds.seq(r[0], r[1], false, false); err != nil {
				return err
			}
		}
		ds.emit(")", rp)
		return nil
	}
	sym := func(k int) *Symbol {
		return &Symbol{Pos: ds.tok(k).Pos, Name: strings.ToUpper(ds.tok(k).Val)}
	}
	switch u {
	case "ARRAY", "MAP", "ROW":
		ds.emit(head, i)
		if err := ds.seq(lp+1, rp, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", rp)
		return rp + 1, nil
	case "EXTRACT":
		if ds.tok(lp+1).Kind != Word {
			return 0, ds.encountered(lp + 1)
		}
		if err := ds.expect(lp+2, isWord("FROM")); err != nil {
			return 0, err
		}
		ds.emit(head, i)
		ds.emitLeaf(sym(lp+1), lp+1)
		ds.emit(",", lp+2)
		if lp+3 >= rp {
			return 0, ds.encountered(rp)
		}
		if err := ds.seq(lp+3, rp, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", rp)
		return rp + 1, nil
	case "TIMESTAMPADD", "TIMESTAMPDIFF":
		// The unit is a keyword: TIMESTAMPADD(DAY, n, x).
		if ds.tok(lp+1).Kind != Word || !ds.tok(lp+2).IsPunct(",") {
			return ds.name(i, j)
		}
		ds.emit(head, i)
		ds.emitLeaf(sym(lp+1), lp+1)
		ds.emit(",", lp+2)
		if lp+3 >= rp {
			return 0, ds.encountered(rp)
		}
		if err := ds.seq(lp+3, rp, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", rp)
		return rp + 1, nil
	case "SUBSTRING":
		from := ds.depth0(lp+1, rp, isWord("FROM"))
		if from == rp {
			return ds.name(i, j)
		}
		ranges := [][2]int{{lp + 1, from}}
		if f := ds.depth0(from+1, rp, isWord("FOR")); f < rp {
			ranges = append(ranges, [2]int{from + 1, f}, [2]int{f + 1, rp})
		} else {
			ranges = append(ranges, [2]int{from + 1, rp})
		}
		return rp + 1, args(ranges...)
	case "POSITION":
		in := ds.depth0(lp+1, rp, isWord("IN"))
		if in == rp {
			return ds.name(i, j)
		}
		return rp + 1, args([2]int{lp + 1, in}, [2]int{in + 1, rp})
	case "OVERLAY":
		pl := ds.depth0(lp+1, rp, isWord("PLACING"))
		if pl == rp {
			return ds.name(i, j)
		}
		from := ds.depth0(pl+1, rp, isWord("FROM"))
		if from == rp {
			return 0, ds.encountered(rp)
		}
		ranges := [][2]int{{lp + 1, pl}, {pl + 1, from}}
		if f := ds.depth0(from+1, rp, isWord("FOR")); f < rp {
			ranges = append(ranges, [2]int{from + 1, f}, [2]int{f + 1, rp})
		} else {
			ranges = append(ranges, [2]int{from + 1, rp})
		}
		return rp + 1, args(ranges...)
	case "FLOOR", "CEIL", "CEILING":
		to := ds.depth0(lp+1, rp, isWord("TO"))
		if to == rp {
			return ds.name(i, j)
		}
		if to+2 != rp || ds.tok(to+1).Kind != Word {
			return 0, ds.encountered(to + 1)
		}
		if to == lp+1 {
			return 0, ds.encountered(to)
		}
		ds.emit(head, i)
		if err := ds.seq(lp+1, to, false, false); err != nil {
			return 0, err
		}
		ds.emit(",", to)
		ds.emitLeaf(sym(to+1), to+1)
		ds.emit(")", rp)
		return rp + 1, nil
	case "TRIM":
		from := ds.depth0(lp+1, rp, isWord("FROM"))
		var where *Symbol
		chLo, chHi := -1, -1
		xLo := lp + 1
		if from < rp {
			k := lp + 1
			if t := ds.tok(k); t.Is("BOTH") || t.Is("LEADING") || t.Is("TRAILING") {
				where = sym(k)
				k++
			}
			if k < from {
				chLo, chHi = k, from
			}
			xLo = from + 1
		}
		if xLo >= rp {
			return 0, ds.encountered(rp)
		}
		// TRIM takes one string (and its characters before FROM): a comma
		// is where Flink's grammar stops
		if c := ds.depth0(lp+1, rp, isPunct(",")); c < rp {
			return 0, ds.encountered(c)
		}
		if where == nil {
			where = &Symbol{Pos: t.Pos, Name: "BOTH"}
		}
		ds.emit(head, i)
		ds.emitLeaf(where, i)
		ds.emit(",", i)
		if chLo >= 0 {
			if err := ds.seq(chLo, chHi, false, false); err != nil {
				return 0, err
			}
		} else {
			ds.emitLeaf(&Literal{Pos: t.Pos, Kind: StringLit, Text: " "}, i)
		}
		ds.emit(",", xLo-1)
		if err := ds.seq(xLo, rp, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", rp)
		return rp + 1, nil
	}
	return 0, ds.encountered(i)
}

// interval handles INTERVAL [-|+]'value' unit [(p)] [TO unit [(p)]].
func (ds *desugarer) interval(i int, over bool) (int, error) {
	ds.openItems(i)
	lit := &IntervalLit{Pos: ds.tok(i).Pos}
	k := i + 1
	if ds.tok(k).IsPunct("-") || ds.tok(k).IsPunct("+") {
		lit.Negative = ds.tok(k).Val == "-"
		k++
	}
	if v := ds.tok(k); v.Kind == String || v.Kind == Number {
		lit.Value = v.Val
		k++
	} else {
		return 0, ds.encountered(k)
	}
	unit := func() (IntervalUnit, string, int, int, error) {
		t := ds.tok(k)
		u, ok := intervalUnits[strings.ToUpper(t.Val)]
		if t.Kind != Word || !ok {
			return 0, "", 0, 0, ds.encountered(k)
		}
		text := strings.ToUpper(t.Val)
		k++
		p, s := 0, 0
		if ds.tok(k).IsPunct("(") {
			nums := []*int{&p, &s}
			m := 0
			for k++; ; k++ {
				if ds.tok(k).Kind != Number || m == 2 {
					return 0, "", 0, 0, ds.encountered(k)
				}
				n, err := strconv.Atoi(ds.tok(k).Val)
				if err != nil {
					return 0, "", 0, 0, ds.encountered(k)
				}
				*nums[m] = n
				m++
				k++
				if ds.tok(k).IsPunct(")") {
					break
				}
				if !ds.tok(k).IsPunct(",") {
					return 0, "", 0, 0, ds.encountered(k)
				}
			}
			k++
		}
		return u, text, p, s, nil
	}
	from, text, p, s, err := unit()
	if err != nil {
		return 0, err
	}
	lit.From, lit.To, lit.Precision, lit.FracPrec, lit.UnitText = from, from, p, s, text
	if ds.tok(k).Is("TO") {
		k++
		at := k
		to, text2, p2, _, err := unit()
		if err != nil {
			return 0, err
		}
		if !validIntervalRange(from, to) {
			return 0, ds.encountered(at)
		}
		lit.To = to
		lit.UnitText = text + " TO " + text2
		if to == UnitSecond {
			lit.FracPrec = p2
		}
	}
	if over && (ds.tok(k).Is("PRECEDING") || ds.tok(k).Is("FOLLOWING")) {
		ds.emit("INTERVAL", i)
		ds.emitLeaf(lit, i)
		ds.emit("DAY", i)
	} else {
		ds.emitLeaf(lit, i)
	}
	return k, nil
}

func validIntervalRange(from, to IntervalUnit) bool {
	switch from {
	case UnitYear:
		return to == UnitMonth
	case UnitDay:
		return to == UnitHour || to == UnitMinute || to == UnitSecond
	case UnitHour:
		return to == UnitMinute || to == UnitSecond
	case UnitMinute:
		return to == UnitSecond
	}
	return false
}

// is handles IS [NOT] NULL|UNKNOWN|TRUE|FALSE|DISTINCT FROM.
func (ds *desugarer) is(i int) (int, error) {
	k := i + 1
	not := ds.tok(k).Is("NOT")
	if not {
		k++
	}
	neg := ""
	if not {
		neg = " NOT"
	}
	t := ds.tok(k)
	switch {
	case t.Is("NULL"), t.Is("UNKNOWN"):
		ds.d.isUnknown = append(ds.d.isUnknown, t.Is("UNKNOWN"))
		ds.d.isJSON = append(ds.d.isJSON, "")
		ds.emit("IS"+neg+" NULL", i)
	case t.Is("JSON"):
		// x IS [NOT] JSON [VALUE|SCALAR|ARRAY|OBJECT] steals IS [NOT] NULL.
		kind := "VALUE"
		if n := ds.tok(k + 1); n.Is("VALUE") || n.Is("SCALAR") || n.Is("ARRAY") || n.Is("OBJECT") {
			kind = strings.ToUpper(n.Val)
			k++
		}
		ds.d.isUnknown = append(ds.d.isUnknown, false)
		ds.d.isJSON = append(ds.d.isJSON, kind)
		ds.emit("IS"+neg+" NULL", i)
	case t.Is("TRUE"), t.Is("FALSE"):
		ds.emit("IS"+neg+" "+strings.ToUpper(t.Val), i)
	case t.Is("DISTINCT"):
		if err := ds.expect(k+1, isWord("FROM")); err != nil {
			return 0, err
		}
		ds.d.distinct = append(ds.d.distinct, !not)
		ds.emit("<=>", i)
		return k + 2, nil
	default:
		return 0, ds.encountered(k)
	}
	return k + 1, nil
}

// selectKw handles SELECT: it drops query hints, marks the block with its
// position and records the source span of every select item.
func (ds *desugarer) selectKw(i, j int) (int, error) {
	info := selectInfo{pos: ds.tok(i).Pos}
	k := i + 1
	for ds.tok(k).Kind == Hint {
		k++
	}
	lo := k
	if ds.tok(lo).Is("DISTINCT") || ds.tok(lo).Is("ALL") {
		lo++
	}
	stop := isWord("FROM", "WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT",
		"OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT")
	end := lo
	for {
		end = ds.depth0(end, j, stop)
		// the FROM of IS [NOT] DISTINCT FROM does not end the list
		if end < j && end > 0 && ds.tok(end).Is("FROM") && ds.tok(end-1).Is("DISTINCT") {
			end++
			continue
		}
		break
	}
	for {
		e := ds.depth0(lo, end, isPunct(","))
		if e == lo {
			return 0, ds.encountered(lo)
		}
		info.items = append(info.items, span{ds.tok(lo).Pos, ds.tok(e - 1).End})
		if e == end {
			break
		}
		lo = e + 1
	}
	ds.d.selects = append(ds.d.selects, info)
	ds.emit("SELECT "+selectMark+strconv.Itoa(len(ds.d.selects)-1)+"*/", i)
	return k, nil
}

// values rewrites VALUES rows into SELECT * FROM (VALUES ROW(...), ...) AS
// `__flink_iN`, a shape vitess accepts wherever a query can stand.
func (ds *desugarer) values(i int) (int, error) {
	ds.emit("SELECT * FROM (VALUES", i)
	k := i + 1
	for {
		if ds.tok(k).Is("ROW") && ds.tok(k+1).IsPunct("(") {
			k++
		}
		if !ds.tok(k).IsPunct("(") {
			return 0, ds.encountered(k)
		}
		rp := ds.match[k]
		if rp == k+1 {
			return 0, ds.encountered(rp)
		}
		ds.emit("ROW(", k)
		if err := ds.seq(k+1, rp, false, false); err != nil {
			return 0, err
		}
		ds.emit(")", rp)
		k = rp + 1
		if !ds.tok(k).IsPunct(",") {
			break
		}
		ds.emit(",", k)
		k++
	}
	n := ds.newIdent(identEntry{kind: idValues, pos: ds.tok(i).Pos})
	ds.emit(") AS "+identText(n), k-1)
	return k, nil
}

// orderBy handles ORDER BY items with [ASC|DESC] [NULLS FIRST|LAST].
func (ds *desugarer) orderBy(i, j int, over bool) (int, error) {
	if err := ds.expect(i+1, isWord("BY")); err != nil {
		return 0, err
	}
	ds.emit("ORDER BY", i)
	k := i + 2
	stop := func(t Token) bool {
		return t.IsPunct(",") || t.Is("LIMIT") || t.Is("OFFSET") || t.Is("FETCH") ||
			(over && (t.Is("ROWS") || t.Is("RANGE")))
	}
	for {
		e := ds.depth0(k, j, stop)
		x := e
		nulls := ""
		if x-k >= 2 && ds.tok(x-2).Is("NULLS") && (ds.tok(x-1).Is("FIRST") || ds.tok(x-1).Is("LAST")) {
			nulls = strings.ToLower(ds.tok(x - 1).Val)
			x -= 2
		}
		dir := ""
		if x-k >= 1 && (ds.tok(x-1).Is("ASC") || ds.tok(x-1).Is("DESC")) {
			dir = strings.ToUpper(ds.tok(x - 1).Val)
			x--
		}
		if x == k {
			return 0, ds.encountered(k)
		}
		if nulls != "" {
			ds.emit("`"+markerPref+"nulls_"+nulls+"`(", k)
		}
		if err := ds.seq(k, x, over, false); err != nil {
			return 0, err
		}
		if nulls != "" {
			ds.emit(")", x)
		}
		if dir != "" {
			ds.emit(dir, x)
		}
		if e < j && ds.tok(e).IsPunct(",") {
			ds.emit(",", e)
			k = e + 1
			continue
		}
		return e, nil
	}
}

// limit handles LIMIT n [OFFSET m], OFFSET m [ROW|ROWS] and
// FETCH FIRST|NEXT [n] ROW|ROWS ONLY, in any of Calcite's combinations.
func (ds *desugarer) limit(i, j int) (int, error) {
	var count, offset Expr
	tok := i
	num := func(k int) (Expr, error) {
		t := ds.tok(k)
		if t.Kind != Number || strings.ContainsAny(t.Val, ".eE") {
			return nil, ds.encountered(k)
		}
		return &Literal{Pos: t.Pos, Kind: ExactLit, Text: t.Val}, nil
	}
	k := i
	var err error
	for k < j {
		t := ds.tok(k)
		switch {
		case t.Is("LIMIT") && count == nil:
			k++
			if ds.tok(k).Is("ALL") {
				k++
				continue
			}
			if count, err = num(k); err != nil {
				return 0, err
			}
			k++
			if ds.tok(k).IsPunct(",") {
				return 0, diag.Parse(t.Pos, "LIMIT start, count is not allowed under the current SQL conformance level")
			}
		case t.Is("OFFSET") && offset == nil:
			k++
			if offset, err = num(k); err != nil {
				return 0, err
			}
			k++
			if ds.tok(k).Is("ROW") || ds.tok(k).Is("ROWS") {
				k++
			}
		case t.Is("FETCH") && count == nil:
			k++
			if err := ds.expect(k, isWord("FIRST", "NEXT")); err != nil {
				return 0, err
			}
			k++
			if ds.tok(k).Kind == Number {
				if count, err = num(k); err != nil {
					return 0, err
				}
				k++
			} else {
				count = &Literal{Pos: ds.tok(k).Pos, Kind: ExactLit, Text: "1"}
			}
			if err := ds.expect(k, isWord("ROW", "ROWS")); err != nil {
				return 0, err
			}
			if err := ds.expect(k+1, isWord("ONLY")); err != nil {
				return 0, err
			}
			k += 2
		default:
			if k == i {
				return 0, ds.encountered(k)
			}
			goto done
		}
	}
done:
	if count == nil && offset == nil {
		return k, nil
	}
	ds.emit("LIMIT", tok)
	if count == nil {
		ds.emitLeaf(noLimit{}, tok)
	} else {
		ds.emitLeaf(count, tok)
	}
	if offset != nil {
		ds.emit("OFFSET", tok)
		ds.emitLeaf(offset, tok)
	}
	return k, nil
}

// with handles WITH name [(cols)] AS (query) [, ...].
func (ds *desugarer) with(i int) (int, error) {
	ds.emit("WITH", i)
	k := i + 1
	for {
		if !isName(ds.tok(k)) {
			return 0, ds.encountered(k)
		}
		parts, k2, err := ds.chain(k)
		if err != nil {
			return 0, err
		}
		if len(parts) != 1 {
			return 0, ds.encountered(k + 1)
		}
		n := ds.newIdent(identEntry{parts: parts, pos: parts[0].Pos})
		ds.emit(identText(n), k)
		k = k2
		if ds.tok(k).IsPunct("(") {
			rp := ds.match[k]
			ds.emit("(", k)
			for c := k + 1; c < rp; c += 2 {
				if !isName(ds.tok(c)) {
					return 0, ds.encountered(c)
				}
				if c > k+1 {
					ds.emit(",", c-1)
				}
				tc := ds.tok(c)
				m := ds.newIdent(identEntry{parts: []Ident{{Name: tc.Val, Pos: tc.Pos, Quoted: tc.Kind == QuotedIdent}}, pos: tc.Pos})
				ds.emit(identText(m), c)
				if c+1 < rp && !ds.tok(c+1).IsPunct(",") {
					return 0, ds.encountered(c + 1)
				}
			}
			ds.emit(")", rp)
			k = rp + 1
		}
		if k, err = ds.asParens(k, false); err != nil {
			return 0, err
		}
		if !ds.tok(k).IsPunct(",") {
			return k, nil
		}
		ds.emit(",", k)
		k++
	}
}

// asParens handles "AS ( ... )" at k, the body of a CTE or of a named
// window (window true), and returns the position after the ")".
func (ds *desugarer) asParens(k int, window bool) (int, error) {
	if err := ds.expect(k, isWord("AS")); err != nil {
		return 0, err
	}
	if err := ds.expect(k+1, isPunct("(")); err != nil {
		return 0, err
	}
	rp := ds.match[k+1]
	ds.emit("AS (", k)
	if err := ds.seq(k+2, rp, window, false); err != nil {
		return 0, err
	}
	ds.emit(")", rp)
	return rp + 1, nil
}

// window handles WINDOW w AS (spec) [, ...].
func (ds *desugarer) window(i, j int) (int, error) {
	ds.emit("WINDOW", i)
	k := i + 1
	for {
		parts, k2, err := ds.chain(k)
		if err != nil {
			return 0, err
		}
		if len(parts) != 1 {
			return 0, ds.encountered(k + 1)
		}
		n := ds.newIdent(identEntry{parts: parts, pos: parts[0].Pos})
		ds.emit(identText(n), k)
		k = k2
		if k, err = ds.asParens(k, true); err != nil {
			return 0, err
		}
		if k < j && ds.tok(k).IsPunct(",") {
			ds.emit(",", k)
			k++
			continue
		}
		return k, nil
	}
}

// tableArg handles TABLE t [PARTITION BY cols] as a table function argument.
func (ds *desugarer) tableArg(i, j int) (int, error) {
	parts, k, err := ds.chain(i + 1)
	if err != nil {
		return 0, err
	}
	n := ds.newIdent(identEntry{parts: parts, pos: ds.tok(i).Pos})
	ds.emit("`"+markerPref+"table`("+identText(n), i)
	if ds.tok(k).Is("PARTITION") {
		if err := ds.expect(k+1, isWord("BY")); err != nil {
			return 0, err
		}
		ds.emit(", `"+markerPref+"partition`(", k)
		k += 2
		if ds.tok(k).IsPunct("(") {
			rp := ds.match[k]
			if err := ds.seq(k+1, rp, false, false); err != nil {
				return 0, err
			}
			k = rp + 1
		} else {
			e := ds.depth0(k, j, isPunct(","))
			if err := ds.seq(k, e, false, false); err != nil {
				return 0, err
			}
			k = e
		}
		ds.emit(")", k-1)
	}
	ds.emit(")", k-1)
	return k, nil
}

// tableRef handles one table reference in FROM or after JOIN.
func (ds *desugarer) tableRef(i, j int) (int, error) {
	t := ds.tok(i)
	switch {
	case t.Is("LATERAL") && ds.tok(i+1).Is("TABLE") && ds.tok(i+2).IsPunct("("):
		return ds.tableFunc(i, i+2, idLateral)
	case t.Is("LATERAL") && ds.tok(i+1).IsPunct("("):
		ds.emit("LATERAL", i)
		return ds.derived(i + 1)
	case t.Is("TABLE") && ds.tok(i+1).IsPunct("("):
		return ds.tableFunc(i, i+1, idTVF)
	case t.Is("UNNEST") && ds.tok(i+1).IsPunct("("):
		return ds.tableFunc(i, i+1, idUnnest)
	case t.IsPunct("("):
		return ds.derived(i)
	case isName(t):
	default:
		return 0, ds.encountered(i)
	}
	parts, k, err := ds.chain(i)
	if err != nil {
		return 0, err
	}
	if ds.tok(k).IsPunct("(") {
		// Flink 2.x (FLINK-36824): a table function called without
		// TABLE(...), FROM TUMBLE(TABLE t, DESCRIPTOR(ts), ...).
		return ds.bareTableFunc(i, k, parts)
	}
	if err := ds.unreserved(i, k); err != nil {
		return 0, err
	}
	entry := identEntry{parts: parts, pos: parts[0].Pos}
	for ds.tok(k).Kind == Hint {
		hints, err := parseTableHints(ds.src, ds.tok(k))
		if err != nil {
			return 0, err
		}
		entry.hints = append(entry.hints, hints...)
		k++
	}
	n := ds.newIdent(entry)
	ds.emit(identText(n), i)
	if ds.tok(k).Is("FOR") {
		if err := ds.expect(k+1, isWord("SYSTEM_TIME")); err != nil {
			return 0, err
		}
		if err := ds.expect(k+2, isWord("AS")); err != nil {
			return 0, err
		}
		if err := ds.expect(k+3, isWord("OF")); err != nil {
			return 0, err
		}
		lo := k + 4
		e := ds.asOfEnd(lo, j)
		if e == lo {
			return 0, ds.encountered(e)
		}
		ds.emit("AS OF", k)
		if err := ds.seq(lo, e, false, false); err != nil {
			return 0, err
		}
		k = e
	}
	if ds.isMatchRecognize(k) {
		return ds.matchRecognize(k)
	}
	return ds.alias(k, -1)
}

// isMatchRecognize reports whether a MATCH_RECOGNIZE clause starts at k.
func (ds *desugarer) isMatchRecognize(k int) bool {
	return ds.tok(k).Is("MATCH_RECOGNIZE") && ds.tok(k+1).IsPunct("(")
}

// asOfEnd finds where the expression after FOR SYSTEM_TIME AS OF ends.
func (ds *desugarer) asOfEnd(lo, hi int) int {
	stop := wordSet(`AS JOIN INNER LEFT RIGHT FULL CROSS NATURAL ON USING WHERE GROUP HAVING ORDER LIMIT
OFFSET FETCH UNION INTERSECT EXCEPT WINDOW`)
	for k := lo; k < hi; k++ {
		t := ds.tok(k)
		if t.IsPunct(",") || (t.Kind == Word && stop[strings.ToUpper(t.Val)]) {
			return k
		}
		if k > lo && isName(t) && !ds.tok(k-1).IsPunct(".") {
			p := ds.tok(k - 1)
			_, unit := intervalUnits[strings.ToUpper(t.Val)]
			if (p.Kind == String && unit) || ds.tok(k+1).IsPunct("(") || ds.tok(k+1).IsPunct(".") && !isName(p) {
				continue
			}
			if isName(p) || p.IsPunct(")") || p.Kind == String || p.Kind == Number {
				return k
			}
		}
		if (t.IsPunct("(") || t.IsPunct("[")) && ds.match[k] > k {
			k = ds.match[k]
		}
	}
	return hi
}

// alias handles [AS] alias [(col, ...)] after a table reference. When
// entry is set (table functions), column names go there because vitess
// cannot carry them.
// alias reads [AS] name [(col, ...)] at k; entry, when not -1, is the
// identifier entry of the table function the column names are for (an
// index: newIdent may move the entries).
func (ds *desugarer) alias(k int, entry int) (int, error) {
	t := ds.tok(k)
	hasAS := t.Is("AS")
	if hasAS {
		k++
		t = ds.tok(k)
	}
	if !isName(t) {
		if hasAS {
			return 0, ds.encountered(k)
		}
		return k, nil
	}
	parts, k2, err := ds.chain(k)
	if err != nil {
		return 0, err
	}
	if len(parts) != 1 {
		return 0, ds.encountered(k + 1)
	}
	if err := ds.unreserved(k, k2); err != nil {
		return 0, err
	}
	n := ds.newIdent(identEntry{parts: parts, pos: parts[0].Pos})
	ds.emit("AS "+identText(n), k)
	k = k2
	if ds.tok(k).IsPunct("(") {
		rp := ds.match[k]
		var cols []Ident
		for c := k + 1; c < rp; c += 2 {
			if !isName(ds.tok(c)) {
				return 0, ds.encountered(c)
			}
			if err := ds.unreserved(c, c+1); err != nil {
				return 0, err
			}
			tc := ds.tok(c)
			cols = append(cols, Ident{Name: tc.Val, Pos: tc.Pos, Quoted: tc.Kind == QuotedIdent})
			if c+1 < rp && !ds.tok(c+1).IsPunct(",") {
				return 0, ds.encountered(c + 1)
			}
		}
		if len(cols) == 0 {
			return 0, ds.encountered(rp)
		}
		if entry >= 0 {
			ds.d.idents[entry].cols = cols
		} else {
			ds.emit("(", k)
			for c, col := range cols {
				if c > 0 {
					ds.emit(",", k)
				}
				m := ds.newIdent(identEntry{parts: []Ident{col}, pos: col.Pos})
				ds.emit(identText(m), k)
			}
			ds.emit(")", rp)
		}
		k = rp + 1
	}
	return k, nil
}

// derived handles (query) [AS] alias [(cols)] and parenthesized joins.
func (ds *desugarer) derived(i int) (int, error) {
	rp := ds.match[i]
	f := i + 1
	for ds.tok(f).IsPunct("(") {
		f++
	}
	if !(ds.tok(f).Is("SELECT") || ds.tok(f).Is("WITH") || ds.tok(f).Is("VALUES")) {
		ds.emit("(", i)
		if err := ds.seq(i+1, rp, false, true); err != nil {
			return 0, err
		}
		ds.emit(")", rp)
		return rp + 1, nil
	}
	ds.emit("(", i)
	if err := ds.seq(i+1, rp, false, false); err != nil {
		return 0, err
	}
	ds.emit(")", rp)
	if ds.isMatchRecognize(rp + 1) {
		return ds.matchRecognize(rp + 1)
	}
	k, err := ds.alias(rp+1, -1)
	if err != nil {
		return 0, err
	}
	if k == rp+1 {
		// Flink allows a derived table without an alias; vitess does not
		ds.emit("AS `"+anonAlias+"`", rp)
	}
	return k, nil
}

// tableFunc handles TABLE(f(args)), LATERAL TABLE(f(args)) and UNNEST(args).
func (ds *desugarer) tableFunc(i, lp int, kind identKind) (int, error) {
	rp := ds.match[lp]
	entry := identEntry{kind: kind, pos: ds.tok(i).Pos}
	argLo, argHi := lp+1, rp
	if kind == idUnnest {
		entry.name = "UNNEST"
		entry.parts = []Ident{{Name: ds.tok(i).Val, Pos: ds.tok(i).Pos}}
	} else {
		parts, k, err := ds.chain(lp + 1)
		if err != nil {
			return 0, err
		}
		if !ds.tok(k).IsPunct("(") {
			return 0, ds.encountered(k)
		}
		if ds.match[k] != rp-1 {
			return 0, ds.encountered(ds.match[k] + 1)
		}
		entry.parts, entry.name, entry.pos = parts, callName(parts), parts[0].Pos
		argLo, argHi = k+1, rp-1
	}
	k := rp + 1
	if kind == idUnnest && ds.tok(k).Is("WITH") && ds.tok(k+1).Is("ORDINALITY") {
		entry.ordinality = true
		k += 2
	}
	n := ds.newIdent(entry)
	ds.emit(identText(n)+"(", i)
	if err := ds.seq(argLo, argHi, false, false); err != nil {
		return 0, err
	}
	ds.emit(")", rp)
	return ds.alias(k, n)
}

// bareTableFunc is a table function call in FROM without TABLE(...): the
// name at i (parts), its arguments in the parentheses at lp.
func (ds *desugarer) bareTableFunc(i, lp int, parts []Ident) (int, error) {
	rp := ds.match[lp]
	if rp <= lp {
		return 0, ds.encountered(lp)
	}
	n := ds.newIdent(identEntry{kind: idTVF, parts: parts, name: callName(parts), pos: parts[0].Pos})
	ds.emit(identText(n)+"(", i)
	if err := ds.seq(lp+1, rp, false, false); err != nil {
		return 0, err
	}
	ds.emit(")", rp)
	return ds.alias(rp+1, n)
}

// parseTableHints reads /*+ OPTIONS('k'='v', ...) */ after a table name.
// Other hints are ignored, as Flink ignores hints it does not know.
func parseTableHints(src string, h Token) ([]Property, error) {
	toks, err := Lex(src, h.Pos+3, h.End-2)
	if err != nil {
		return nil, err
	}
	at := func(k int) Token {
		if k >= len(toks) {
			return toks[len(toks)-1]
		}
		return toks[k]
	}
	var props []Property
	k := 0
	for at(k).Kind != EOF {
		if at(k).Kind != Word && at(k).Kind != QuotedIdent {
			return nil, encounteredErr(src, toks, k)
		}
		isOptions := at(k).Is("OPTIONS")
		k++
		if !at(k).IsPunct("(") {
			if at(k).IsPunct(",") {
				k++
			}
			continue
		}
		k++
		for !at(k).IsPunct(")") {
			if !isOptions {
				if at(k).Kind == EOF {
					return nil, encounteredErr(src, toks, k)
				}
				k++
				continue
			}
			key, eq, val := at(k), at(k+1), at(k+2)
			if key.Kind != String {
				return nil, encounteredErr(src, toks, k)
			}
			if !eq.IsPunct("=") {
				return nil, encounteredErr(src, toks, k+1)
			}
			if val.Kind != String {
				return nil, encounteredErr(src, toks, k+2)
			}
			props = append(props, Property{Key: key.Val, KeyPos: key.Pos, Value: val.Val, ValuePos: val.Pos})
			k += 3
			if at(k).IsPunct(",") {
				k++
			} else if !at(k).IsPunct(")") {
				return nil, encounteredErr(src, toks, k)
			}
		}
		k++
		if at(k).IsPunct(",") {
			k++
		}
	}
	return props, nil
}

// groupingSets handles GROUPING SETS (set, ...) of a GROUP BY: it becomes a
// call named "GROUPING SETS" whose arguments are the sets: an expression,
// a parenthesized list (a ROW call, as vitess reads a tuple), ROLLUP(...)
// or CUBE(...); the empty set () becomes ROW().
func (ds *desugarer) groupingSets(i int) (int, error) {
	t := ds.tok(i)
	lp := i + 2
	rp := ds.match[lp]
	n := ds.newIdent(identEntry{kind: idFunc, name: "GROUPING SETS", pos: t.Pos, parts: []Ident{{Name: t.Val, Pos: t.Pos}}, overPos: -1})
	ds.emit(identText(n)+"(", i)
	for lo := lp + 1; lo < rp; {
		hi := ds.depth0(lo, rp, isPunct(","))
		if lo == hi {
			return 0, ds.encountered(hi)
		}
		if ds.tok(lo).IsPunct("(") && ds.match[lo] == lo+1 && hi == lo+2 {
			p := ds.tok(lo).Pos
			e := ds.newIdent(identEntry{kind: idFunc, name: "ROW", pos: p, parts: []Ident{{Name: "ROW", Pos: p}}, overPos: -1})
			ds.emit(identText(e)+"()", lo)
		} else if err := ds.seq(lo, hi, false, false); err != nil {
			return 0, err
		}
		if hi == rp {
			break
		}
		ds.emit(",", hi)
		lo = hi + 1
	}
	ds.emit(")", rp)
	return rp + 1, nil
}

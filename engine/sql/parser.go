package sql

import (
	"fmt"
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// SqlValidateException is the class Flink names for the checks its parser
// nodes run before a statement is converted (primary key rules).
const SqlValidateException = "org.apache.flink.sql.parser.error.SqlValidateException"

// bailout is the panic value the hand-written parsers unwind with on the
// first error; ParseStatement and ParseType recover it at their entry, as
// go/parser does, so no panic leaves the package.
type bailout struct{ err *diag.Error }

// parser is a cursor over the tokens of one statement (or one type). It
// records which tokens it would have accepted at the furthest position it
// looked at, so errors can say "Was expecting one of:" like Flink's
// generated parser.
type parser struct {
	src  string
	base int // start of the statement: Flink counts line:col from here
	end  int // end of the statement
	toks []Token
	i    int

	expIdx   int      // token index the expectations below belong to
	expected []string // token images, as Flink's parser prints them

	// deferred holds problems Flink reports only after the whole statement
	// parsed (type ranges, unknown types, constraint checks); a syntax error
	// later in the statement wins over them.
	deferred []*diag.Error
}

func newParser(src string, start, end int) (*parser, error) {
	toks, err := Lex(src, start, end)
	if err != nil {
		return nil, err
	}
	return &parser{src: src, base: start, end: end, toks: toks, expIdx: -1}, nil
}

func (p *parser) tok() Token { return p.toks[p.i] }

// peek returns the token n places ahead, EOF past the end.
func (p *parser) peek(n int) Token {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() Token {
	t := p.toks[p.i]
	if t.Kind != EOF {
		p.i++
	}
	return t
}

func (p *parser) atEOF() bool { return p.tok().Kind == EOF }

// note records that the current token could have been one of images.
func (p *parser) note(images ...string) {
	if p.i > p.expIdx {
		p.expIdx = p.i
		p.expected = p.expected[:0]
	}
	if p.i == p.expIdx {
		p.expected = append(p.expected, images...)
	}
}

// isKw reports whether the current token is the keyword kw, noting it as
// expected when it is not.
func (p *parser) isKw(kw string) bool {
	if p.tok().Is(kw) {
		return true
	}
	p.note(`"` + kw + `"`)
	return false
}

// acceptKw consumes the keyword kw if it is next.
func (p *parser) acceptKw(kw string) bool {
	if p.isKw(kw) {
		p.i++
		return true
	}
	return false
}

// expectKw consumes the keyword kw or fails.
func (p *parser) expectKw(kw string) Token {
	if !p.isKw(kw) {
		p.fail()
	}
	return p.next()
}

// isPunct reports whether the current token is the punctuation s, noting it
// as expected when it is not.
func (p *parser) isPunct(s string) bool {
	if p.tok().IsPunct(s) {
		return true
	}
	p.note(`"` + s + `"`)
	return false
}

func (p *parser) acceptPunct(s string) bool {
	if p.isPunct(s) {
		p.i++
		return true
	}
	return false
}

func (p *parser) expectPunct(s string) Token {
	if !p.isPunct(s) {
		p.fail()
	}
	return p.next()
}

// expectEnd requires the end of the statement; Flink parses statement lists,
// so a ';' would have been accepted too.
func (p *parser) expectEnd() {
	if !p.atEOF() {
		p.note("<EOF>", `";"`)
		p.fail()
	}
}

// stringLit consumes a character string literal ('...' or N'...').
func (p *parser) stringLit() Token {
	if p.tok().Kind != String {
		p.note(stringImages...)
		p.fail()
	}
	return p.next()
}

// quotedString consumes a plain '...' literal, where Flink's grammar names
// <QUOTED_STRING> rather than any string literal.
func (p *parser) quotedString() Token {
	if t := p.tok(); t.Kind != String || t.Pos >= len(p.src) || p.src[t.Pos] != '\'' {
		p.note("<QUOTED_STRING>")
		p.fail()
	}
	return p.next()
}

// stringImages are the tokens Flink's StringLiteral() accepts.
var stringImages = []string{"<BINARY_STRING_LITERAL>", "<QUOTED_STRING>", "<PREFIXED_STRING_LITERAL>", "<UNICODE_STRING_LITERAL>"}

// identImages are the tokens Flink's parser lists where an identifier may stand.
var identImages = []string{
	"<BRACKET_QUOTED_IDENTIFIER>", "<QUOTED_IDENTIFIER>", "<BACK_QUOTED_IDENTIFIER>",
	"<BIG_QUERY_BACK_QUOTED_IDENTIFIER>", "<HYPHENATED_IDENTIFIER>", "<IDENTIFIER>",
	"<UNICODE_QUOTED_IDENTIFIER>",
}

// isIdent reports whether the current token can be an identifier: a
// backtick-quoted name or a word that is not a reserved keyword.
func (p *parser) isIdent() bool {
	t := p.tok()
	if t.Kind == QuotedIdent || (t.Kind == Word && !isReserved(t.Val)) {
		return true
	}
	p.note(identImages...)
	return false
}

// ident consumes a simple identifier.
func (p *parser) ident() Ident {
	if !p.isIdent() {
		p.fail()
	}
	t := p.next()
	return Ident{Name: t.Val, Pos: t.Pos, Quoted: t.Kind == QuotedIdent}
}

// objectName consumes a compound identifier a[.b[.c]].
func (p *parser) objectName() ObjectName {
	n := ObjectName{Parts: []Ident{p.ident()}}
	for p.acceptPunct(".") {
		n.Parts = append(n.Parts, p.ident())
	}
	return n
}

// identList consumes ( a, b, ... ).
func (p *parser) identList() []Ident {
	p.expectPunct("(")
	ids := []Ident{p.ident()}
	for p.acceptPunct(",") {
		ids = append(ids, p.ident())
	}
	p.expectPunct(")")
	return ids
}

// unsignedInt consumes an unsigned integer literal that fits Java's int.
func (p *parser) unsignedInt() (int, int) {
	t := p.tok()
	if t.Kind != Number || strings.ContainsAny(t.Val, ".eE") {
		p.note("<UNSIGNED_INTEGER_LITERAL>")
		p.fail()
	}
	p.i++
	n := 0
	for _, c := range t.Val {
		n = n*10 + int(c-'0')
		if n > 2147483647 {
			p.failAt(t.Pos, diag.ParseException, "Numeric literal '%s' out of range", t.Val)
		}
	}
	return n, t.Pos
}

// fail reports the current token as unexpected, in Flink's words.
func (p *parser) fail() {
	t := p.tok()
	var b strings.Builder
	image := "<EOF>"
	pos := t.Pos
	if t.Kind == EOF {
		// JavaCC reports <EOF> at the last character it read, as the
		// query path does (encounteredErr).
		pos = p.end
		if last := lastTokenEnd(p.toks); last > 0 {
			pos = last - 1
		}
	} else {
		image = tokenImage(p.src, t)
	}
	line, col := diag.LineCol(p.src[p.base:], pos-p.base)
	fmt.Fprintf(&b, "Encountered \"%s\" at line %d, column %d.", image, line, col)
	if p.expIdx == p.i && len(p.expected) > 0 {
		exp := sortExpected(p.expected)
		if len(exp) == 1 {
			b.WriteString("\nWas expecting:")
		} else {
			b.WriteString("\nWas expecting one of:")
		}
		for _, e := range exp {
			b.WriteString("\n    ")
			b.WriteString(e)
			if e != "<EOF>" {
				b.WriteString(" ...")
			}
		}
	}
	panic(bailout{diag.Parse(pos, "%s", b.String())})
}

// failAt reports a problem of the given class at pos.
func (p *parser) failAt(pos int, class, format string, args ...any) {
	panic(bailout{diag.Errorf(pos, class, format, args...)})
}

// defer records a problem Flink reports after parsing.
func (p *parser) deferErr(pos int, class, format string, args ...any) {
	p.deferred = append(p.deferred, diag.Errorf(pos, class, format, args...))
}

// finish returns the first deferred problem, if any.
func (p *parser) finish() error {
	if len(p.deferred) > 0 {
		return p.deferred[0]
	}
	return nil
}

// tokenImage is how Flink's parser quotes a token in "Encountered".
func tokenImage(src string, t Token) string {
	if t.Kind == Hint {
		return "/*+"
	}
	return javaEscape(src[t.Pos:t.End])
}

// sortExpected orders and de-duplicates expected token images the way
// Flink's generated parser lists them: by token kind, which puts <EOF>
// first, then Calcite's keywords alphabetically, then Flink's own keywords,
// literals, punctuation and identifiers.
func sortExpected(images []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, im := range images {
		if !seen[im] {
			seen[im] = true
			out = append(out, im)
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		ra, rb := imageRank(out[a]), imageRank(out[b])
		if ra != rb {
			return ra < rb
		}
		return out[a] < out[b]
	})
	return out
}

var literalImages = []string{
	"<UNSIGNED_INTEGER_LITERAL>", "<APPROX_NUMERIC_LITERAL>", "<DECIMAL_NUMERIC_LITERAL>",
	"<BINARY_STRING_LITERAL>", "<QUOTED_STRING>", "<PREFIXED_STRING_LITERAL>", "<UNICODE_STRING_LITERAL>",
}

var punctImages = []string{
	"(", ")", "{", "}", "[", "]", ";", ".", ",", "=", ">", "<", "?", ":", "<=", ">=", "<>", "!=",
	"+", "-", "*", "/", "%", "||", "=>", "..", "'", `"`, "|", "^", "$",
}

func imageRank(im string) int {
	if im == "<EOF>" {
		return 0
	}
	for i, l := range literalImages {
		if im == l {
			return 10000 + i
		}
	}
	for i, l := range identImages {
		if im == l {
			return 30000 + i
		}
	}
	if strings.HasPrefix(im, `"`) && strings.HasSuffix(im, `"`) && len(im) > 2 {
		w := im[1 : len(im)-1]
		for i, l := range punctImages {
			if w == l {
				return 20000 + i
			}
		}
		for i, k := range flinkKeywords {
			if w == k {
				return 5000 + i
			}
		}
		return 1 // a Calcite keyword: ties sort alphabetically
	}
	return 40000
}

// flinkKeywords are the keywords Flink adds to Calcite's, in the order its
// parser defines them; they sort after Calcite's own in expected lists.
var flinkKeywords = strings.Fields(`ANALYZE BUCKETS BYTES CATALOGS CHANGELOG_MODE COLUMNS COMMENT
COMPACT COMPILE COMPUTE CONTINUOUS DATABASES DISTRIBUTED DISTRIBUTION DRAIN ENFORCED
ESTIMATED_COST EXTENDED FUNCTIONS FRESHNESS HASH IF JSON_EXECUTION_PLAN JAR JARS JOB JOBS LOAD
METADATA MODEL MODELS MATERIALIZED MODIFY MODULES OVERWRITE OVERWRITING PARTITIONED PARTITIONS
PLAN_ADVICE PROCEDURES PYTHON RAW REFRESH_MODE REMOVE RENAME SCALA STATISTICS STOP STRING
SUSPEND REFRESH RESUME TABLES TIMESTAMP_LTZ TRY_CAST UNLOAD USE VIEWS VIRTUAL WATERMARK WATERMARKS`)

// reservedWords are the keywords of Flink 1.20's SQL dialect that cannot be
// identifiers unless quoted with backticks.
var reservedWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(reservedList) {
		m[w] = true
	}
	return m
}()

func isReserved(word string) bool { return reservedWords[strings.ToUpper(word)] }

const reservedList = `ABS ALL ALLOCATE ALLOW ALTER AND ANY ARE ARRAY ARRAY_CONCAT_AGG
ARRAY_MAX_CARDINALITY AS ASENSITIVE ASYMMETRIC AT ATOMIC AUTHORIZATION AVG BEGIN BEGIN_FRAME
BEGIN_PARTITION BETWEEN BIGINT BINARY BIT BLOB BOOLEAN BOTH BUCKETS BY BYTES CALL CALLED
CARDINALITY CASCADED CASE CAST CATALOGS CEIL CEILING CHAR CHARACTER CHARACTER_LENGTH CHAR_LENGTH
CHECK CLASSIFIER CLOB CLOSE COALESCE COLLATE COLLECT COLUMN COMMENT COMMIT CONDITION CONNECT
CONSTRAINT CONTAINS CONTINUOUS CONVERT CORR CORRESPONDING COUNT COVAR_POP COVAR_SAMP CREATE CROSS
CUBE CUME_DIST CURRENT CURRENT_CATALOG CURRENT_DATE CURRENT_DEFAULT_TRANSFORM_GROUP CURRENT_PATH
CURRENT_ROLE CURRENT_ROW CURRENT_SCHEMA CURRENT_TIME CURRENT_TIMESTAMP
CURRENT_TRANSFORM_GROUP_FOR_TYPE CURRENT_USER CURSOR CYCLE DATABASES DATE DAY DEALLOCATE DEC
DECIMAL DECLARE DEFAULT DEFINE DELETE DENSE_RANK DEREF DESCRIBE DETERMINISTIC DISALLOW DISCONNECT
DISTINCT DISTRIBUTED DISTRIBUTION DOT DOUBLE DROP DYNAMIC EACH ELEMENT ELSE EMPTY END END_FRAME
END_PARTITION EQUALS ESCAPE EVERY EXCEPT EXEC EXECUTE EXISTS EXP EXPLAIN EXTEND EXTENDED EXTERNAL
EXTRACT FALSE FETCH FILTER FIRST_VALUE FLOAT FLOOR FOR FOREIGN FRAME_ROW FREE FRESHNESS FROM FULL
FUNCTION FUNCTIONS FUSION GET GLOBAL GRANT GROUP GROUPING GROUPS GROUP_CONCAT HASH HAVING HOLD
HOUR IDENTITY ILIKE IMPORT IN INCLUDE INDICATOR INITIAL INNER INOUT INSENSITIVE INSERT INT INTEGER
INTERSECT INTERSECTION INTERVAL INTO IS JOIN JSON_ARRAY JSON_ARRAYAGG JSON_EXISTS JSON_OBJECT
JSON_OBJECTAGG JSON_QUERY JSON_VALUE LAG LANGUAGE LARGE LAST_VALUE LATERAL LEAD LEADING LEFT LIKE
LIKE_REGEX LIMIT LN LOCAL LOCALTIME LOCALTIMESTAMP LOWER MATCH MATCHES MATCH_NUMBER
MATCH_RECOGNIZE MATERIALIZED MAX MEASURES MEMBER MERGE METHOD MIN MINUS MINUTE MOD MODEL MODELS
MODIFIES MODIFY MODULE MODULES MONTH MORE MULTISET NATIONAL NATURAL NCHAR NCLOB NEW NEXT NO NONE
NORMALIZE NOT NTH_VALUE NTILE NULL NULLIF NUMERIC OCCURRENCES_REGEX OCTET_LENGTH OF OFFSET OLD
OMIT ON ONE ONLY OPEN OR ORDER OUT OUTER OVER OVERLAPS OVERLAY PARAMETER PARTITION PATTERN PER
PERCENT PERCENTILE_CONT PERCENTILE_DISC PERCENT_RANK PERIOD PERMUTE PIVOT PORTION POSITION
POSITION_REGEX POWER PRECEDES PRECISION PREPARE PREV PRIMARY PROCEDURE PROCEDURES RANGE RANK RAW
READS REAL RECURSIVE REF REFERENCES REFERENCING REFRESH REFRESH_MODE REGR_AVGX REGR_AVGY
REGR_COUNT REGR_INTERCEPT REGR_R2 REGR_SLOPE REGR_SXX REGR_SXY REGR_SYY RELEASE RENAME RESET
RESULT RESUME RETURN RETURNS REVOKE RIGHT RLIKE ROLLBACK ROLLUP ROW ROWS ROW_NUMBER RUNNING
SAVEPOINT SCALA SCOPE SCROLL SEARCH SECOND SEEK SELECT SENSITIVE SEPARATOR SESSION_USER SET SHOW
SIMILAR SKIP SMALLINT SOME SPECIFIC SPECIFICTYPE SQL SQLEXCEPTION SQLSTATE SQLWARNING SQRT START
STATEMENT STATIC STDDEV_POP STDDEV_SAMP STREAM STRING STRING_AGG SUBMULTISET SUBSET SUBSTRING
SUBSTRING_REGEX SUCCEEDS SUM SUSPEND SYMMETRIC SYSTEM SYSTEM_TIME SYSTEM_USER TABLE TABLES
TABLESAMPLE THEN TIME TIMESTAMP TIMESTAMP_LTZ TIMEZONE_HOUR TIMEZONE_MINUTE TINYINT TO TRAILING
TRANSLATE TRANSLATE_REGEX TRANSLATION TREAT TRIGGER TRIM TRIM_ARRAY TRUE TRUNCATE UESCAPE UNION
UNIQUE UNKNOWN UNNEST UNPIVOT UPDATE UPPER UPSERT USE USER USING VALUE VALUES VALUE_OF VARBINARY
VARCHAR VARYING VAR_POP VAR_SAMP VERSIONING VIEWS WATERMARK WATERMARKS WHEN WHENEVER WHERE
WIDTH_BUCKET WINDOW WITH WITHIN WITHOUT YEAR`

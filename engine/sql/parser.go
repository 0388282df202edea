package sql

import (
	"fmt"
	"slices"
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
	late     []string // images Flink lists after the others (see noteLate)

	// ifName is the index of an IF that [IF [NOT] EXISTS] left to be a
	// name (IF is not reserved), and ifWant the word that would have
	// made it the clause; Flink's parser, having looked ahead, lists the
	// rest of the clause at the token after it.
	ifName int
	ifWant string

	exprEnd int // index of the token after the last embedded expression

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
	return &parser{src: src, base: start, end: end, toks: toks, expIdx: -1, ifName: -1, exprEnd: -1}, nil
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
		p.late = p.late[:0]
	}
	if p.i == p.expIdx {
		p.expected = append(p.expected, images...)
	}
}

// noteLate is note for the postfix words of a data type (ARRAY, MULTISET,
// and WITHOUT of TIME and TIMESTAMP): Flink's parser finds them by looking
// ahead, so it lists them after everything else, in lateOrder.
func (p *parser) noteLate(images ...string) {
	p.note()
	if p.i == p.expIdx {
		p.late = append(p.late, images...)
	}
}

var lateOrder = []string{`"MULTISET"`, `"ARRAY"`, `"WITHOUT"`, `"."`}

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

// stringLit consumes a character string literal ('...' or N'...'), after
// which Flink's StringLiteral() would read on: a string continued on the
// next line, or UESCAPE.
func (p *parser) stringLit() Token {
	if p.tok().Kind != String {
		p.note(stringImages...)
		p.fail()
	}
	t := p.next()
	// Flink's parser reads 'a' 'b' as one literal, the two joined.
	for u := p.tok(); u.Kind == String && u.Pos < len(p.src) && p.src[u.Pos] == '\''; u = p.tok() {
		t.Val += p.next().Val
	}
	p.note(`"UESCAPE"`, "<QUOTED_STRING>")
	return t
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
var stringImages = []string{"<BINARY_STRING_LITERAL>", "<QUOTED_STRING>", "<PREFIXED_STRING_LITERAL>", "<UNICODE_STRING_LITERAL>",
	"<BIG_QUERY_DOUBLE_QUOTED_STRING>", "<BIG_QUERY_QUOTED_STRING>"}

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
	var want []string
	if p.expIdx == p.i && len(p.expected)+len(p.late) > 0 {
		want = sortExpected(p.expected)
		for _, im := range lateOrder {
			if slices.Contains(p.late, im) {
				want = append(slices.DeleteFunc(want, func(w string) bool { return w == im }), im)
			}
		}
	}
	if p.i == p.exprEnd {
		want = nil
	}
	if p.ifName >= 0 && p.i == p.ifName+1 && len(want) > 0 {
		extra := `"` + p.ifWant + `"`
		two := p.ifWant == "NOT" && p.tok().Is("NOT")
		if two {
			extra = `"NOT" "EXISTS"`
		}
		at := slices.Index(want, `"."`)
		if at < 0 {
			at = len(want)
		}
		want = slices.Insert(want, at, extra)
		if two {
			// Flink's parser read NOT and the token after it.
			t := p.tok()
			next := p.peek(1)
			var image string
			if next.Kind == EOF {
				image, _ = endToken(p.src, p.toks)
			} else {
				image = tokenImage(p.src, next)
			}
			line, col := diag.LineCol(p.src[p.base:], t.Pos-p.base)
			panic(bailout{diag.Parse(t.Pos, "%s", unexpectedText(Token{Kind: EOF}, tokenImage(p.src, t)+" "+image, line, col, want))})
		}
	}
	p.failExpecting(want)
}

// failExpecting reports the current token as unexpected, with want (in
// the order given) as what the parser would have accepted.
func (p *parser) failExpecting(want []string) {
	t := p.tok()
	var image string
	var pos int
	if t.Kind == EOF {
		// As the query path does (encounteredErr): the statement's ';'.
		image, pos = endToken(p.src, p.toks)
	} else {
		image, pos = tokenImage(p.src, t), t.Pos
	}
	line, col := diag.LineCol(p.src[p.base:], pos-p.base)
	panic(bailout{diag.Parse(pos, "%s", unexpectedText(t, image, line, col, want))})
}

// unexpectedText is Flink's message for an unexpected token: "Encountered
// "x" at line 1, column 5." and what was expected; where a name was
// expected and the token is a keyword as the parser spells it (upper
// case), Calcite's "Incorrect syntax near the keyword 'SELECT' at line 1,
// column 13." instead.
func unexpectedText(t Token, image string, line, col int, want []string) string {
	head := fmt.Sprintf("Encountered \"%s\" at line %d, column %d.", image, line, col)
	if t.Kind == Word && isKeywordToken(t.Val) {
		for _, w := range want {
			if w == "<IDENTIFIER>" || strings.HasSuffix(w, " <IDENTIFIER>") {
				head = fmt.Sprintf("Incorrect syntax near the keyword '%s' at line %d, column %d.", t.Val, line, col)
				break
			}
		}
	}
	if len(want) == 0 {
		return head
	}
	return head + expectingText(want)
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
	// Calcite's cleanup of the expected tokens: where a name may stand,
	// the non-reserved keywords, which are names too, are not listed.
	names := slices.Contains(images, "<IDENTIFIER>")
	for _, im := range images {
		if names && strings.HasPrefix(im, `"`) && nonReservedWords[strings.Trim(im, `"`)] {
			continue
		}
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
	"<BIG_QUERY_DOUBLE_QUOTED_STRING>", "<BIG_QUERY_QUOTED_STRING>",
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

// isKeywordToken reports whether word, exactly as written, is one of the
// keywords of Flink's parser: reserved or not, and in upper case, as
// Calcite's parser metadata compares them.
func isKeywordToken(word string) bool {
	return reservedWords[word] || nonReservedWords[word] || slices.Contains(flinkKeywords, word)
}

// nonReservedWords are the keywords of Flink 1.20's parser that may also be
// identifiers.
var nonReservedWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(nonReservedList) {
		m[w] = true
	}
	return m
}()

const nonReservedList = `A ABSENT ABSOLUTE ACTION ADA ADD ADMIN AFTER ALWAYS ANALYZE APPLY ARRAY_AGG ASC ASSERTION ASSIGNMENT
ATTRIBUTE ATTRIBUTES BEFORE BERNOULLI BREADTH C CASCADE CATALOG CATALOG_NAME CENTURY CHAIN
CHANGELOG_MODE CHARACTERISTICS CHARACTERS CHARACTER_SET_CATALOG CHARACTER_SET_NAME
CHARACTER_SET_SCHEMA CLASS_ORIGIN COBOL COLLATION COLLATION_CATALOG COLLATION_NAME COLLATION_SCHEMA
COLUMNS COLUMN_NAME COMMAND_FUNCTION COMMAND_FUNCTION_CODE COMMITTED COMPACT COMPILE COMPUTE
CONDITIONAL CONDITION_NUMBER CONNECTION CONNECTION_NAME CONSTRAINTS CONSTRAINT_CATALOG
CONSTRAINT_NAME CONSTRAINT_SCHEMA CONSTRUCTOR CONTINUE CURSOR_NAME DATA DATABASE
DATETIME_INTERVAL_CODE DATETIME_INTERVAL_PRECISION DAYS DECADE DEFAULTS DEFERRABLE DEFERRED DEFINED
DEFINER DEGREE DEPTH DERIVED DESC DESCRIPTION DESCRIPTOR DIAGNOSTICS DISPATCH DOMAIN DOW DOY DRAIN
DYNAMIC_FUNCTION DYNAMIC_FUNCTION_CODE ENCODING ENFORCED EPOCH ERROR ESTIMATED_COST EXCEPTION
EXCLUDE EXCLUDING FINAL FIRST FOLLOWING FORMAT FORTRAN FOUND FRAC_SECOND G GENERAL GENERATED
GEOMETRY GO GOTO GRANTED HIERARCHY HOP HOURS IF IGNORE IMMEDIATE IMMEDIATELY IMPLEMENTATION
INCLUDING INCREMENT INITIALLY INPUT INSTANCE INSTANTIABLE INVOKER ISODOW ISOLATION ISOYEAR JAR JARS
JAVA JOB JOBS JSON JSON_EXECUTION_PLAN K KEY KEY_MEMBER KEY_TYPE LABEL LAST LENGTH LEVEL LIBRARY
LOAD LOCATOR M MAP MATCHED MAXVALUE MESSAGE_LENGTH MESSAGE_OCTET_LENGTH MESSAGE_TEXT METADATA
MICROSECOND MILLENNIUM MILLISECOND MINUTES MINVALUE MONTHS MORE MUMPS NAME NAMES NANOSECOND NESTING
NORMALIZED NULLABLE NULLS NUMBER OBJECT OCTETS OPTION OPTIONS ORDERING ORDINALITY OTHERS OUTPUT
OVERRIDING OVERWRITE OVERWRITING PAD PARAMETER_MODE PARAMETER_NAME PARAMETER_ORDINAL_POSITION
PARAMETER_SPECIFIC_CATALOG PARAMETER_SPECIFIC_NAME PARAMETER_SPECIFIC_SCHEMA PARTIAL PARTITIONED
PARTITIONS PASCAL PASSING PASSTHROUGH PAST PATH PLACING PLAN PLAN_ADVICE PLI PRECEDING PRESERVE
PRIOR PRIVILEGES PUBLIC PYTHON QUARTER READ RELATIVE REMOVE REPEATABLE REPLACE RESPECT RESTART
RESTRICT RETURNED_CARDINALITY RETURNED_LENGTH RETURNED_OCTET_LENGTH RETURNED_SQLSTATE RETURNING ROLE
ROUTINE ROUTINE_CATALOG ROUTINE_NAME ROUTINE_SCHEMA ROW_COUNT SCALAR SCALE SCHEMA SCHEMA_NAME
SCOPE_CATALOGS SCOPE_NAME SCOPE_SCHEMA SECONDS SECTION SECURITY SELF SEQUENCE SERIALIZABLE SERVER
SERVER_NAME SESSION SETS SIMPLE SIZE SOURCE SPACE SPECIFIC_NAME SQL_BIGINT SQL_BINARY SQL_BIT
SQL_BLOB SQL_BOOLEAN SQL_CHAR SQL_CLOB SQL_DATE SQL_DECIMAL SQL_DOUBLE SQL_FLOAT SQL_INTEGER
SQL_INTERVAL_DAY SQL_INTERVAL_DAY_TO_HOUR SQL_INTERVAL_DAY_TO_MINUTE SQL_INTERVAL_DAY_TO_SECOND
SQL_INTERVAL_HOUR SQL_INTERVAL_HOUR_TO_MINUTE SQL_INTERVAL_HOUR_TO_SECOND SQL_INTERVAL_MINUTE
SQL_INTERVAL_MINUTE_TO_SECOND SQL_INTERVAL_MONTH SQL_INTERVAL_SECOND SQL_INTERVAL_YEAR
SQL_INTERVAL_YEAR_TO_MONTH SQL_LONGVARBINARY SQL_LONGVARCHAR SQL_LONGVARNCHAR SQL_NCHAR SQL_NCLOB
SQL_NUMERIC SQL_NVARCHAR SQL_REAL SQL_SMALLINT SQL_TIME SQL_TIMESTAMP SQL_TINYINT SQL_TSI_DAY
SQL_TSI_FRAC_SECOND SQL_TSI_HOUR SQL_TSI_MICROSECOND SQL_TSI_MINUTE SQL_TSI_MONTH SQL_TSI_QUARTER
SQL_TSI_SECOND SQL_TSI_WEEK SQL_TSI_YEAR SQL_VARBINARY SQL_VARCHAR STATE STATISTICS STOP STRUCTURE
STYLE SUBCLASS_ORIGIN SUBSTITUTE TABLE_NAME TEMPORARY TIES TIMESTAMPADD TIMESTAMPDIFF
TOP_LEVEL_COUNT TRANSACTION TRANSACTIONS_ACTIVE TRANSACTIONS_COMMITTED TRANSACTIONS_ROLLED_BACK
TRANSFORM TRANSFORMS TRIGGER_CATALOG TRIGGER_NAME TRIGGER_SCHEMA TRY_CAST TUMBLE TYPE UNBOUNDED
UNCOMMITTED UNCONDITIONAL UNDER UNLOAD UNNAMED USAGE USER_DEFINED_TYPE_CATALOG
USER_DEFINED_TYPE_CODE USER_DEFINED_TYPE_NAME USER_DEFINED_TYPE_SCHEMA UTF16 UTF32 UTF8 VERSION VIEW
VIRTUAL WEEK WORK WRAPPER WRITE XML YEARS ZONE`

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

package sql

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// ParseScript splits a script into statements and parses each one. On an
// error it returns the statements parsed before the failing one, every
// span of the script, and the error, so a caller can run the good prefix
// as Flink's SQL client would before it stops.
func ParseScript(src string) ([]Statement, []Span, error) {
	spans, err := Split(src)
	if err != nil {
		return nil, nil, err
	}
	stmts := make([]Statement, 0, len(spans))
	for _, sp := range spans {
		st, err := ParseStatement(src, sp)
		if err != nil {
			return stmts, spans, err
		}
		stmts = append(stmts, st)
	}
	return stmts, spans, nil
}

// ParseStatement parses the statement src[span.Start:span.End] (without its
// ';'). Every statement but a query is parsed here by hand, following Flink
// 1.20's grammar; queries and expressions inside statements go to
// parseQuery and parseExpr. Positions in nodes and errors are offsets into
// src; the "line L, column C" inside Flink's parse messages counts from the
// start of the statement, as Flink's SQL client parses one statement at a time.
func ParseStatement(src string, span Span) (st Statement, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				b.err = diag.Errorf(span.Start, diag.SqlParserException, "SQL parse failed. %v", r)
			}
			st, err = nil, b.err
		}
	}()
	if span.Start < 0 || span.End > len(src) || span.Start > span.End {
		return nil, diag.Errorf(diag.NoPos, diag.SqlParserException, "SQL parse failed. Invalid span [%d, %d) of a %d-byte script.", span.Start, span.End, len(src))
	}
	p, err := newParser(src, span.Start, span.End)
	if err != nil {
		return nil, err
	}
	if p.atEOF() {
		p.failExpecting(statementStartImages)
	}
	st = p.statement()
	p.expectEnd()
	if err := p.finish(); err != nil {
		return nil, err
	}
	return st, nil
}

// statementStartImages is what Flink's parser lists for a statement that
// begins with no statement keyword and no expression: every keyword a
// statement may begin with and everything an expression may, in the order
// the parser prints them (a list of facts read off Flink 1.20's parser).
var statementStartImages = []string{
	`"ABS"`, `"ALTER"`, `"ARRAY"`, `"ARRAY_CONCAT_AGG"`, `"AVG"`, `"CALL"`, `"CARDINALITY"`, `"CASE"`,
	`"CAST"`, `"CEIL"`, `"CEILING"`, `"CHAR"`, `"CHAR_LENGTH"`, `"CHARACTER_LENGTH"`, `"CLASSIFIER"`,
	`"COALESCE"`, `"COLLECT"`, `"CONVERT"`, `"COUNT"`, `"COVAR_POP"`, `"COVAR_SAMP"`, `"CREATE"`,
	`"CUME_DIST"`, `"CURRENT"`, `"CURRENT_CATALOG"`, `"CURRENT_DATE"`,
	`"CURRENT_DEFAULT_TRANSFORM_GROUP"`, `"CURRENT_PATH"`, `"CURRENT_ROLE"`, `"CURRENT_SCHEMA"`,
	`"CURRENT_TIME"`, `"CURRENT_TIMESTAMP"`, `"CURRENT_USER"`, `"CURSOR"`, `"DATE"`, `"DELETE"`,
	`"DENSE_RANK"`, `"DESCRIBE"`, `"DROP"`, `"ELEMENT"`, `"EVERY"`, `"EXISTS"`, `"EXP"`, `"EXPLAIN"`,
	`"EXTRACT"`, `"FALSE"`, `"FIRST_VALUE"`, `"FLOOR"`, `"FUSION"`, `"GROUP_CONCAT"`, `"GROUPING"`,
	`"HOUR"`, `"INSERT"`, `"INTERSECTION"`, `"INTERVAL"`, `"JSON_ARRAY"`, `"JSON_ARRAYAGG"`,
	`"JSON_EXISTS"`, `"JSON_OBJECT"`, `"JSON_OBJECTAGG"`, `"JSON_QUERY"`, `"JSON_VALUE"`, `"LAG"`,
	`"LAST_VALUE"`, `"LEAD"`, `"LEFT"`, `"LN"`, `"LOCALTIME"`, `"LOCALTIMESTAMP"`, `"LOWER"`,
	`"MATCH_NUMBER"`, `"MAX"`, `"MERGE"`, `"MIN"`, `"MINUTE"`, `"MOD"`, `"MONTH"`, `"MULTISET"`,
	`"NEW"`, `"NEXT"`, `"NOT"`, `"NTH_VALUE"`, `"NTILE"`, `"NULL"`, `"NULLIF"`, `"OCTET_LENGTH"`,
	`"OVERLAY"`, `"PERCENTILE_CONT"`, `"PERCENTILE_DISC"`, `"PERCENT_RANK"`, `"PERIOD"`, `"POSITION"`,
	`"POWER"`, `"PREV"`, `"RANK"`, `"REGR_COUNT"`, `"REGR_SXX"`, `"REGR_SYY"`, `"RESET"`, `"RIGHT"`,
	`"ROW"`, `"ROW_NUMBER"`, `"RUNNING"`, `"SECOND"`, `"SELECT"`, `"SESSION_USER"`, `"SET"`, `"SOME"`,
	`"SPECIFIC"`, `"SQRT"`, `"STDDEV_POP"`, `"STDDEV_SAMP"`, `"STRING_AGG"`, `"SUBSTRING"`, `"SUM"`,
	`"SYSTEM_USER"`, `"TABLE"`, `"TIME"`, `"TIMESTAMP"`, `"TRANSLATE"`, `"TRIM"`, `"TRUE"`,
	`"TRUNCATE"`, `"UNIQUE"`, `"UNKNOWN"`, `"UPDATE"`, `"UPPER"`, `"UPSERT"`, `"USER"`, `"VALUES"`,
	`"VAR_POP"`, `"VAR_SAMP"`, `"WITH"`, `"YEAR"`, `<UNSIGNED_INTEGER_LITERAL>`,
	`<APPROX_NUMERIC_LITERAL>`, `<DECIMAL_NUMERIC_LITERAL>`, `<BINARY_STRING_LITERAL>`,
	`<QUOTED_STRING>`, `<PREFIXED_STRING_LITERAL>`, `<UNICODE_STRING_LITERAL>`,
	`<BIG_QUERY_DOUBLE_QUOTED_STRING>`, `<BIG_QUERY_QUOTED_STRING>`, `"("`, `<LBRACE_D>`, `<LBRACE_T>`,
	`<LBRACE_TS>`, `<LBRACE_FN>`, `"?"`, `"+"`, `"-"`, `<BRACKET_QUOTED_IDENTIFIER>`,
	`<QUOTED_IDENTIFIER>`, `<BACK_QUOTED_IDENTIFIER>`, `<BIG_QUERY_BACK_QUOTED_IDENTIFIER>`,
	`<HYPHENATED_IDENTIFIER>`, `<IDENTIFIER>`, `<UNICODE_QUOTED_IDENTIFIER>`, `"BEGIN"`, `"END"`,
	`"SHOW"`, `"USE"`, `"EXECUTE"`,
}

// Where a statement begins with BEGIN, SHOW or USE and the next word
// does not continue it, Flink's parser decided on two tokens, so it fails
// at the statement's first word and lists these in place of the last five
// statementStartImages.
var (
	beginStartImages = []string{`"BEGIN" "STATEMENT"`, `"END"`, `"SHOW"`, `"USE"`, `"EXECUTE"`}
	showStartImages  = []string{`"BEGIN"`, `"END"`, `"SHOW" "CATALOGS"`, `"SHOW" "CURRENT"`, `"USE"`,
		`"SHOW" "DATABASES"`, `"SHOW" "USER"`, `"SHOW" "FUNCTIONS"`, `"SHOW" "MODELS"`,
		`"SHOW" "TABLES"`, `"SHOW" "COLUMNS"`, `"SHOW" "CREATE"`, `"SHOW" "FULL"`, `"SHOW" "MODULES"`,
		`"SHOW" "PARTITIONS"`, `"SHOW" "PROCEDURES"`, `"SHOW" "VIEWS"`, `"EXECUTE"`, `"SHOW" "JARS"`,
		`"SHOW" "JOBS"`}
	useStartImages = []string{`"BEGIN"`, `"END"`, `"SHOW"`, `"USE" <IDENTIFIER>`,
		`"USE" <HYPHENATED_IDENTIFIER>`, `"USE" <QUOTED_IDENTIFIER>`, `"USE" <BACK_QUOTED_IDENTIFIER>`,
		`"USE" <BIG_QUERY_BACK_QUOTED_IDENTIFIER>`, `"USE" <BRACKET_QUOTED_IDENTIFIER>`,
		`"USE" <UNICODE_QUOTED_IDENTIFIER>`, `"USE" "MODULES"`, `"EXECUTE"`}
)

// failAtStatementStart fails at the statement's first token (index at)
// with the statement-start list whose last five entries are tail.
func (p *parser) failAtStatementStart(at int, tail []string) {
	p.i = at
	n := len(statementStartImages) - 5
	p.failExpecting(append(slices.Clip(statementStartImages[:n]), tail...))
}

func (p *parser) statement() Statement {
	t := p.tok()
	switch {
	case t.Is("CREATE"):
		return p.create()
	case t.Is("DROP"):
		return p.drop()
	case t.Is("ALTER"):
		return p.alter()
	case t.Is("USE"):
		return p.use()
	case t.Is("SHOW"):
		return p.show()
	case t.Is("DESCRIBE"), t.Is("DESC"):
		return p.describe()
	case t.Is("SET"):
		return p.set()
	case t.Is("RESET"):
		return p.reset()
	case t.Is("INSERT"), t.Is("UPSERT"):
		return p.insert(t.Pos, false)
	case t.Is("EXECUTE"):
		return p.execute(t.Pos)
	case t.Is("EXPLAIN"):
		return p.explain()
	case t.Is("BEGIN"):
		at := p.i
		if p.next(); !p.tok().Is("STATEMENT") {
			p.failAtStatementStart(at, beginStartImages)
		}
		p.expectKw("STATEMENT")
		p.expectKw("SET")
		return &BeginStatementSet{Pos: t.Pos}
	case t.Is("END"):
		p.next()
		return &End{Pos: t.Pos}
	case t.Is("STOP") && p.peek(1).Is("JOB"):
		return p.stopJob()
	case isQueryStart(t):
		q, _ := p.query(false)
		return &QueryStmt{Pos: t.Pos, Query: q}
	}
	if t.Kind == Word {
		switch strings.ToUpper(t.Val) {
		case "REPLACE":
			p.next()
			return p.replaceTable(t.Pos, false, false)
		case "LOAD", "UNLOAD":
			if p.peek(1).Is("MODULE") {
				p.next()
				p.next()
				if strings.EqualFold(t.Val, "LOAD") {
					l := &LoadModule{Pos: t.Pos, Name: p.ident()}
					if p.acceptKw("WITH") {
						l.Options = p.properties()
					}
					return l
				}
				return &UnloadModule{Pos: t.Pos, Name: p.ident()}
			}
			p.unsupported(t.Pos, strings.ToUpper(t.Val))
		case "COMPILE":
			return p.compilePlan(t.Pos)
		case "ADD", "REMOVE", "CALL", "ANALYZE", "STOP", "TRUNCATE",
			"DELETE", "UPDATE", "MERGE":
			p.unsupported(t.Pos, strings.ToUpper(t.Val))
		case "HELP":
			if p.next(); p.tok().Kind == EOF || p.tok().IsPunct(";") {
				return &Help{Pos: t.Pos}
			}
			p.failExpecting(nil)
		case "QUIT", "EXIT", "CLEAR":
			p.failAt(t.Pos, diag.SqlExecutionException, "The SQL client command %s is not available in the playground.", strings.ToUpper(t.Val))
		}
	}
	if at, want := expressionStatement(p.toks, p.i); want != nil {
		p.i = at
		p.failExpecting(want)
	}
	if startsExpression(t) {
		// Flink reads on, as an expression, and fails later, where this
		// parser cannot say what it lists.
		p.failExpecting(nil)
	}
	p.failExpecting(statementStartImages)
	return nil
}

// startsExpression reports whether a statement's first token may begin an
// expression, which Flink's parser reads as a query.
func startsExpression(t Token) bool {
	switch t.Kind {
	case QuotedIdent, Number, String, BinaryStr:
		return true
	case Word:
		if !isReserved(t.Val) {
			return true
		}
	}
	return slices.Contains(statementStartImages, `"`+strings.ToUpper(t.Val)+`"`)
}

// insertQueryAfterTable is expectInsertQuery without what may only follow
// the table's name itself.
var insertQueryAfterTable = slices.DeleteFunc(slices.Clone(expectInsertQuery), func(s string) bool {
	return s == `"PARTITION"` || s == `"/*+"` || s == `"EXTEND"` || s == `"."`
})

// unsupported reports a statement Flink has but the playground does not.
func (p *parser) unsupported(pos int, what string) {
	p.failAt(pos, diag.UnsupportedOperation, "%s statements are not supported by the playground.", what)
}

func isQueryStart(t Token) bool {
	return t.Is("SELECT") || t.Is("VALUES") || t.Is("WITH") || t.IsPunct("(")
}

// check turns an error of parseQuery/parseExpr into a bailout.
func (p *parser) check(err error) {
	if err != nil {
		panic(bailout{diag.Wrap(err)})
	}
}

// extent returns the source range of the tokens from the current one up to
// (not including) the first token at nesting depth 0 that stop accepts, and
// moves the cursor there.
func (p *parser) extent(stop func(Token) bool) (start, end int) {
	start, end = p.tok().Pos, p.tok().Pos
	depth := 0
	for !p.atEOF() {
		t := p.tok()
		if depth == 0 && stop(t) {
			break
		}
		switch {
		case t.IsPunct("("), t.IsPunct("["):
			depth++
		case t.IsPunct(")"), t.IsPunct("]"):
			depth--
		}
		end = t.End
		p.i++
	}
	return start, end
}

// query parses the rest of the statement (or, in a statement set, up to the
// next ';') as a query, returning it with its source text.
func (p *parser) query(inSet bool) (Query, string) {
	if !isQueryStart(p.tok()) {
		p.note(`"SELECT"`, `"VALUES"`, `"WITH"`, `"("`)
		p.fail()
	}
	start, end := p.extent(func(t Token) bool { return inSet && t.IsPunct(";") })
	q, err := parseQuery(p.src, start, end)
	p.check(err)
	return q, p.src[start:end]
}

// expr parses an embedded scalar expression that ends before a token stop
// accepts at nesting depth 0, returning it with its source text.
func (p *parser) expr(stop func(Token) bool) (Expr, string) {
	start, end := p.extent(stop)
	if start == end {
		p.fail()
	}
	e, err := parseExpr(p.src, start, end)
	p.check(err)
	// Right after an expression Flink's parser would list every operator
	// too; the engine does not know that list, so it lists nothing there.
	p.exprEnd = p.i
	return e, p.src[start:end]
}

// ifExists parses [IF EXISTS].
func (p *parser) ifExists() bool {
	if p.tok().Is("IF") && p.peek(1).Is("EXISTS") {
		p.i += 2
		return true
	}
	p.note(`"IF"`)
	if p.tok().Is("IF") {
		p.ifName, p.ifWant = p.i, "EXISTS"
	}
	return false
}

// ifNotExists parses [IF NOT EXISTS].
func (p *parser) ifNotExists() bool {
	if p.tok().Is("IF") && p.peek(1).Is("NOT") && p.peek(2).Is("EXISTS") {
		p.i += 3
		return true
	}
	p.note(`"IF"`)
	if p.tok().Is("IF") {
		p.ifName, p.ifWant = p.i, "NOT"
	}
	return false
}

// property parses 'key' = 'value'.
func (p *parser) property() Property {
	k := p.stringLit()
	p.expectPunct("=")
	v := p.stringLit()
	return Property{Key: k.Val, KeyPos: k.Pos, Value: v.Val, ValuePos: v.Pos}
}

// properties parses ( ['k' = 'v' [, ...]] ).
func (p *parser) properties() []Property {
	p.expectPunct("(")
	props := []Property{}
	if p.tok().Kind == String {
		props = append(props, p.property())
		for p.acceptPunct(",") {
			props = append(props, p.property())
		}
	} else {
		p.note(stringImages...)
	}
	p.expectPunct(")")
	return props
}

// propertyKeys parses ( ['k' [, ...]] ).
func (p *parser) propertyKeys() []Property {
	p.expectPunct("(")
	keys := []Property{}
	if p.tok().Kind == String {
		for {
			k := p.stringLit()
			keys = append(keys, Property{Key: k.Val, KeyPos: k.Pos, ValuePos: -1})
			if !p.acceptPunct(",") {
				break
			}
		}
	} else {
		p.note(stringImages...)
	}
	p.expectPunct(")")
	return keys
}

// ---------------------------------------------------------------- CREATE

func (p *parser) create() Statement {
	pos := p.next().Pos
	if p.tok().Is("OR") {
		p.next()
		p.expectKw("REPLACE")
		temporary := p.acceptKw("TEMPORARY")
		if !p.isKw("TABLE") {
			p.unsupported(pos, "CREATE OR REPLACE")
		}
		return p.replaceTable(pos, temporary, true)
	}
	temporary := p.acceptKw("TEMPORARY")
	t := p.tok()
	switch {
	case t.Is("TABLE"):
		return p.createTable(pos, temporary)
	case t.Is("VIEW"):
		return p.createView(pos, temporary)
	case t.Is("CATALOG"):
		return p.createCatalog(pos)
	case t.Is("DATABASE"):
		return p.createDatabase(pos)
	case t.Is("FUNCTION"), t.Is("SYSTEM"):
		return p.createFunction(pos, temporary)
	case t.Is("MATERIALIZED"):
		p.unsupported(pos, "CREATE MATERIALIZED TABLE")
	case t.Is("MODEL"):
		p.unsupported(pos, "CREATE MODEL")
	}
	if temporary {
		p.failExpecting(createTemporaryImages)
	}
	p.failExpecting(createImages)
	return nil
}

// createFunction parses the rest of CREATE [TEMPORARY] [SYSTEM] FUNCTION
// as Flink's grammar does.
func (p *parser) createFunction(pos int, temporary bool) Statement {
	cf := &CreateFunction{Pos: pos, Temporary: temporary}
	if t := p.tok(); t.Is("SYSTEM") {
		if !temporary {
			p.failAt(t.Pos, diag.ParseException, "CREATE SYSTEM FUNCTION is not supported, system functions can only be registered as temporary function, you can use CREATE TEMPORARY SYSTEM FUNCTION instead.")
		}
		p.next()
		cf.System = true
	}
	p.expectKw("FUNCTION")
	cf.IfNotExists = p.ifNotExists()
	if cf.System {
		cf.Name = ObjectName{Parts: []Ident{p.ident()}}
	} else {
		cf.Name = p.objectName()
	}
	p.expectKw("AS")
	c := p.quotedString()
	cf.Class, cf.ClassPos = c.Val, c.Pos
	if p.acceptKw("LANGUAGE") {
		t := p.tok()
		switch {
		case t.Is("JAVA"), t.Is("SCALA"), t.Is("SQL"), t.Is("PYTHON"):
			cf.Language, cf.LanguagePos = strings.ToUpper(t.Val), t.Pos
			p.next()
		default:
			p.note(`"JAVA"`, `"SCALA"`, `"SQL"`, `"PYTHON"`)
			p.fail()
		}
	}
	if t := p.tok(); t.Is("USING") {
		if cf.Language == "SQL" || cf.Language == "PYTHON" {
			p.failAt(cf.LanguagePos, diag.ParseException, "CREATE FUNCTION USING JAR syntax is not applicable to %s language.", cf.Language)
		}
		p.next()
		for {
			p.expectKw("JAR")
			cf.Jars = append(cf.Jars, p.quotedString().Val)
			if !p.acceptPunct(",") {
				break
			}
		}
	}
	return cf
}

// compilePlan parses COMPILE [AND EXECUTE] PLAN 'path' FOR INSERT ... or
// FOR STATEMENT SET BEGIN ... END.
func (p *parser) compilePlan(pos int) Statement {
	p.next() // COMPILE
	cp := &CompilePlan{Pos: pos}
	if p.acceptKw("AND") {
		p.expectKw("EXECUTE")
		cp.Execute = true
	}
	p.expectKw("PLAN")
	cp.Path = p.quotedString().Val
	p.expectKw("FOR")
	start := p.tok().Pos
	switch t := p.tok(); {
	case t.Is("INSERT"), t.Is("UPSERT"):
		cp.Stmt = p.insert(t.Pos, false)
	case t.Is("STATEMENT"):
		cp.Stmt = p.statementSet(t.Pos)
	default:
		p.note(`"INSERT"`, `"STATEMENT"`, `"UPSERT"`)
		p.fail()
	}
	cp.Text = strings.TrimRight(strings.TrimSpace(p.src[start:p.end]), ";")
	return cp
}

// distribution parses DISTRIBUTED BY [HASH | RANGE] (cols) [INTO n
// BUCKETS] or DISTRIBUTED INTO n BUCKETS, as Flink's SqlDistribution.
func (p *parser) distribution() *Distribution {
	d := &Distribution{Pos: p.next().Pos}
	intoBuckets := func() {
		p.expectKw("INTO")
		t := p.tok()
		if t.Kind != Number {
			p.note("<UNSIGNED_INTEGER_LITERAL>")
			p.fail()
		}
		n, err := strconv.Atoi(t.Val)
		if err != nil || n <= 0 {
			p.failAt(t.Pos, diag.ParseException, "Bucket count must be a positive integer.")
		}
		p.next()
		p.expectKw("BUCKETS")
		d.Buckets = n
	}
	if p.isKw("INTO") {
		intoBuckets()
		return d
	}
	p.expectKw("BY")
	switch {
	case p.acceptKw("HASH"):
		d.Kind = "HASH"
	case p.acceptKw("RANGE"):
		d.Kind = "RANGE"
	}
	d.Keys = p.identList()
	if p.isKw("INTO") {
		intoBuckets()
	}
	return d
}

// alterFunction parses the rest of ALTER [TEMPORARY [SYSTEM]] FUNCTION
// as Flink's grammar does (SqlAlterFunction).
func (p *parser) alterFunction(pos int, temporary bool) Statement {
	af := &AlterFunction{Pos: pos, Temporary: temporary}
	if temporary && p.acceptKw("SYSTEM") {
		af.System = true
	}
	p.expectKw("FUNCTION")
	af.IfExists = p.ifExists()
	af.Name = p.objectName()
	p.expectKw("AS")
	af.Class = p.quotedString().Val
	if p.acceptKw("LANGUAGE") {
		t := p.tok()
		switch {
		case t.Is("JAVA"), t.Is("SCALA"), t.Is("SQL"), t.Is("PYTHON"):
			af.Language, af.LanguagePos = strings.ToUpper(t.Val), t.Pos
			p.next()
		default:
			p.note(`"JAVA"`, `"SCALA"`, `"SQL"`, `"PYTHON"`)
			p.fail()
		}
	}
	return af
}

// What Flink's parser lists after CREATE, DROP and ALTER (and their
// TEMPORARY forms) when no object kind follows, in its order.
var (
	createImages = []string{`"CATALOG"`, `"DATABASE"`, `"FUNCTION"`, `"OR"`, `"SYSTEM"`, `"TABLE"`,
		`"TEMPORARY"`, `"VIEW"`, `"MODEL"`, `"MATERIALIZED"`}
	createTemporaryImages = []string{`"CATALOG"`, `"DATABASE"`, `"FUNCTION"`, `"SYSTEM"`, `"TABLE"`,
		`"VIEW"`, `"MODEL"`, `"MATERIALIZED"`}
	dropImages = []string{`"CATALOG"`, `"DATABASE"`, `"FUNCTION"`, `"SYSTEM"`, `"TABLE"`,
		`"TEMPORARY"`, `"VIEW"`, `"MODEL"`, `"MATERIALIZED"`}
	dropTemporaryImages = createTemporaryImages
	alterImages         = []string{`"SESSION"`, `"SYSTEM"`, `"CATALOG"`, `"DATABASE"`, `"TEMPORARY"`,
		`"FUNCTION"`, `"MATERIALIZED"`, `"MODEL"`, `"TABLE"`, `"VIEW"`}
	alterTemporaryImages = []string{`"FUNCTION"`, `"SYSTEM"`}
)

// constraint is a PRIMARY KEY or UNIQUE constraint as written, kept for
// the checks Flink runs after parsing.
type constraint struct {
	def      PrimaryKeyDef
	unique   bool
	enforced bool
}

// tableShape collects the parts of a column list shared by CREATE TABLE
// and ALTER TABLE ADD|MODIFY.
type tableShape struct {
	columns   []ColumnDef
	colCons   []constraint // column-level, in column order
	tableCons []constraint
	watermark *WatermarkDef
}

// replaceTable parses [CREATE OR] REPLACE TABLE ... AS query, from TABLE.
func (p *parser) replaceTable(pos int, temporary, orReplace bool) Statement {
	return p.tableStatement(pos, temporary, true, orReplace)
}

func (p *parser) createTable(pos int, temporary bool) Statement {
	return p.tableStatement(pos, temporary, false, false)
}

// tableStatement parses CREATE TABLE and [CREATE OR] REPLACE TABLE from
// TABLE on.
func (p *parser) tableStatement(pos int, temporary, replace, orReplace bool) Statement {
	p.expectKw("TABLE")
	ct := &CreateTable{Pos: pos, Temporary: temporary, Replace: replace, OrReplace: orReplace}
	ct.IfNotExists = p.ifNotExists()
	ct.Name = p.objectName()
	var sh tableShape
	if p.acceptPunct("(") {
		p.tableElement(&sh, nil)
		for p.acceptPunct(",") {
			p.tableElement(&sh, nil)
		}
		p.expectPunct(")")
	}
	ct.Columns, ct.Watermark = sh.columns, sh.watermark
	if p.acceptKw("COMMENT") {
		c := p.quotedString().Val
		ct.Comment = &c
	}
	if p.isKw("DISTRIBUTED") {
		ct.Distribution = p.distribution()
	}
	if p.acceptKw("PARTITIONED") {
		p.expectKw("BY")
		ct.PartitionedBy = p.identList()
	}
	if p.acceptKw("WITH") {
		ct.Options = p.properties()
	}
	var likeErr *diag.Error
	if replace {
		p.expectKw("AS")
		ct.AsQuery, ct.AsQueryText = p.query(false)
	} else if p.isKw("LIKE") {
		ct.Like, likeErr = p.likeClause()
	} else if p.acceptKw("AS") {
		ct.AsQuery, ct.AsQueryText = p.query(false)
	}
	errs := p.checkConstraints(&sh)
	if likeErr != nil {
		errs = append(errs, likeErr)
	}
	ct.Columns = sh.columns
	ct.PrimaryKey = firstPrimaryKey(&sh)
	if replace {
		// Flink 1.20's SqlReplaceTableAs.validate, in its order.
		what := "REPLACE TABLE AS SELECT"
		if orReplace {
			what = "CREATE OR REPLACE TABLE AS SELECT"
		}
		rtas := func(msg string) {
			errs = append(errs, diag.Errorf(pos, SqlValidateException, "%s syntax does not support %s yet.", what, msg))
		}
		switch {
		case ct.IfNotExists:
			rtas("IF NOT EXISTS statements")
		case temporary:
			rtas("temporary table")
		case len(ct.Columns) > 0:
			rtas("to specify explicit columns")
		case ct.Watermark != nil:
			rtas("to specify explicit watermark")
		case len(ct.PartitionedBy) > 0:
			rtas("to create partitioned table")
		case ct.PrimaryKey != nil:
			rtas("primary key constraints")
		}
	} else if ct.AsQuery != nil {
		// Flink 1.20's SqlCreateTableAs.validate, in its order.
		ctas := func(what string) {
			errs = append(errs, diag.Errorf(pos, SqlValidateException, "CREATE TABLE AS SELECT syntax does not support %s yet.", what))
		}
		switch {
		case temporary:
			ctas("to create temporary table")
		case len(ct.Columns) > 0:
			ctas("to specify explicit columns")
		case ct.Watermark != nil:
			ctas("to specify explicit watermark")
		case len(ct.PartitionedBy) > 0:
			ctas("to create partitioned table")
		case ct.PrimaryKey != nil:
			ctas("primary key constraints")
		}
	}
	p.deferred = append(errs, p.deferred...)
	return ct
}

// tableElement parses one entry of a CREATE TABLE column list, or (with an
// ALTER TABLE ADD|MODIFY schema list) one entry with its position.
func (p *parser) tableElement(sh *tableShape, alter *[]AlterColumn) {
	t := p.tok()
	switch {
	case t.Is("WATERMARK"):
		p.next()
		p.expectKw("FOR")
		col := p.objectName()
		p.expectKw("AS")
		e, text := p.expr(stopAtColumnEnd)
		if sh.watermark != nil {
			p.failAt(t.Pos, diag.ParseException, "Multiple WATERMARK statements is not supported yet.")
		}
		names := make([]string, len(col.Parts))
		for i, id := range col.Parts {
			names[i] = id.Name
		}
		column := col.Parts[0]
		column.Name = strings.Join(names, ".")
		sh.watermark = &WatermarkDef{Pos: t.Pos, Column: column, Expr: e, ExprText: text}
		return
	case t.Is("CONSTRAINT"), t.Is("PRIMARY"), t.Is("UNIQUE"):
		sh.tableCons = append(sh.tableCons, p.constraint(nil))
		return
	}
	if !p.isIdent() {
		p.note(`"CONSTRAINT"`, `"PRIMARY"`, `"UNIQUE"`, `"WATERMARK"`)
		p.fail()
	}
	name := p.ident()
	col := ColumnDef{Name: name}
	stop := stopAtColumnEnd
	if alter != nil {
		stop = stopAtAlterColumnEnd
	}
	if p.acceptKw("AS") {
		col.Kind = ComputedColumn
		col.Expr, col.ExprText = p.expr(stop)
	} else {
		if !startsType(p.tok()) && !p.isIdent() {
			p.failExpecting(columnTypeStartImages)
		}
		col.TypePos = p.tok().Pos
		col.Type = NormalizeType(p.dataType(ddlTypes))
		if p.acceptKw("METADATA") {
			col.Kind = MetadataColumn
			if p.acceptKw("FROM") {
				col.MetadataKey = p.stringLit().Val
			}
			col.Virtual = p.acceptKw("VIRTUAL")
		} else if p.isKw("CONSTRAINT") || p.isKw("PRIMARY") || p.isKw("UNIQUE") {
			sh.colCons = append(sh.colCons, p.constraint(&name))
		}
	}
	if p.acceptKw("COMMENT") {
		c := p.stringLit().Val
		col.Comment = &c
	}
	sh.columns = append(sh.columns, col)
	if alter != nil {
		ac := AlterColumn{Column: col}
		if p.acceptKw("FIRST") {
			ac.First = true
		} else if p.acceptKw("AFTER") {
			ids := p.objectName()
			after := ids.Parts[len(ids.Parts)-1]
			ac.After = &after
		}
		*alter = append(*alter, ac)
	}
}

// columnTypeStartImages is what Flink's parser lists where a column's
// type (or AS and its expression) should follow the column's name.
var columnTypeStartImages = []string{
	`"AS"`, `"."`, `"STRING"`, `"BYTES"`, `"TIMESTAMP_LTZ"`, `"ARRAY"`, `"MULTISET"`, `"RAW"`, `"ROW"`,
	`"BOOLEAN"`, `"INTEGER"`, `"INT"`, `"TINYINT"`, `"SMALLINT"`, `"BIGINT"`, `"REAL"`, `"DOUBLE"`,
	`"FLOAT"`, `"BINARY"`, `"VARBINARY"`, `"DECIMAL"`, `"DEC"`, `"NUMERIC"`, `"ANY"`, `"CHARACTER"`,
	`"CHAR"`, `"VARCHAR"`, `"DATE"`, `"TIME"`, `"TIMESTAMP"`, `<IDENTIFIER>`, `<HYPHENATED_IDENTIFIER>`,
	`<QUOTED_IDENTIFIER>`, `<BACK_QUOTED_IDENTIFIER>`, `<BIG_QUERY_BACK_QUOTED_IDENTIFIER>`,
	`<BRACKET_QUOTED_IDENTIFIER>`, `<UNICODE_QUOTED_IDENTIFIER>`,
}

// startsType reports whether t is a keyword a data type begins with.
func startsType(t Token) bool {
	if t.Kind != Word {
		return false
	}
	w := `"` + strings.ToUpper(t.Val) + `"`
	return slices.Contains(typeStartImages, w) || slices.Contains(columnTypeStartImages[2:30], w)
}

func stopAtColumnEnd(t Token) bool {
	return t.IsPunct(",") || t.IsPunct(")") || t.Is("COMMENT")
}

func stopAtAlterColumnEnd(t Token) bool {
	return stopAtColumnEnd(t) || t.Is("FIRST") || t.Is("AFTER")
}

// constraint parses [CONSTRAINT n] PRIMARY KEY [(cols)] [[NOT] ENFORCED] or
// UNIQUE; column is the column of a column-level constraint.
func (p *parser) constraint(column *Ident) constraint {
	c := constraint{def: PrimaryKeyDef{Pos: p.tok().Pos}, enforced: true}
	if p.acceptKw("CONSTRAINT") {
		n := p.ident()
		c.def.Name = &n
	}
	if p.acceptKw("PRIMARY") {
		p.expectKw("KEY")
	} else if p.acceptKw("UNIQUE") {
		c.unique = true
	} else {
		p.fail()
	}
	if column != nil {
		c.def.Columns = []Ident{*column}
	} else {
		c.def.Columns = p.identList()
	}
	if p.acceptKw("ENFORCED") {
		c.enforced = true
	} else if p.acceptKw("NOT") {
		p.expectKw("ENFORCED")
		c.enforced = false
	}
	return c
}

// checkConstraints runs Flink's constraint checks (which precede type
// conversion) and makes primary key columns NOT NULL, as Flink does.
func (p *parser) checkConstraints(sh *tableShape) []*diag.Error {
	all := append(append([]constraint{}, sh.colCons...), sh.tableCons...)
	var errs []*diag.Error
	pks := 0
	for _, c := range all {
		if !c.unique {
			pks++
		}
	}
	if pks > 1 {
		errs = append(errs, diag.Errorf(all[1].def.Pos, SqlValidateException, "Duplicate primary key definition"))
	}
	for _, c := range all {
		switch {
		case c.unique:
			errs = append(errs, diag.Errorf(c.def.Pos, SqlValidateException, "UNIQUE constraint is not supported yet"))
		case c.enforced:
			errs = append(errs, diag.Errorf(c.def.Pos, SqlValidateException, "Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT ENFORCED controls if the constraint checks are performed on the incoming/outgoing data. Flink does not own the data therefore the only supported mode is the NOT ENFORCED mode"))
		}
		for _, k := range c.def.Columns {
			for i := range sh.columns {
				if sh.columns[i].Kind == PhysicalColumn && sh.columns[i].Name.Name == k.Name {
					sh.columns[i].Type.NotNull = true
				}
			}
		}
	}
	return errs
}

func firstPrimaryKey(sh *tableShape) *PrimaryKeyDef {
	for _, c := range append(append([]constraint{}, sh.colCons...), sh.tableCons...) {
		if !c.unique {
			pk := c.def
			return &pk
		}
	}
	return nil
}

var likeStrategies = map[string]LikeStrategy{"INCLUDING": Including, "EXCLUDING": Excluding, "OVERWRITING": Overwriting}

var likeFeatures = map[string]LikeFeature{
	"ALL": LikeAll, "CONSTRAINTS": LikeConstraints, "DISTRIBUTION": LikeDistribution,
	"GENERATED": LikeGenerated, "METADATA": LikeMetadata, "OPTIONS": LikeOptions,
	"PARTITIONS": LikePartitions, "WATERMARKS": LikeWatermarks,
}

var likeFeatureOrder = []string{"ALL", "CONSTRAINTS", "DISTRIBUTION", "GENERATED", "METADATA", "OPTIONS", "PARTITIONS", "WATERMARKS"}

// likeClause parses LIKE source [(option ...)] and returns Flink's check
// of the options as an error to report after parsing.
func (p *parser) likeClause() (*LikeClause, *diag.Error) {
	lc := &LikeClause{Pos: p.expectKw("LIKE").Pos}
	lc.Source = p.objectName()
	if !p.acceptPunct("(") {
		return lc, nil
	}
	for {
		opt := LikeOption{Pos: p.tok().Pos}
		t := p.tok()
		s, ok := likeStrategies[strings.ToUpper(t.Val)]
		if t.Kind != Word || !ok {
			p.note(`"EXCLUDING"`, `"INCLUDING"`, `"OVERWRITING"`)
			if len(lc.Options) > 0 {
				p.note(`")"`)
			}
			p.fail()
		}
		p.next()
		opt.Strategy = s
		t = p.tok()
		f, ok := likeFeatures[strings.ToUpper(t.Val)]
		if t.Kind != Word || !ok {
			for _, name := range likeFeatureOrder {
				p.note(`"` + name + `"`)
			}
			p.fail()
		}
		p.next()
		opt.Feature = f
		lc.Options = append(lc.Options, opt)
		if p.tok().IsPunct(")") {
			break
		}
	}
	p.expectPunct(")")
	seen := map[LikeFeature]bool{}
	for _, o := range lc.Options {
		if seen[o.Feature] {
			return lc, diag.Errorf(lc.Pos, SqlValidateException, "Each like option feature can be declared only once.")
		}
		seen[o.Feature] = true
	}
	for _, o := range lc.Options {
		if o.Strategy == Overwriting && (o.Feature == LikeAll || o.Feature == LikeDistribution || o.Feature == LikePartitions || o.Feature == LikeConstraints) {
			return lc, diag.Errorf(lc.Pos, SqlValidateException, "Illegal merging strategy '%s' for '%s' option.", "OVERWRITING", likeFeatureOrder[o.Feature])
		}
	}
	return lc, nil
}

func (p *parser) createView(pos int, temporary bool) Statement {
	p.expectKw("VIEW")
	cv := &CreateView{Pos: pos, Temporary: temporary}
	cv.IfNotExists = p.ifNotExists()
	cv.Name = p.objectName()
	if p.isPunct("(") {
		cv.Columns = p.identList()
	}
	if p.acceptKw("COMMENT") {
		c := p.quotedString().Val
		cv.Comment = &c
	}
	p.expectKw("AS")
	// As after INSERT's column list: an expression is read as the query.
	if at, want := expressionStatement(p.toks, p.i); want != nil {
		p.i = at
		p.failExpecting(want)
	}
	if !isQueryStart(p.tok()) && !startsExpression(p.tok()) {
		p.failExpecting(insertQueryAfterTable)
	}
	cv.Query, cv.QueryText = p.query(false)
	return cv
}

func (p *parser) createCatalog(pos int) Statement {
	p.expectKw("CATALOG")
	cc := &CreateCatalog{Pos: pos}
	cc.IfNotExists = p.ifNotExists()
	cc.Name = p.ident()
	if p.acceptKw("COMMENT") {
		c := p.stringLit().Val
		cc.Comment = &c
	}
	if p.acceptKw("WITH") {
		cc.Options = p.properties()
	}
	return cc
}

func (p *parser) createDatabase(pos int) Statement {
	p.expectKw("DATABASE")
	cd := &CreateDatabase{Pos: pos}
	cd.IfNotExists = p.ifNotExists()
	cd.Name = p.objectName()
	if p.acceptKw("COMMENT") {
		c := p.quotedString().Val
		cd.Comment = &c
	}
	if p.acceptKw("WITH") {
		cd.Options = p.properties()
	}
	return cd
}

// ---------------------------------------------------------------- DROP

func (p *parser) drop() Statement {
	d := &Drop{Pos: p.next().Pos}
	d.Temporary = p.acceptKw("TEMPORARY")
	t := p.tok()
	switch {
	case t.Is("TABLE"):
		d.What = KindTable
	case t.Is("VIEW"):
		d.What = KindView
	case t.Is("DATABASE"):
		// Flink's grammar takes DROP TEMPORARY DATABASE (and CATALOG)
		// and drops the word: they are the plain DROPs.
		d.What, d.Temporary = KindDatabase, false
	case t.Is("CATALOG"):
		d.What, d.Temporary = KindCatalog, false
	case t.Is("FUNCTION"):
		d.What = KindFunction
	case t.Is("SYSTEM"):
		// DROP [TEMPORARY] SYSTEM FUNCTION: a temporary system function
		// either way, as Flink converts it.
		p.next()
		if !p.isKw("FUNCTION") {
			p.fail()
		}
		d.What, d.System = KindFunction, true
	case t.Is("MATERIALIZED"), t.Is("MODEL"):
		p.unsupported(d.Pos, "DROP "+strings.ToUpper(t.Val))
	default:
		if d.Temporary {
			p.failExpecting(dropTemporaryImages)
		}
		p.failExpecting(dropImages)
	}
	p.next()
	d.IfExists = p.ifExists()
	d.Name = p.objectName()
	if d.What == KindDatabase {
		if p.acceptKw("CASCADE") {
			d.Cascade = true
		} else {
			p.acceptKw("RESTRICT")
		}
	}
	return d
}

// ---------------------------------------------------------------- ALTER

func (p *parser) alter() Statement {
	pos := p.next().Pos
	t := p.tok()
	switch {
	case t.Is("TABLE"):
		return p.alterTable(pos)
	case t.Is("CATALOG"):
		p.next()
		ac := &AlterCatalog{Pos: pos, Name: p.ident()}
		switch {
		case p.acceptKw("SET"):
			ac.Set = p.properties()
		case p.acceptKw("RESET"):
			ac.IsReset = true
			ac.Reset = p.propertyKeys()
		case p.acceptKw("COMMENT"):
			c := p.stringLit().Val
			ac.Comment = &c
		default:
			p.fail()
		}
		return ac
	case t.Is("DATABASE"):
		p.next()
		ad := &AlterDatabase{Pos: pos, Name: p.objectName()}
		p.expectKw("SET")
		ad.Options = p.properties()
		return ad
	case t.Is("FUNCTION"):
		return p.alterFunction(pos, false)
	case t.Is("VIEW"), t.Is("MATERIALIZED"), t.Is("MODEL"):
		p.unsupported(pos, "ALTER "+strings.ToUpper(t.Val))
	case t.Is("TEMPORARY"):
		p.next()
		if t := p.tok(); t.Is("FUNCTION") || t.Is("SYSTEM") {
			return p.alterFunction(pos, true)
		}
		p.failExpecting(alterTemporaryImages)
	}
	p.failExpecting(alterImages)
	return nil
}

func (p *parser) alterTable(pos int) Statement {
	p.expectKw("TABLE")
	at := &AlterTable{Pos: pos}
	at.IfExists = p.ifExists()
	at.Name = p.objectName()
	switch {
	case p.tok().Is("RENAME") && p.peek(1).Is("TO"):
		p.i += 2
		at.Op = AlterRenameTable
		at.NewName = p.objectName()
	case p.acceptKw("RENAME"):
		at.Op = AlterRenameColumn
		at.Column = p.lastPart(p.objectName())
		p.expectKw("TO")
		at.NewCol = p.lastPart(p.objectName())
	case p.acceptKw("RESET"):
		at.Op = AlterResetOptions
		at.Keys = p.propertyKeys()
	case p.acceptKw("SET"):
		at.Op = AlterSetOptions
		at.Options = p.properties()
	case p.isKw("ADD"), p.isKw("MODIFY"):
		at.Op = AlterAddSchema
		if p.next().Is("MODIFY") {
			at.Op = AlterModifySchema
		}
		if p.tok().Is("PARTITION") || (p.tok().Is("IF") && p.peek(1).Is("NOT")) {
			p.unsupported(pos, "ALTER TABLE ADD PARTITION")
		}
		var sh tableShape
		if p.acceptPunct("(") {
			p.alterElement(&sh, at)
			for p.acceptPunct(",") {
				p.alterElement(&sh, at)
			}
			p.expectPunct(")")
		} else {
			p.alterElement(&sh, at)
		}
		for i := range at.Schema {
			at.Schema[i].Column = sh.columns[i]
		}
		at.Watermark = sh.watermark
		p.deferred = append(p.checkConstraints(&sh), p.deferred...)
		at.PrimaryKey = firstPrimaryKey(&sh)
	case p.acceptKw("DROP"):
		switch {
		case p.tok().Is("PRIMARY"):
			p.next()
			p.expectKw("KEY")
			at.Op = AlterDropPrimaryKey
		case p.acceptKw("CONSTRAINT"):
			at.Op = AlterDropConstraint
			n := p.ident()
			at.Constraint = &n
		case p.acceptKw("WATERMARK"):
			at.Op = AlterDropWatermark
		case p.tok().IsPunct("("):
			at.Op = AlterDropColumns
			p.next()
			at.DropColumns = []Ident{p.lastPart(p.objectName())}
			for p.acceptPunct(",") {
				at.DropColumns = append(at.DropColumns, p.lastPart(p.objectName()))
			}
			p.expectPunct(")")
		case p.tok().Is("PARTITION"), p.tok().Is("DISTRIBUTION"), p.tok().Is("IF"):
			p.unsupported(pos, "ALTER TABLE DROP "+strings.ToUpper(p.tok().Val))
		default:
			p.note(`"CONSTRAINT"`, `"PRIMARY"`, `"WATERMARK"`, `"("`)
			at.Op = AlterDropColumns
			at.DropColumns = []Ident{p.lastPart(p.objectName())}
		}
	default:
		if p.isKw("COMPACT") || p.isKw("PARTITION") {
			p.unsupported(pos, "ALTER TABLE COMPACT")
		}
		p.note(`"ADD"`, `"DROP"`, `"MODIFY"`, `"RENAME"`, `"RESET"`, `"SET"`)
		p.fail()
	}
	return at
}

// alterElement parses one entry of ALTER TABLE ADD|MODIFY.
func (p *parser) alterElement(sh *tableShape, at *AlterTable) {
	if p.isKw("DISTRIBUTION") {
		p.unsupported(at.Pos, "ALTER TABLE ADD DISTRIBUTION")
	}
	p.tableElement(sh, &at.Schema)
}

// lastPart returns the last part of a name; Flink takes column names of
// ALTER TABLE as compound identifiers but uses their simple form.
func (p *parser) lastPart(n ObjectName) Ident {
	return n.Parts[len(n.Parts)-1]
}

// ---------------------------------------------------------------- USE, SHOW, DESCRIBE

func (p *parser) use() Statement {
	at := p.i
	pos := p.next().Pos
	if !p.isIdent() && !p.tok().Is("MODULES") {
		p.failAtStatementStart(at, useStartImages)
	}
	if p.acceptKw("CATALOG") {
		return &UseCatalog{Pos: pos, Name: p.ident()}
	}
	if p.acceptKw("MODULES") {
		u := &UseModules{Pos: pos, Names: []Ident{p.ident()}}
		for p.acceptPunct(",") {
			u.Names = append(u.Names, p.ident())
		}
		return u
	}
	return &UseDatabase{Pos: pos, Name: p.objectName()}
}

func (p *parser) show() Statement {
	at := p.i
	s := &Show{Pos: p.next().Pos}
	t := p.tok()
	switch {
	case t.Is("CATALOGS"):
		p.next()
		s.What = ShowCatalogs
		s.Like = p.showLike(true) // Flink 2.0+; the playground accepts it everywhere
	case t.Is("CURRENT"):
		p.next()
		if p.acceptKw("CATALOG") {
			s.What = ShowCurrentCatalog
		} else {
			p.expectKw("DATABASE")
			s.What = ShowCurrentDatabase
		}
	case t.Is("DATABASES"):
		p.next()
		s.What = ShowDatabases
		p.showFrom(s, false)
		if s.From != nil && len(s.From.Parts) > 1 {
			names := make([]string, len(s.From.Parts))
			for i, id := range s.From.Parts {
				names[i] = id.Name
			}
			p.failAt(s.From.Pos(), diag.ParseException, "Show databases from/in identifier [ %s ] format error, catalog must be a single part identifier.", strings.Join(names, "."))
		}
		s.Like = p.showLike(true)
	case t.Is("TABLES"):
		p.next()
		s.What = ShowTables
		p.showFrom(s, false)
		s.Like = p.showLike(false)
	case t.Is("VIEWS"):
		p.next()
		s.What = ShowViews
		p.showFrom(s, false) // Flink 2.0+, as for SHOW TABLES
		s.Like = p.showLike(false)
	case t.Is("COLUMNS"):
		p.next()
		s.What = ShowColumns
		p.showFrom(s, true)
		s.Like = p.showLike(false)
	case t.Is("USER"), t.Is("FUNCTIONS"):
		if p.next().Is("USER") {
			s.User = true
			p.expectKw("FUNCTIONS")
		}
		s.What = ShowFunctions
		p.showFrom(s, false)
		s.Like = p.showLike(true)
	case t.Is("CREATE"):
		p.next()
		switch {
		case p.acceptKw("TABLE"):
			s.What = ShowCreateTable
		case p.acceptKw("VIEW"):
			s.What = ShowCreateView
		case p.acceptKw("CATALOG"):
			s.What = ShowCreateCatalog
			id := p.ident()
			s.From = &ObjectName{Parts: []Ident{id}}
			return s
		case p.isKw("MODEL"):
			p.unsupported(s.Pos, "SHOW CREATE MODEL")
		default:
			p.failExpecting([]string{`"CATALOG"`, `"TABLE"`, `"VIEW"`, `"MODEL"`})
		}
		n := p.objectName()
		s.From = &n
	case t.Is("FULL"), t.Is("MODULES"):
		if p.next().Is("FULL") {
			s.Full = true
			p.expectKw("MODULES")
		}
		s.What = ShowModules
	case t.Is("JARS"):
		p.next()
		s.What = ShowJars
	case t.Is("JOBS"):
		p.next()
		s.What = ShowJobs
	case t.Is("PARTITIONS"), t.Is("PROCEDURES"), t.Is("MODELS"), t.Is("MATERIALIZED"):
		p.unsupported(s.Pos, "SHOW "+strings.ToUpper(t.Val))
	default:
		p.failAtStatementStart(at, showStartImages)
	}
	return s
}

// showFrom parses (FROM | IN) name, which SHOW COLUMNS requires.
func (p *parser) showFrom(s *Show, required bool) {
	t := p.tok()
	if !p.isKw("FROM") && !p.isKw("IN") {
		if required {
			p.fail()
		}
		return
	}
	p.next()
	s.FromKw = strings.ToUpper(t.Val)
	n := p.objectName()
	s.From = &n
}

// showLike parses [[NOT] LIKE 'p'], with ILIKE where Flink allows it.
func (p *parser) showLike(ilike bool) *LikePattern {
	lp := &LikePattern{}
	if p.acceptKw("NOT") {
		lp.Not = true
	} else if !p.isKw("LIKE") && (!ilike || !p.isKw("ILIKE")) {
		p.note(`"NOT"`)
		return nil
	}
	switch {
	case p.acceptKw("LIKE"):
	case ilike && p.acceptKw("ILIKE"):
		lp.ILike = true
	default:
		p.fail()
	}
	lp.Pattern = p.quotedString().Val
	return lp
}

func (p *parser) describe() Statement {
	d := &Describe{Pos: p.next().Pos}
	switch {
	case p.acceptKw("CATALOG"):
		d.Catalog = true
		d.Extended = p.acceptKw("EXTENDED")
		d.Name = ObjectName{Parts: []Ident{p.ident()}}
		return d
	case p.acceptKw("DATABASE"):
		d.Database = true
	case p.tok().Is("JOB"):
		p.next()
		return &DescribeJob{Pos: d.Pos, ID: p.quotedString().Val}
	case p.acceptKw("FUNCTION"):
		d.Function = true
		d.Extended = p.acceptKw("EXTENDED")
		d.Name = p.objectName()
		return d
	case p.tok().Is("MODEL"):
		p.unsupported(d.Pos, "DESCRIBE "+strings.ToUpper(p.tok().Val))
	}
	if !d.Database && !p.tok().Is("EXTENDED") && !p.isIdent() {
		p.failStatementBody(describeImages)
	}
	d.Extended = p.acceptKw("EXTENDED")
	d.Name = p.objectName()
	return d
}

// failStatementBody fails where EXPLAIN or DESCRIBE is followed by what
// cannot follow it. Flink's parser takes an expression there too (and
// fails after it, as for a statement that begins with one); anything else
// fails at once, listing want.
func (p *parser) failStatementBody(want []string) {
	if at, exp := expressionStatement(p.toks, p.i); exp != nil {
		p.i = at
		p.failExpecting(exp)
	}
	if !startsExpression(p.tok()) {
		p.failExpecting(want)
	}
}

// ---------------------------------------------------------------- SET, RESET

// The SQL client's legacy SET key = value and RESET key, unquoted, which
// Flink's ExtendedParser matches with these patterns (its
// SetOperationParseStrategy and ResetOperationParseStrategy) before its
// SQL parser sees the statement.
var (
	legacySet   = regexp.MustCompile(`(?is)^SET(\s+([^'\s]+)\s*=\s*('([^']*)'|([^;\s]+)))?\s*;?$`)
	legacyReset = regexp.MustCompile(`(?is)^RESET(\s+([^'\s]+)\s*)?\s*;?$`)
)

// legacyMatch matches re against the statement's text; it returns the
// submatch offsets, relative to the script.
func (p *parser) legacyMatch(re *regexp.Regexp) []int {
	text := p.src[p.base:p.end]
	lead := len(text) - len(strings.TrimLeft(text, " \t\r\n"))
	text = strings.TrimSpace(text)
	m := re.FindStringSubmatchIndex(text)
	for i := range m {
		if m[i] >= 0 {
			m[i] += p.base + lead
		}
	}
	return m
}

// skipRest moves past the statement's remaining tokens.
func (p *parser) skipRest() {
	for p.tok().Kind != EOF && !p.tok().IsPunct(";") {
		p.next()
	}
}

func (p *parser) set() Statement {
	s := &Set{Pos: p.next().Pos}
	if p.tok().Kind == String {
		prop := p.property()
		s.Key = &prop
	} else if m := p.legacyMatch(legacySet); m != nil && m[4] >= 0 {
		prop := Property{Key: p.src[m[4]:m[5]], KeyPos: m[4]}
		if m[8] >= 0 {
			prop.Value, prop.ValuePos = p.src[m[8]:m[9]], m[8]-1
		} else {
			prop.Value, prop.ValuePos = p.src[m[10]:m[11]], m[10]
		}
		s.Key = &prop
		p.skipRest()
	} else {
		p.note(stringImages...)
	}
	return s
}

func (p *parser) reset() Statement {
	r := &Reset{Pos: p.next().Pos}
	if p.tok().Kind == String {
		k := p.stringLit()
		r.Key = &Property{Key: k.Val, KeyPos: k.Pos, ValuePos: -1}
	} else if m := p.legacyMatch(legacyReset); m != nil && m[4] >= 0 {
		r.Key = &Property{Key: p.src[m[4]:m[5]], KeyPos: m[4], ValuePos: -1}
		p.skipRest()
	} else {
		p.note(stringImages...)
	}
	return r
}

// ---------------------------------------------------------------- INSERT, EXECUTE, EXPLAIN

// insert parses [INSERT|UPSERT] INTO|OVERWRITE t ...; inSet stops its query
// at the ';' that ends it inside a statement set.
func (p *parser) insert(pos int, inSet bool) *Insert {
	upsert := p.tok().Is("UPSERT")
	if !upsert {
		p.note(`"UPSERT"`)
		p.expectKw("INSERT")
	} else {
		p.deferErr(p.tok().Pos, diag.ValidationException, "UPSERT INTO statement is not supported. Please use INSERT INTO instead.")
		p.next()
	}
	ins := &Insert{Pos: pos}
	if !p.acceptKw("INTO") {
		if !p.isKw("OVERWRITE") {
			p.fail()
		}
		if upsert {
			p.failAt(p.tok().Pos, diag.ParseException, "OVERWRITE expression is only used with INSERT statement.")
		}
		p.next()
		ins.Overwrite = true
	}
	ins.Table = p.objectName()
	queryStart := expectInsertQuery
	for p.tok().Kind == Hint {
		ins.Hints = append(ins.Hints, p.hintOptions(p.next())...)
	}
	if p.acceptKw("PARTITION") {
		ins.Partition = p.partitionSpec()
		queryStart = insertQueryAfterTable
	}
	if p.tok().IsPunct("(") && (p.peek(1).Kind == QuotedIdent || (p.peek(1).Kind == Word && !isReserved(p.peek(1).Val))) {
		ins.Columns = p.identList()
		queryStart = insertQueryAfterTable
	}
	if !inSet {
		// An expression where the query goes: Flink reads it as the query.
		if at, want := expressionStatement(p.toks, p.i); want != nil {
			p.i = at
			p.failExpecting(want)
		}
		if !isQueryStart(p.tok()) && !startsExpression(p.tok()) {
			p.failExpecting(queryStart)
		}
	}
	ins.Source, _ = p.query(inSet)
	return ins
}

// hintOptions parses the body of a table hint and returns the key/value
// pairs of its OPTIONS entries; other hints are checked for shape only.
func (p *parser) hintOptions(h Token) []Property {
	sub, err := newParser(p.src, h.Pos+3, h.End-2)
	if err != nil {
		panic(bailout{diag.Wrap(err)})
	}
	sub.base, sub.end = p.base, h.End-2
	var props []Property
	for {
		name := sub.ident()
		if sub.acceptPunct("(") {
			if strings.EqualFold(name.Name, "OPTIONS") {
				props = append(props, sub.property())
				for sub.acceptPunct(",") {
					props = append(props, sub.property())
				}
			} else {
				sub.extent(func(t Token) bool { return t.IsPunct(")") })
			}
			sub.expectPunct(")")
		}
		if !sub.acceptPunct(",") {
			break
		}
	}
	if !sub.atEOF() {
		sub.note(`"*/"`)
		sub.fail()
	}
	return props
}

// partitionSpec parses (col = literal, ...) of INSERT ... PARTITION.
func (p *parser) partitionSpec() []Property {
	p.expectPunct("(")
	var props []Property
	for {
		k := p.ident()
		p.expectPunct("=")
		v, vpos := p.literalText()
		props = append(props, Property{Key: k.Name, KeyPos: k.Pos, Value: v, ValuePos: vpos})
		if !p.acceptPunct(",") {
			break
		}
	}
	p.expectPunct(")")
	return props
}

// literalText parses a literal and returns its value as text: a string's
// characters, a number's digits (with its sign), or the literal as written.
func (p *parser) literalText() (string, int) {
	t := p.tok()
	switch {
	case t.Kind == String:
		p.next()
		return t.Val, t.Pos
	case t.Kind == Number:
		p.next()
		return t.Val, t.Pos
	case (t.IsPunct("-") || t.IsPunct("+")) && p.peek(1).Kind == Number:
		p.next()
		n := p.next()
		if t.Val == "-" {
			return "-" + n.Val, t.Pos
		}
		return n.Val, t.Pos
	case t.Is("TRUE"), t.Is("FALSE"), t.Is("NULL"), t.Is("UNKNOWN"):
		p.next()
		return strings.ToUpper(t.Val), t.Pos
	case (t.Is("DATE") || t.Is("TIME") || t.Is("TIMESTAMP")) && p.peek(1).Kind == String:
		p.next()
		s := p.next()
		return p.src[t.Pos:s.End], t.Pos
	case t.Is("INTERVAL") && p.peek(1).Kind == String:
		// INTERVAL '1' DAY, '1 2' DAY TO HOUR, '1' SECOND(3): the literal
		// as written, up to the next ',' or ')'.
		p.next()
		end := p.next().End
		for p.tok().Kind == Word && isIntervalUnitWord(p.tok().Val) {
			end = p.next().End
			if p.tok().IsPunct("(") {
				for !p.tok().IsPunct(")") && p.tok().Kind != EOF {
					p.next()
				}
				end = p.expectPunct(")").End
			}
		}
		return p.src[t.Pos:end], t.Pos
	}
	p.note(literalImages...)
	p.note(`"DATE"`, `"FALSE"`, `"INTERVAL"`, `"NULL"`, `"TIME"`, `"TIMESTAMP"`, `"TRUE"`, `"UNKNOWN"`, `"+"`, `"-"`)
	p.fail()
	return "", 0
}

func isIntervalUnitWord(w string) bool {
	switch strings.ToUpper(w) {
	case "YEAR", "YEARS", "MONTH", "MONTHS", "DAY", "DAYS", "HOUR", "HOURS", "MINUTE", "MINUTES", "SECOND", "SECONDS", "TO":
		return true
	}
	return false
}

func (p *parser) execute(pos int) Statement {
	p.expectKw("EXECUTE")
	t := p.tok()
	switch {
	case t.Is("STATEMENT"):
		return p.statementSet(pos)
	case t.Is("INSERT"), t.Is("UPSERT"):
		return p.insert(pos, false)
	case t.Is("PLAN"):
		p.next()
		return &ExecutePlan{Pos: pos, Path: p.quotedString().Val}
	case isQueryStart(t):
		q, _ := p.query(false)
		return &QueryStmt{Pos: pos, Query: q}
	}
	p.note(`"INSERT"`, `"PLAN"`, `"SELECT"`, `"STATEMENT"`, `"UPSERT"`, `"VALUES"`, `"WITH"`, `"("`)
	p.fail()
	return nil
}

// statementSet parses STATEMENT SET BEGIN insert; ... END.
func (p *parser) statementSet(pos int) *StatementSet {
	p.expectKw("STATEMENT")
	p.expectKw("SET")
	p.expectKw("BEGIN")
	ss := &StatementSet{Pos: pos}
	for {
		ss.Inserts = append(ss.Inserts, p.insert(p.tok().Pos, true))
		p.expectPunct(";")
		if p.acceptKw("END") {
			return ss
		}
	}
}

func (p *parser) explain() Statement {
	ex := &Explain{Pos: p.next().Pos}
	want := explainImages
	if p.tok().Is("PLAN") && p.peek(1).Is("FOR") {
		p.i += 2
		want = explainPlanForImages
	} else if p.tok().Kind == Word && isExplainDetail(p.tok().Val) {
		want = explainDetailImages
		for {
			t := p.next()
			d := strings.ToUpper(t.Val)
			for _, seen := range ex.Details {
				if seen == d {
					p.failAt(t.Pos, diag.ParseException, "Duplicate EXPLAIN DETAIL is not allowed.")
				}
			}
			ex.Details = append(ex.Details, d)
			if !p.acceptPunct(",") {
				break
			}
			if p.tok().Kind != Word || !isExplainDetail(p.tok().Val) {
				for _, d := range explainDetails {
					p.note(`"` + d + `"`)
				}
				p.fail()
			}
		}
	}
	t := p.tok()
	switch {
	case t.Is("STATEMENT"):
		ex.Stmt = p.statementSet(t.Pos)
	case t.Is("EXECUTE"):
		ex.Stmt = p.execute(t.Pos)
	case t.Is("INSERT"), t.Is("UPSERT"):
		ex.Stmt = p.insert(t.Pos, false)
	case isQueryStart(t):
		q, _ := p.query(false)
		ex.Stmt = &QueryStmt{Pos: t.Pos, Query: q}
	default:
		if len(want) == len(explainImages) && t.Is("PLAN") {
			// PLAN without FOR is a name, and Flink lists FOR after it.
			if at, exp := expressionStatement(p.toks, p.i); exp != nil {
				if k := slices.Index(exp, `"."`); k >= 0 {
					exp = slices.Insert(slices.Clone(exp), k, `"FOR"`)
				}
				p.i = at
				p.failExpecting(exp)
			}
		}
		p.failStatementBody(want)
		p.note(`"EXECUTE"`, `"INSERT"`, `"SELECT"`, `"STATEMENT"`, `"UPSERT"`, `"VALUES"`, `"WITH"`, `"("`)
		p.fail()
	}
	return ex
}

// stopJob parses STOP JOB 'id' [WITH SAVEPOINT] [WITH DRAIN].
func (p *parser) stopJob() Statement {
	st := &StopJob{Pos: p.next().Pos}
	p.expectKw("JOB")
	st.ID = p.quotedString().Val
	if p.tok().Is("WITH") && p.peek(1).Is("SAVEPOINT") {
		p.i += 2
		st.Savepoint = true
	}
	if p.tok().Is("WITH") && p.peek(1).Is("DRAIN") {
		at := p.tok().Pos
		p.i += 2
		if !st.Savepoint {
			p.failAt(at, diag.ParseException, "WITH DRAIN could only be used after WITH SAVEPOINT.")
		}
		st.Drain = true
	}
	return st
}

package sql

import "github.com/flinkplay/flinkplay/engine/types"

// Every node records Pos, the byte offset in the script where it starts, so
// errors found later (binding, validation) can point at line:col.

// Ident is an identifier as written; Flink identifiers are case-sensitive.
type Ident struct {
	Name   string
	Pos    int
	Quoted bool // written with backticks
}

// ObjectName is a possibly qualified name: [catalog.][database.]object.
type ObjectName struct {
	Parts []Ident
}

// Pos returns the position of the first part.
func (n ObjectName) Pos() int {
	if len(n.Parts) == 0 {
		return -1
	}
	return n.Parts[0].Pos
}

// Names returns the parts' names, as written.
func (n ObjectName) Names() []string {
	parts := make([]string, len(n.Parts))
	for i, p := range n.Parts {
		parts[i] = p.Name
	}
	return parts
}

// Property is one 'key' = 'value' pair of a WITH clause, SET, or OPTIONS hint.
type Property struct {
	Key      string
	KeyPos   int
	Value    string
	ValuePos int
}

// Statement is any parsed statement.
type Statement interface {
	// StmtPos returns where the statement starts in the script.
	StmtPos() int
}

// ---------------------------------------------------------------- DDL

// ColumnKind tells physical, computed and metadata columns apart.
type ColumnKind uint8

// Column kinds.
const (
	PhysicalColumn ColumnKind = iota
	ComputedColumn            // name AS expr
	MetadataColumn            // name type METADATA [FROM 'key'] [VIRTUAL]
)

// ColumnDef is one column of CREATE TABLE.
type ColumnDef struct {
	Name        Ident
	Kind        ColumnKind
	Type        types.Type // physical and metadata columns
	TypePos     int
	Expr        Expr   // computed columns
	ExprText    string // the expression exactly as written
	MetadataKey string // METADATA FROM 'key'; "" when absent
	Virtual     bool
	Comment     *string
}

// WatermarkDef is WATERMARK FOR column AS expr.
type WatermarkDef struct {
	Pos      int
	Column   Ident // may be a nested path in Flink; only top-level here
	Expr     Expr
	ExprText string
}

// PrimaryKeyDef is [CONSTRAINT name] PRIMARY KEY (cols) NOT ENFORCED, table or column level.
type PrimaryKeyDef struct {
	Pos     int
	Name    *Ident // CONSTRAINT name, nil when absent
	Columns []Ident
}

// LikeStrategy is INCLUDING, EXCLUDING or OVERWRITING.
type LikeStrategy uint8

// LIKE merging strategies.
const (
	Including LikeStrategy = iota
	Excluding
	Overwriting
)

// LikeFeature is what a LIKE option applies to.
type LikeFeature uint8

// LIKE features.
const (
	LikeAll LikeFeature = iota
	LikeConstraints
	LikeDistribution
	LikeGenerated
	LikeMetadata
	LikeOptions
	LikePartitions
	LikeWatermarks
)

// LikeOption is one "INCLUDING ALL"-style entry of a LIKE clause.
type LikeOption struct {
	Pos      int
	Strategy LikeStrategy
	Feature  LikeFeature
}

// LikeClause is LIKE source [(options)].
type LikeClause struct {
	Pos     int
	Source  ObjectName
	Options []LikeOption
}

// CreateTable is CREATE [TEMPORARY] TABLE [IF NOT EXISTS] name (...) ... WITH (...) [LIKE ...],
// or [CREATE OR] REPLACE TABLE name ... AS query.
type CreateTable struct {
	Pos  int
	Name ObjectName
	// Replace: REPLACE TABLE ... AS (the table must exist); with
	// OrReplace, CREATE OR REPLACE TABLE ... AS.
	Replace, OrReplace bool
	Temporary          bool
	IfNotExists        bool
	Columns            []ColumnDef
	Watermark          *WatermarkDef
	PrimaryKey         *PrimaryKeyDef
	Comment            *string
	PartitionedBy      []Ident
	Distribution       *Distribution
	Options            []Property
	Like               *LikeClause
	AsQuery            Query  // CREATE TABLE ... AS SELECT; nil otherwise
	AsQueryText        string // the AS query exactly as written
}

// CreateView is CREATE [TEMPORARY] VIEW [IF NOT EXISTS] name [(cols)] [COMMENT c] AS query.
type CreateView struct {
	Pos         int
	Name        ObjectName
	Temporary   bool
	IfNotExists bool
	Columns     []Ident
	Comment     *string
	Query       Query
	QueryText   string // the query exactly as written
}

// ObjectKind names what a DROP, SHOW CREATE or DESCRIBE is about.
type ObjectKind uint8

// Object kinds.
const (
	KindTable ObjectKind = iota
	KindView
	KindDatabase
	KindCatalog
	KindFunction
)

// Drop is DROP [TEMPORARY] TABLE|VIEW|DATABASE|CATALOG|FUNCTION [IF EXISTS] name [RESTRICT|CASCADE],
// or DROP [TEMPORARY] SYSTEM FUNCTION [IF EXISTS] name.
type Drop struct {
	Pos       int
	What      ObjectKind
	Temporary bool
	System    bool // a temporary system function
	IfExists  bool
	Name      ObjectName
	Cascade   bool
}

// CreateFunction is CREATE [TEMPORARY [SYSTEM]] FUNCTION [IF NOT EXISTS]
// name AS 'identifier' [LANGUAGE JAVA|SCALA|SQL|PYTHON] [USING JAR 'path'
// [, JAR 'path']*].
type CreateFunction struct {
	Pos         int
	Name        ObjectName
	Temporary   bool
	System      bool
	IfNotExists bool
	Class       string // the class name, or a Python function's path
	ClassPos    int
	Language    string // as written, upper case; "" when absent (Java)
	LanguagePos int
	Jars        []string
}

// Distribution is DISTRIBUTED BY [HASH | RANGE] (cols) [INTO n BUCKETS]
// or DISTRIBUTED INTO n BUCKETS (Flink 2.0+).
type Distribution struct {
	Pos     int
	Kind    string // HASH, RANGE, or "" for the connector's choice
	Keys    []Ident
	Buckets int // 0: not given
}

// CompilePlan is COMPILE [AND EXECUTE] PLAN 'path' FOR an INSERT or a
// statement set.
type CompilePlan struct {
	Pos     int
	Path    string
	Execute bool      // COMPILE AND EXECUTE PLAN
	Stmt    Statement // *Insert or *StatementSet
	Text    string    // the statement after FOR, as written
}

// ExecutePlan is EXECUTE PLAN 'path'.
type ExecutePlan struct {
	Pos  int
	Path string
}

// AlterFunction is ALTER [TEMPORARY [SYSTEM]] FUNCTION [IF EXISTS] name
// AS 'class' [LANGUAGE ...].
type AlterFunction struct {
	Pos         int
	Name        ObjectName
	Temporary   bool
	System      bool
	IfExists    bool
	Class       string
	Language    string // as written, upper case; "" when absent (Java)
	LanguagePos int
}

// AlterTableOp is what ALTER TABLE does.
type AlterTableOp uint8

// ALTER TABLE operations.
const (
	AlterSetOptions AlterTableOp = iota
	AlterResetOptions
	AlterRenameTable
	AlterRenameColumn
)

// AlterTable is ALTER TABLE [IF EXISTS] name SET (...) | RESET (...) | RENAME TO n | RENAME c TO c2.
type AlterTable struct {
	Pos      int
	Name     ObjectName
	IfExists bool
	Op       AlterTableOp
	Options  []Property // SET
	Keys     []Property // RESET: keys only (Value empty)
	NewName  ObjectName // RENAME TO
	Column   Ident      // RENAME column
	NewCol   Ident      // RENAME column TO

	Schema      []AlterColumn  // ADD|MODIFY: columns with their positions
	Watermark   *WatermarkDef  // ADD|MODIFY WATERMARK
	PrimaryKey  *PrimaryKeyDef // ADD|MODIFY [CONSTRAINT n] PRIMARY KEY
	DropColumns []Ident        // DROP column | DROP (columns)
	Constraint  *Ident         // DROP CONSTRAINT name
}

// More ALTER TABLE operations, numbered after the first four.
const (
	AlterAddSchema      AlterTableOp = AlterRenameColumn + 1 + iota // ADD column|(...)|PRIMARY KEY|WATERMARK
	AlterModifySchema                                               // MODIFY ...
	AlterDropColumns                                                // DROP column | DROP (columns)
	AlterDropPrimaryKey                                             // DROP PRIMARY KEY
	AlterDropConstraint                                             // DROP CONSTRAINT name
	AlterDropWatermark                                              // DROP WATERMARK
)

// AlterColumn is one column of ALTER TABLE ADD|MODIFY and where it goes.
type AlterColumn struct {
	Column ColumnDef
	First  bool   // FIRST
	After  *Ident // AFTER column; nil when absent
}

// CreateCatalog is CREATE CATALOG [IF NOT EXISTS] name [COMMENT c] WITH (...).
type CreateCatalog struct {
	Pos         int
	Name        Ident
	IfNotExists bool
	Comment     *string
	Options     []Property
}

// AlterCatalog is ALTER CATALOG name SET (...) | RESET (...) | COMMENT 'c'.
type AlterCatalog struct {
	Pos     int
	Name    Ident
	Set     []Property
	Reset   []Property // keys only
	IsReset bool
	Comment *string
}

// CreateDatabase is CREATE DATABASE [IF NOT EXISTS] [cat.]db [COMMENT c] [WITH (...)].
type CreateDatabase struct {
	Pos         int
	Name        ObjectName
	IfNotExists bool
	Comment     *string
	Options     []Property
}

// AlterDatabase is ALTER DATABASE [cat.]db SET (...).
type AlterDatabase struct {
	Pos     int
	Name    ObjectName
	Options []Property
}

// UseCatalog is USE CATALOG name.
type UseCatalog struct {
	Pos  int
	Name Ident
}

// UseDatabase is USE [cat.]db.
type UseDatabase struct {
	Pos  int
	Name ObjectName
}

// ShowKind is what SHOW lists.
type ShowKind uint8

// SHOW variants.
const (
	ShowCatalogs ShowKind = iota
	ShowCurrentCatalog
	ShowDatabases
	ShowCurrentDatabase
	ShowTables
	ShowViews
	ShowColumns
	ShowFunctions
	ShowCreateTable
	ShowCreateView
	ShowCreateCatalog
	ShowModules
	ShowJars
	ShowJobs
)

// LikePattern is the [NOT] LIKE|ILIKE 'pattern' tail of SHOW.
type LikePattern struct {
	Not     bool
	ILike   bool
	Pattern string
}

// Show is any SHOW statement.
type Show struct {
	Pos    int
	What   ShowKind
	From   *ObjectName // FROM|IN, or the object of SHOW CREATE / SHOW COLUMNS
	FromKw string      // "FROM" or "IN", as written
	Like   *LikePattern
	User   bool // SHOW USER FUNCTIONS
	Full   bool // SHOW FULL MODULES
}

// Describe is DESCRIBE|DESC [EXTENDED] name, or DESCRIBE CATALOG [EXTENDED] name.
type Describe struct {
	Pos      int
	Function bool // DESCRIBE FUNCTION [EXTENDED] name
	Catalog  bool
	Database bool // DESCRIBE DATABASE [EXTENDED] [cat.]db
	Extended bool
	Name     ObjectName
}

// StopJob is STOP JOB 'id' [WITH SAVEPOINT [WITH DRAIN]].
type StopJob struct {
	Pos       int
	ID        string
	Savepoint bool
	Drain     bool
}

// DescribeJob is DESCRIBE JOB 'id'.
type DescribeJob struct {
	Pos int
	ID  string
}

// Set is SET, or SET 'key' = 'value'.
type Set struct {
	Pos int
	Key *Property // nil for a bare SET (list all)
}

// Reset is RESET, or RESET 'key'.
type Reset struct {
	Pos int
	Key *Property // nil for a bare RESET (reset all)
}

// Insert is [EXECUTE] INSERT INTO|OVERWRITE table [PARTITION (...)] [(cols)] query.
type Insert struct {
	Pos       int
	Overwrite bool
	Table     ObjectName
	Hints     []Property // /*+ OPTIONS(...) */ on the target table
	Partition []Property
	Columns   []Ident
	Source    Query // SELECT ... or VALUES ...
}

// StatementSet is EXECUTE STATEMENT SET BEGIN insert; ... END.
type StatementSet struct {
	Pos     int
	Inserts []*Insert
}

// BeginStatementSet is the SQL client's BEGIN STATEMENT SET.
type BeginStatementSet struct{ Pos int }

// End is the SQL client's END (of a statement set).
type End struct{ Pos int }

// Help is the SQL client's HELP command.
type Help struct{ Pos int }

// LoadModule is LOAD MODULE name [WITH (...)].
type LoadModule struct {
	Pos     int
	Name    Ident
	Options []Property
}

// UnloadModule is UNLOAD MODULE name.
type UnloadModule struct {
	Pos  int
	Name Ident
}

// UseModules is USE MODULES name [, name]*.
type UseModules struct {
	Pos   int
	Names []Ident
}

// Explain is EXPLAIN [PLAN FOR] [detail, ...] statement.
type Explain struct {
	Pos     int
	Details []string  // ESTIMATED_COST, CHANGELOG_MODE, PLAN_ADVICE, JSON_EXECUTION_PLAN
	Stmt    Statement // *QueryStmt, *Insert or *StatementSet
}

// QueryStmt is a query used as a statement: SELECT, VALUES, WITH, set operations.
type QueryStmt struct {
	Pos   int
	Query Query
}

func (s *CreateTable) StmtPos() int       { return s.Pos }
func (s *CreateView) StmtPos() int        { return s.Pos }
func (s *Drop) StmtPos() int              { return s.Pos }
func (s *CreateFunction) StmtPos() int    { return s.Pos }
func (s *AlterFunction) StmtPos() int     { return s.Pos }
func (s *CompilePlan) StmtPos() int       { return s.Pos }
func (s *ExecutePlan) StmtPos() int       { return s.Pos }
func (s *AlterTable) StmtPos() int        { return s.Pos }
func (s *CreateCatalog) StmtPos() int     { return s.Pos }
func (s *AlterCatalog) StmtPos() int      { return s.Pos }
func (s *CreateDatabase) StmtPos() int    { return s.Pos }
func (s *AlterDatabase) StmtPos() int     { return s.Pos }
func (s *UseCatalog) StmtPos() int        { return s.Pos }
func (s *UseDatabase) StmtPos() int       { return s.Pos }
func (s *Show) StmtPos() int              { return s.Pos }
func (s *Describe) StmtPos() int          { return s.Pos }
func (s *StopJob) StmtPos() int           { return s.Pos }
func (s *DescribeJob) StmtPos() int       { return s.Pos }
func (s *Set) StmtPos() int               { return s.Pos }
func (s *Reset) StmtPos() int             { return s.Pos }
func (s *Insert) StmtPos() int            { return s.Pos }
func (s *StatementSet) StmtPos() int      { return s.Pos }
func (s *BeginStatementSet) StmtPos() int { return s.Pos }
func (s *End) StmtPos() int               { return s.Pos }
func (s *Help) StmtPos() int              { return s.Pos }
func (s *LoadModule) StmtPos() int        { return s.Pos }
func (s *UnloadModule) StmtPos() int      { return s.Pos }
func (s *UseModules) StmtPos() int        { return s.Pos }
func (s *Explain) StmtPos() int           { return s.Pos }
func (s *QueryStmt) StmtPos() int         { return s.Pos }

// ---------------------------------------------------------------- queries

// Query is SELECT, VALUES or a set operation, possibly with WITH.
type Query interface {
	queryNode()
	QueryPos() int
}

// SelectItem is one entry of the select list: an expression with an
// optional alias, or a star (with an optional qualifier: t.*).
type SelectItem struct {
	Expr      Expr   // nil for a star
	Alias     *Ident // AS alias
	Star      bool
	Qualifier []Ident // t.* qualifier
	Pos       int
	Text      string // the item exactly as written (for column naming like EXPR$0)
}

// OrderItem is one ORDER BY entry.
type OrderItem struct {
	Expr       Expr
	Desc       bool
	NullsFirst *bool // nil: default
}

// CTE is one WITH entry.
type CTE struct {
	Name    Ident
	Columns []Ident
	Query   Query
}

// Select is a SELECT block.
type Select struct {
	Pos      int
	With     []CTE
	Distinct bool
	Items    []SelectItem
	From     TableRef // nil when there is no FROM
	Where    Expr
	GroupBy  []Expr
	Having   Expr
	OrderBy  []OrderItem
	Limit    Expr // nil when absent
	Offset   Expr
	Windows  []NamedWindow // WINDOW w AS (...), ...
}

// NamedWindow is one entry of a SELECT's WINDOW clause.
type NamedWindow struct {
	Name Ident
	Spec *WindowSpec
}

// SetOpKind is UNION, INTERSECT or EXCEPT.
type SetOpKind uint8

// Set operations.
const (
	Union SetOpKind = iota
	Intersect
	Except
)

// SetOp is left UNION|INTERSECT|EXCEPT [ALL] right.
type SetOp struct {
	Pos     int
	With    []CTE
	Op      SetOpKind
	All     bool
	Left    Query
	Right   Query
	OrderBy []OrderItem
	Limit   Expr
	Offset  Expr
}

// Values is VALUES (row), (row), ... as a query.
type Values struct {
	Pos  int
	Rows [][]Expr
}

func (*Select) queryNode()      {}
func (*SetOp) queryNode()       {}
func (*Values) queryNode()      {}
func (q *Select) QueryPos() int { return q.Pos }
func (q *SetOp) QueryPos() int  { return q.Pos }
func (q *Values) QueryPos() int { return q.Pos }

// TableRef is an entry of FROM.
type TableRef interface {
	tableRefNode()
	RefPos() int
}

// TableName is a catalog table or view in FROM.
type TableName struct {
	Pos   int
	Name  ObjectName
	Alias *Ident
	Hints []Property // /*+ OPTIONS('k'='v') */
	AsOf  Expr       // FOR SYSTEM_TIME AS OF expr
}

// DerivedTable is (query) [AS] alias [(col, ...)].
type DerivedTable struct {
	Pos     int
	Query   Query
	Alias   *Ident // nil when the user wrote none
	Columns []Ident
	Lateral bool // LATERAL (query)
}

// JoinKind is the kind of a join.
type JoinKind uint8

// Join kinds.
const (
	InnerJoin JoinKind = iota
	LeftJoin
	RightJoin
	FullJoin
	CrossJoin
)

// Join is left JOIN right ON cond | USING (cols).
type Join struct {
	Pos   int
	Kind  JoinKind
	Left  TableRef
	Right TableRef
	On    Expr
	Using []Ident
	// Natural is NATURAL JOIN; Comma is FROM a, b (Kind is CrossJoin).
	Natural bool
	Comma   bool
}

// TableFunc is a table-valued function in FROM: TABLE(TUMBLE(...)), UNNEST(...), LATERAL TABLE(f(...)).
type TableFunc struct {
	Pos        int
	Name       string
	Args       []Expr
	Alias      *Ident
	Columns    []Ident
	Lateral    bool
	Ordinality bool // UNNEST(...) WITH ORDINALITY
}

func (*TableName) tableRefNode()    {}
func (*DerivedTable) tableRefNode() {}
func (*Join) tableRefNode()         {}
func (*TableFunc) tableRefNode()    {}
func (t *TableName) RefPos() int    { return t.Pos }
func (t *DerivedTable) RefPos() int { return t.Pos }
func (t *Join) RefPos() int         { return t.Pos }
func (t *TableFunc) RefPos() int    { return t.Pos }

// ---------------------------------------------------------------- expressions

// Expr is a scalar expression as written.
type Expr interface {
	exprNode()
	ExprPos() int
}

// ColumnRef is a (possibly qualified) column name: a, t.a, t.row_col.field.
type ColumnRef struct {
	Pos   int
	Parts []Ident
}

// LiteralKind classifies literals by how they were written.
type LiteralKind uint8

// Literal kinds.
const (
	NullLit         LiteralKind = iota
	BoolLit                     // TRUE, FALSE
	ExactLit                    // 12, 1.5 (exact numeric: INT, BIGINT or DECIMAL)
	ApproxLit                   // 1.5E3 (DOUBLE)
	StringLit                   // 'abc'
	BinaryLit                   // X'0aff'
	DateLit                     // DATE '2020-01-01'
	TimeLit                     // TIME '12:00:00'
	TimestampLit                // TIMESTAMP '2020-01-01 00:00:00'
	TimestampLTZLit             // TIMESTAMP_LTZ '...' (Flink 1.20+ has no such literal; reserved)
)

// Literal is a constant. Text is the literal's content: the digits of a
// number, the unescaped characters of a string, the hex digits of a binary,
// the quoted text of a DATE/TIME/TIMESTAMP literal.
type Literal struct {
	Pos  int
	Kind LiteralKind
	Text string
	Bool bool
}

// IntervalUnit is a time unit of an INTERVAL literal or qualifier.
type IntervalUnit uint8

// Interval units.
const (
	UnitYear IntervalUnit = iota
	UnitQuarter
	UnitMonth
	UnitWeek
	UnitDay
	UnitHour
	UnitMinute
	UnitSecond
	UnitMillisecond
	UnitMicrosecond
	UnitNanosecond
)

// IntervalLit is INTERVAL [-]'value' unit [(p)] [TO unit [(p)]].
type IntervalLit struct {
	Pos       int
	Negative  bool
	Value     string // the quoted text, unescaped
	From      IntervalUnit
	To        IntervalUnit // == From when there is no TO
	Precision int          // leading precision, 0 when not written
	FracPrec  int          // fractional second precision, 0 when not written
	UnitText  string       // units as written, e.g. "SECONDS", "DAY TO SECOND"
}

// UnaryOp is a prefix operator.
type UnaryOp uint8

// Unary operators.
const (
	OpNeg UnaryOp = iota
	OpPlus
	OpNot
)

// Unary is -x, +x or NOT x.
type Unary struct {
	Pos int
	Op  UnaryOp
	X   Expr
}

// BinaryOp is an infix operator.
type BinaryOp uint8

// Binary operators.
const (
	OpAdd BinaryOp = iota
	OpSub
	OpMul
	OpDiv
	OpMod
	OpConcat // ||
	OpEq
	OpNe // <> (also !=)
	OpLt
	OpLe
	OpGt
	OpGe
	OpAnd
	OpOr
	OpIsDistinctFrom
	OpIsNotDistinctFrom
)

// Binary is l op r.
type Binary struct {
	Pos  int
	Op   BinaryOp
	L, R Expr
}

// IsPredicate is x IS [NOT] NULL|TRUE|FALSE|UNKNOWN.
type IsPredicate struct {
	Pos  int
	X    Expr
	Not  bool
	What string // "NULL", "TRUE", "FALSE", "UNKNOWN", "JSON VALUE", "JSON SCALAR", "JSON ARRAY", "JSON OBJECT"
}

// Between is x [NOT] BETWEEN [SYMMETRIC] lo AND hi.
type Between struct {
	Pos       int
	X, Lo, Hi Expr
	Not       bool
	Symmetric bool
}

// Like is x [NOT] LIKE|SIMILAR TO pattern [ESCAPE e].
type Like struct {
	Pos     int
	X       Expr
	Pattern Expr
	Escape  Expr
	Not     bool
	Similar bool
}

// In is x [NOT] IN (list) or x [NOT] IN (subquery).
type In struct {
	Pos      int
	X        Expr
	List     []Expr
	Subquery Query
	Not      bool
}

// Exists is EXISTS (subquery).
type Exists struct {
	Pos      int
	Subquery Query
}

// ScalarSubquery is (subquery) used as a value.
type ScalarSubquery struct {
	Pos   int
	Query Query
}

// When is one WHEN ... THEN ... branch.
type When struct {
	Cond, Result Expr
}

// Case is CASE [operand] WHEN ... THEN ... [ELSE ...] END.
type Case struct {
	Pos     int
	Operand Expr // nil for a searched CASE
	Whens   []When
	Else    Expr
}

// Cast is CAST(x AS type) or TRY_CAST(x AS type).
type Cast struct {
	Pos     int
	X       Expr
	Type    types.Type
	TypePos int
	Try     bool
	// TypeText is the type as written.
	TypeText string
}

// WindowSpec is the OVER (...) of a window function call.
type WindowSpec struct {
	Pos         int
	Name        string // OVER w
	PartitionBy []Expr
	OrderBy     []OrderItem
	Frame       *Frame
}

// Frame is ROWS|RANGE BETWEEN start AND end.
type Frame struct {
	Rows       bool
	Start, End FrameBound
}

// FrameBound is UNBOUNDED PRECEDING, n PRECEDING, CURRENT ROW, ...
type FrameBound struct {
	Kind   string // "UNBOUNDED PRECEDING", "PRECEDING", "CURRENT ROW", "FOLLOWING", "UNBOUNDED FOLLOWING"
	Offset Expr
}

// Call is a function call, including the special forms that parse into
// calls: EXTRACT, SUBSTRING(x FROM a FOR b), TRIM, POSITION, ARRAY[...],
// MAP[...], ROW(...), x[i] (ITEM), FLOOR(x TO unit). Name is upper-cased for
// built-ins and as written for everything else.
type Call struct {
	Pos      int
	Name     string
	Args     []Expr
	Distinct bool
	Star     bool // COUNT(*)
	Filter   Expr // agg(x) FILTER (WHERE cond)
	Over     *WindowSpec
}

// Symbol is a keyword argument of a special form (the unit of EXTRACT,
// BOTH/LEADING/TRAILING of TRIM, the unit of FLOOR(x TO unit)).
type Symbol struct {
	Pos  int
	Name string
}

// TableArg is TABLE t [PARTITION BY keys], an argument of a table function
// such as the window TVFs.
type TableArg struct {
	Pos         int
	Name        ObjectName
	PartitionBy []Expr
}

// NamedArg is name => value, a named argument of a function call.
type NamedArg struct {
	Pos   int
	Name  Ident
	Value Expr
}

func (*ColumnRef) exprNode()      {}
func (*Literal) exprNode()        {}
func (*IntervalLit) exprNode()    {}
func (*Unary) exprNode()          {}
func (*Binary) exprNode()         {}
func (*IsPredicate) exprNode()    {}
func (*Between) exprNode()        {}
func (*Like) exprNode()           {}
func (*In) exprNode()             {}
func (*Exists) exprNode()         {}
func (*ScalarSubquery) exprNode() {}
func (*Case) exprNode()           {}
func (*Cast) exprNode()           {}
func (*Call) exprNode()           {}
func (*Symbol) exprNode()         {}
func (*TableArg) exprNode()       {}
func (*NamedArg) exprNode()       {}

func (e *ColumnRef) ExprPos() int      { return e.Pos }
func (e *Literal) ExprPos() int        { return e.Pos }
func (e *IntervalLit) ExprPos() int    { return e.Pos }
func (e *Unary) ExprPos() int          { return e.Pos }
func (e *Binary) ExprPos() int         { return e.Pos }
func (e *IsPredicate) ExprPos() int    { return e.Pos }
func (e *Between) ExprPos() int        { return e.Pos }
func (e *Like) ExprPos() int           { return e.Pos }
func (e *In) ExprPos() int             { return e.Pos }
func (e *Exists) ExprPos() int         { return e.Pos }
func (e *ScalarSubquery) ExprPos() int { return e.Pos }
func (e *Case) ExprPos() int           { return e.Pos }
func (e *Cast) ExprPos() int           { return e.Pos }
func (e *Call) ExprPos() int           { return e.Pos }
func (e *Symbol) ExprPos() int         { return e.Pos }
func (e *TableArg) ExprPos() int       { return e.Pos }
func (e *NamedArg) ExprPos() int       { return e.Pos }

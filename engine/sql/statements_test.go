package sql

import (
	"reflect"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// strip zeroes positions and drops embedded query and expression nodes
// (parsed by query.go and tested there), so statement tests compare only
// what this parser builds; the *Text fields still pin the embedded source.
func strip(t testing.TB, v any) any {
	t.Helper()
	rv := reflect.ValueOf(v)
	stripValue(rv)
	return v
}

var (
	queryType = reflect.TypeOf((*Query)(nil)).Elem()
	exprType  = reflect.TypeOf((*Expr)(nil)).Elem()
)

func stripValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			stripValue(v.Elem())
		}
	case reflect.Interface:
		if !v.IsNil() {
			stripValue(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			stripValue(v.Index(i))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			name := v.Type().Field(i).Name
			switch {
			case f.Type() == queryType || f.Type() == exprType:
				f.Set(reflect.Zero(f.Type()))
			case f.Kind() == reflect.Int && strings.HasSuffix(name, "Pos"):
				f.SetInt(0)
			default:
				stripValue(f)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

func id(name string) Ident  { return Ident{Name: name} }
func qid(name string) Ident { return Ident{Name: name, Quoted: true} }
func name(parts ...string) ObjectName {
	n := ObjectName{}
	for _, p := range parts {
		n.Parts = append(n.Parts, id(p))
	}
	return n
}
func prop(k, v string) Property { return Property{Key: k, Value: v} }
func key(k string) Property     { return Property{Key: k} }

func notNull(t types.Type) types.Type { t.NotNull = true; return t }

func parseOne(t *testing.T, src string) (Statement, error) {
	t.Helper()
	return ParseStatement(src, Span{0, len(src)})
}

func TestParseStatement(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want Statement
	}{
		{"create table full", `CREATE TEMPORARY TABLE IF NOT EXISTS cat.db.t (
  id INT NOT NULL,
  name STRING COMMENT 'the name',
  ts TIMESTAMP(3),
  c AS id + 1 COMMENT 'computed',
  m BIGINT METADATA FROM 'offset' VIRTUAL,
  h STRING METADATA,
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  CONSTRAINT pk PRIMARY KEY (id) NOT ENFORCED
) COMMENT 'tbl' PARTITIONED BY (name, ` + "`id`" + `) WITH ('connector' = 'datagen', 'it''s' = 'x')`,
			&CreateTable{Name: name("cat", "db", "t"), Temporary: true, IfNotExists: true,
				Columns: []ColumnDef{
					{Name: id("id"), Type: notNull(types.Int32)},
					{Name: id("name"), Type: types.String, Comment: ptr("the name")},
					{Name: id("ts"), Type: types.TimestampOf(3)},
					{Name: id("c"), Kind: ComputedColumn, ExprText: "id + 1", Comment: ptr("computed")},
					{Name: id("m"), Kind: MetadataColumn, Type: types.Int64, MetadataKey: "offset", Virtual: true},
					{Name: id("h"), Kind: MetadataColumn, Type: types.String},
				},
				Watermark:     &WatermarkDef{Column: id("ts"), ExprText: "ts - INTERVAL '5' SECOND"},
				PrimaryKey:    &PrimaryKeyDef{Name: ptr(id("pk")), Columns: []Ident{id("id")}},
				Comment:       ptr("tbl"),
				PartitionedBy: []Ident{id("name"), qid("id")},
				Options:       []Property{prop("connector", "datagen"), prop("it's", "x")},
			}},
		{"create table column primary key makes NOT NULL", "create table t (`user` BIGINT PRIMARY KEY NOT ENFORCED, b INT)",
			&CreateTable{Name: name("t"), Columns: []ColumnDef{
				{Name: qid("user"), Type: notNull(types.Int64)},
				{Name: id("b"), Type: types.Int32},
			}, PrimaryKey: &PrimaryKeyDef{Columns: []Ident{qid("user")}}}},
		{"create table computed with call", "create table t (a int, b as coalesce(a, 1), c as a COMMENT 'x')",
			&CreateTable{Name: name("t"), Columns: []ColumnDef{
				{Name: id("a"), Type: types.Int32},
				{Name: id("b"), Kind: ComputedColumn, ExprText: "coalesce(a, 1)"},
				{Name: id("c"), Kind: ComputedColumn, ExprText: "a", Comment: ptr("x")},
			}}},
		{"create table without columns like", "CREATE TEMPORARY TABLE GenOrders WITH ('connector'='datagen') LIKE Orders (EXCLUDING ALL INCLUDING OPTIONS OVERWRITING WATERMARKS)",
			&CreateTable{Name: name("GenOrders"), Temporary: true, Options: []Property{prop("connector", "datagen")},
				Like: &LikeClause{Source: name("Orders"), Options: []LikeOption{
					{Strategy: Excluding, Feature: LikeAll},
					{Strategy: Including, Feature: LikeOptions},
					{Strategy: Overwriting, Feature: LikeWatermarks},
				}}}},
		{"create table like without options", "create table t (a int) like s",
			&CreateTable{Name: name("t"), Columns: []ColumnDef{{Name: id("a"), Type: types.Int32}},
				Like: &LikeClause{Source: name("s")}}},
		{"create table as", "create table t with ('connector' = 'blackhole') as select 1",
			&CreateTable{Name: name("t"), Options: []Property{prop("connector", "blackhole")}, AsQueryText: "select 1"}},
		{"create table time normalized", "create table t (a TIME(3), b ROW<x TIME(2)>)",
			&CreateTable{Name: name("t"), Columns: []ColumnDef{
				{Name: id("a"), Type: types.TimeOf(0)},
				{Name: id("b"), Type: types.RowOf(types.Field{Name: "x", Type: types.TimeOf(0)})},
			}}},
		{"create view", "CREATE TEMPORARY VIEW IF NOT EXISTS v (a, b) COMMENT 'c' AS SELECT 1, 2",
			&CreateView{Name: name("v"), Temporary: true, IfNotExists: true, Columns: []Ident{id("a"), id("b")},
				Comment: ptr("c"), QueryText: "SELECT 1, 2"}},
		{"create view plain", "create view db.v as values (1)",
			&CreateView{Name: name("db", "v"), QueryText: "values (1)"}},
		{"create catalog", "create catalog cat_comment comment 'hello ''catalog''' WITH ('type'='generic_in_memory', 'default-database'='db')",
			&CreateCatalog{Name: id("cat_comment"), Comment: ptr("hello 'catalog'"),
				Options: []Property{prop("type", "generic_in_memory"), prop("default-database", "db")}}},
		{"create catalog if not exists", "create catalog if not exists c",
			&CreateCatalog{Name: id("c"), IfNotExists: true}},
		{"create database", "create database if not exists c1.db1 comment 'db1_comment' with ('k1' = 'v1')",
			&CreateDatabase{Name: name("c1", "db1"), IfNotExists: true, Comment: ptr("db1_comment"), Options: []Property{prop("k1", "v1")}}},
		{"drop temporary table", "drop temporary table if exists t", &Drop{What: KindTable, Temporary: true, IfExists: true, Name: name("t")}},
		{"drop view", "DROP VIEW v1", &Drop{What: KindView, Name: name("v1")}},
		{"drop function", "drop function if exists c.db.f", &Drop{What: KindFunction, IfExists: true, Name: name("c", "db", "f")}},
		{"drop temporary system function", "DROP TEMPORARY SYSTEM FUNCTION f", &Drop{What: KindFunction, Temporary: true, System: true, Name: name("f")}},
		{"create function", "create function if not exists db.count_char as 'com.example.CountChar' language java using jar '/a.jar', jar '/b.jar'",
			&CreateFunction{Name: name("db", "count_char"), IfNotExists: true, Class: "com.example.CountChar", Language: "JAVA", Jars: []string{"/a.jar", "/b.jar"}}},
		{"create temporary system function", "CREATE TEMPORARY SYSTEM FUNCTION to_fahr AS 'udfs.to_fahr' LANGUAGE PYTHON",
			&CreateFunction{Name: name("to_fahr"), Temporary: true, System: true, Class: "udfs.to_fahr", Language: "PYTHON"}},
		{"drop database cascade", "drop database if exists c.db cascade", &Drop{What: KindDatabase, IfExists: true, Name: name("c", "db"), Cascade: true}},
		{"drop database restrict", "drop database db restrict", &Drop{What: KindDatabase, Name: name("db")}},
		{"drop catalog", "drop catalog if exists `c0`", &Drop{What: KindCatalog, IfExists: true, Name: ObjectName{Parts: []Ident{qid("c0")}}}},
		{"drop function", "drop temporary function f", &Drop{What: KindFunction, Temporary: true, Name: name("f")}},
		{"alter table set", "alter table if exists t set ('connector' = 'kafka')",
			&AlterTable{Name: name("t"), IfExists: true, Op: AlterSetOptions, Options: []Property{prop("connector", "kafka")}}},
		{"alter table reset", "alter table t reset ('scan.startup.mode', 'a')",
			&AlterTable{Name: name("t"), Op: AlterResetOptions, Keys: []Property{key("scan.startup.mode"), key("a")}}},
		{"alter table reset empty", "alter table t reset ()",
			&AlterTable{Name: name("t"), Op: AlterResetOptions, Keys: []Property{}}},
		{"alter table rename", "alter table orders rename to orders2",
			&AlterTable{Name: name("orders"), Op: AlterRenameTable, NewName: name("orders2")}},
		{"alter table rename column", "alter table orders2 rename amount to amount1",
			&AlterTable{Name: name("orders2"), Op: AlterRenameColumn, Column: id("amount"), NewCol: id("amount1")}},
		{"alter table add", "alter table t add (e string not null after `user`, c as coalesce(p, 'x') after p, o bigint not null first)",
			&AlterTable{Name: name("t"), Op: AlterAddSchema, Schema: []AlterColumn{
				{Column: ColumnDef{Name: id("e"), Type: notNull(types.String)}, After: ptr(qid("user"))},
				{Column: ColumnDef{Name: id("c"), Kind: ComputedColumn, ExprText: "coalesce(p, 'x')"}, After: ptr(id("p"))},
				{Column: ColumnDef{Name: id("o"), Type: notNull(types.Int64)}, First: true},
			}}},
		{"alter table add single", "alter table t add product string first",
			&AlterTable{Name: name("t"), Op: AlterAddSchema, Schema: []AlterColumn{
				{Column: ColumnDef{Name: id("product"), Type: types.String}, First: true}}}},
		{"alter table modify watermark and key", "alter table t modify (watermark for ts as ts - interval '1' minute, constraint pk primary key (id) not enforced)",
			&AlterTable{Name: name("t"), Op: AlterModifySchema,
				Watermark:  &WatermarkDef{Column: id("ts"), ExprText: "ts - interval '1' minute"},
				PrimaryKey: &PrimaryKeyDef{Name: ptr(id("pk")), Columns: []Ident{id("id")}}}},
		{"alter table modify constraint", "alter table orders2 modify constraint order_constraint primary key (trade_order_id) not enforced",
			&AlterTable{Name: name("orders2"), Op: AlterModifySchema,
				PrimaryKey: &PrimaryKeyDef{Name: ptr(id("order_constraint")), Columns: []Ident{id("trade_order_id")}}}},
		{"alter table drop columns", "alter table t drop (a, b)", &AlterTable{Name: name("t"), Op: AlterDropColumns, DropColumns: []Ident{id("a"), id("b")}}},
		{"alter table drop column", "alter table t drop a", &AlterTable{Name: name("t"), Op: AlterDropColumns, DropColumns: []Ident{id("a")}}},
		{"alter table drop primary key", "alter table t drop primary key", &AlterTable{Name: name("t"), Op: AlterDropPrimaryKey}},
		{"alter table drop watermark", "alter table t drop watermark", &AlterTable{Name: name("t"), Op: AlterDropWatermark}},
		{"alter table drop constraint", "alter table t drop constraint ck", &AlterTable{Name: name("t"), Op: AlterDropConstraint, Constraint: ptr(id("ck"))}},
		{"alter catalog set", "alter catalog cat2 set ('default-database'='db_new')",
			&AlterCatalog{Name: id("cat2"), Set: []Property{prop("default-database", "db_new")}}},
		{"alter catalog reset", "alter catalog cat2 reset ('default-database', 'k1')",
			&AlterCatalog{Name: id("cat2"), IsReset: true, Reset: []Property{key("default-database"), key("k1")}}},
		{"alter catalog comment", "alter catalog cat2 comment 'comment for catalog ''cat2'''",
			&AlterCatalog{Name: id("cat2"), Comment: ptr("comment for catalog 'cat2'")}},
		{"alter database", "alter database db1 set ('k1' = 'a', 'k2' = 'b')",
			&AlterDatabase{Name: name("db1"), Options: []Property{prop("k1", "a"), prop("k2", "b")}}},
		{"use catalog", "use catalog `default_catalog`", &UseCatalog{Name: qid("default_catalog")}},
		{"use database", "use c1.db1", &UseDatabase{Name: name("c1", "db1")}},
		{"use default", "use `default`", &UseDatabase{Name: ObjectName{Parts: []Ident{qid("default")}}}},
		{"show catalogs", "show catalogs", &Show{What: ShowCatalogs}},
		{"show current catalog", "show current catalog", &Show{What: ShowCurrentCatalog}},
		{"show current database", "SHOW CURRENT DATABASE", &Show{What: ShowCurrentDatabase}},
		{"show databases", "show databases", &Show{What: ShowDatabases}},
		{"show databases from like", "show databases from c1 not ilike 'db%'",
			&Show{What: ShowDatabases, From: ptr(name("c1")), FromKw: "FROM", Like: &LikePattern{Not: true, ILike: true, Pattern: "db%"}}},
		{"show databases like", "show databases like 'd%'", &Show{What: ShowDatabases, Like: &LikePattern{Pattern: "d%"}}},
		{"show tables in", "show tables in c1.db1 like 'p%'",
			&Show{What: ShowTables, From: ptr(name("c1", "db1")), FromKw: "IN", Like: &LikePattern{Pattern: "p%"}}},
		{"show views", "show views", &Show{What: ShowViews}},
		{"show views from like", "show views in c.db not like '%p%'",
			&Show{What: ShowViews, From: ptr(name("c", "db")), FromKw: "IN", Like: &LikePattern{Not: true, Pattern: "%p%"}}},
		{"show catalogs like", "show catalogs not ilike 'default%'", &Show{What: ShowCatalogs, Like: &LikePattern{Not: true, ILike: true, Pattern: "default%"}}},
		{"show columns", "show columns from orders not like '%u%'",
			&Show{What: ShowColumns, From: ptr(name("orders")), FromKw: "FROM", Like: &LikePattern{Not: true, Pattern: "%u%"}}},
		{"show columns in", "show columns in orders", &Show{What: ShowColumns, From: ptr(name("orders")), FromKw: "IN"}},
		{"show functions", "show functions", &Show{What: ShowFunctions}},
		{"show user functions", "show user functions in db ilike 'f%'",
			&Show{What: ShowFunctions, User: true, From: ptr(name("db")), FromKw: "IN", Like: &LikePattern{ILike: true, Pattern: "f%"}}},
		{"show create table", "show create table db.orders", &Show{What: ShowCreateTable, From: ptr(name("db", "orders"))}},
		{"show create view", "show create view v", &Show{What: ShowCreateView, From: ptr(name("v"))}},
		{"show create catalog", "show create catalog cat2", &Show{What: ShowCreateCatalog, From: ptr(name("cat2"))}},
		{"show modules", "show modules", &Show{What: ShowModules}},
		{"load module", "LOAD MODULE dummy WITH ('k' = 'v')", &LoadModule{Name: id("dummy"), Options: []Property{prop("k", "v")}}},
		{"unload module", "unload module core", &UnloadModule{Name: id("core")}},
		{"use modules", "USE MODULES dummy, core", &UseModules{Names: []Ident{id("dummy"), id("core")}}},
		{"help", "help", &Help{}},
		{"describe function", "DESCRIBE FUNCTION EXTENDED `SUM`", &Describe{Function: true, Extended: true, Name: ObjectName{Parts: []Ident{qid("SUM")}}}},
		{"show full modules", "show full modules", &Show{What: ShowModules, Full: true}},
		{"show jars", "show jars", &Show{What: ShowJars}},
		{"describe", "describe orders", &Describe{Name: name("orders")}},
		{"desc extended", "desc extended c.d.orders", &Describe{Extended: true, Name: name("c", "d", "orders")}},
		{"describe catalog", "describe catalog extended cat2", &Describe{Catalog: true, Extended: true, Name: name("cat2")}},
		{"desc catalog", "desc catalog cat2", &Describe{Catalog: true, Name: name("cat2")}},
		{"describe database", "describe database extended db", &Describe{Database: true, Extended: true, Name: name("db")}},
		{"set all", "SET", &Set{}},
		{"set key", "SET 'sql-client.execution.result-mode' = 'tableau'", &Set{Key: ptr(prop("sql-client.execution.result-mode", "tableau"))}},
		// The SQL client's legacy forms, which Flink's ExtendedParser reads.
		{"set unquoted", "SET execution.runtime-mode = batch", &Set{Key: ptr(prop("execution.runtime-mode", "batch"))}},
		{"set unquoted key, quoted value", "set pipeline.name = 'a job'", &Set{Key: ptr(prop("pipeline.name", "a job"))}},
		{"reset unquoted", "RESET table.resources.download-dir", &Reset{Key: ptr(key("table.resources.download-dir"))}},
		{"reset all", "reset", &Reset{}},
		{"reset key", "RESET 'table.dml-sync'", &Reset{Key: ptr(key("table.dml-sync"))}},
		{"insert into", "INSERT INTO StreamingTable SELECT * FROM (VALUES (1, 'Hello World'))",
			&Insert{Table: name("StreamingTable")}},
		{"insert overwrite with everything", "insert overwrite c.d.t /*+ OPTIONS('sink.parallelism' = '2') */ partition (dt = '2022-06-12', h = 10, n = -1) (a, `b`) values (1, 2)",
			&Insert{Overwrite: true, Table: name("c", "d", "t"), Hints: []Property{prop("sink.parallelism", "2")},
				Partition: []Property{prop("dt", "2022-06-12"), prop("h", "10"), prop("n", "-1")},
				Columns:   []Ident{id("a"), qid("b")}}},
		{"insert parenthesized query", "insert into t (select 1)", &Insert{Table: name("t")}},
		{"execute insert", "EXECUTE INSERT INTO t VALUES (1)", &Insert{Table: name("t")}},
		{"execute statement set", "EXECUTE STATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nINSERT INTO b VALUES (';');\nEND",
			&StatementSet{Inserts: []*Insert{{Table: name("a")}, {Table: name("b")}}}},
		{"begin statement set", "BEGIN STATEMENT SET", &BeginStatementSet{}},
		{"end", "END", &End{}},
		{"explain", "explain select 1", &Explain{Stmt: &QueryStmt{}}},
		{"explain plan for insert", "explain plan for insert into t select 1", &Explain{Stmt: &Insert{Table: name("t")}}},
		{"explain details", "explain changelog_mode, estimated_cost, plan_advice, json_execution_plan select 1",
			&Explain{Details: []string{"CHANGELOG_MODE", "ESTIMATED_COST", "PLAN_ADVICE", "JSON_EXECUTION_PLAN"}, Stmt: &QueryStmt{}}},
		{"explain statement set", "EXPLAIN STATEMENT SET BEGIN\nINSERT INTO t SELECT 1;\nEND",
			&Explain{Stmt: &StatementSet{Inserts: []*Insert{{Table: name("t")}}}}},
		{"explain execute statement set", "EXPLAIN EXECUTE STATEMENT SET BEGIN\nINSERT INTO t SELECT 1;\nEND",
			&Explain{Stmt: &StatementSet{Inserts: []*Insert{{Table: name("t")}}}}},
		{"select", "SELECT * FROM t", &QueryStmt{}},
		{"values", "VALUES (1)", &QueryStmt{}},
		{"with", "WITH a AS (SELECT 1) SELECT * FROM a", &QueryStmt{}},
		{"parenthesized", "(SELECT 1)", &QueryStmt{}},
		{"non-reserved keywords as names", "create table `table` (`database` string, metadata int, virtual int, `comment` int) with ('connector' = 'values')",
			&CreateTable{Name: ObjectName{Parts: []Ident{qid("table")}}, Columns: []ColumnDef{
				{Name: qid("database"), Type: types.String},
				{Name: id("metadata"), Type: types.Int32},
				{Name: id("virtual"), Type: types.Int32},
				{Name: qid("comment"), Type: types.Int32},
			}, Options: []Property{prop("connector", "values")}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseOne(t, tc.src)
			if err != nil {
				t.Fatalf("ParseStatement(%q): %v", tc.src, err)
			}
			strip(t, got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParseStatement(%q)\n got %#v\nwant %#v", tc.src, got, tc.want)
			}
		})
	}
}

func TestParseStatementPositions(t *testing.T) {
	src := "SELECT 1;\n  create table t (\n  a INT,\n  b AS a + 1\n) with ('k' = 'v')"
	stmts, spans, err := ParseScript(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(stmts) != 2 || len(spans) != 2 {
		t.Fatalf("got %d statements, %d spans", len(stmts), len(spans))
	}
	ct := stmts[1].(*CreateTable)
	checks := []struct {
		what string
		pos  int
		text string
	}{
		{"statement", ct.Pos, "create"},
		{"name", ct.Name.Pos(), "t ("},
		{"column a", ct.Columns[0].Name.Pos, "a INT"},
		{"type of a", ct.Columns[0].TypePos, "INT,"},
		{"column b", ct.Columns[1].Name.Pos, "b AS"},
		{"option key", ct.Options[0].KeyPos, "'k'"},
		{"option value", ct.Options[0].ValuePos, "'v'"},
	}
	for _, c := range checks {
		if !strings.HasPrefix(src[c.pos:], c.text) {
			t.Errorf("%s at %d: %q does not start with %q", c.what, c.pos, src[c.pos:], c.text)
		}
	}
	if ct.Columns[1].ExprText != "a + 1" {
		t.Errorf("ExprText = %q", ct.Columns[1].ExprText)
	}
}

func TestParseStatementErrors(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		class string
		msg   string
		pos   int // byte offset of the error, -1 to skip
	}{
		{"create catalog compound name", "create catalog invalid.cat with ('type'='generic_in_memory')", diag.ParseException,
			"Encountered \".\" at line 1, column 23.\nWas expecting one of:\n    <EOF>\n    \"WITH\" ...\n    \"COMMENT\" ...\n    \";\" ...", 22},
		{"show databases compound", "show databases in c0.t", diag.ParseException,
			"Show databases from/in identifier [ c0.t ] format error, catalog must be a single part identifier.", 18},
		{"show databases from compound", "show databases from `a`.b.c", diag.ParseException,
			"Show databases from/in identifier [ a.b.c ] format error, catalog must be a single part identifier.", 20},
		{"empty statement set", "EXECUTE STATEMENT SET BEGIN\nEND", diag.ParseException,
			"Encountered \"END\" at line 2, column 1.\nWas expecting one of:\n    \"INSERT\" ...\n    \"UPSERT\" ...", 28},
		{"explain empty statement set", "EXPLAIN STATEMENT SET BEGIN\nEND", diag.ParseException,
			"Encountered \"END\" at line 2, column 1.\nWas expecting one of:\n    \"INSERT\" ...\n    \"UPSERT\" ...", 28},
		{"set without value", "SET 'k'", diag.ParseException,
			"Encountered \";\" at line 1, column 8.\nWas expecting one of:\n    \"UESCAPE\" ...\n    <QUOTED_STRING> ...\n    \"=\" ...", 7},
		{"timestamp with time zone", "create table t (a timestamp with time zone)", diag.ParseException,
			"Encountered \"time\" at line 1, column 34.\nWas expecting:\n    \"LOCAL\" ...", 33},
		{"multiple watermarks", "create table t (a timestamp(3), watermark for a as a, watermark for a as a)", diag.ParseException,
			"Multiple WATERMARK statements is not supported yet.", 54},
		{"enforced primary key", "create table t (a int primary key)", SqlValidateException,
			"Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT ENFORCED controls if the constraint checks are performed on the incoming/outgoing data. Flink does not own the data therefore the only supported mode is the NOT ENFORCED mode", 22},
		{"unique", "create table t (a int, unique (a) not enforced)", SqlValidateException,
			"UNIQUE constraint is not supported yet", 23},
		{"duplicate primary key", "create table t (a int primary key not enforced, b int, primary key (b) not enforced)", SqlValidateException,
			"Duplicate primary key definition", 55},
		{"like option twice", "create table t like s (including all excluding all)", SqlValidateException,
			"Each like option feature can be declared only once.", 15},
		{"like overwriting all", "create table t like s (overwriting all)", SqlValidateException,
			"Illegal merging strategy 'OVERWRITING' for 'ALL' option.", 15},
		{"duplicate explain detail", "explain changelog_mode, changelog_mode select 1", diag.ParseException,
			"Duplicate EXPLAIN DETAIL is not allowed.", 24},
		{"upsert", "upsert into t select 1", diag.ValidationException,
			"UPSERT INTO statement is not supported. Please use INSERT INTO instead.", 0},
		{"upsert overwrite", "upsert overwrite t select 1", diag.ParseException,
			"OVERWRITE expression is only used with INSERT statement.", 7},
		{"reserved word as column", "create table t (user bigint)", diag.ParseException,
			"Encountered \"user\" at line 1, column 17.\nWas expecting one of:\n    \"CONSTRAINT\" ...\n    \"PRIMARY\" ...\n    \"UNIQUE\" ...\n    \"WATERMARK\" ...\n    <BRACKET_QUOTED_IDENTIFIER> ...\n    <QUOTED_IDENTIFIER> ...\n    <BACK_QUOTED_IDENTIFIER> ...\n    <BIG_QUERY_BACK_QUOTED_IDENTIFIER> ...\n    <HYPHENATED_IDENTIFIER> ...\n    <IDENTIFIER> ...\n    <UNICODE_QUOTED_IDENTIFIER> ...", 16},
		{"unknown type", "create table t (a foo.bar)", diag.SqlValidatorException, "Unknown identifier 'foo.bar'", 18},
		{"interval column", "create table t (a interval day)", diag.ParseException, "", 18},
		{"syntax error beats deferred type error", "create table t (a varchar(0)) with", diag.ParseException,
			"Encountered \";\" at line 1, column 35.\nWas expecting:\n    \"(\" ...", 34},
		{"line and column count from the statement", "create table t (\n  a int,\n  b int int\n)", diag.ParseException, "", 34},
		{"lexical error", "select 'abc", diag.ParseException,
			"Lexical error at line 1, column 12.  Encountered: <EOF> after : \"\\'abc\"", 7},
		{"empty", "", diag.ParseException, "", 0},
		// Flink reads "frobnicate" as an expression, a query, and fails after it.
		{"unknown statement", "frobnicate the table", diag.ParseException, "", 11},
		{"client command", "quit", diag.SqlExecutionException, "The SQL client command QUIT is not available in the playground.", 0},
		{"system function not temporary", "create system function f as 'x'", diag.ParseException,
			"CREATE SYSTEM FUNCTION is not supported, system functions can only be registered as temporary function, you can use CREATE TEMPORARY SYSTEM FUNCTION instead.", 7},
		{"python function from a jar", "create function f as 'm.f' language python using jar 'x.jar'", diag.ParseException,
			"CREATE FUNCTION USING JAR syntax is not applicable to PYTHON language.", 36},
		{"function without class", "create function f", diag.ParseException, "", 17},
		{"unknown function language", "create function f as 'x' language ruby", diag.ParseException, "", 34},
		{"drop system without function", "drop temporary system table t", diag.ParseException, "", 22},
		{"trailing tokens", "show tables x", diag.ParseException, "", 12},
		{"statement set without semicolon", "EXECUTE STATEMENT SET BEGIN INSERT INTO t SELECT 1 END", diag.ParseException, "", -1},
		// Flink lists every beginning of a query or of an expression.
		{"insert without query", "insert into t", diag.ParseException, "", 13},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseOne(t, tc.src)
			if err == nil {
				t.Fatalf("ParseStatement(%q) succeeded", tc.src)
			}
			e, ok := diag.As(err)
			if !ok {
				t.Fatalf("error %v is %T, not *diag.Error", err, err)
			}
			if e.Class != tc.class {
				t.Errorf("class = %q, want %q (%s)", e.Class, tc.class, e.Msg)
			}
			if tc.msg != "" && e.Msg != tc.msg {
				t.Errorf("message\n got %q\nwant %q", e.Msg, tc.msg)
			}
			if tc.pos >= 0 && e.Pos != tc.pos {
				t.Errorf("pos = %d, want %d (%s)", e.Pos, tc.pos, e.Msg)
			}
		})
	}
}

func TestParseStatementRelativeLineCol(t *testing.T) {
	src := "SELECT 1;\n\nEXECUTE STATEMENT SET BEGIN\nEND;"
	stmts, spans, err := ParseScript(src)
	if err == nil {
		t.Fatal("want an error")
	}
	if len(stmts) != 1 || len(spans) != 2 {
		t.Fatalf("got %d statements and %d spans before the error", len(stmts), len(spans))
	}
	e, _ := diag.As(err)
	if !strings.HasPrefix(e.Msg, `Encountered "END" at line 2, column 1.`) {
		t.Errorf("message %q should count lines from the statement", e.Msg)
	}
	if line, col := diag.LineCol(src, e.Pos); line != 4 || col != 1 {
		t.Errorf("script position = %d:%d, want 4:1", line, col)
	}
}

func TestParseStatementBadSpan(t *testing.T) {
	for _, sp := range []Span{{-1, 2}, {3, 2}, {0, 100}} {
		if _, err := ParseStatement("SELECT 1", sp); err == nil {
			t.Errorf("span %v: want an error", sp)
		}
	}
}

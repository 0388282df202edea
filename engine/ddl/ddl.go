// Package ddl runs the statements that only read or change the catalog
// and the session's modules: Flink's DDL (CREATE, ALTER and DROP of
// tables, views, functions, databases and catalogs), USE, the module
// statements, SHOW and DESCRIBE. Its errors are Flink's, positioned in
// the script. A query's planning is not its business: the session gives
// it the planner's typing of expressions and queries (Env).
//
// tables.go holds the statements on tables and views, databases.go those
// on catalogs and databases, functions.go those on functions, modules.go
// the module statements, show.go SHOW and DESCRIBE.
package ddl

import (
	"context"
	"fmt"
	"strings"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// sqlValidateException is the class of the SQL parser's own validation
// errors (e.g. of LIKE options), shown as the root cause by the SQL client.
const sqlValidateException = "org.apache.flink.sql.parser.error.SqlValidateException"

// alterTablePrefix starts every schema error of ALTER TABLE, as in Flink.
const alterTablePrefix = "Failed to execute ALTER TABLE statement.\n"

// Result is what a DDL statement returns: OK, or a table of rows (SHOW,
// DESCRIBE).
type Result struct {
	// Table is set for a result of rows; otherwise the statement
	// succeeded with nothing to show.
	Table  bool
	Schema types.Schema
	Rows   [][]types.Value
}

// Executor runs the statements that only read or change the catalog and
// the session's modules: Flink's DDL and its SHOW and DESCRIBE, over one
// session's catalog manager.
type Executor struct {
	env     Env
	catalog *catalog.Manager
	modules *modules
}

// Env is what DDL reads of its session besides the catalog: its runtime
// mode, and the planner's typing of expressions and queries.
type Env struct {
	Catalog *catalog.Manager
	// Batch reports whether the session runs in batch mode (DESCRIBE
	// shows time attributes in streaming mode only).
	Batch func() bool
	// ExprType types an expression over columns: a computed column or a
	// watermark.
	ExprType func(cols []types.Column, e sql.Expr) (types.Type, error)
	// QuerySchema plans a view's query: its schema and its expanded text.
	QuerySchema func(ctx context.Context, q sql.Query) (types.Schema, string, error)
}

// New returns the DDL executor of a session, with the core module loaded
// and used.
func New(env Env) *Executor {
	return &Executor{env: env, catalog: env.Catalog, modules: newModules()}
}

// CoreUsed reports whether the session uses the core module, which holds
// every built-in function.
func (s *Executor) CoreUsed() bool { return s.modules.coreUsed() }

// Qualify resolves a name against the current catalog and database.
func (s *Executor) Qualify(n sql.ObjectName) (catalog.ObjectID, error) { return s.qualify(n) }

// CreateTable runs CREATE TABLE without AS: CREATE TABLE ... AS SELECT
// makes its table through it.
func (s *Executor) CreateTable(st *sql.CreateTable) (*Result, error) { return s.execCreateTable(st) }

// At gives a positionless error a position.
func At(err error, pos int) error { return at(err, pos) }

// Execute executes the statements that only read or change the catalog:
// CREATE/DROP/ALTER of tables, views, functions, databases and catalogs,
// the module statements, USE, SHOW and DESCRIBE. handled is false for any
// other statement.
func (s *Executor) Execute(ctx context.Context, st sql.Statement) (res *Result, handled bool, err error) {
	switch st := st.(type) {
	case *sql.CreateTable:
		res, err = s.execCreateTable(st)
	case *sql.CreateView:
		res, err = s.execCreateView(ctx, st)
	case *sql.Drop:
		if st.What == sql.KindFunction {
			res, err = s.execDropFunction(st)
		} else {
			res, err = s.execDrop(st)
		}
	case *sql.CreateFunction:
		res, err = s.execCreateFunction(st)
	case *sql.AlterFunction:
		res, err = s.execAlterFunction(st)
	case *sql.LoadModule:
		res, err = s.execLoadModule(st)
	case *sql.UnloadModule:
		res, err = s.execUnloadModule(st)
	case *sql.UseModules:
		res, err = s.execUseModules(st)
	case *sql.AlterTable:
		res, err = s.execAlterTable(st)
	case *sql.CreateCatalog:
		res, err = s.execCreateCatalog(st)
	case *sql.AlterCatalog:
		res, err = s.execAlterCatalog(st)
	case *sql.UseCatalog:
		err = s.catalog.UseCatalog(st.Name.Name)
		res, err = okResult(err, st.Name.Pos)
	case *sql.CreateDatabase:
		res, err = s.execCreateDatabase(st)
	case *sql.AlterDatabase:
		res, err = s.execAlterDatabase(st)
	case *sql.UseDatabase:
		res, err = s.execUseDatabase(st)
	case *sql.Show:
		res, handled, err = s.execShow(st)
		if !handled {
			return nil, false, nil
		}
	case *sql.Describe:
		res, err = s.execDescribe(st)
	default:
		return nil, false, nil
	}
	return res, true, err
}

// ---------------------------------------------------------------- helpers

// success is the result of a statement that only changed something.
func success() *Result { return &Result{} }

// okResult turns a catalog call's error into the statement's outcome,
// pointing positionless errors at pos.
func okResult(err error, pos int) (*Result, error) {
	if err != nil {
		return nil, at(err, pos)
	}
	return success(), nil
}

// at gives a positionless error a position.
func at(err error, pos int) error {
	if e, ok := diag.As(err); ok && e.Pos == diag.NoPos {
		e.Pos = pos
	}
	return err
}

func properties(props []sql.Property) map[string]string {
	m := make(map[string]string, len(props))
	for _, p := range props {
		m[p.Key] = p.Value
	}
	return m
}

func (s *Executor) qualify(n sql.ObjectName) (catalog.ObjectID, error) {
	id, err := s.catalog.Qualify(n.Names())
	return id, at(err, n.Pos())
}

// parserPos renders a position as Calcite's "line L, column C" relative to
// the statement, for the messages that quote one. Only the statement's start
// offset is known here, so multi-line statements report line 1 and a column
// counted from the statement start.
func parserPos(stmtPos, pos int) string {
	col := pos - stmtPos + 1
	if col < 1 {
		col = 1
	}
	return fmt.Sprintf("line 1, column %d", col)
}

// javaList renders names as Java's List.toString: [a, b].
func javaList(names []string) string { return "[" + strings.Join(names, ", ") + "]" }

// quotedList renders names as Flink's 'a', 'b'.
func quotedList(names []string) string {
	if len(names) == 0 {
		return "''"
	}
	return "'" + strings.Join(names, "', '") + "'"
}

// tableResult builds a static table result; cells are strings, nil is NULL.
func tableResult(cols []types.Column, rows [][]types.Value) *Result {
	return &Result{Table: true, Schema: types.Schema{Columns: cols}, Rows: rows}
}

// stringsResult is a one-column table of names, Flink's buildStringArrayResult.
func stringsResult(header string, names []string) *Result {
	rows := make([][]types.Value, len(names))
	for i, n := range names {
		rows[i] = []types.Value{types.StringValue(n)}
	}
	return tableResult([]types.Column{{Name: header, Type: types.String}}, rows)
}

func strOrNull(s string) types.Value {
	if s == "" {
		return types.NullValue
	}
	return types.StringValue(s)
}

func likeFilter(p *sql.LikePattern) *catalog.LikeFilter {
	if p == nil {
		return nil
	}
	return &catalog.LikeFilter{Not: p.Not, ILike: p.ILike, Pattern: p.Pattern}
}

// collectRefs adds the columns an expression references (the first part of
// each column reference) to refs, in order of appearance.
func collectRefs(e sql.Expr, refs *[]string) {
	add := func(name string) {
		for _, r := range *refs {
			if r == name {
				return
			}
		}
		*refs = append(*refs, name)
	}
	var walk func(sql.Expr)
	walk = func(e sql.Expr) {
		switch e := e.(type) {
		case nil:
		case *sql.ColumnRef:
			if len(e.Parts) > 0 {
				add(e.Parts[0].Name)
			}
		case *sql.Unary:
			walk(e.X)
		case *sql.Binary:
			walk(e.L)
			walk(e.R)
		case *sql.IsPredicate:
			walk(e.X)
		case *sql.Between:
			walk(e.X)
			walk(e.Lo)
			walk(e.Hi)
		case *sql.Like:
			walk(e.X)
			walk(e.Pattern)
			walk(e.Escape)
		case *sql.In:
			walk(e.X)
			for _, x := range e.List {
				walk(x)
			}
		case *sql.Case:
			walk(e.Operand)
			for _, w := range e.Whens {
				walk(w.Cond)
				walk(w.Result)
			}
			walk(e.Else)
		case *sql.Cast:
			walk(e.X)
		case *sql.NamedArg:
			walk(e.Value)
		case *sql.Call:
			for _, a := range e.Args {
				walk(a)
			}
			walk(e.Filter)
			if e.Over != nil {
				for _, p := range e.Over.PartitionBy {
					walk(p)
				}
				for _, o := range e.Over.OrderBy {
					walk(o.Expr)
				}
				if e.Over.Frame != nil {
					walk(e.Over.Frame.Start.Offset)
					walk(e.Over.Frame.End.Offset)
				}
			}
		}
	}
	walk(e)
}

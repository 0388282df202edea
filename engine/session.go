// Package engine is the facade of the Flink SQL engine: a Session is Flink's
// TableEnvironment plus the SQL client's session state. It parses a
// statement, plans it against the catalog, runs it, and returns a Result
// that consumers (the CLI, the browser, the Worker API) print or stream.
package engine

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/ddl"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/vfs"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Config holds what a session is created with. The zero value is usable:
// streaming mode, the real clock, the local time zone, random data.
type Config struct {
	// Batch starts the session in batch runtime mode.
	Batch bool
	// Clock is the time queries see; nil means the real clock.
	Clock stream.Clock
	// Zone is the default of 'table.local-time-zone'; nil means time.Local.
	Zone *time.Location
	// Seed, when non-nil, is the default of 'playground.datagen.seed'.
	Seed *int64
	// StartTime, when not empty, is the default of 'playground.start-time'
	// ('2024-01-01 00:00:00', in 'table.local-time-zone').
	StartTime string
	// Stdout and Stderr receive the output of the print connector.
	Stdout, Stderr io.Writer
	// FS is where the filesystem connector reads and writes; nil means the
	// real file system (vfs.OS).
	FS vfs.FS
	// CatalogStore, when set, keeps the catalogs of type 'playground'
	// (catalog.PlaygroundType): the session registers the ones it holds at
	// start, and every change to them is written through.
	CatalogStore catalog.Store
	// Connectors overrides the built-in connectors.
	Connectors *connector.Registry
	// LoadZone resolves an IANA region id such as "Asia/Tokyo" for
	// 'table.local-time-zone'; nil means time.LoadLocation. The browser
	// build fetches zone files on demand instead of embedding the whole
	// database. UTC, GMT and fixed offsets never reach it.
	LoadZone func(name string) (*time.Location, error)
}

// Session is one user's engine: its catalogs, settings and running state.
// A Session is not safe for concurrent use.
type Session struct {
	cfg        Config
	catalog    *catalog.Manager
	connectors *connector.Registry
	settings   map[string]string // SET keys, as written
	// stmtSet collects INSERTs between BEGIN STATEMENT SET and END.
	stmtSet *[]*sql.Insert
	// ddl runs the catalog's statements and keeps the session's modules.
	ddl *ddl.Executor

	// jobs are the INSERT jobs the session submitted (SHOW JOBS).
	jobs jobs
	// stmtText is the SQL of the statement being executed; setText the
	// INSERTs of the statement set being collected.
	stmtText string
	setText  []string
}

// clockNow reads the session's clock.
func (s *Session) clockNow() time.Time {
	if s.cfg.Clock != nil {
		return s.cfg.Clock.Now()
	}
	return time.Now()
}

// NewSession returns a session with Flink's built-in catalog
// default_catalog.default_database.
func NewSession(cfg Config) *Session {
	s := &Session{cfg: cfg, catalog: catalog.NewManager(), settings: map[string]string{}}
	s.ddl = ddl.New(ddl.Env{Catalog: s.catalog, Batch: s.IsBatch, ExprType: s.exprType, QuerySchema: s.querySchema})
	s.connectors = cfg.Connectors
	if s.connectors == nil {
		s.connectors = builtinConnectors()
	}
	if cfg.Zone == nil {
		s.cfg.Zone = time.Local
	}
	if cfg.Clock == nil {
		s.cfg.Clock = realClock{}
	}
	if cfg.CatalogStore != nil {
		s.catalog.SetStore(cfg.CatalogStore, s.defineStored)
	}
	return s
}

// SetDefaults changes the defaults of 'playground.datagen.seed' (nil: random
// data) and 'playground.start-time' (empty: the real time) for the
// statements that follow; a SET in the session still wins. The browser
// sets them per run, from an embed's parameters.
func (s *Session) SetDefaults(seed *int64, startTime string) {
	s.cfg.Seed, s.cfg.StartTime = seed, startTime
}

// Split cuts a script into statements; see sql.Split.
func Split(script string) ([]sql.Span, error) {
	spans, err := sql.Split(script)
	if err != nil {
		return nil, resolve(err, script)
	}
	return spans, nil
}

// Execute runs exactly one statement.
func (s *Session) Execute(ctx context.Context, stmt string) (*Result, error) {
	spans, err := Split(stmt)
	if err != nil {
		return nil, err
	}
	if len(spans) != 1 {
		return nil, diag.Errorf(diag.NoPos, diag.TableException, "Unsupported SQL query! executeSql() only accepts a single SQL statement.")
	}
	return s.ExecuteAt(ctx, stmt, spans[0])
}

// ExecuteAt runs the statement script[span.Start:span.End]; errors carry
// line:col within script. A panic inside the engine becomes an error.
func (s *Session) ExecuteAt(ctx context.Context, script string, span sql.Span) (res *Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res = nil
			err = &diag.Error{Pos: diag.NoPos, Class: diag.RuntimeException,
				Msg: fmt.Sprintf("internal error: %v\n%s", p, debug.Stack())}
		}
	}()
	st, err := sql.ParseStatement(script, span)
	if err != nil {
		return nil, resolve(err, script)
	}
	s.stmtText = strings.TrimSpace(script[span.Start:span.End])
	res, err = s.exec(ctx, st)
	if err != nil {
		return nil, resolve(err, script)
	}
	return res, nil
}

func resolve(err error, script string) error {
	if e, ok := diag.As(err); ok {
		e.Resolve(script)
		return e
	}
	return err
}

// Catalog exposes the session's catalogs, for the playground's catalog panel.
func (s *Session) Catalog() *catalog.Manager { return s.catalog }

// Connectors returns the session's connectors, for autocompletion and docs.
func (s *Session) Connectors() *connector.Registry { return s.connectors }

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// exprType derives the type of an expression over the given columns, as
// CREATE TABLE does for computed columns and watermarks.
func (s *Session) exprType(cols []types.Column, e sql.Expr) (types.Type, error) {
	return s.planner().ExprType(cols, e)
}

// querySchema validates a view's query and returns its schema and the
// expanded query text Flink stores (SHOW CREATE VIEW).
func (s *Session) querySchema(ctx context.Context, q sql.Query) (types.Schema, string, error) {
	return s.planner().QuerySchema(q)
}

// QuerySchema validates a query and returns the columns it yields, as a
// Table of Flink's Table API knows its schema before it runs.
func (s *Session) QuerySchema(query string) (schema types.Schema, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &diag.Error{Pos: diag.NoPos, Class: diag.RuntimeException, Msg: fmt.Sprintf("internal error: %v", p)}
		}
	}()
	st, err := sql.ParseStatement(query, sql.Span{Start: 0, End: len(query)})
	if err != nil {
		return schema, resolve(err, query)
	}
	q, ok := st.(*sql.QueryStmt)
	if !ok {
		return schema, diag.Errorf(diag.NoPos, diag.ValidationException, "Only queries have a schema: %s", query)
	}
	qp, err := s.planner().PlanQuery(q.Query)
	if err != nil {
		return schema, resolve(err, query)
	}
	return qp.Root.Schema(), nil
}

// Functions returns the specs of every built-in function and operator,
// sorted by category, then name (the function library's registry).
func Functions() []funcs.Spec { return library.Functions() }

package engine

import (
	"context"
	"errors"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/ddl"
	"github.com/flinkplay/flinkplay/engine/physical"
	"github.com/flinkplay/flinkplay/engine/vfs"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/connector/blackhole"
	"github.com/flinkplay/flinkplay/engine/connector/datagen"
	"github.com/flinkplay/flinkplay/engine/connector/faker"
	"github.com/flinkplay/flinkplay/engine/connector/filesystem"
	"github.com/flinkplay/flinkplay/engine/connector/nexmark"
	"github.com/flinkplay/flinkplay/engine/connector/print"
	"github.com/flinkplay/flinkplay/engine/connector/values"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Setting keys the engine reads.
const (
	KeyRuntimeMode    = "execution.runtime-mode"
	KeyLocalTimeZone  = "table.local-time-zone"
	KeyMaxColumnWidth = "table.display.max-column-width"
	KeyDatagenSeed    = "playground.datagen.seed"
)

// builtinConnectors is the sorted, explicit list of connectors.
func builtinConnectors() *connector.Registry {
	return connector.NewRegistry(blackhole.Factory, datagen.Factory, faker.Factory, filesystem.Factory, filesystem.LegacyFactory, nexmark.Factory, print.Factory, values.Factory)
}

// exec runs one parsed statement.
func (s *Session) exec(ctx context.Context, st sql.Statement) (*Result, error) {
	if s.stmtSet != nil {
		return s.execInStatementSet(ctx, st)
	}
	switch st := st.(type) {
	case *sql.QueryStmt:
		return s.execQuery(ctx, st.Query)
	case *sql.Insert:
		return s.execInserts(ctx, []*sql.Insert{st})
	case *sql.StatementSet:
		return s.execInserts(ctx, st.Inserts)
	case *sql.BeginStatementSet:
		set := []*sql.Insert{}
		s.stmtSet = &set
		return &Result{Kind: ResultSuccess}, nil
	case *sql.End:
		return nil, diag.Errorf(st.Pos, diag.SqlExecutionException, "No Statement Set to submit. 'END' statement should be used after 'BEGIN STATEMENT SET'.")
	case *sql.Set:
		return s.execSet(st)
	case *sql.Reset:
		return s.execReset(st)
	case *sql.Explain:
		return s.execExplain(ctx, st)
	case *sql.CompilePlan:
		return s.execCompilePlan(ctx, st)
	case *sql.ExecutePlan:
		return s.execPlanFile(ctx, st.Pos, st.Path)
	case *sql.StopJob:
		return s.execStopJob(st)
	case *sql.Help:
		return &Result{Kind: ResultText, Info: helpText}, nil
	case *sql.DescribeJob:
		return s.execDescribeJob(st)
	case *sql.Show:
		if st.What == sql.ShowJobs {
			return s.execShowJobs(), nil
		}
	case *sql.CreateTable:
		if st.AsQuery != nil {
			return s.execCreateTableAs(ctx, st, nil)
		}
	}
	res, handled, err := s.ddl.Execute(ctx, st)
	if handled {
		return catalogResult(res), err
	}
	return nil, diag.Errorf(st.StmtPos(), diag.TableException, "Unsupported statement.")
}

func (s *Session) execInStatementSet(ctx context.Context, st sql.Statement) (*Result, error) {
	switch st := st.(type) {
	case *sql.Insert:
		if _, err := s.planner().PlanInsert(st); err != nil {
			return nil, err
		}
		*s.stmtSet = append(*s.stmtSet, st)
		s.setText = append(s.setText, s.stmtText+";")
		return &Result{Kind: ResultSuccess}, nil
	case *sql.CreateTable:
		if st.AsQuery != nil {
			// The table is made now; its INSERT runs with the set.
			return s.execCreateTableAs(ctx, st, s.stmtSet)
		}
	case *sql.End:
		set := *s.stmtSet
		s.stmtSet = nil
		texts := s.setText
		s.setText = nil
		if len(set) == 0 {
			return &Result{Kind: ResultSuccess}, nil
		}
		s.stmtText = "BEGIN STATEMENT SET;\n" + strings.Join(texts, "\n") + "\nEND"
		return s.execInserts(ctx, set)
	}
	return nil, diag.Errorf(st.StmtPos(), diag.SqlExecutionException, "Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.")
}

// planner returns a planner for the session's current settings.
func (s *Session) planner() *plan.Planner { return s.plannerAt(s.cfg.Clock) }

// plannerAt returns a planner whose plans read the given clock (PROCTIME()).
func (s *Session) plannerAt(clock stream.Clock) *plan.Planner {
	return &plan.Planner{
		Catalog:    s.catalog,
		Connectors: s.connectors,
		Batch:      s.IsBatch(),
		Clock:      clock,
		Zone:       s.Zone(),
		NoCore:     !s.ddl.CoreUsed(),
	}
}

// IsBatch reports whether the session is in batch runtime mode.
func (s *Session) IsBatch() bool {
	if v, ok := s.settings[KeyRuntimeMode]; ok {
		return strings.EqualFold(v, "batch")
	}
	return s.cfg.Batch
}

// Zone returns 'table.local-time-zone' (the config's zone when unset or invalid).
func (s *Session) Zone() *time.Location {
	if v, ok := s.settings[KeyLocalTimeZone]; ok && v != "default" {
		if loc, err := s.loadZone(v); err == nil {
			return loc
		}
	}
	return s.cfg.Zone
}

// loadZone resolves a zone id as Java's ZoneId.of does for the common forms:
// region ids, UTC, GMT+8, UTC+08:00. Region ids go to the config's loader.
func (s *Session) loadZone(id string) (*time.Location, error) {
	if id == "UTC" || id == "GMT" || id == "Z" {
		return time.UTC, nil
	}
	for _, p := range []string{"GMT", "UTC", ""} {
		rest, ok := strings.CutPrefix(id, p)
		if !ok || rest == "" || (rest[0] != '+' && rest[0] != '-') {
			continue
		}
		sign := 1
		if rest[0] == '-' {
			sign = -1
		}
		h, m := rest[1:], "0"
		if i := strings.IndexByte(h, ':'); i >= 0 {
			h, m = h[:i], h[i+1:]
		}
		hh, err1 := strconv.Atoi(h)
		mm, err2 := strconv.Atoi(m)
		if err1 == nil && err2 == nil && hh <= 18 && mm < 60 {
			return time.FixedZone(id, sign*(hh*3600+mm*60)), nil
		}
	}
	if s.cfg.LoadZone != nil {
		return s.cfg.LoadZone(id)
	}
	return time.LoadLocation(id)
}

// Setting returns the value of a SET key, and whether it is set.
func (s *Session) Setting(key string) (string, bool) {
	v, ok := s.settings[key]
	return v, ok
}

// MaxColumnWidth returns 'table.display.max-column-width' (default 30).
func (s *Session) MaxColumnWidth() int {
	if v, ok := s.settings[KeyMaxColumnWidth]; ok {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 {
			return n
		}
	}
	return 30
}

// env returns what a query's connectors see, with the query's own clock.
func (s *Session) env() (connector.Env, error) {
	clock, err := s.queryClock()
	if err != nil {
		return connector.Env{}, err
	}
	env := connector.Env{Clock: clock, Zone: s.Zone(), Stdout: s.cfg.Stdout, Stderr: s.cfg.Stderr, FS: s.cfg.FS}
	if env.FS == nil {
		env.FS = vfs.OS{}
	}
	if env.Stdout == nil {
		env.Stdout = io.Discard
	}
	if env.Stderr == nil {
		env.Stderr = io.Discard
	}
	if s.IsBatch() {
		env.Mode = connector.Batch
	}
	if s.cfg.Seed != nil {
		env.Seed, env.HasSeed = *s.cfg.Seed, true
	}
	if v, ok := s.settings[KeyDatagenSeed]; ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return env, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Could not parse value '%s' for key '%s'.", v, KeyDatagenSeed)
		}
		env.Seed, env.HasSeed = n, true
	}
	return env, nil
}

func (s *Session) execSet(st *sql.Set) (*Result, error) {
	if st.Key == nil {
		keys := make([]string, 0, len(s.settings))
		for k := range s.settings {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		res := &Result{Kind: ResultTable, Schema: types.Schema{Columns: []types.Column{
			{Name: "key", Type: types.String.WithNullable(false)},
			{Name: "value", Type: types.String.WithNullable(false)},
		}}}
		for _, k := range keys {
			res.Rows = append(res.Rows, []types.Value{types.StringValue(k), types.StringValue(s.settings[k])})
		}
		return res, nil
	}
	key, val := st.Key.Key, st.Key.Value
	switch key {
	case KeyRuntimeMode:
		if !strings.EqualFold(val, "streaming") && !strings.EqualFold(val, "batch") && !strings.EqualFold(val, "automatic") {
			return nil, diag.Errorf(st.Key.ValuePos, diag.IllegalArgument,
				"Could not parse value '%s' for key '%s'.", val, key)
		}
	case KeyLocalTimeZone:
		if val != "default" {
			if _, err := s.loadZone(val); err != nil {
				return nil, diag.Errorf(st.Key.ValuePos, diag.ValidationException,
					"Invalid time zone. The value should be a Time Zone Database (TZDB) ID such as 'America/Los_Angeles' to include daylight saving time. Fixed offsets are supported using 'GMT-03:00' or 'GMT+03:00'. Or use 'UTC' without time zone and daylight saving time.")
			}
		}
	case "table.sql-dialect":
		// The gateway reads the dialect as Flink's SqlDialect enum at once.
		if !strings.EqualFold(val, "default") && !strings.EqualFold(val, "hive") {
			return nil, diag.Errorf(st.Key.ValuePos, diag.IllegalArgument,
				"No enum constant org.apache.flink.table.api.SqlDialect.%s", strings.ToUpper(val))
		}
	case KeyDatagenSeed:
		if _, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64); err != nil {
			return nil, diag.Errorf(st.Key.ValuePos, diag.IllegalArgument, "Could not parse value '%s' for key '%s'.", val, key)
		}
	case KeyStartTime:
		if _, err := parseStartTime(val, s.Zone()); err != nil {
			return nil, badStartTime(st.Key.ValuePos, val)
		}
	}
	s.settings[key] = val
	return &Result{Kind: ResultSuccess}, nil
}

func (s *Session) execReset(st *sql.Reset) (*Result, error) {
	if st.Key == nil {
		s.settings = map[string]string{}
	} else {
		delete(s.settings, st.Key.Key)
	}
	return &Result{Kind: ResultSuccess}, nil
}

// physical returns what building a job reads of the session.
func (s *Session) physical() physical.Settings {
	return physical.Settings{Options: s.settings, Batch: s.IsBatch()}
}

// execExplain validates the statement and prints its plan as Flink does
// (physical.Explain).
func (s *Session) execExplain(ctx context.Context, st *sql.Explain) (*Result, error) {
	var d physical.Details
	for _, detail := range st.Details {
		switch {
		case strings.EqualFold(detail, "JSON_EXECUTION_PLAN"):
			d.JSONExecutionPlan = true
		case strings.EqualFold(detail, "CHANGELOG_MODE"):
			d.ChangelogMode = true
		case strings.EqualFold(detail, "PLAN_ADVICE"):
			d.PlanAdvice = true
		}
	}
	var trees []physical.Tree
	switch inner := st.Stmt.(type) {
	case *sql.QueryStmt:
		qp, err := s.planner().PlanQuery(inner.Query)
		if err != nil {
			return nil, err
		}
		trees = append(trees, physical.QueryTree(qp))
	case *sql.Insert:
		ip, err := s.planner().PlanInsert(inner)
		if err != nil {
			return nil, err
		}
		trees = append(trees, physical.InsertTree(ip))
	case *sql.StatementSet:
		for _, ins := range inner.Inserts {
			ip, err := s.planner().PlanInsert(ins)
			if err != nil {
				return nil, err
			}
			trees = append(trees, physical.InsertTree(ip))
		}
	default:
		return nil, diag.Errorf(st.Pos, diag.TableException, "Unsupported EXPLAIN statement.")
	}
	text, err := physical.Explain(s.physical(), trees, d)
	if err != nil {
		return nil, err
	}
	return &Result{Kind: ResultTable, Schema: types.Schema{Columns: []types.Column{{Name: "result", Type: types.String}}},
		Rows: [][]types.Value{{types.StringValue(text)}}}, nil
}

// execQuery plans and starts a query.
func (s *Session) execQuery(ctx context.Context, q sql.Query) (*Result, error) {
	env, err := s.env()
	if err != nil {
		return nil, err
	}
	qp, err := s.plannerAt(env.Clock).PlanQuery(q)
	if err != nil {
		return nil, err
	}
	job, err := physical.NewJob(s.physical(), qp.Root)
	if err != nil {
		return nil, err
	}
	pipe, err := job.Build(qp.Root, env)
	if err != nil {
		return nil, err
	}
	res := &Result{
		Kind:      ResultQuery,
		Schema:    qp.Root.Schema(),
		Streaming: !s.IsBatch(),
		Bounded:   qp.Bounded,
		meters:    job.Meters(),
		graph:     job.Graph(),
		trace:     job.Trace(),
		stepper:   job.Stepper(),
	}
	res.next = func(ctx context.Context) (*stream.Batch, error) {
		b, err := pipe.Next(ctx)
		if err != nil && !errors.Is(err, stream.ErrEndOfInput) {
			pipe.Close()
		}
		return b, err
	}
	res.close = pipe.Close
	res.watermark = pipe.Watermark
	return res, nil
}

// execInserts plans INSERT statements and returns the job that runs them:
// one job for all of them (a statement set), whose INSERTs run side by
// side, each pipeline polled in turn, and read a table they share once.
func (s *Session) execInserts(ctx context.Context, inserts []*sql.Insert) (*Result, error) {
	env, err := s.env()
	if err != nil {
		return nil, err
	}
	var plans []*plan.InsertPlan
	var roots []plan.Node
	for _, ins := range inserts {
		ip, err := s.plannerAt(env.Clock).PlanInsert(ins)
		if err != nil {
			return nil, err
		}
		plans = append(plans, ip)
		roots = append(roots, ip.Query.Root)
	}
	pj, err := physical.NewJob(s.physical(), roots...)
	if err != nil {
		return nil, err
	}
	type job struct {
		pipe   *runtime.Pipeline
		sink   stream.Sink
		meter  *runtime.OpMeter
		opened bool
		done   bool
	}
	var jobs []*job
	for _, ip := range plans {
		pipe, err := pj.Build(ip.Query.Root, env)
		if err != nil {
			return nil, err
		}
		sink, err := ip.Sink.Create(env)
		if err != nil {
			return nil, err
		}
		if c, ok := sink.(stream.ColumnarSink); ok && c.ColumnsIn() {
			pipe.ColumnsOut = true
		}
		jobs = append(jobs, &job{pipe: pipe, sink: sink, meter: pj.SinkNode(pipe, physical.InsertTree(ip))})
	}
	res := &Result{Kind: ResultInsert, Streaming: !s.IsBatch(), Bounded: true, meters: pj.Meters(), graph: pj.Graph(), trace: pj.Trace(), stepper: pj.Stepper()}
	closeAll := func() error {
		var first error
		for _, j := range jobs {
			if err := j.pipe.Close(); err != nil && first == nil {
				first = err
			}
			if j.opened {
				if err := j.sink.Close(); err != nil && first == nil {
					first = err
				}
				j.opened = false
			}
		}
		return first
	}
	// finish commits and closes the sink of a pipeline that has ended.
	finish := func(j *job) error {
		j.done = true
		if c, ok := j.sink.(connector.Committer); ok {
			if err := c.Commit(); err != nil {
				closeAll()
				return err
			}
		}
		j.opened = false
		return j.sink.Close()
	}
	turn := 0
	res.next = func(ctx context.Context) (*stream.Batch, error) {
		for {
			live := false
			var wait time.Duration
			for k := range jobs {
				i := (turn + k) % len(jobs)
				j := jobs[i]
				if j.done {
					continue
				}
				live = true
				if !j.opened {
					if err := j.sink.Open(ctx); err != nil {
						closeAll()
						return nil, err
					}
					j.opened = true
				}
				b, w, err := j.pipe.Poll(ctx)
				if errors.Is(err, stream.ErrEndOfInput) {
					if err := finish(j); err != nil {
						return nil, err
					}
					continue
				}
				if err != nil {
					closeAll()
					return nil, err
				}
				if b == nil {
					if wait == 0 || w < wait {
						wait = w
					}
					continue
				}
				t0 := time.Now()
				if err := j.sink.Write(ctx, b); err != nil {
					closeAll()
					return nil, err
				}
				j.meter.Count(b.Len(), b.Len(), time.Since(t0))
				if b.Watermark != stream.NoWatermark {
					j.meter.Watermark(b.Watermark)
				}
				turn = i + 1
				return b, nil
			}
			if !live {
				return nil, stream.ErrEndOfInput
			}
			if wait > 0 {
				if err := env.Clock.Sleep(ctx, min(wait, 50*time.Millisecond)); err != nil {
					closeAll()
					return nil, err
				}
			}
		}
	}
	res.close = closeAll
	sinks := make([]string, len(plans))
	for i, ip := range plans {
		sinks[i] = ip.ID.String()
	}
	s.newJob(res, sinks)
	return res, nil
}

// execCreateTableAs runs CREATE TABLE ... AS SELECT as Flink 1.20 does:
// the table takes the query's columns (names and types, time attributes
// materialized) and the statement's options, and an INSERT of the query
// into it is submitted as a job. Like Flink's default (non-atomic CTAS),
// the table stays when the job fails. In a statement set (set non-nil)
// the table is made at once and the INSERT joins the set.
func (s *Session) execCreateTableAs(ctx context.Context, st *sql.CreateTable, set *[]*sql.Insert) (*Result, error) {
	qp, err := s.planner().PlanQuery(st.AsQuery)
	if err != nil {
		return nil, err
	}
	if st.Replace {
		// Non-atomic RTAS, Flink's default: drop the table if it
		// exists, then create it.
		id, err := s.ddl.Qualify(st.Name)
		if err != nil {
			return nil, err
		}
		if o, ok := s.catalog.Lookup(id); !ok || o.Temporary {
			if !st.OrReplace {
				return nil, diag.Errorf(st.Name.Pos(), diag.TableException,
					"The table %s to be replaced doesn't exist. You can try to use CREATE TABLE AS statement or CREATE OR REPLACE TABLE AS statement.", id.Quoted())
			}
		} else if err := s.catalog.DropTable(id, false, false); err != nil {
			return nil, ddl.At(err, st.Name.Pos())
		}
	}
	def := *st
	def.AsQuery, def.AsQueryText = nil, ""
	def.Replace, def.OrReplace = false, false
	for _, c := range qp.Root.Schema().Columns {
		t := c.Type
		t.Attr = types.Regular
		def.Columns = append(def.Columns, sql.ColumnDef{Name: sql.Ident{Name: c.Name, Pos: st.Pos}, Type: t, TypePos: st.Pos})
	}
	if _, err := s.ddl.CreateTable(&def); err != nil {
		return nil, err
	}
	ins := &sql.Insert{Pos: st.Pos, Table: st.Name, Source: st.AsQuery}
	if set != nil {
		if _, err := s.planner().PlanInsert(ins); err != nil {
			return nil, err
		}
		*set = append(*set, ins)
		s.setText = append(s.setText, s.stmtText+";")
		return &Result{Kind: ResultSuccess}, nil
	}
	res, err := s.execInserts(ctx, []*sql.Insert{ins})
	if err != nil {
		return nil, err
	}
	if id, err := s.ddl.Qualify(st.Name); err == nil {
		res.Created, _ = s.catalog.ShowCreateTable(id)
	}
	return res, nil
}

// helpText is what the SQL client's HELP prints (CliStrings.MESSAGE_HELP of
// Flink 1.20), its output being the playground's to match.
const helpText = "The following commands are available:\n\n" +
	"HELP               \t\tPrints the available commands.\n" +
	"QUIT/EXIT          \t\tQuits the SQL CLI client.\n" +
	"CLEAR              \t\tClears the current terminal.\n" +
	"SET                \t\tSets a session configuration property. Syntax: \"SET '<key>'='<value>';\". Use \"SET;\" for listing all properties.\n" +
	"RESET              \t\tResets a session configuration property. Syntax: \"RESET '<key>';\". Use \"RESET;\" for reset all session properties.\n" +
	"INSERT INTO        \t\tInserts the results of a SQL SELECT query into a declared table sink.\n" +
	"INSERT OVERWRITE   \t\tInserts the results of a SQL SELECT query into a declared table sink and overwrite existing data.\n" +
	"SELECT             \t\tExecutes a SQL SELECT query on the Flink cluster.\n" +
	"EXPLAIN            \t\tDescribes the execution plan of a query or table with the given name.\n" +
	"BEGIN STATEMENT SET\t\tBegins a statement set. Syntax: \"BEGIN STATEMENT SET;\"\n" +
	"END                \t\tEnds a statement set. Syntax: \"END;\"\n" +
	"ADD JAR            \t\tAdds the specified jar file to the submitted jobs' classloader. Syntax: \"ADD JAR '<path_to_filename>.jar'\"\n" +
	"REMOVE JAR         \t\tRemoves the specified jar file from the submitted jobs' classloader. Syntax: \"REMOVE JAR '<path_to_filename>.jar'\"\n" +
	"SHOW JARS          \t\tShows the list of user-specified jar dependencies. This list is impacted by the --jar and --library startup options as well as the ADD/REMOVE JAR commands.\n" +
	"\n" +
	"Hint: Make sure that a statement ends with \";\" for finalizing (multi-line) statements.\n" +
	"You can also type any Flink SQL statement, please visit https://nightlies.apache.org/flink/flink-docs-stable/docs/dev/table/sql/overview/ for more details."

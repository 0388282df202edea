package export

import (
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// PyFlink returns script as a PyFlink program: a TableEnvironment in the
// runtime mode the script starts in, then one t_env.execute_sql per
// statement with the statement's text unchanged. Queries, SHOW, DESCRIBE
// and EXPLAIN print their result (TableResult.print()); INSERTs, EXECUTE
// STATEMENT SET and CREATE TABLE ... AS SELECT wait for their job, so the
// program does not end before its jobs do. What a TableEnvironment cannot
// execute becomes its API: SET and RESET go to t_env.get_config(), and the
// SQL client's BEGIN STATEMENT SET; ... END; becomes a StatementSet.
func PyFlink(script string, o Options) (string, error) {
	if err := checkUTF8(script); err != nil {
		return "", err
	}
	sc, err := parse(script)
	if err != nil {
		return "", err
	}
	g := &pyGen{sc: sc, o: o, setKeys: map[string]bool{}}
	g.batch, _ = sc.startMode(o)
	g.mode = g.batch
	if err := g.program(); err != nil {
		return "", resolve(err, script)
	}
	return g.b.String(), nil
}

// pyGen writes one PyFlink program.
type pyGen struct {
	sc *script
	o  Options
	b  strings.Builder

	batch   bool            // the mode the TableEnvironment is created in
	mode    bool            // the mode in force (batch) after the statements so far
	setKeys map[string]bool // keys the program has set, for RESET
	inSet   bool            // between BEGIN STATEMENT SET and END
}

func (g *pyGen) line(s string) { g.b.WriteString(s + "\n") }

func (g *pyGen) lines(ls []string) {
	for _, l := range ls {
		g.line(l)
	}
}

func (g *pyGen) comments(cs []string) {
	for _, c := range cs {
		g.lines(pyComment(c))
	}
}

func (g *pyGen) program() error {
	g.line("# A PyFlink program exported from the Flink SQL Playground: the playground")
	g.line("# script's statements, in order and unchanged, run by a TableEnvironment.")
	g.line("# Run it with PyFlink installed (python3 -m pip install apache-flink):")
	g.line("#   python3 program.py")
	g.line("from pyflink.table import EnvironmentSettings, TableEnvironment")
	g.line("")
	if g.batch {
		g.line("settings = EnvironmentSettings.in_batch_mode()")
	} else {
		g.line("settings = EnvironmentSettings.in_streaming_mode()")
	}
	g.line("t_env = TableEnvironment.create(settings)")
	leading := true
	for i, s := range g.sc.stmts {
		leading = leading && isConfig(s.ast)
		if i == 0 || len(s.before) > 0 {
			g.line("")
		}
		g.comments(s.before)
		if err := g.statement(s, leading); err != nil {
			return err
		}
		g.comments(s.after)
	}
	if g.inSet {
		g.line("# The script ends before END, so the SQL client would never submit this")
		g.line("# statement set; neither does this program.")
	}
	if len(g.sc.tail) > 0 {
		g.line("")
		g.comments(g.sc.tail)
	}
	return nil
}

func (g *pyGen) statement(s *stmt, leading bool) error {
	lit := pyText(s.text)
	if g.inSet {
		switch s.ast.(type) {
		case *sql.Insert:
			g.line("stmt_set.add_insert_sql(" + lit + ")")
		case *sql.End:
			g.lines(commentLines(s.text, "# "))
			g.line("stmt_set.execute().wait()")
			g.inSet = false
		default:
			return diag.Errorf(s.ast.StmtPos(), diag.SqlExecutionException,
				"Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit Statement Set.")
		}
		return nil
	}
	switch st := s.ast.(type) {
	case *sql.BeginStatementSet:
		g.line("# The SQL client's BEGIN STATEMENT SET; ... END; is a StatementSet in PyFlink:")
		g.line("# its INSERTs run as one job.")
		g.lines(commentLines(s.text, "# "))
		g.line("stmt_set = t_env.create_statement_set()")
		g.inSet = true
	case *sql.End:
		return diag.Errorf(st.Pos, diag.SqlExecutionException,
			"No Statement Set to submit. 'END' statement should be used after 'BEGIN STATEMENT SET'.")
	case *sql.Set:
		g.set(s, st, leading)
	case *sql.Reset:
		g.reset(s, st, leading)
	case *sql.QueryStmt, *sql.Show, *sql.Describe, *sql.Explain:
		g.line("t_env.execute_sql(" + lit + ").print()")
	case *sql.Insert, *sql.StatementSet:
		g.line("t_env.execute_sql(" + lit + ").wait()")
	case *sql.CreateTable:
		if st.AsQuery != nil {
			// CREATE TABLE ... AS SELECT runs a job that fills the table.
			g.line("t_env.execute_sql(" + lit + ").wait()")
		} else {
			g.line("t_env.execute_sql(" + lit + ")")
		}
	default:
		g.line("t_env.execute_sql(" + lit + ")")
	}
	return nil
}

// set writes SET 'key' = 'value'. A TableEnvironment does not execute SET
// (it is the SQL client's statement); TableConfig.set is its API.
func (g *pyGen) set(s *stmt, st *sql.Set, leading bool) {
	if st.Key == nil {
		g.line("# SET lists the session's settings in the SQL client; here they are the")
		g.line("# TableConfig's:")
		g.lines(commentLines(s.text, "# "))
		g.line("print(t_env.get_config().get_configuration())")
		return
	}
	key, val := st.Key.Key, st.Key.Value
	switch {
	case strings.HasPrefix(key, playgroundPrefix):
		g.line("# " + key + " is a setting of the playground only; Flink does not read it.")
		g.line("# Removed:")
		g.lines(commentLines(s.text, "# "))
		return
	case key == keyRuntimeMode && leading:
		g.line("# The TableEnvironment above is created in the mode this sets:")
		g.lines(commentLines(s.text, "# "))
		return
	case key == keyRuntimeMode:
		g.modeChange(strings.EqualFold(val, "batch"))
	case strings.HasPrefix(key, sqlClientPrefix):
		g.line("# Only Flink's SQL client reads " + sqlClientPrefix + "* settings; a TableEnvironment ignores them.")
	}
	g.setKeys[key] = true
	g.line("t_env.get_config().set(" + pyString(key) + ", " + pyString(val) + ")")
}

// reset writes RESET ['key']: the key leaves the TableConfig's own
// configuration, so its default applies again.
func (g *pyGen) reset(s *stmt, st *sql.Reset, leading bool) {
	if st.Key != nil {
		key := st.Key.Key
		switch {
		case strings.HasPrefix(key, playgroundPrefix):
			g.line("# " + key + " is a setting of the playground only; Flink does not read it.")
			g.line("# Removed:")
			g.lines(commentLines(s.text, "# "))
			return
		case key == keyRuntimeMode && leading:
			g.line("# The TableEnvironment above is created in the mode this leaves in force:")
			g.lines(commentLines(s.text, "# "))
			return
		case key == keyRuntimeMode:
			g.modeChange(g.o.Batch)
		}
		g.line("t_env.get_config().get_configuration().remove_config(" + pyString(key) + ")")
		return
	}
	g.line("# RESET: every setting made so far goes back to its default.")
	keys := make([]string, 0, len(g.setKeys))
	for k := range g.setKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if g.mode != g.o.Batch && !leading {
		g.modeChange(g.o.Batch)
	}
	g.mode = g.o.Batch
	for _, k := range keys {
		g.line("t_env.get_config().get_configuration().remove_config(" + pyString(k) + ")")
	}
	if len(keys) == 0 {
		g.line("# (The program has set nothing so far.)")
	}
	g.setKeys = map[string]bool{}
}

// modeChange notes a change of 'execution.runtime-mode' after the
// TableEnvironment exists. Flink's planners check the mode when they
// translate a query or INSERT and reject one that differs from the mode
// the environment was created in (StreamPlanner/BatchPlanner
// beforeTranslation), while the SQL client creates its environment per
// statement and so follows the change.
func (g *pyGen) modeChange(batch bool) {
	g.mode = batch
	if batch == g.batch {
		return
	}
	g.line("# The script switches to " + mode(batch) + " mode here. A TableEnvironment keeps the mode it")
	g.line("# was created in: once this is set, Flink rejects the next query or INSERT with")
	g.line("# \"Mismatch between configured runtime mode and actual runtime mode\". To run")
	g.line("# what follows in " + mode(batch) + " mode, move it to a program whose TableEnvironment is")
	g.line("# created with EnvironmentSettings.in_" + mode(batch) + "_mode().")
}

package engine

import (
	"context"
	"encoding/json"
	"io"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// KeyForceRecompile is Flink's 'table.plan.force-recompile'.
const KeyForceRecompile = "table.plan.force-recompile"

// compiledPlan is the file COMPILE PLAN writes. Flink writes its ExecNode
// graph as JSON; the playground has no such graph, so it writes the
// statement it compiled (which EXECUTE PLAN runs again), and the plan
// EXPLAIN prints for it, for reading.
type compiledPlan struct {
	FlinkVersion string   `json:"flinkVersion"`
	Playground   string   `json:"playground"`
	Statement    string   `json:"statement"`
	Plan         []string `json:"plan"`
}

const compiledPlanKind = "flinkplay compiled plan: the statement below, as COMPILE PLAN planned it"

// planFile is the path of a plan, without Flink's file:// scheme.
func planFile(p string) string {
	if rest, ok := strings.CutPrefix(p, "file://"); ok {
		return rest
	}
	return p
}

// execCompilePlan is COMPILE [AND EXECUTE] PLAN: as Flink, an existing file
// is kept (COMPILE AND EXECUTE runs it) unless 'table.plan.force-recompile'.
func (s *Session) execCompilePlan(ctx context.Context, st *sql.CompilePlan) (*Result, error) {
	path := planFile(st.Path)
	_, statErr := s.cfg.FS.Stat(path)
	exists := statErr == nil
	force := strings.EqualFold(s.settings[KeyForceRecompile], "true")
	if exists && st.Execute && !force {
		return s.execPlanFile(ctx, st.Pos, st.Path)
	}
	if exists && !force {
		return nil, diag.Errorf(st.Pos, diag.TableException,
			"Cannot overwrite the plan file '%s'. Either manually remove the file or, if you're debugging your job, set the option '%s' to true.",
			st.Path, KeyForceRecompile)
	}
	var inserts []*sql.Insert
	switch x := st.Stmt.(type) {
	case *sql.Insert:
		inserts = []*sql.Insert{x}
	case *sql.StatementSet:
		inserts = x.Inserts
	}
	for _, ins := range inserts {
		if _, err := s.planner().PlanInsert(ins); err != nil {
			return nil, err
		}
	}
	explained, err := s.execExplain(ctx, &sql.Explain{Pos: st.Pos, Stmt: st.Stmt})
	if err != nil {
		return nil, err
	}
	doc := compiledPlan{FlinkVersion: "1.20", Playground: compiledPlanKind, Statement: st.Text}
	if len(explained.Rows) == 1 {
		doc.Plan = strings.Split(strings.TrimRight(string(explained.Rows[0][0].B), "\n"), "\n")
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	if i := strings.LastIndexByte(path, '/'); i > 0 {
		_ = s.cfg.FS.MkdirAll(path[:i])
	}
	w, err := s.cfg.FS.Create(path)
	if err == nil {
		_, err = w.Write(append(data, '\n'))
		if cerr := w.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return nil, diag.Errorf(st.Pos, diag.TableException, "Failed to execute %s statement.", "COMPILE PLAN")
	}
	if st.Execute {
		return s.execInserts(ctx, inserts)
	}
	return &Result{Kind: ResultSuccess}, nil
}

// execPlanFile is EXECUTE PLAN: it runs again the statement a plan file of
// COMPILE PLAN holds.
func (s *Session) execPlanFile(ctx context.Context, pos int, p string) (*Result, error) {
	r, err := s.cfg.FS.Open(planFile(p))
	if err != nil {
		return nil, diag.Errorf(pos, "java.io.FileNotFoundException", "File %s does not exist or the user running Flink ('flink') has insufficient permissions to access it.", planFile(p))
	}
	data, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		return nil, err
	}
	var doc compiledPlan
	if json.Unmarshal(data, &doc) != nil || doc.Playground != compiledPlanKind || doc.Statement == "" {
		e := diag.Errorf(pos, diag.TableException, "Failed to execute EXECUTE PLAN statement: '%s' holds no plan COMPILE PLAN wrote here.", p)
		e.Note = "The playground runs the plans its own COMPILE PLAN writes (they keep the statement); a plan Flink compiled is Flink's ExecNode graph, which runs on a Flink cluster."
		return nil, e
	}
	stmts, _, err := sql.ParseScript(doc.Statement)
	if err != nil || len(stmts) != 1 {
		return nil, diag.Errorf(pos, diag.TableException, "Failed to execute EXECUTE PLAN statement: the plan's statement does not parse.")
	}
	switch x := stmts[0].(type) {
	case *sql.Insert:
		return s.execInserts(ctx, []*sql.Insert{x})
	case *sql.StatementSet:
		return s.execInserts(ctx, x.Inserts)
	}
	return nil, diag.Errorf(pos, diag.TableException, "Failed to execute EXECUTE PLAN statement: the plan holds no INSERT.")
}

package enginetest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

var updateConformance = flag.Bool("update-conformance", false, "write docs/conformance.md from the run of Flink's .q scripts")

// qDir holds Flink's SQL client test scripts, outside the repository.
const qDir = "../../../shared/flink/q"

// conformanceDoc is where -update-conformance writes its report.
const conformanceDoc = "../../docs/conformance.md"

// qResult is the outcome of one .q file.
type qResult struct {
	file     string
	total    int
	passed   int
	failures []qFailure
}

type qFailure struct {
	stmt QStatement
	diff string
}

// TestConformance runs Flink's own SQL client scripts through the engine
// as Flink's CliClientITCase does and reports, per file, how many
// statements print exactly what Flink printed.
func TestConformance(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(qDir, "*.q"))
	if len(files) == 0 {
		t.Skipf("no Flink .q scripts in %s", qDir)
	}
	sort.Strings(files)
	var results []qResult
	for _, path := range files {
		base := filepath.Base(path)
		t.Run(strings.TrimSuffix(base, ".q"), func(t *testing.T) {
			res := runQFile(t, path)
			results = append(results, res)
			t.Logf("%s: %d/%d statements pass", base, res.passed, res.total)
			listed := conformanceExceptions[base]
			failed := map[int]bool{}
			for _, f := range res.failures {
				failed[f.stmt.Line] = true
				if _, ok := listed[f.stmt.Line]; !ok {
					t.Errorf("%s:%d: %s\n%s", base, f.stmt.Line, firstLine(f.stmt.SQL), f.diff)
				}
			}
			for line := range listed {
				if !failed[line] {
					t.Errorf("%s:%d is listed in conformanceExceptions but prints what Flink prints: remove it from the list", base, line)
				}
			}
		})
	}
	total, passed := 0, 0
	for _, r := range results {
		total += r.total
		passed += r.passed
	}
	t.Logf("conformance: %d/%d statements pass", passed, total)
	if *updateConformance {
		if err := os.MkdirAll(filepath.Dir(conformanceDoc), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(conformanceDoc, []byte(conformanceReport(results)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runQFile runs one .q file in a fresh session.
func runQFile(t *testing.T, path string) qResult {
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Base(path)
	dir := filepath.ToSlash(t.TempDir())
	src := substituteVars(string(text), dir)
	gateway := strings.HasPrefix(base, "sql-gateway__")
	stmts := ParseQ(src, strings.Contains(base, "sql_multi") || gateway)
	r := NewRunnerFS(vfs.OS{}) // the scripts' paths are real directories
	r.Timeout = 5 * time.Second
	res := qResult{file: base, total: len(stmts)}
	for _, st := range stmts {
		got := runQStatement(r, st.SQL)
		gotTag := outputTag(got)
		want := normalizeQ(st.Expected)
		got = normalizeQ(withoutStreamNodeIDs(got))
		if gateway {
			// The gateway prints results in its own layout: compare by
			// content (../shared/flink/README.md).
			got, gotTag = gatewayForm(got)
			if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(st.SQL)), "SELECT") {
				got = withoutOpColumn(got)
			}
			if sameGatewayContent(want, got) && gotTag == st.Tag {
				res.passed++
				continue
			}
		} else if got == want && gotTag == st.Tag {
			res.passed++
			continue
		}
		d := ""
		if got == want {
			d = fmt.Sprintf("tag !%s, want !%s", gotTag, st.Tag)
		} else {
			d = diffText(want, got)
		}
		// the report names the scripts' directories as the scripts do
		st.SQL = strings.ReplaceAll(st.SQL, dir, "$TMPDIR")
		d = strings.ReplaceAll(d, dir, "$TMPDIR")
		res.failures = append(res.failures, qFailure{stmt: st, diff: d})
	}
	return res
}

// runQStatement runs one statement of a .q file and returns what the SQL
// client prints for it.
func runQStatement(r *Runner, sql string) string {
	ctx, cancel := context.WithTimeout(context.Background(), r.Timeout)
	defer cancel()
	r.out.Reset()
	spans, err := engine.Split(sql)
	if err == nil {
		for _, span := range spans {
			o := r.Options()
			var res *engine.Result
			res, err = r.Session.ExecuteAt(ctx, sql, span)
			if err != nil {
				break
			}
			if _, err = client.Print(ctx, &r.out, res, o); err != nil {
				break
			}
		}
	}
	if err != nil {
		client.PrintError(&r.out, err, client.Options{})
	}
	return r.out.String()
}

// substituteVars replaces the path placeholders of Flink's test scripts
// with directories under dir; the longest names go first so that
// $VAR_STREAMING_PATH2 is not read as $VAR_STREAMING_PATH followed by 2.
func substituteVars(text, dir string) string {
	vars := []string{
		"$VAR_STREAMING_PLAN_RELATIVE_PATH", "$VAR_STREAMING_PLAN_PATH",
		"$VAR_UDF_JAR_PATH_SPACE", "$VAR_UDF_JAR_PATH_DASH", "$VAR_UDF_JAR_PATH",
		"$VAR_STREAMING_PATH3", "$VAR_STREAMING_PATH2", "$VAR_STREAMING_PATH", "$VAR_BATCH_CTAS_PATH",
		"$VAR_BATCH_PATH2", "$VAR_BATCH_PATH", "$VAR_PIPELINE_JARS_URL",
		"$VAR_REST_PORT", "$VAR_JOBMANAGER_RPC_ADDRESS",
		"$VAR_DELETE_TABLE_DATA_ID", "$VAR_TRUNCATE_TABLE_DATA_ID",
	}
	var pairs []string
	for _, v := range vars {
		name := strings.ToLower(strings.TrimPrefix(v, "$VAR_"))
		var val string
		switch {
		case strings.HasSuffix(v, "_DASH"), strings.HasSuffix(v, "_SPACE"):
			val = "" // paddings for the jar path in set.q's tables
		case v == "$VAR_STREAMING_PLAN_RELATIVE_PATH":
			// the plan directory, relative to the working directory, as
			// Flink's gateway test relativizes it
			abs := filepath.Join(dir, "streaming_plan_path")
			_ = os.MkdirAll(abs, 0o755)
			val = abs
			if wd, err := os.Getwd(); err == nil {
				if rel, err := filepath.Rel(wd, abs); err == nil {
					val = rel
				}
			}
			val = filepath.ToSlash(val)
		case strings.HasSuffix(v, "PATH"), strings.HasSuffix(v, "PATH2"), strings.HasSuffix(v, "PATH3"):
			val = filepath.ToSlash(filepath.Join(dir, name))
			_ = os.MkdirAll(filepath.Join(dir, name), 0o755)
		default:
			val = name
		}
		pairs = append(pairs, v, val)
	}
	return strings.NewReplacer(pairs...).Replace(text)
}

var (
	streamNodeID     = regexp.MustCompile(`"id"\s*:\s*\d+`)
	contentsNodeID   = regexp.MustCompile(`"contents"\s*:\s*"\[\d+\]:`)
	contentsSinkV2ID = regexp.MustCompile(`"contents"\s*:\s*"(\w+)\[\d+\]:`)
	typeNodeID       = regexp.MustCompile(`("type"\s*:\s*".*?)\[\d+\]`)
)

// withoutStreamNodeIDs drops the operator ids of a JSON execution plan as
// Flink's test runners do (CliClientITCase's removeExecNodeId and
// TableTestBase's replaceNodeIdInOperator), then narrows the table around
// it by as many characters as were removed, as CliClientITCase does.
func withoutStreamNodeIDs(s string) string {
	if !strings.Contains(s, "== Physical Execution Plan ==") {
		return s
	}
	t := streamNodeID.ReplaceAllString(s, `"id" : `)
	t = contentsNodeID.ReplaceAllString(t, `"contents" : "[]:`)
	t = contentsSinkV2ID.ReplaceAllString(t, `"contents" : "$1[]:`)
	t = typeNodeID.ReplaceAllString(t, "$1[]")
	removed := len(s) - len(t)
	if removed <= 0 {
		return t
	}
	t = strings.ReplaceAll(t, "+-"+strings.Repeat("-", removed), "+-")
	return strings.ReplaceAll(t, "|"+strings.Repeat(" ", removed), "|")
}

// normalizeQ prepares an output for comparison as CliClientITCase does:
// trailing spaces stripped, job ids dropped; and trailing blank lines go.
func normalizeQ(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = strings.TrimRight(l, " ")
		if strings.HasPrefix(l, "Job ID:") {
			l = "Job ID:"
		}
		lines[i] = l
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

// maxReportedFailures bounds the failures listed per file in the report.
const maxReportedFailures = 5

// maxDiffLines and maxDiffWidth bound each failure's diff in the report.
const (
	maxDiffLines = 12
	maxDiffWidth = 160
)

func conformanceReport(results []qResult) string {
	var b strings.Builder
	b.WriteString("# Conformance with Flink's SQL client tests\n\n")
	b.WriteString("<!-- Generated by `go test ./engine/enginetest -run TestConformance -update-conformance`. DO NOT EDIT. -->\n\n")
	b.WriteString("Flink's own SQL client and SQL gateway test scripts (`shared/flink/q/*.q`, from `flink-table/flink-sql-client/`\n")
	b.WriteString("and `flink-table/flink-sql-gateway/src/test/resources/`) run through the engine as Flink's `CliClientITCase` runs\n")
	b.WriteString("them; a statement passes when its output, trailing spaces aside, and its tag (`!ok`, `!info`, `!error`) are exactly\n")
	b.WriteString("Flink's. The gateway's scripts are compared by content (the gateway prints results in its own layout).\n\n")
	b.WriteString("Every file must pass: `TestConformance` fails on any statement that differs, except the statements listed\n")
	b.WriteString("below with their reasons (`engine/enginetest/conformance_exceptions.go`), and it fails when a listed statement\n")
	b.WriteString("starts to pass, so the list stays exact.\n\n")
	b.WriteString("| file | passed | statements | % | listed |\n| --- | ---: | ---: | ---: | ---: |\n")
	total, passed, listed := 0, 0, 0
	for _, r := range results {
		n := len(r.failures)
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %d |\n", r.file, r.passed, r.total, percent(r.passed, r.total), n)
		total += r.total
		passed += r.passed
		listed += n
	}
	fmt.Fprintf(&b, "| **total** | **%d** | **%d** | **%s** | **%d** |\n", passed, total, percent(passed, total), listed)

	// The listed statements, by reason.
	type entry struct {
		file string
		f    qFailure
	}
	byReason := map[string][]entry{}
	var reasons []string
	for _, r := range results {
		for _, f := range r.failures {
			reason, ok := conformanceExceptions[r.file][f.stmt.Line]
			if !ok {
				reason = "not listed: a difference TestConformance reports"
			}
			if _, seen := byReason[reason]; !seen {
				reasons = append(reasons, reason)
			}
			byReason[reason] = append(byReason[reason], entry{r.file, f})
		}
	}
	sort.SliceStable(reasons, func(i, j int) bool {
		return !strings.HasPrefix(reasons[i], "not yet") && strings.HasPrefix(reasons[j], "not yet")
	})
	if len(reasons) > 0 {
		b.WriteString("\n## The listed statements\n\n")
		b.WriteString("What a playground cannot have (a user JAR and its Java classes, Java factories of Flink's test classpath,\n")
		b.WriteString("a cluster) comes first; then what the engine does not do as Flink yet, each with what it would take.\n")
	}
	for _, reason := range reasons {
		fmt.Fprintf(&b, "\n### %s\n\n", upperFirst(reason))
		for _, e := range byReason[reason] {
			fmt.Fprintf(&b, "- %s line %d: `%s`\n", e.file, e.f.stmt.Line, strings.ReplaceAll(firstLine(e.f.stmt.SQL), "`", "'"))
		}
	}

	// How the statements the engine does not do yet differ.
	first := true
	for _, r := range results {
		var shown []qFailure
		for _, f := range r.failures {
			if reason := conformanceExceptions[r.file][f.stmt.Line]; reason == "" || strings.HasPrefix(reason, "not yet") {
				shown = append(shown, f)
			}
		}
		if len(shown) == 0 {
			continue
		}
		if first {
			b.WriteString("\n## How they differ\n\nThe statements not done as Flink yet, with the first difference.\n")
			first = false
		}
		fmt.Fprintf(&b, "\n### %s\n", r.file)
		for i, f := range shown {
			if i == maxReportedFailures {
				fmt.Fprintf(&b, "\n(and %d more)\n", len(shown)-i)
				break
			}
			fmt.Fprintf(&b, "\n- line %d: `%s`\n\n", f.stmt.Line, strings.ReplaceAll(firstLine(f.stmt.SQL), "`", "'"))
			b.WriteString("  ```\n")
			lines := strings.Split(f.diff, "\n")
			if len(lines) > maxDiffLines {
				lines = append(lines[:maxDiffLines], "...")
			}
			for _, l := range lines {
				if len(l) > maxDiffWidth {
					l = l[:maxDiffWidth] + " ..."
				}
				b.WriteString("  " + l + "\n")
			}
			b.WriteString("  ```\n")
		}
	}
	return b.String()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(d))
}

// gatewayOK is the gateway's result of a statement that returns nothing.
const gatewayOK = "+--------+\n| result |\n+--------+\n|     OK |\n+--------+\n1 row in set"

// withoutOpColumn drops a result's op column: the gateway's test runner
// prints row kinds only for statements that begin with SELECT
// (AbstractSqlGatewayStatementITCaseBase.StatementType), so not for
// EXECUTE SELECT, whose rows it prints as a plain table.
func withoutOpColumn(out string) string {
	lines := strings.Split(out, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[1], "| op |") {
		return out
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "+") && !strings.HasPrefix(l, "|") {
			continue
		}
		if j := strings.IndexByte(l[1:], l[0]); j >= 0 {
			lines[i] = l[j+1:]
		}
	}
	return strings.Join(lines, "\n")
}

var atLine = regexp.MustCompile(`at line \d+`)

// gatewayForm turns what the SQL client prints for a statement into what
// the SQL gateway's tests print for it, with its tag: an error as the
// exception alone, a statement without a result as the OK table, an
// INSERT as its job id, a query's footer as "N rows in set".
func gatewayForm(out string) (string, string) {
	const errHead = "[ERROR] Could not execute SQL statement. Reason:\n"
	switch {
	case strings.HasPrefix(out, errHead):
		// The gateway's test runner writes every error position as line 0
		// (AbstractSqlGatewayStatementITCaseBase).
		return atLine.ReplaceAllString(strings.TrimPrefix(out, errHead), "at line 0"), "error"
	case strings.Contains(out, "Job ID:"), out == "[INFO] Complete execution of the SQL update statement.":
		return "Job ID:", "info"
	case strings.HasPrefix(out, "[INFO] "):
		return gatewayOK, "ok"
	}
	lines := strings.Split(out, "\n")
	// A one-cell result (SHOW CREATE): the gateway prints the cell.
	if len(lines) > 6 && strings.TrimSpace(strings.Trim(lines[1], "|")) == "result" && lines[len(lines)-1] == "1 row in set" &&
		strings.HasPrefix(lines[3], "| ") && strings.HasSuffix(lines[len(lines)-3], " |") {
		// the cell's text, up to the " |" that closes it (on a line of
		// its own when the text ends with a newline)
		cell := append([]string{strings.TrimPrefix(lines[3], "| ")}, lines[4:len(lines)-2]...)
		last := strings.TrimSuffix(cell[len(cell)-1], " |")
		if last == "" {
			cell = cell[:len(cell)-1]
		} else {
			cell[len(cell)-1] = last
		}
		return strings.Join(cell, "\n"), "ok"
	}
	if last := lines[len(lines)-1]; strings.HasPrefix(last, "Received a total of ") {
		n := strings.Fields(strings.TrimPrefix(last, "Received a total of "))[0]
		if n == "1" {
			lines[len(lines)-1] = "1 row in set"
		} else {
			lines[len(lines)-1] = n + " rows in set"
		}
	}
	return strings.Join(lines, "\n"), "ok"
}

// sameGatewayContent compares two outputs by content: tables by their
// cells (widths aside), anything else exactly.
func sameGatewayContent(want, got string) bool {
	if want == got {
		return true
	}
	wc, wf, wok := tableCells(want)
	gc, gf, gok := tableCells(got)
	if !wok || !gok || wf != gf || len(wc) != len(gc) {
		return false
	}
	for i := range wc {
		if strings.Join(wc[i], "\x00") != strings.Join(gc[i], "\x00") {
			return false
		}
	}
	return true
}

// tableCells reads a printed table: the trimmed cells of its header and
// rows, and its footer line.
func tableCells(s string) ([][]string, string, bool) {
	lines := strings.Split(s, "\n")
	var rows [][]string
	footer := ""
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "+"):
		case strings.HasPrefix(l, "|"):
			parts := strings.Split(strings.Trim(l, "|"), "|")
			for i := range parts {
				parts[i] = strings.TrimSpace(parts[i])
			}
			rows = append(rows, parts)
		default:
			if footer != "" {
				return nil, "", false
			}
			footer = l
		}
	}
	return rows, footer, len(rows) > 0
}

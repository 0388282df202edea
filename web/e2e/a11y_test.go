//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestDialogKeyboard: a dialog takes the focus when it opens, keeps Tab
// and Shift+Tab inside it, closes on Escape and gives the focus back to
// the button that opened it; the status line and the error box are live
// regions a screen reader announces.
func TestDialogKeyboard(t *testing.T) {
	p := open(t, 60*time.Second)
	p.load()
	if got := eval[string](p, "live regions", `document.getElementById('status').getAttribute('role') + ' ' + document.getElementById('error').getAttribute('role') + ' ' + document.getElementById('notice').getAttribute('role')`); got != "status alert status" {
		t.Errorf("roles of #status, #error and #notice: %s; want status alert status", got)
	}
	inDialog := `(() => { const d = document.querySelector('#dialog .dialog'); return !!d && d.contains(document.activeElement); })()`
	p.do("focus Share", 5*time.Second, chromedp.Focus(chromedp.ID("share")))
	p.do("open Share with the keyboard", 5*time.Second, chromedp.KeyEvent(kb.Enter))
	waitFor[bool](p, "the dialog to take the focus", inDialog, 5*time.Second)
	p.shot("share-dialog")
	for i := 0; i < 6; i++ {
		p.do("Tab", 2*time.Second, chromedp.KeyEvent(kb.Tab))
		if !eval[bool](p, "focus", inDialog) {
			t.Fatalf("Tab %d left the dialog for %s", i+1, eval[string](p, "focus", `document.activeElement.outerHTML.slice(0, 80)`))
		}
	}
	p.do("Shift+Tab", 2*time.Second, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
	if !eval[bool](p, "focus", inDialog) {
		t.Fatalf("Shift+Tab left the dialog")
	}
	p.do("Escape", 2*time.Second, chromedp.KeyEvent(kb.Escape))
	waitFor[bool](p, "the dialog to close", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	waitFor[bool](p, "the focus back on Share", `document.activeElement && document.activeElement.id === 'share'`, 5*time.Second)
}

// axeViolation is one rule axe-core found broken.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  int    `json:"nodes"`
	Target string `json:"target"`
}

// runAxe runs axe-core (npm axe-core 4.14.1, installed with the editor's
// packages) on the page and returns its violations.
func (p *page) runAxe() []axeViolation {
	p.t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "editor", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		p.t.Fatalf("axe-core: %v (make web installs it)", err)
	}
	eval[bool](p, "load axe-core", `(() => { (0, eval)(`+jsString(string(src))+`); return typeof axe === 'object'; })()`)
	out, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(r.violations.map(v => ({
  id: v.id, impact: v.impact || '', help: v.help, nodes: v.nodes.length, target: String(v.nodes[0]?.target || '')}))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("axe.run: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		p.t.Fatalf("axe.run's answer: %v", err)
	}
	return vs
}

// TestAxe runs axe-core on the playground with results in each view, in
// both themes, and on an open dialog: no serious or critical violation.
// It writes what it found to docs/accessibility.md's table when
// FLINKPLAY_AXE_DOC is set.
func TestAxe(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.runAll()
	p.stop()
	var report []string
	check := func(where string) {
		vs := p.runAxe()
		var serious []string
		for _, v := range vs {
			line := fmt.Sprintf("| %s | %s | `%s` | %d | %s |", where, v.Impact, v.ID, v.Nodes, v.Help)
			report = append(report, line)
			if v.Impact == "serious" || v.Impact == "critical" {
				serious = append(serious, fmt.Sprintf("%s (%s, %d nodes, e.g. %s): %s", v.ID, v.Impact, v.Nodes, v.Target, v.Help))
			}
		}
		if len(vs) == 0 {
			report = append(report, fmt.Sprintf("| %s | — | none | 0 | |", where))
		}
		if len(serious) > 0 {
			t.Errorf("%s: axe-core found serious or critical violations:\n  %s", where, strings.Join(serious, "\n  "))
		}
	}
	for _, view := range []string{"tableau", "changelog", "table"} {
		p.click("view-" + view)
		// The view rendered (a slow browser takes its time), then checked.
		ready := `(() => { const g = document.getElementById('grid'); return !!g && g.getAttribute('aria-colcount') !== null && !!g.querySelector('tbody tr[aria-rowindex]'); })()`
		if view == "tableau" {
			ready = `(() => { const t = document.getElementById('tableau'); return !!t && !!t.getAttribute('aria-label'); })()`
		}
		waitFor[bool](p, "the "+view+" view", ready, 10*time.Second)
		time.Sleep(200 * time.Millisecond)
		check("light, " + view + " view")
		switch view {
		case "tableau":
			if got := eval[string](p, "the tableau's text alternative", `document.getElementById('tableau').getAttribute('role') + ': ' + document.getElementById('tableau').getAttribute('aria-label')`); !strings.HasPrefix(got, "img: Results in the SQL client's text format: 2 columns (id, name), ") {
				t.Errorf("tableau: %q, want an image of text with its alternative", got)
			}
		case "changelog":
			// The grid says how many rows and columns it has, and each
			// row its index, though only the visible rows are in the DOM.
			// A slow browser renders the view after the check above
			// began: wait for it, then say what it shows.
			const semantics = `(() => { const g = document.getElementById('grid'); const rows = [...g.querySelectorAll('tbody tr[aria-rowindex]')];
  return g.getAttribute('role') + ' ' + g.getAttribute('aria-colcount') + ' ' + (Number(g.getAttribute('aria-rowcount')) === JSON.parse(window.flinkplay.state()).received + 1) + ' ' + (rows.length > 0 && Number(rows[0].getAttribute('aria-rowindex')) >= 2); })()`
			_, _ = tryWait[bool](p, semantics+` === 'grid 3 true true'`, 5*time.Second)
			if got := eval[string](p, "grid semantics", semantics); got != "grid 3 true true" {
				t.Errorf("changelog grid: %q, want role grid, 3 columns (op, id, name), a row count of the rows received plus the header, and row indexes", got)
			}
		}
	}
	// The chart view, and a notebook's result tabs.
	p.setScript("-- %% Counts\nSELECT product, SUM(n) AS total FROM (VALUES ('pear', 3), ('apple', 5), ('pear', 4)) AS t(product, n) GROUP BY product;\n")
	p.click("view-chart")
	waitFor[bool](p, "the Run cell button", `!!document.querySelector('#editor .cm-run-cell')`, 5*time.Second)
	p.do("run the cell", 5*time.Second, chromedp.Click(chromedp.CSS(`#editor .cm-run-cell`)))
	waitFor[bool](p, "the chart", `(document.getElementById('chart').flinkChartData?.labels || []).length === 2 && !!document.getElementById('cell-tab-1')`, 20*time.Second)
	check("light, chart view of a cell")
	p.click("view-table")
	p.click("theme")
	// The rows the cell's run just changed are highlighted for a moment;
	// the check is of the table at rest.
	time.Sleep(1500 * time.Millisecond)
	check("dark, table view")
	// The graph and the timeline of a run over event time, and Why (the
	// script's results, not the cell's).
	p.click("cell-tab-script")
	p.setScript("CREATE TABLE T (id INT, ts AS TO_TIMESTAMP_LTZ(id * 1000, 3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'number-of-rows' = '20', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '20');\n" +
		"SELECT window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE T, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end;\n")
	p.click("view-timeline")
	p.click("run-all")
	waitFor[bool](p, "the timeline", `(document.getElementById('timeline').flinkTimelineData?.points || []).length === 20`, 20*time.Second)
	check("dark, timeline view")
	p.click("view-graph")
	waitFor[bool](p, "the graph", `!!document.querySelector('#graph .graph-node')`, 20*time.Second)
	check("dark, graph view")
	p.click("why-toggle")
	waitFor[bool](p, "Why", `!document.getElementById('why').classList.contains('hidden')`, 5*time.Second)
	check("dark, changelog view with Why")
	p.click("why-toggle")
	p.click("share")
	waitFor[bool](p, "the dialog", `!document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	check("dark, Share dialog")
	p.click("dialog-close")
	waitFor[bool](p, "the dialog to close", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	p.click("help")
	waitFor[bool](p, "the shortcuts", `document.getElementById('dialog-title').textContent === 'Keyboard shortcuts'`, 5*time.Second)
	check("dark, Keyboard shortcuts dialog")
	p.click("dialog-close")
	waitFor[bool](p, "the dialog to close", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	p.do("phone", 5*time.Second, chromedp.EmulateViewport(390, 780, chromedp.EmulateTouch))
	p.click("more")
	waitFor[bool](p, "the More menu", `document.getElementById('more').getAttribute('aria-expanded') === 'true'`, 5*time.Second)
	check("dark, 390 px, More menu open")
	t.Logf("axe-core:\n%s", strings.Join(report, "\n"))
	if os.Getenv("FLINKPLAY_AXE_DOC") != "" {
		writeAxeDoc(t, report)
	}
}

// writeAxeDoc rewrites the results table of docs/accessibility.md.
func writeAxeDoc(t *testing.T, rows []string) {
	t.Helper()
	path := filepath.Join("..", "..", "docs", "accessibility.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("docs/accessibility.md: %v", err)
	}
	const begin, end = "<!-- axe begin -->\n", "<!-- axe end -->"
	s := string(doc)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("docs/accessibility.md has no %q ... %q section", strings.TrimSpace(begin), end)
	}
	table := "| where | impact | rule | nodes | what |\n|---|---|---|---:|---|\n" + strings.Join(rows, "\n") + "\n"
	s = s[:i+len(begin)] + table + s[j:]
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

//go:build !(js && wasm)

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// statementList is the History dialog's statements, as "title | summary"
// lines.
const statementList = `[...document.querySelectorAll('#statement-list .pick')].map(b => b.querySelector('.pick-name').textContent + ' | ' + b.querySelector('.pick-desc').textContent).join('\n')`

// TestStatementHistory: every statement run is recorded with its time,
// duration and how it ended; the list survives a reload and is searched;
// ↑ and ↓ in an empty editor walk it; Ctrl+R opens it; a pick adds the
// statement to the end of the script.
func TestStatementHistory(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	p.setScript("CREATE TABLE Hist (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '5');\nSELECT id FROM Hist;\n")
	p.click("run-all")
	waitFor[bool](p, "the run to end", `(() => { const s = JSON.parse(window.flinkplay.state()); return !s.running && s.received === 5; })()`, 20*time.Second)
	p.setScript("SELECT nope FROM Hist;\n")
	p.click("run")
	waitFor[bool](p, "the error", `JSON.parse(window.flinkplay.state()).error !== ''`, 20*time.Second)
	p.setScript("CREATE TABLE Endless (id INT) WITH ('connector' = 'datagen');\nSELECT * FROM Endless;\n")
	p.runAll()
	time.Sleep(700 * time.Millisecond)
	p.stop()

	p.click("history")
	waitFor[bool](p, "the statements", `document.querySelectorAll('#statement-list .pick').length === 5 && document.activeElement.id === 'history-search'`, 5*time.Second)
	got := eval[string](p, "the statement list", statementList)
	lines := strings.Split(got, "\n")
	wants := []struct{ title, summary string }{
		{"SELECT * FROM Endless |", " rows · cancelled"},
		{"CREATE TABLE Endless (id INT) WITH ('connector' = 'datagen') |", " s · done"},
		{"SELECT nope FROM Hist |", "failed: "},
		{"SELECT id FROM Hist |", " s · 5 rows · done"},
		{"CREATE TABLE Hist (id INT)", " s · done"},
	}
	for i, w := range wants {
		if i >= len(lines) || !strings.HasPrefix(lines[i], w.title) || !strings.Contains(lines[i], w.summary) {
			t.Errorf("history line %d: want %q ... %q in\n%s", i+1, w.title, w.summary, got)
		}
	}
	if !strings.Contains(lines[2], "Column 'nope' not found") {
		t.Errorf("the failed statement's line says no why: %q", lines[2])
	}
	p.shotWidths("statements")

	// The search box filters, every word.
	p.do("search", 5*time.Second, chromedp.SendKeys(chromedp.CSS("#history-search"), "hist select"))
	waitFor[bool](p, "the search", `document.querySelectorAll('#statement-list .pick').length === 2`, 5*time.Second)
	p.shot("search")
	p.click("history-scripts")
	waitFor[bool](p, "the scripts", `!!document.getElementById('history-list') && !document.getElementById('statement-list')`, 5*time.Second)
	p.click("dialog-close")

	// After a reload it is all there still.
	p.do("reload", 30*time.Second, chromedp.Reload())
	p.load()
	p.click("history")
	waitFor[bool](p, "the statements after a reload", `document.querySelectorAll('#statement-list .pick').length === 5`, 5*time.Second)
	if again := eval[string](p, "the statement list", statementList); again != got {
		t.Errorf("after a reload the history is\n%s\nwant\n%s", again, got)
	}
	p.click("dialog-close")
	// Closing gives the focus back to History (static/dom.js), after the
	// dialog is hidden: wait for it, or it takes the focus from the editor.
	waitFor[bool](p, "the dialog to close", `document.getElementById('dialog').classList.contains('hidden') && document.activeElement.id === 'history'`, 5*time.Second)

	// ↑ in an empty editor brings statements back, newest first; ↓ goes
	// forward, past the newest to an empty editor.
	p.setScript("")
	p.do("focus the editor", 5*time.Second, chromedp.Click(chromedp.CSS("#editor .cm-content")))
	key := func(k string) string {
		p.do("key", 5*time.Second, chromedp.KeyEvent(k))
		time.Sleep(100 * time.Millisecond)
		return eval[string](p, "the script", `window.flinkplay.getText()`)
	}
	steps := []struct{ key, want string }{
		{kb.ArrowUp, "SELECT * FROM Endless;"},
		{kb.ArrowUp, "CREATE TABLE Endless (id INT) WITH ('connector' = 'datagen');"},
		{kb.ArrowUp, "SELECT nope FROM Hist;"},
		{kb.ArrowDown, "CREATE TABLE Endless (id INT) WITH ('connector' = 'datagen');"},
		{kb.ArrowDown, "SELECT * FROM Endless;"},
		{kb.ArrowDown, ""},
	}
	for i, s := range steps {
		if got := key(s.key); got != s.want {
			t.Errorf("step %d: the editor holds %q, want %q", i+1, got, s.want)
		}
	}
	// Edited, it is the reader's own text: the arrows move the cursor.
	key(kb.ArrowUp)
	key(kb.End)
	p.do("type", 5*time.Second, chromedp.KeyEvent(" -- mine"))
	if got := key(kb.ArrowUp); got != "SELECT * FROM Endless; -- mine" {
		t.Errorf("↑ in an edited statement replaced it: %q", got)
	}

	// Ctrl+R opens the statements, with the focus in the search box; a
	// pick goes to the end of the script.
	p.do("ctrl+r", 5*time.Second, chromedp.KeyEvent("r", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	waitFor[bool](p, "the History dialog", `document.getElementById('dialog-title').textContent === 'History' && document.activeElement.id === 'history-search'`, 5*time.Second)
	p.do("pick", 5*time.Second, chromedp.Click(chromedp.CSS(`#statement-list .pick[data-index="3"]`)))
	waitFor[bool](p, "the pick", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	if got := eval[string](p, "the script", `window.flinkplay.getText()`); got != "SELECT * FROM Endless; -- mine\n\nSELECT id FROM Hist;\n" {
		t.Errorf("after the pick the script is %q", got)
	}
	p.shot("picked")
}

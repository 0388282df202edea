//go:build !(js && wasm)

package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// seedScript is the playground's default content (cmd/flinkplay.SeedScript).
const seedScript = `CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');
SELECT * FROM MySource;
`

// runawayScript never throttles: the engine produces as fast as it can, so
// only the worker boundary keeps the page alive.
const runawayScript = `CREATE TABLE Runaway (id INT, name STRING) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '100000000'
);
SELECT * FROM Runaway;
`

// restartNotice is what the page says after it restarted a dead engine.
const restartNotice = "The engine stopped and was restarted; your script is kept."

// appState is window.flinkplay.state().
type appState struct {
	Running  bool   `json:"running"`
	Received int64  `json:"received"`
	Dropped  int64  `json:"dropped"`
	View     string `json:"view"`
	Error    any    `json:"error"`
}

// load navigates to the playground and waits until the app and its editor
// are mounted.
func (p *page) load() {
	p.t.Helper()
	p.do("open the playground", 30*time.Second,
		chromedp.Navigate(p.base+"/"),
		chromedp.WaitVisible(chromedp.ID("app")))
	waitFor[bool](p, "the app and its editor",
		`typeof window.flinkplay?.state === 'function' && !!document.querySelector('#editor .cm-editor') && !!document.getElementById('run-all')`,
		20*time.Second)
	waitFor[bool](p, "the engine to be ready", engineReady, 30*time.Second)
}

// engineReady is true once the worker said ready: state().ready where the
// app reports it, else the status line has left "Starting the engine…"
// (a click on Run before that only says "try again").
const engineReady = `(() => {
  const s = JSON.parse(window.flinkplay.state());
  if (typeof s.ready === 'boolean') return s.ready;
  const st = document.getElementById('status')?.textContent || '';
  return st !== '' && !/starting the engine/i.test(st);
})()`

func (p *page) state() appState {
	p.t.Helper()
	return eval[appState](p, "window.flinkplay.state()", `JSON.parse(window.flinkplay.state())`)
}

func (p *page) text(id string) string {
	p.t.Helper()
	return eval[string](p, "text of #"+id, `document.getElementById(`+jsString(id)+`)?.textContent ?? ''`)
}

// shown reports whether the element exists, is not hidden and has a box.
func (p *page) shown(id string) bool {
	p.t.Helper()
	return eval[bool](p, "is #"+id+" shown", `(() => { const e = document.getElementById(`+jsString(id)+`);
  return !!e && !e.hidden && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'; })()`)
}

// setScript replaces the editor text through the app's test API.
func (p *page) setScript(s string) {
	p.t.Helper()
	eval[bool](p, "window.flinkplay.setText", `(window.flinkplay.setText(`+jsString(s)+`), true)`)
	waitFor[bool](p, "the editor to hold the new script", `window.flinkplay.getText() === `+jsString(s), 5*time.Second)
}

func (p *page) click(id string) {
	p.t.Helper()
	p.do("click #"+id, 10*time.Second, chromedp.Click(chromedp.ID(id)))
}

// runAll clicks Run all and waits until at least one row arrived.
func (p *page) runAll() {
	p.t.Helper()
	p.click("run-all")
	waitFor[bool](p, "rows to arrive", `(() => { const s = JSON.parse(window.flinkplay.state()); return s.running && s.received > 0; })()`, 20*time.Second)
}

// stop clicks Stop and returns how long the page took, from the click
// event, to say it stopped.
func (p *page) stop() time.Duration {
	p.t.Helper()
	p.click("stop")
	ms := waitFor[float64](p, "the query to stop", `JSON.parse(window.flinkplay.state()).running ? 0 : `+sinceClick("stop"), 5*time.Second)
	return time.Duration(ms * float64(time.Millisecond))
}

// ping clicks the side panel's tab that is not active (Catalog or Files),
// a real control whose answer is a Vugu render, and returns how long the
// page took, from the click event, to show that tab active.
func (p *page) ping(within time.Duration) (time.Duration, error) {
	p.t.Helper()
	files, err := tryEval[bool](p, `document.getElementById('side-files').classList.contains('active')`)
	if err != nil {
		return 0, fmt.Errorf("the page does not answer: %w", err)
	}
	id := "side-files"
	if files {
		id = "side-catalog"
	}
	if err := tryDo(p, within+5*time.Second, chromedp.Click(chromedp.ID(id))); err != nil {
		return 0, fmt.Errorf("the page did not take the click: %w", err)
	}
	ms, err := tryWait[float64](p, `document.getElementById(`+jsString(id)+`).classList.contains('active') ? `+sinceClick(id)+` : 0`, within)
	if err != nil {
		return 0, fmt.Errorf("#%s did not become active within %v: %w", id, within, err)
	}
	return time.Duration(ms * float64(time.Millisecond)), nil
}

// TestColdLoad opens the playground in a fresh profile: the seed example is
// in the editor, the controls are there, and no error shows.
func TestColdLoad(t *testing.T) {
	p := open(t, 90*time.Second)
	start := time.Now()
	p.load()
	t.Logf("app mounted and engine ready %v after Navigate", time.Since(start).Round(time.Millisecond))
	p.shot("loaded")

	text := eval[string](p, "window.flinkplay.getText", `window.flinkplay.getText()`)
	if !strings.Contains(text, "CREATE TABLE MySource") || !strings.Contains(text, "SELECT * FROM MySource") {
		p.fatalf("the default script is not the seed example:\n%s", text)
	}
	for _, id := range []string{"editor", "run", "run-all", "stop", "view-tableau", "view-changelog", "view-table", "results", "status", "catalog", "examples", "history", "reset"} {
		if !eval[bool](p, "#"+id, `!!document.getElementById(`+jsString(id)+`)`) {
			p.fatalf("#%s is missing", id)
		}
	}
	if p.shown("error") {
		p.fatalf("#error shows on a cold load: %q", p.text("error"))
	}
	if p.shown("dropped") {
		p.fatalf("#dropped shows with nothing dropped: %q", p.text("dropped"))
	}
	if n := eval[int](p, "editors", `document.querySelectorAll('#editor .cm-editor').length`); n != 1 {
		p.fatalf("#editor holds %d CodeMirror editors, want 1", n)
	}
	// A recovered panic keeps the page alive but is still a bug.
	for _, m := range p.console() {
		if strings.Contains(m, "panic") || strings.Contains(m, "Uncaught") {
			p.fatalf("the browser console reports a failure on a cold load:\n%s", m)
		}
	}
}

// TestSeedViews runs the seed example and reads +I rows in the tableau, the
// changelog and the table view.
func TestSeedViews(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.setScript(seedScript)
	p.runAll()
	p.shot("running")

	p.click("view-tableau")
	waitFor[bool](p, "#view-tableau to be active", `document.getElementById('view-tableau').classList.contains('active')`, 5*time.Second)
	tab := waitFor[string](p, "a +I line in #tableau", `(() => { const s = document.getElementById('tableau')?.textContent || ''; return s.includes('| +I |') ? s : ''; })()`, 10*time.Second)
	p.shot("tableau")
	if !regexp.MustCompile(`(?m)^\| \+I \| +-?\d+ \| .+ \|$`).MatchString(tab) {
		p.fatalf("no tableau row looks like | +I | <int> | <name> |:\n%.600s", tab)
	}
	// Only the visible lines are in the DOM and the view follows the tail;
	// scrolling to the top shows Flink's header (and pauses following).
	eval[bool](p, "scroll the results to the top", `(() => {
  for (const id of ['results', 'tableau']) { const e = document.getElementById(id); if (e) { e.scrollTop = 0; e.dispatchEvent(new Event('scroll')); } }
  return true; })()`)
	tab = waitFor[string](p, "the tableau header after scrolling to the top", `(() => { const s = document.getElementById('tableau')?.textContent || ''; return s.includes('| op |') ? s : ''; })()`, 5*time.Second)
	p.shot("tableau-top")
	for _, want := range []string{"| op |", "id |", "name |"} {
		if !strings.Contains(tab, want) {
			p.fatalf("tableau lacks the header %q:\n%.600s", want, tab)
		}
	}
	if !regexp.MustCompile(`(?m)^\+-{4}\+-+\+-+\+$`).MatchString(tab) {
		p.fatalf("tableau lacks Flink's border line +----+---...+:\n%.600s", tab)
	}

	p.click("view-changelog")
	waitFor[bool](p, "#view-changelog to be active", `document.getElementById('view-changelog').classList.contains('active')`, 5*time.Second)
	n := waitFor[int](p, `#grid rows with data-op="+I"`, `document.querySelectorAll('#grid tbody tr[data-op="+I"]').length`, 10*time.Second)
	p.shot("changelog")
	if bad := eval[int](p, "rows of other kinds", `document.querySelectorAll('#grid tbody tr:not(.spacer):not([data-op="+I"])').length`); bad != 0 {
		p.fatalf("an insert-only query shows %d grid rows whose data-op is not +I", bad)
	}
	t.Logf("changelog view: %d +I rows in the DOM", n)

	p.click("view-table")
	waitFor[bool](p, "#view-table to be active", `document.getElementById('view-table').classList.contains('active')`, 5*time.Second)
	cells := waitFor[[]string](p, "a table view row", `(() => { const r = document.querySelector('#grid tbody tr:not(.spacer)'); return r ? [...r.cells].map((c) => c.textContent) : null; })()`, 10*time.Second)
	p.shot("table")
	if len(cells) < 2 {
		p.fatalf("a table view row has %d cells %q, want id and name", len(cells), cells)
	}
	if active := eval[int](p, "active view buttons", `document.querySelectorAll('#view-tableau.active, #view-changelog.active, #view-table.active').length`); active != 1 {
		p.fatalf("%d view buttons are active, want 1", active)
	}
	if st := p.state(); st.View == "" || st.Received == 0 {
		p.fatalf("state() = %+v, want a view and received rows", st)
	}
	p.stop()
}

// TestStop stops the seed query: the page says so and no rows arrive after.
func TestStop(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	p.setScript(seedScript)
	p.runAll()
	waitFor[bool](p, "some rows", `JSON.parse(window.flinkplay.state()).received >= 100`, 10*time.Second)
	took := p.stop()
	t.Logf("Stop click to state().running == false: %v (in the page)", took.Round(time.Millisecond))
	p.shot("stopped")
	if took > 2*time.Second {
		p.fatalf("the page took %v to stop the query", took)
	}
	status := waitFor[string](p, "#status to say it stopped", `(() => { const s = document.getElementById('status')?.textContent || ''; return /stop|cancel|terminat/i.test(s) ? s : ''; })()`, 3*time.Second)
	t.Logf("status: %q", status)
	if tab := p.text("tableau"); !strings.Contains(tab, "Query terminated, received a total of") {
		t.Logf("note: the tableau does not end with Flink's footer \"Query terminated, received a total of N rows\"")
	}
	before := p.state().Received
	time.Sleep(1500 * time.Millisecond)
	if after := p.state(); after.Received != before || after.Running {
		p.fatalf("after Stop: received %d then %d, running=%v", before, after.Received, after.Running)
	}
	p.shot("still-stopped")
}

// TestResultsFillATallerWindow scrolls a long result to its top and makes
// the browser window taller than the rows rendered around the viewport:
// the rows the results now show are rendered, with no scroll to ask.
func TestResultsFillATallerWindow(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	p.setScript(`CREATE TABLE Numbers (n INT) WITH (
  'connector' = 'datagen', 'number-of-rows' = '300',
  'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '300'
);
SELECT n FROM Numbers;
`)
	p.click("run-all")
	waitFor[bool](p, "the run to end", `(() => { const s = JSON.parse(window.flinkplay.state()); return !s.running && s.received === 300; })()`, 20*time.Second)
	// The last rows' render, which follows the tail, must land before the
	// scroll to the top: a pending one, flushed by its timer before the
	// browser dispatches the scroll event, would take the results back
	// to the bottom (seen once in CI).
	waitFor[bool](p, "the last rows rendered", `!flinkplayDOM.pending && document.getElementById('tableau').textContent.includes('|         300 |')`, 5*time.Second)
	eval[bool](p, "scroll the results to the top", `(document.getElementById('results').scrollTop = 0, true)`)
	waitFor[bool](p, "the first rows", `document.getElementById('tableau').textContent.includes('|           1 |')`, 5*time.Second)
	p.do("make the window taller", 5*time.Second, chromedp.EmulateViewport(1280, 2400))
	// Rows 1 to about 70 now show; the window rendered before reached
	// row 45 or so.
	covered := `(() => { const r = document.getElementById('results'), t = document.getElementById('tableau');
  if (r.clientHeight < 1000) return false;
  const last = t.textContent.split('\n').filter((l) => l.startsWith('| +I |')).pop() || '';
  const n = parseInt(last.split('|')[2], 10) || 0;
  return (n + 6) * 18 >= r.clientHeight; })()`
	waitFor[bool](p, "rows down to the bottom of the taller results", covered, 5*time.Second)
	p.shot("taller-window")
}

// editorErrorLines is the 1-based lines of the editor that carry an error
// diagnostic: an underline (.cm-lintRange-error, or the point marker of an
// empty range) in a line, or a marker in the lint gutter.
const editorErrorLines = `(() => {
  const lines = [...document.querySelectorAll('#editor .cm-content .cm-line')];
  const found = new Set();
  for (const m of document.querySelectorAll('#editor .cm-lintRange-error, #editor .cm-lintPoint-error')) {
    const i = lines.indexOf(m.closest('.cm-line'));
    if (i >= 0) found.add(i + 1);
  }
  for (const m of document.querySelectorAll('#editor .cm-lint-marker-error')) {
    const y = m.getBoundingClientRect().top + 2;
    const i = lines.findIndex((l) => { const r = l.getBoundingClientRect(); return y >= r.top && y < r.bottom; });
    if (i >= 0) found.add(i + 1);
  }
  return [...found].sort((a, b) => a - b);
})()`

// TestSyntaxError shows a parse error as Flink prints it, with the
// script's line (Flink's message counts lines within the statement; the
// page shows the editor's), and underlines the line where it is.
func TestSyntaxError(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	script := "CREATE TABLE T (id INT) WITH ('connector' = 'datagen');\n\nSELECT id,\nFROM T;\n"
	p.setScript(script)
	p.click("run-all")
	msg := waitFor[string](p, "the error", `(() => { const t = window.flinkplay.transcript(); return t.includes('Exception') ? t : ''; })()`, 20*time.Second)
	p.shot("error")
	for _, want := range []string{
		"org.apache.flink.sql.parser.impl.ParseException",
		`Incorrect syntax near the keyword 'FROM' at line 4, column 1.`,
	} {
		if !strings.Contains(msg, want) {
			p.fatalf("the transcript lacks %q:\n%s", want, msg)
		}
	}
	lines := waitFor[[]int](p, "an error diagnostic in the editor", guardList(editorErrorLines), 5*time.Second)
	if len(lines) != 1 || lines[0] != 4 {
		p.fatalf("editor error diagnostics on lines %v, want [4] (FROM T;)", lines)
	}
	if st := p.state(); st.Running {
		p.fatalf("state() = %+v after a failed run, want running false", st)
	}
}

// guardList makes an expression that returns an empty list read as "not
// yet" in a poll.
func guardList(expr string) string {
	return `(() => { const v = ` + expr + `; return v && v.length ? v : null; })()`
}

// TestUnsupportedOption shows Flink's error for an unknown datagen option.
func TestUnsupportedOption(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	p.setScript("CREATE TABLE T (id INT) WITH ('connector' = 'datagen', 'no-such-option' = '1');\nSELECT * FROM T;\n")
	p.click("run-all")
	msg := waitFor[string](p, "the error", `(() => { const t = window.flinkplay.transcript(); return t.includes('Unsupported') ? t : ''; })()`, 20*time.Second)
	p.shot("error")
	for _, want := range []string{
		"org.apache.flink.table.api.ValidationException: Unsupported options found for 'datagen'.",
		"Unsupported options:",
		"no-such-option",
		"Supported options:",
		"rows-per-second",
	} {
		if !strings.Contains(msg, want) {
			p.fatalf("the transcript lacks %q:\n%s", want, msg)
		}
	}
}

// TestReloadKeepsScript edits the script by typing, reloads, and finds the
// same text in the editor.
func TestReloadKeepsScript(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	p.setScript("SELECT 1;\n")
	// Typing goes through CodeMirror's own input path, as a person's does.
	p.do("type into the editor", 10*time.Second,
		chromedp.Click(chromedp.CSS("#editor .cm-content")),
		chromedp.KeyEvent("\n-- kept across reloads"))
	want := waitFor[string](p, "the typed text", `(() => { const s = window.flinkplay.getText(); return s.includes('-- kept across reloads') ? s : ''; })()`, 5*time.Second)
	p.shot("typed")
	// The page saves on a debounce; give it time, as a person would.
	time.Sleep(1500 * time.Millisecond)
	p.do("reload", 30*time.Second, chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("app")))
	p.load()
	p.shot("reloaded")
	got, err := tryWait[string](p, `(() => { const s = window.flinkplay.getText(); return s.includes('kept across reloads') ? s : ''; })()`, 5*time.Second)
	if err != nil || got != want {
		p.fatalf("after a reload the editor holds %q, want %q (%v)", eval[string](p, "getText", `window.flinkplay.getText()`), want, err)
	}
	if !strings.Contains(eval[string](p, "the editor's DOM", `document.querySelector('#editor .cm-content').textContent`), "kept across reloads") {
		p.fatalf("getText() has the script but the editor does not show it")
	}

	// Reset restores the default script.
	p.click("reset")
	waitFor[bool](p, "the seed example after Reset", `window.flinkplay.getText().includes('CREATE TABLE MySource')`, 5*time.Second)
	p.shot("reset")
}

// TestRunawayQuery streams an unthrottled query and checks that the page
// still answers clicks in every view, that rows keep arriving, and that
// Stop works.
func TestRunawayQuery(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.setScript(runawayScript)
	p.runAll()
	time.Sleep(time.Second) // let it reach full speed
	p.shot("running")

	// A person switches views while it runs; each view must stay usable.
	for _, view := range []string{"tableau", "changelog", "table"} {
		if err := tryDo(p, 10*time.Second, chromedp.Click(chromedp.ID("view-"+view))); err != nil {
			p.fatalf("the page did not take a click on #view-%s within 10 s while the query ran: %v", view, err)
		}
		var times []string
		for i := range 4 {
			took, err := p.ping(2 * time.Second)
			if err != nil {
				p.fatalf("%s view, click %d on a side tab while the query ran: %v", view, i+1, err)
			}
			times = append(times, took.Round(time.Millisecond).String())
			time.Sleep(250 * time.Millisecond)
		}
		t.Logf("%s view: side tab click to its render while streaming: %s", view, strings.Join(times, ", "))
		p.shot("running-" + view)
	}
	a := p.state()
	time.Sleep(time.Second)
	b := p.state()
	t.Logf("received %d rows/s while the page answered", b.Received-a.Received)
	if !b.Running || b.Received <= a.Received {
		p.fatalf("the query stopped making progress: %+v then %+v", a, b)
	}
	p.shot("still-running")
	took := p.stop()
	t.Logf("Stop of the runaway query took %v", took.Round(time.Millisecond))
	p.shot("stopped")
}

// TestEngineRestart kills the engine's worker while a query runs: the page
// starts a new one, says so, keeps the script, and runs it again.
func TestEngineRestart(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.setScript(seedScript)
	p.runAll()
	p.shot("running")
	// instrument keeps every Worker the page starts; kill the newest as a
	// crash would, and fire the error event a crash fires.
	workers := eval[int](p, "kill the engine", `(() => {
  const ws = window.__e2e.workers;
  if (!ws.length) return 0;
  const n = ws.length, w = ws[n - 1];
  w.terminate();
  w.dispatchEvent(new ErrorEvent('error', {message: 'e2e: the engine was killed'}));
  return n;
})()`)
	if workers == 0 {
		p.fatalf("the page started no Worker (new Worker(\"engine-worker.js\"))")
	}
	waitFor[bool](p, "the restart notice", `(document.getElementById('notice')?.textContent || '').includes(`+jsString(restartNotice)+`)`, 10*time.Second)
	p.shot("restarted")
	waitFor[bool](p, "a new Worker", fmt.Sprintf(`window.__e2e.workers.length > %d`, workers), 5*time.Second)
	waitFor[bool](p, "the query to end", `!JSON.parse(window.flinkplay.state()).running`, 5*time.Second)
	waitFor[bool](p, "the new engine to be ready", engineReady, 30*time.Second)
	if got := eval[string](p, "getText", `window.flinkplay.getText()`); got != seedScript {
		p.fatalf("after the restart the editor holds %q, want the script %q", got, seedScript)
	}
	p.runAll()
	p.shot("running-again")
	p.stop()
}

// TestTimeZone sets an IANA zone, whose TZif file the worker fetches on
// demand (engine.wasm embeds no zone database), and a zone that does not
// exist, which fails as in Flink.
func TestTimeZone(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	p.setScript("SET 'table.local-time-zone' = 'Asia/Tokyo';\nSELECT TO_TIMESTAMP_LTZ(0, 3) AS t;\n")
	p.click("run-all")
	waitFor[bool](p, "the Tokyo time in #results", `(() => { const e = document.getElementById('results'); return !!e && e.textContent.includes('1970-01-01 09:00:00.000'); })()`, 20*time.Second)
	p.setScript("SET 'table.local-time-zone' = 'Nowhere/Land';\n")
	p.click("run-all")
	msg := waitFor[string](p, "#error", `(() => { const e = document.getElementById('error'); return e && !e.hidden && e.textContent.includes('Exception') ? e.textContent : ''; })()`, 20*time.Second)
	if want := "Invalid time zone."; !strings.Contains(msg, want) {
		p.fatalf("#error lacks %q:\n%s", want, msg)
	}
}

// TestRunWhileTheEngineStarts presses Run all before the engine is ready
// (engine.wasm is held back 6 s): the page says the run waits, and the rows
// come once the engine is up. Stop before then ends the run at once, and
// the next Run works.
func TestRunWhileTheEngineStarts(t *testing.T) {
	engineDelay.Store(int64(6 * time.Second))
	t.Cleanup(func() { engineDelay.Store(0) })
	p := open(t, 90*time.Second)
	p.do("open the playground", 30*time.Second, chromedp.Navigate(p.base+"/"))
	waitFor[bool](p, "the app and its editor",
		`typeof window.flinkplay?.state === 'function' && !!document.querySelector('#editor .cm-editor') && !!document.getElementById('run-all')`,
		20*time.Second)
	if eval[bool](p, "state().ready", `JSON.parse(window.flinkplay.state()).ready`) {
		p.fatalf("the engine is ready although engine.wasm is held back")
	}
	p.setScript(seedScript)
	p.click("run-all")
	status := waitFor[string](p, "#status to say the run waits", `(() => { const s = document.getElementById('status')?.textContent || ''; return /runs as soon as it is ready/.test(s) ? s : ''; })()`, 5*time.Second)
	t.Logf("status while the engine starts: %q", status)
	p.shot("run-waits-for-the-engine")
	// Stop before the engine is ready: the run ends in the page.
	took := p.stop()
	if took > 2*time.Second {
		p.fatalf("Stop took %v while the engine started", took)
	}
	p.click("run-all")
	waitFor[bool](p, "the engine to be ready", engineReady, 30*time.Second)
	// The model counts rows as they arrive; the tableau draws them at the
	// next animation frame, so the test waits for the drawn line itself.
	waitFor[string](p, "a +I line of the queued run in #tableau", `(() => { const s = document.getElementById('tableau')?.textContent || ''; return s.includes('| +I |') ? s : ''; })()`, 20*time.Second)
	p.shot("queued-run-streams")
	p.stop()
}

// TestDroppedNotice: past the changes the page keeps, the results bar says
// so beside the status line, and neither pushes the page wider than the
// window (the notice used to overflow it by its own width, with the status
// squeezed to nothing).
func TestDroppedNotice(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.setScript(unthrottledSeed)
	p.runAll()
	waitFor[bool](p, "changes dropped", `JSON.parse(window.flinkplay.state()).dropped > 0`, 60*time.Second)
	// The engine's memory comes with its progress (engine-worker.js).
	if mem := eval[float64](p, "the engine's memory", `JSON.parse(window.flinkplay.state()).engineMemory`); mem < 1<<20 {
		p.fatalf("the engine's memory reads %.0f bytes", mem)
	}
	waitFor[bool](p, "the notice", `!document.getElementById('dropped').classList.contains('hidden')`, 5*time.Second)
	if got := p.text("dropped"); got != "last 100,000 changes kept" {
		p.fatalf("#dropped reads %q", got)
	}
	if got := eval[string](p, "the notice's title", `document.getElementById('dropped').title`); !strings.HasPrefix(got, "The page keeps the last 100,000 changes of this query") {
		p.fatalf("#dropped's title is %q", got)
	}
	if over := eval[float64](p, "overflow", `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
		p.fatalf("the page is %.0f px wider than its window", over)
	}
	if w := eval[float64](p, "the status line's width", `document.getElementById('status').getBoundingClientRect().width`); w < 40 {
		p.fatalf("the status line is %.0f px wide beside the notice", w)
	}
	p.shot("dropped")
	p.stop()
}

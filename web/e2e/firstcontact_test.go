//go:build !(js && wasm)

package e2e

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/flinkplay/flinkplay/web/state"
)

// What a new user meets in the first five minutes: the first click, their
// own text, errors, slow work, an upload, and Stop.

// setCursor puts the editor's cursor at byte offset off of its text.
func (p *page) setCursor(off int) {
	p.t.Helper()
	eval[bool](p, "set the cursor", fmt.Sprintf(`(() => {
  const ed = document.getElementById('editor').__flinkEditor;
  const text = ed.getText();
  const pos = new TextDecoder().decode(new TextEncoder().encode(text).slice(0, %d)).length;
  ed.setCursor(pos); return true; })()`, off))
}

// typeText types s at the end of the editor's text, through CodeMirror's
// own input path, as a person does.
func (p *page) typeText(s string) {
	p.t.Helper()
	eval[bool](p, "the cursor to the end", `(() => { const ed = document.getElementById('editor').__flinkEditor; ed.setCursor(ed.getText().length); ed.focus(); return true; })()`)
	p.do("type into the editor", 10*time.Second, chromedp.KeyEvent(s))
	waitFor[bool](p, "the typed text", `window.flinkplay.getText().endsWith(`+jsString(s)+`)`, 5*time.Second)
}

// visibleText is the text a person sees in the results area and above it:
// the error box, the notice and the tableau, but no hidden element.
const visibleText = `(() => {
  const seen = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none';
  return ['notice', 'pace', 'error', 'tableau'].map((id) => document.getElementById(id)).filter(seen).map((e) => e.textContent).join('\n');
})()`

// underlined returns the texts the editor underlines as errors.
const underlined = `[...document.querySelectorAll('#editor .cm-lintRange-error')].map((e) => e.textContent)`

// TestFirstClickShowsRows: on a fresh load the most prominent run control
// runs the seed script and shows its +I rows; a second click runs it again
// in a fresh session (no TableAlreadyExistException); the statement at the
// cursor runs in the current session, and where that session lacks a table
// the script defines above, the page says how to get it.
func TestFirstClickShowsRows(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.shot("fresh")
	primary := eval[string](p, "the primary run control", `(() => { const b = document.querySelector('.toolbar button.primary'); return b ? b.id + ' ' + b.textContent.trim() + ' | ' + b.title : ''; })()`)
	if !strings.HasPrefix(primary, "run-all Run script | ") || !strings.Contains(primary, "fresh session") {
		p.fatalf("the most prominent control is %q", primary)
	}
	if title := eval[string](p, "#run's title", `document.getElementById('run').title`); !strings.Contains(title, "at the cursor") || !strings.Contains(title, "current session") {
		p.fatalf("#run says %q", title)
	}
	for round := 1; round <= 2; round++ {
		p.click("run-all")
		waitFor[bool](p, "+I rows", `(document.getElementById('tableau')?.textContent || '').includes('| +I |')`, 20*time.Second)
		p.shot(fmt.Sprintf("click-%d", round))
		if e, _ := p.state().Error.(string); e != "" {
			p.fatalf("click %d failed: %s", round, e)
		}
		p.stop()
	}

	// A fresh session, and the SELECT alone: MySource is not there yet.
	p.click("reset")
	waitFor[bool](p, "the seed after Reset", `window.flinkplay.getText() === `+jsString(seedScript), 5*time.Second)
	p.setCursor(strings.Index(seedScript, "SELECT") + 3)
	p.click("run")
	notice := waitFor[string](p, "the hint", `(() => { const n = document.getElementById('notice'); return n && !n.classList.contains('hidden') && n.textContent.includes('line 1') ? n.textContent : ''; })()`, 20*time.Second)
	p.shot("statement-without-its-table")
	for _, want := range []string{"MySource is defined by the CREATE TABLE on line 1", "has not run in this session", "Run script"} {
		if !strings.Contains(notice, want) {
			p.fatalf("the hint lacks %q: %q", want, notice)
		}
	}
	if tab := p.text("tableau"); !strings.Contains(tab, "Object 'MySource' not found") {
		p.fatalf("the tableau lacks Flink's error:\n%s", tab)
	}
	// The hint's own button runs the script.
	p.click("notice-run-all")
	waitFor[bool](p, "+I rows", `(document.getElementById('tableau')?.textContent || '').includes('| +I |')`, 20*time.Second)
	p.stop()
	// Now the session has MySource: the statement at the cursor runs.
	p.setCursor(strings.Index(seedScript, "SELECT"))
	p.click("run")
	waitFor[bool](p, "+I rows from the statement alone", `(() => { const t = document.getElementById('tableau')?.textContent || ''; return t.includes('| +I |') && !t.includes('Execute statement succeeded'); })()`, 20*time.Second)
	p.shot("statement-in-its-session")
	p.stop()
}

// TestExampleKeepsTheScript: browsing the gallery loads nothing; choosing
// an example keeps the edited script, which the notice and History bring
// back; Reset keeps it too.
func TestExampleKeepsTheScript(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.setScript("SELECT 1;\n")
	p.typeText("-- my edit")
	mine := "SELECT 1;\n-- my edit"
	time.Sleep(400 * time.Millisecond) // the editor saves on a 200 ms debounce

	p.click("examples")
	waitFor[bool](p, "the gallery", `!!document.querySelector('#example-list button')`, 5*time.Second)
	// Keys move through the list, as a person browses; nothing loads.
	p.do("browse with the keyboard", 10*time.Second,
		chromedp.Focus(chromedp.CSS(`#example-list button[data-index="1"]`)),
		chromedp.KeyEvent("\t"), chromedp.KeyEvent("\t"))
	p.shot("gallery")
	if got := eval[string](p, "the editor", `window.flinkplay.getText()`); got != mine {
		p.fatalf("browsing the gallery changed the script to %q", got)
	}
	// Escape closes the gallery without loading anything.
	p.do("press Escape", 5*time.Second, chromedp.KeyEvent(kb.Escape))
	waitFor[bool](p, "the gallery to close", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	if got := eval[string](p, "the editor", `window.flinkplay.getText()`); got != mine {
		p.fatalf("closing the gallery changed the script to %q", got)
	}
	p.click("examples")
	ex := state.Examples[2]
	p.do("choose an example", 10*time.Second, chromedp.Click(chromedp.CSS(`#example-list button[data-index="2"]`)))
	waitFor[bool](p, "the example", `window.flinkplay.getText() === `+jsString(ex.SQL), 5*time.Second)
	// The notice comes with the next render, after the editor's text.
	waitFor[bool](p, "the notice", `(document.getElementById('notice')?.textContent || '').includes(`+jsString(ex.Name)+`)`, 5*time.Second)
	notice := p.text("notice")
	p.shot("example-opened")
	if !strings.Contains(notice, ex.Name) || !strings.Contains(notice, "kept in History") || !p.shown("restore-script") {
		p.fatalf("notice %q, restore shown %v", notice, p.shown("restore-script"))
	}
	p.click("restore-script")
	waitFor[bool](p, "the edited script back", `window.flinkplay.getText() === `+jsString(mine), 5*time.Second)
	p.shot("restored")

	// Reset keeps it too, and History lists both.
	p.click("reset")
	waitFor[bool](p, "the seed", `window.flinkplay.getText() === `+jsString(seedScript), 5*time.Second)
	p.click("history")
	p.click("history-scripts") // the kept scripts, beside the statements run
	items := waitFor[[]string](p, "History", guardList(`[...document.querySelectorAll('#history-list .pick')].map((b) => b.textContent)`), 5*time.Second)
	p.shot("history")
	if len(items) < 2 || !strings.Contains(items[0], "SELECT 1;") || !strings.Contains(items[0], "before Reset") || !strings.Contains(items[1], "CREATE TABLE Ticks") {
		p.fatalf("History lists %q", items)
	}
	p.do("restore from History", 10*time.Second, chromedp.Click(chromedp.CSS(`#history-list button[data-index="0"]`)))
	waitFor[bool](p, "the edited script back", `window.flinkplay.getText() === `+jsString(mine), 5*time.Second)
}

// TestHistorySurvivesAReload: the scripts an example replaced are there
// after a reload, and come back from History.
func TestHistorySurvivesAReload(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	mine := "-- mine, before the reload\nSELECT 'kept';\n"
	p.setScript(mine)
	p.selectExample(1)
	p.do("reload", 30*time.Second, chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("app")))
	p.load()
	if got := eval[string](p, "the editor", `window.flinkplay.getText()`); got != state.Examples[1].SQL {
		p.fatalf("after a reload the editor holds %q", got)
	}
	p.click("history")
	p.click("history-scripts")
	waitFor[bool](p, "History to list the script", `(document.getElementById('history-list')?.textContent || '').includes("SELECT 'kept';")`, 5*time.Second)
	p.shot("history-after-reload")
	p.do("restore it", 10*time.Second, chromedp.Click(chromedp.CSS(`#history-list button[data-index="0"]`)))
	waitFor[bool](p, "the script back", `window.flinkplay.getText() === `+jsString(mine), 5*time.Second)
	p.shot("restored")
}

// TestErrorOnLine3: positions are the editor's, in the message and the
// underline; each error shows once; an option error underlines the key in
// the CREATE TABLE; a parse error lists what Flink expected.
func TestErrorOnLine3(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	script := "CREATE TABLE T (id INT) WITH ('connector' = 'datagen');\n\nSELECT id, name FROMM T;\n"
	p.setScript(script)
	p.click("run-all")
	text := waitFor[string](p, "the error", `(() => { const t = document.getElementById('tableau')?.textContent || ''; return t.includes('[ERROR]') ? t : ''; })()`, 20*time.Second)
	p.shot("parse-error")
	// Flink says line 1 (of the statement); the editor's line is 3.
	if want := `Encountered "T" at line 3, column 23.`; !strings.Contains(text, want) {
		p.fatalf("the tableau lacks %q:\n%s", want, text)
	}
	if !strings.Contains(text, "Was expecting one of:") {
		p.fatalf("the parse error does not list what Flink expected:\n%s", text)
	}
	if u := waitFor[[]string](p, "the underline", guardList(underlined), 5*time.Second); len(u) != 1 || u[0] != "T" {
		p.fatalf("underlined %q", u)
	}
	if lines := eval[[]int](p, "lines", editorErrorLines); len(lines) != 1 || lines[0] != 3 {
		p.fatalf("error on editor lines %v, want [3]", lines)
	}
	if n := strings.Count(eval[string](p, "what shows", visibleText), "Could not execute SQL statement"); n != 1 {
		p.fatalf("the error shows %d times", n)
	}
	// The grid views have no transcript: the error box shows it, once.
	p.click("view-changelog")
	waitFor[bool](p, "the error box", `!document.getElementById('error').classList.contains('hidden')`, 5*time.Second)
	if n := strings.Count(eval[string](p, "what shows", visibleText), "Could not execute SQL statement"); n != 1 {
		p.fatalf("the changelog view shows the error %d times", n)
	}
	if box := p.text("error"); !strings.Contains(box, "line 3, column 23") {
		p.fatalf("the error box says %q", box)
	}
	p.shot("parse-error-changelog")
	p.click("view-tableau")

	// An unknown option: Flink reports it where the table is used; the
	// editor also underlines the key in the CREATE TABLE.
	p.setScript("CREATE TABLE T (id INT) WITH (\n  'connector' = 'datagen',\n  'rows-per-secnd' = '5'\n);\nSELECT * FROM T;\n")
	p.click("run-all")
	u := waitFor[[]string](p, "the underlines", `(() => { const u = `+underlined+`; return u.length >= 2 ? u : null; })()`, 20*time.Second)
	p.shot("option-error")
	if strings.Join(u, "|") != "'rows-per-secnd'|T" {
		p.fatalf("underlined %q, want the key in the DDL and the table in the SELECT", u)
	}
	if lines := eval[[]int](p, "lines", editorErrorLines); fmt.Sprint(lines) != "[3 5]" {
		p.fatalf("error on editor lines %v, want [3 5]", lines)
	}
}

// TestThrottledBatchProgress: a batch aggregation shows no row until its
// input ends; meanwhile the status line says what the source read, how
// fast and for how long, and the page names the option that throttles it.
func TestThrottledBatchProgress(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.setScript("SET 'execution.runtime-mode' = 'batch';\n" +
		"CREATE TABLE Orders (id INT, k INT) WITH ('connector' = 'datagen', 'number-of-rows' = '2000000', 'fields.k.min' = '1', 'fields.k.max' = '5');\n" +
		"SELECT k, COUNT(*) AS c FROM Orders GROUP BY k;\n")
	p.click("run-all")
	status := waitFor[string](p, "progress in the status line", `(() => { const s = document.getElementById('status')?.textContent || ''; return /read [0-9,]+ rows from Orders \([0-9,]+ rows\/s\)/.test(s) ? s : ''; })()`, 20*time.Second)
	pace := waitFor[string](p, "the throttling note", `(() => { const e = document.getElementById('pace'); return e && !e.classList.contains('hidden') ? e.textContent : ''; })()`, 10*time.Second)
	p.shot("throttled")
	t.Logf("status %q; note %q", status, pace)
	if !regexp.MustCompile(`^Running · read [0-9,]+ rows from Orders \([0-9,]+ rows/s\) · [0-9.]+ s$`).MatchString(status) {
		p.fatalf("status %q", status)
	}
	for _, want := range []string{"Orders reads at most 10,000 rows a second", "'rows-per-second'"} {
		if !strings.Contains(pace, want) {
			p.fatalf("the note lacks %q: %q", want, pace)
		}
	}
	rows := func(s string) int64 {
		m := regexp.MustCompile(`read ([0-9,]+) rows`).FindStringSubmatch(s)
		if m == nil {
			return -1
		}
		n, _ := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
		return n
	}
	first := rows(status)
	later := waitFor[string](p, "the count to grow", fmt.Sprintf(`(() => { const s = document.getElementById('status')?.textContent || ''; const m = /read ([0-9,]+) rows/.exec(s); return m && +m[1].replace(/,/g, '') > %d ? s : ''; })()`, first), 5*time.Second)
	t.Logf("later: %q", later)
	p.stop()
	if _, err := tryWait[bool](p, `document.getElementById('pace').getClientRects().length === 0`, 2*time.Second); err != nil {
		p.fatalf("the throttling note stays after Stop")
	}
}

// TestUploadWithEmptyCells: a CSV with empty cells in a number column
// reads back (empty is NULL); the wizard's statements land where Run
// script reaches them, the cursor on the query; a value that does not fit
// a type edited into the DDL is reported with its file, line and column.
func TestUploadWithEmptyCells(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	file := filepath.Join(t.TempDir(), "stock.csv")
	if err := os.WriteFile(file, []byte("id,item,qty\n1,apple,3\n2,pear,\n3,fig,5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p.click("side-files")
	p.do("upload stock.csv", 10*time.Second, chromedp.SetUploadFiles(chromedp.ID("upload-input"), []string{file}))
	ddl := waitFor[string](p, "the upload wizard", `(() => { const v = document.getElementById('dialog-text')?.value || ''; return v.includes('CREATE TABLE') ? v : ''; })()`, 10*time.Second)
	p.shot("wizard")
	for _, want := range []string{"`qty` INT", "'csv.null-literal' = ''", "SELECT * FROM `stock`;"} {
		if !strings.Contains(ddl, want) {
			p.fatalf("the wizard's script lacks %q:\n%s", want, ddl)
		}
	}
	p.click("upload-insert")
	text := waitFor[string](p, "the statements in the editor", `(() => { const s = window.flinkplay.getText(); return s.includes('CREATE TABLE `+"`stock`"+`') ? s : ''; })()`, 5*time.Second)
	// Between the seed's CREATE TABLE and its endless SELECT.
	if !(strings.Index(text, "CREATE TABLE MySource") < strings.Index(text, "CREATE TABLE `stock`") &&
		strings.Index(text, "SELECT * FROM `stock`;") < strings.Index(text, "SELECT * FROM MySource;")) {
		p.fatalf("the statements went to the wrong place:\n%s", text)
	}
	cursorLine := eval[string](p, "the cursor's line", `(() => { const ed = document.getElementById('editor').__flinkEditor; const s = ed.getSelection(); const t = ed.getText(); const a = t.lastIndexOf('\n', s.from - 1) + 1; const b = t.indexOf('\n', s.from); return t.slice(a, b < 0 ? t.length : b); })()`)
	if cursorLine != "SELECT * FROM `stock`;" {
		p.fatalf("the cursor is on %q", cursorLine)
	}
	p.shot("inserted")
	p.click("run-all")
	tab := waitFor[string](p, "the file's rows", `(() => { const t = window.flinkplay.transcript(); return t.includes('Received a total of 3 rows') || t.includes('[ERROR]') ? t : ''; })()`, 30*time.Second)
	p.shot("read-back")
	p.stop()
	if strings.Contains(tab, "[ERROR]") || !regexp.MustCompile(`\|\s+2 \|\s+pear \|\s+<NULL> \|`).MatchString(tab) {
		p.fatalf("the file does not read back:\n%s", tab)
	}

	// A type that does not fit: its file, line and column.
	p.setScript("CREATE TABLE bad (id INT, item INT, qty INT) WITH ('connector' = 'filesystem', 'path' = '/uploads/stock.csv', 'format' = 'csv');\nSELECT * FROM bad;\n")
	p.click("run-all")
	tab = waitFor[string](p, "the error", `(() => { const t = document.getElementById('tableau')?.textContent || ''; return t.includes('[ERROR]') ? t : ''; })()`, 30*time.Second)
	p.shot("bad-value")
	for _, want := range []string{`java.lang.NumberFormatException: For input string: "apple"`, "(at file /uploads/stock.csv, line 1, column 2 (item INT))"} {
		if !strings.Contains(tab, want) {
			p.fatalf("the error lacks %q:\n%s", want, tab)
		}
	}
}

// TestStopCounts: after Stop the status line, the tableau's footer and the
// download all say the same number of rows.
func TestStopCounts(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	dir := downloadsTo(p)
	p.setScript("CREATE TABLE S (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '20000', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100000000');\nSELECT * FROM S;\n")
	p.click("run-all")
	waitFor[bool](p, "rows", `JSON.parse(window.flinkplay.state()).received >= 30000`, 20*time.Second)
	p.stop()
	footer := waitFor[string](p, "the footer", `(() => { const m = /Query terminated, received a total of ([0-9]+) rows/.exec(document.getElementById('tableau')?.textContent || ''); return m ? m[1] : ''; })()`, 5*time.Second)
	// The status line follows the footer within a render.
	status := waitFor[string](p, "the stopped status", `(() => { const s = document.getElementById('status')?.textContent || ''; return s.startsWith('Stopped') ? s : ''; })()`, 5*time.Second)
	p.shot("stopped")
	n, _ := strconv.Atoi(footer)
	if want := "Stopped · " + state.Count(int64(n)) + " rows received"; !strings.HasPrefix(status, want) {
		p.fatalf("status %q, footer %d rows: want %q", status, n, want)
	}
	if st := p.state(); st.Received != int64(n) {
		p.fatalf("state().received %d, footer %d", st.Received, n)
	}
	p.click("download-csv")
	data := waitFile(p, dir, "flink-result.csv", 10*time.Second)
	recs, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	if err != nil {
		p.fatalf("the CSV: %v", err)
	}
	if len(recs)-1 != n {
		p.fatalf("the download holds %d rows, the footer says %d", len(recs)-1, n)
	}
	if last := recs[len(recs)-1][1]; last != strconv.Itoa(n) {
		p.fatalf("the download's last id is %s, want %d", last, n)
	}
}

// TestViewsAndFollowTail: the grid views never show an earlier query's
// columns; scrolled up while rows stream, the page says that new rows are
// below, and the button brings the view back to them.
func TestViewsAndFollowTail(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.setScript(seedScript)
	p.click("run-all")
	waitFor[bool](p, "rows", `JSON.parse(window.flinkplay.state()).received > 200`, 20*time.Second)
	p.click("view-changelog")
	waitFor[bool](p, "the grid's columns", `[...document.querySelectorAll('#grid thead th')].map((th) => th.textContent.trim()).join(',') === 'op,id,name'`, 5*time.Second)
	// The rows are in the grid (a user scrolls what is there).
	waitFor[bool](p, "the grid's rows", `(() => { const r = document.getElementById('results'); return document.querySelectorAll('#grid tbody tr:not(.spacer)').length > 5 && r.scrollHeight > 2 * r.clientHeight; })()`, 5*time.Second)
	// Scrolled up: follow-tail pauses, and the page says new rows came.
	eval[bool](p, "scroll up", `(() => { const r = document.getElementById('results'); r.scrollTop = 0; r.dispatchEvent(new Event('scroll')); return true; })()`)
	waitFor[bool](p, "the new-rows note", `(() => { const b = document.getElementById('new-below'); return !!b && b.getClientRects().length > 0; })()`, 5*time.Second)
	p.shot("new-rows-below")
	p.click("new-below")
	waitFor[bool](p, "the view at the newest rows", `(() => { const r = document.getElementById('results'); const b = document.getElementById('new-below');
  return r.scrollTop + r.clientHeight >= r.scrollHeight - 30 && b.getClientRects().length === 0; })()`, 5*time.Second)
	p.stop()

	// A script with no query: no columns of the one before.
	p.setScript("CREATE TABLE Other (x INT) WITH ('connector' = 'datagen');\n")
	p.click("run-all")
	waitFor[bool](p, "the script to end", `(() => { const s = JSON.parse(window.flinkplay.state()); return !s.running && window.flinkplay.transcript().includes('Execute statement succeeded'); })()`, 20*time.Second)
	for _, view := range []string{"view-changelog", "view-table"} {
		p.click(view)
		heads := waitFor[string](p, "the grid's header", `(() => { return 'cols:' + [...document.querySelectorAll('#grid thead th')].map((th) => th.textContent.trim()).filter((s) => s !== '').join(','); })()`, 5*time.Second)
		if heads != "cols:" {
			p.fatalf("%s shows the columns %q after a script with no query", view, heads)
		}
	}
	p.shot("no-query-no-columns")
}

// TestJobsPanel: an INSERT is submitted and runs in the background while a
// query runs beside it; the Jobs tab counts it, the panel shows it with its
// progress, and its Stop button cancels it.
func TestJobsPanel(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	p.setScript("CREATE TABLE Clicks (user_name STRING, page STRING) WITH ('connector' = 'faker', 'rows-per-second' = '200',\n" +
		"  'fields.user_name.expression' = '#{Name.firstName}', 'fields.page.expression' = '/#{regexify ''(home|docs|blog)''}');\n" +
		"CREATE TABLE Counts (page STRING, clicks BIGINT) WITH ('connector' = 'blackhole');\n" +
		"INSERT INTO Counts SELECT page, COUNT(*) FROM Clicks GROUP BY page;\n" +
		"SHOW JOBS;\n" +
		"SELECT * FROM Clicks;\n")
	p.click("run-all")
	waitFor[bool](p, "the query's rows beside the job", `JSON.parse(window.flinkplay.state()).received > 20`, 30*time.Second)
	tr := eval[string](p, "the transcript", `window.flinkplay.transcript()`)
	for _, want := range []string{"[INFO] Submitting SQL update statement to the cluster...", "Job ID: ", "| RUNNING |", "insert-into_default_catalog.default_database.Counts"} {
		if !strings.Contains(tr, want) {
			p.fatalf("the transcript lacks %q:\n%s", want, tr)
		}
	}
	waitFor[bool](p, "the Jobs tab's count", `document.getElementById('side-jobs').textContent.trim() === 'Jobs (1)'`, 10*time.Second)
	p.click("side-jobs")
	waitFor[bool](p, "the job's progress", `(() => { const j = document.querySelector('#jobs .job.running .job-rows'); return !!j && /read [1-9][0-9,]* rows( \([0-9,]+ rows\/s\))? · wrote [1-9]/.test(j.textContent); })()`, 15*time.Second)
	p.shot("job-running")
	p.stop() // the query; the job runs on
	waitFor[bool](p, "the job still running after Stop", `!!document.querySelector('#jobs .job.running')`, 5*time.Second)
	p.do("stop the job", 5*time.Second, chromedp.Click(chromedp.CSS(`#jobs .job.running .job-stop`)))
	waitFor[bool](p, "the job canceled", `(() => { const s = document.querySelector('#jobs .job .job-status'); return !!s && s.textContent === 'CANCELED'; })()`, 5*time.Second)
	waitFor[bool](p, "the tab without a count", `document.getElementById('side-jobs').textContent.trim() === 'Jobs'`, 5*time.Second)
	p.shot("job-canceled")

	// An INSERT alone: its statement ends at submission, and the status
	// line says that the job runs on, not that it wrote nothing.
	p.setScript("CREATE TABLE Clicks (user_name STRING, page STRING) WITH ('connector' = 'faker', 'rows-per-second' = '200',\n" +
		"  'fields.user_name.expression' = '#{Name.firstName}', 'fields.page.expression' = '/#{regexify ''(home|docs|blog)''}');\n" +
		"CREATE TABLE Counts (page STRING, clicks BIGINT) WITH ('connector' = 'blackhole');\n" +
		"INSERT INTO Counts SELECT page, COUNT(*) FROM Clicks GROUP BY page;\n")
	p.click("run-all")
	if _, err := tryWait[bool](p, `/^Submitted · see Jobs · /.test(document.getElementById('status').textContent)`, 10*time.Second); err != nil {
		p.fatalf("the status line after a submitted INSERT reads %q", p.text("status"))
	}
	waitFor[bool](p, "the new job running", `!!document.querySelector('#jobs .job.running')`, 5*time.Second)
	p.shot("job-submitted")
	p.do("stop the new job", 5*time.Second, chromedp.Click(chromedp.CSS(`#jobs .job.running .job-stop`)))
	waitFor[bool](p, "no job running", `!document.querySelector('#jobs .job.running')`, 5*time.Second)
}

// TestNexmarkBenchmarkExample: the gallery's Nexmark benchmark runs its
// jobs one after another, and the Jobs tab shows each one's events per
// second, as the example promises.
func TestNexmarkBenchmarkExample(t *testing.T) {
	i := -1
	for k, ex := range state.Examples {
		if ex.Name == "Nexmark: benchmark this tab" {
			i = k
		}
	}
	if i < 0 {
		t.Fatal("no Nexmark benchmark in the gallery")
	}
	p := open(t, 180*time.Second)
	p.load()
	p.selectExample(i)
	p.click("run-all")
	waitFor[bool](p, "the three jobs finished", `(() => { const s = JSON.parse(window.flinkplay.state()); return !s.running && window.flinkplay.transcript().includes('3 rows in set'); })()`, 150*time.Second)
	if st := p.text("status"); !strings.Contains(st, "rows written") {
		p.fatalf("status %q: an INSERT's rows are written, not received", st)
	}
	p.click("side-jobs")
	rates := waitFor[[]string](p, "each job's events per second", guardList(`(() => {
  const rows = [...document.querySelectorAll('#jobs .job.finished .job-rows')].map((e) => e.textContent);
  return rows.length === 3 && rows.every((r) => /^read 500,000 rows \([0-9,]+ rows\/s\)/.test(r)) ? rows : null; })()`), 10*time.Second)
	t.Logf("Nexmark in this tab: %q", rates)
	p.shot("jobs")
}

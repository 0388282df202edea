package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/flinkplay/flinkplay/web/state"
)

// stopWorks bounds a Stop that works: the page's own deadline for a
// cancelled run (stopDeadline, after which it restarts the engine) is
// longer, and the budget, 100 ms, is measured by TestMeasure.
const stopWorks = 500 * time.Millisecond

// seedProgram is the PyFlink program the project began with.
const seedProgram = "../../../shared/seed/my_job.py"

// TestPythonProgram: the seed's PyFlink program, opened from a file, is
// highlighted as Python and runs in the page: the Python engine loads only
// then (the SQL page never fetches python.wasm), its rows stream into the
// tableau, changelog and table views, and Stop ends it. A program with a
// busy Python loop stops too (its worker is terminated), as does one that
// prints without end, and a Python error shows its traceback at the
// program's line. A program dropped on the editor opens the same way.
//
// Stop ends a run here within stopWorks; DESIGN's budget, 100 ms, is a
// performance target, which make bench-browser measures (TestMeasure)
// rather than a timed test on a machine shared with the build.
func TestPythonProgram(t *testing.T) {
	dist := requireBuild(t, "python.wasm")
	if _, err := os.Stat(seedProgram); err != nil {
		t.Skipf("no seed program: %v", err)
	}
	p := openBuild(t, 180*time.Second, dist)
	p.load()
	for _, f := range p.xfer.files() {
		if strings.Contains(f.Path, "python") {
			p.fatalf("the SQL page fetched %s", f.Path)
		}
	}
	abs, err := filepath.Abs(seedProgram)
	if err != nil {
		t.Fatal(err)
	}
	p.do("open my_job.py", 10*time.Second, chromedp.SetUploadFiles(chromedp.ID("open-input"), []string{abs}))
	seed, _ := os.ReadFile(seedProgram)
	waitFor[bool](p, "the program in the editor", `window.flinkplay.getText() === `+jsString(string(seed)), 5*time.Second)
	waitFor[bool](p, "the language badge", `document.getElementById('language')?.textContent === 'PyFlink program' && document.getElementById('run-all')?.textContent === 'Run program' && !document.getElementById('run')`, 5*time.Second)
	// Python's highlighting: the keywords of the import line are marked.
	// Python's highlighting (editor-python.js, loaded now): the keywords
	// of the import line are marked.
	waitFor[bool](p, "Python highlighting", `document.querySelectorAll('#editor .cm-line:first-child span').length >= 2`, 10*time.Second)
	if !eval[bool](p, "editor-python.js loaded", `!!window.flinkEditorPython`) {
		p.fatalf("editor-python.js did not load")
	}
	p.shot("python-opened")

	p.click("run-all")
	started := time.Now()
	waitFor[bool](p, "the seed's +I rows", `(document.getElementById('tableau')?.textContent || '').includes('| +I |')`, 60*time.Second)
	t.Logf("first rows %v after Run program (python.wasm loaded and compiled)", time.Since(started).Round(time.Millisecond))
	tab := p.text("tableau")
	if !strings.Contains(tab, "|          id |                           name |") || !strings.Contains(tab, "| op |") {
		p.fatalf("the tableau is not TableResult.print()'s:\n%s", tab)
	}
	p.shot("python-rows")
	p.click("view-changelog")
	waitFor[bool](p, "the changelog's rows", `document.querySelectorAll('#grid tbody tr').length > 3`, 10*time.Second)
	p.click("view-table")
	waitFor[bool](p, "the table's rows", `document.querySelectorAll('#grid tbody tr').length > 3`, 10*time.Second)
	p.shot("python-table")
	// The median of three Stops, as for the printing loop below.
	seedStops := []time.Duration{p.stop()}
	for range 2 {
		p.click("run-all")
		waitFor[bool](p, "the seed's rows again", `(() => { const s = JSON.parse(window.flinkplay.state()); return s.running && s.received > 0; })()`, 30*time.Second)
		seedStops = append(seedStops, p.stop())
	}
	slices.Sort(seedStops)
	// The worker answers the seed's Stop, and keeps its Python engine:
	// the program's three runs need one start, not one per Stop, unless
	// a Stop found the machine too busy for the answer to come in time.
	starts := eval[int](p, "Python engine starts", `performance.getEntriesByName('flinkplay: python start').length`)
	t.Logf("Stops of the seed program: %v; Python engine started %d times for 3 runs", seedStops, starts)
	if starts >= 3 {
		t.Errorf("the Python engine started %d times for the seed's 3 runs: each Stop terminated it", starts)
	}
	if seedStops[1] > stopWorks {
		t.Errorf("Stop took %v (median of %v), want within %v", seedStops[1], seedStops, stopWorks)
	}
	if e := p.state().Error; e != nil && e != "" {
		p.fatalf("the program failed: %v", e)
	}
	p.click("view-tableau")

	// A busy loop between PyFlink calls: Stop terminates its worker. The
	// median of three Stops, as for the seed program above.
	var busyStops []time.Duration
	for range 3 {
		p.setScript("import time\nprint('spinning')\nwhile True:\n    pass\n")
		p.click("run-all")
		waitFor[bool](p, "the program's output", `(document.getElementById('tableau')?.textContent || '').includes('spinning')`, 30*time.Second)
		busyStops = append(busyStops, p.stop())
	}
	slices.Sort(busyStops)
	t.Logf("Stops of a busy loop: %v", busyStops)
	if busyStops[1] > stopWorks {
		t.Errorf("Stop of a busy loop took %v (median of %v), want within %v", busyStops[1], busyStops, stopWorks)
	}
	p.shot("python-busy-stopped")

	// Run again while a busy loop runs: the loop, which cannot stop,
	// goes with its worker, and the new program runs on in a new one.
	p.setScript("import time\nprint('first')\nwhile True:\n    pass\n")
	p.click("run-all")
	waitFor[bool](p, "the first program's output", `(document.getElementById('tableau')?.textContent || '').includes('first')`, 30*time.Second)
	p.setScript("import time\nprint('second')\nwhile True:\n    pass\n")
	p.click("run-all")
	waitFor[bool](p, "the second program's output", `(document.getElementById('tableau')?.textContent || '').includes('second')`, 30*time.Second)
	time.Sleep(300 * time.Millisecond)
	if st := p.state(); !st.Running {
		t.Errorf("the program run over a busy one ended by itself: running %v", st.Running)
	}
	p.stop()

	// A program that prints without end: the page keeps answering, keeps
	// a bounded transcript, and Stop ends it.
	// Stop's time is the median of three runs: one click lands now and then
	// behind a burst of output on this 2-core machine.
	var stops []time.Duration
	for range 3 {
		p.setScript("import math\ni = 0\nwhile True:\n    print('line', i)\n    i += 1\n")
		p.click("run-all")
		waitFor[bool](p, "lines dropped from the transcript", `window.flinkplay.transcript().startsWith('(… ') && window.flinkplay.transcript().includes('earlier lines of output are not kept')`, 60*time.Second)
		if d, err := p.ping(2 * time.Second); err != nil || d > 500*time.Millisecond {
			t.Errorf("the page answered a click in %v (%v) while a program printed without end", d, err)
		}
		stops = append(stops, p.stop())
	}
	slices.Sort(stops)
	t.Logf("Stops of a printing loop: %v", stops)
	if stops[1] > stopWorks {
		t.Errorf("Stop of a printing loop took %v (median of %v), want within %v", stops[1], stops, stopWorks)
	}
	p.shot("python-printing-stopped")

	// A Python error: its traceback, and the line underlined.
	p.setScript("from pyflink.table import EnvironmentSettings, TableEnvironment\n\nt_env = TableEnvironment.create(EnvironmentSettings.in_streaming_mode())\nt_env.execute_sql('SELECT * FROM Missing').print()\n")
	p.click("run-all")
	waitFor[bool](p, "the traceback", `(document.getElementById('tableau')?.textContent || '').includes("Object 'Missing' not found")`, 30*time.Second)
	tab = p.text("tableau")
	// (the program keeps the name of the file it was opened from)
	for _, want := range []string{"Traceback (most recent call last):", `File "my_job.py", line 4, in <module>`, "org.apache.flink.table.api.ValidationException: SQL validation failed."} {
		if !strings.Contains(tab, want) {
			p.fatalf("the traceback lacks %q:\n%s", want, tab)
		}
	}
	waitFor[bool](p, "the underlined line", `!!document.querySelector('#editor .cm-lintRange-error')`, 5*time.Second)
	p.shot("python-error")

	// A program dropped on the editor replaces the script.
	prog := state.Examples[len(state.Examples)-1]
	if !prog.Python {
		t.Fatal("the gallery's last example is not a PyFlink program")
	}
	eval[bool](p, "drop a .py file", `(() => {
  const dt = new DataTransfer();
  dt.items.add(new File([`+jsString(prog.SQL)+`], "word_count.py", {type: "text/x-python"}));
  const target = document.querySelector('#editor .cm-content');
  const r = target.getBoundingClientRect();
  target.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true, clientX: r.left + 10, clientY: r.top + 10}));
  return true;
})()`)
	waitFor[bool](p, "the dropped program", `window.flinkplay.getText() === `+jsString(prog.SQL), 5*time.Second)
	waitFor[bool](p, "the notice naming the file", `(document.getElementById('notice')?.textContent || '').includes('Opened word_count.py')`, 5*time.Second)
	p.click("run-all")
	waitFor[bool](p, "the word counts", `(document.getElementById('tableau')?.textContent || '').includes('flink appears 3 time(s)')`, 30*time.Second)
	p.shot("python-dropped")

	// Run on Flink: the program is its own PyFlink export.
	p.click("export")
	waitFor[bool](p, "the program in the export dialog", `document.getElementById('dialog-text')?.value === `+jsString(prog.SQL), 5*time.Second)
	p.click("dialog-close")
	// a click on the toolbar while the backdrop is still up closes the
	// dialog instead of reaching the button
	waitFor[bool](p, "the dialog closed", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)

	// A share link carries the program: it opens as Python, and runs.
	p.click("share")
	link := waitFor[string](p, "the share link", `(() => { const v = document.getElementById('dialog-text').value; return v.includes('#s=1.') ? v : ''; })()`, 10*time.Second)
	p.click("dialog-close")
	waitFor[bool](p, "the dialog closed", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	p.setScript("SELECT 1;\n")
	p.do("open the link", 30*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	waitFor[bool](p, "the shared program", `typeof window.flinkplay?.getText === 'function' && window.flinkplay.getText() === `+jsString(prog.SQL), 20*time.Second)
	waitFor[bool](p, "Python, from the link", `document.getElementById('language')?.textContent === 'PyFlink program'`, 5*time.Second)
	waitFor[bool](p, "the engine to be ready", engineReady, 30*time.Second)
	p.click("run-all")
	waitFor[bool](p, "the shared program's output", `(document.getElementById('tableau')?.textContent || '').includes('flink appears 3 time(s)')`, 30*time.Second)

	// An embed of the program runs it when the reader presses Run.
	p.do("open an embed of the seed program", 30*time.Second, chromedp.Navigate("about:blank"),
		chromedp.Navigate(p.base+"/embed.html"+embedFragment(string(seed), "&seed=42&maxrows=5")))
	waitFor[bool](p, "the embed", `!!document.getElementById('run') && !!document.querySelector('#editor .cm-editor')`, 20*time.Second)
	p.click("run")
	waitFor[bool](p, "the embed's rows", `(document.getElementById('tableau')?.textContent || '').includes('| +I |')`, 60*time.Second)
	p.shot("python-embed")
}

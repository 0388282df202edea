//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/flinkplay/flinkplay/web/state"
)

// lanServer serves a build on a fixed loopback port, like `flinkplay serve`
// in a classroom, but a test can switch the build it serves (an update) or
// stop it altogether (the network is gone). The origin stays the same, so
// the service worker registered on the first visit stays in charge.
type lanServer struct {
	t       *testing.T
	URL     string
	srv     *http.Server
	handler atomic.Pointer[http.Handler]
	bytes   atomic.Int64

	mu      sync.Mutex
	stopped bool
}

func newLANServer(t *testing.T, dist string) *lanServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &lanServer{t: t, URL: "http://" + ln.Addr().String()}
	s.serve(dist)
	s.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &countingWriter{ResponseWriter: w}
		(*s.handler.Load()).ServeHTTP(cw, r)
		s.bytes.Add(cw.n)
	})}
	go s.srv.Serve(ln)
	t.Cleanup(s.stop)
	return s
}

// serve switches to the build in dist.
func (s *lanServer) serve(dist string) {
	h := pageHandler(s.t, dist)
	s.handler.Store(&h)
}

// stop closes the listener and every open connection: from now on the
// browser, its service worker included, gets "connection refused".
func (s *lanServer) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.stopped {
		s.stopped = true
		s.srv.Close()
	}
}

// openOffline starts Chromium on the build in dist, served by a lanServer.
func openOffline(t *testing.T, timeout time.Duration, dist string) (*page, *lanServer) {
	t.Helper()
	p := openBuild(t, timeout, dist)
	srv := newLANServer(t, dist)
	p.base = srv.URL
	return p, srv
}

// swStatus is what sw.js answers to {type: "status"}.
type swStatus struct {
	Version string `json:"version"`
	Files   int    `json:"files"`
	Bytes   int64  `json:"bytes"`
}

// swStatus asks the worker that controls the page for its version.
func (p *page) swStatus() swStatus {
	p.t.Helper()
	s := eval[string](p, "the service worker's status", `new Promise((resolve, reject) => {
  const c = navigator.serviceWorker.controller;
  if (!c) { reject(new Error('no service worker controls the page')); return; }
  const ch = new MessageChannel();
  ch.port1.onmessage = (e) => resolve(JSON.stringify(e.data));
  c.postMessage({type: 'status'}, [ch.port2]);
  setTimeout(() => reject(new Error('the service worker does not answer')), 5000);
})`)
	var st swStatus
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		p.fatalf("service worker status %q: %v", s, err)
	}
	return st
}

// cacheNames lists the origin's caches (the Cache API, not the HTTP cache).
func (p *page) cacheNames() []string {
	p.t.Helper()
	return eval[[]string](p, "caches.keys()", `caches.keys()`)
}

// waitControlled waits until sw.js has cached the build and controls the
// page, and returns when that was, in ms after the navigation started.
func (p *page) waitControlled(d time.Duration) float64 {
	p.t.Helper()
	return waitFor[float64](p, "the service worker to cache the build and control the page",
		`!!navigator.serviceWorker.controller && window.flinkplayOffline.readyAt`, d)
}

// waitAcrossNavigation is waitFor for a condition that a navigation (one
// the page starts itself) makes true: a poll that the navigation cuts off
// is polled again.
func (p *page) waitAcrossNavigation(what, expr string, d time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(d)
	for {
		ok, err := tryWait[bool](p, expr, time.Until(deadline))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.fatalf("waiting %v for %s: %v", d, what, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// newTab opens a second tab in the same browser (same profile, so the same
// service worker and caches) and makes it the page's tab; it runs the
// harness's instrumentation too.
func (p *page) newTab() {
	p.t.Helper()
	ctx, cancel := chromedp.NewContext(p.ctx)
	p.t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		p.t.Fatalf("open a second tab: %v", err)
	}
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: instrument}); err != nil {
		p.t.Fatalf("instrument the second tab: %v", err)
	}
	p.ctx = ctx
}

// selectExample opens gallery entry i through the Examples dialog, as a
// person does, and waits for its script in the editor.
func (p *page) selectExample(i int) {
	p.t.Helper()
	p.click("examples")
	sel := fmt.Sprintf(`#example-list button[data-index="%d"]`, i)
	p.do("choose an example", 10*time.Second, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
	waitFor[bool](p, "the example in the editor", `window.flinkplay.getText() === `+jsString(state.Examples[i].SQL), 5*time.Second)
	// The editor takes the text before the next render hides the dialog's
	// backdrop, and a click there closes the dialog instead of reaching
	// the toolbar.
	waitFor[bool](p, "the dialog closed", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
}

// exampleOutcomes says what each gallery example shows in the tableau when
// it has run to its end, as Flink's SQL client prints it. The seed is
// unbounded (rows, then Stop); the option-errors example fails on purpose.
var exampleOutcomes = map[string][]string{
	"PyFlink: counting words with the Table API":             {"4 rows in set", "flink appears 3 time(s)"},
	"Bounded datagen (number-of-rows)":                       {"order_id", "Received a total of 10 rows"},
	"Sequences":                                              {"label", "Received a total of 20 rows"},
	"WHERE and CAST":                                         {"shout", "30!", "Received a total of 9 rows"},
	"Expressions: strings, numbers, time, JSON, collections": {"2024-05-02 (Thu)", "125 |", "5 rows in set"},
	"Aggregation: results that update":                       {"| -D |", "customers", "Received a total of 35 rows"},
	"Windows and watermarks":                                 {"window_start", "Received a total of 10 rows"},
	"Top-N: the leaders change":                              {"| -U |", "| +U |", "scores", "Received a total of 12 rows"},
	"Joins over streams":                                     {"ship_ts", "<NULL>", "Received a total of 17 rows"},
	"Patterns with MATCH_RECOGNIZE":                          {"between_rows", "Received a total of 2 rows"},
	"EXPLAIN: how Flink plans a query":                       {"== Optimized Execution Plan ==", "GroupAggregate(groupBy=[product]", "1 row in set"},
	"Where is my table stored?":                              {"+I[4, ", "| id |", "4 rows in set"},
	"Batch mode":                                             {"| id |", "5 rows in set"},
	"Nexmark: an online auction's events":                    {"top_price", "place", "Received a total of"},
	"Nexmark: benchmark this tab":                            {"Complete execution of the SQL update statement.", "sink_max", "FINISHED"},
	"INSERT INTO a print sink":                               {"+I["},
	"SHOW and DESCRIBE":                                      {"withoutColumns", "rows in set"}, // the tail of SHOW FUNCTIONS
	"Views":                                                  {"HighScores", "score"},
	"Catalogs and databases":                                 {"current database name", "experiments", "Trials"},
	"Lesson: a late record dropped by a window":              {"readings", "Received a total of 3 rows"},
	"Lesson: an aggregation's retractions":                   {"last_order", "| -U |", "Received a total of 21 rows"},
	"Lesson: a join that waits for the watermark":            {"shipped", "<NULL>", "Received a total of 8 rows"},
}

// unboundedExamples never end: like the seed, they run until Stop.
var unboundedExamples = map[string]bool{
	"Fake data with faker":                  true,
	"faker: server logs counted per minute": true,
	"INSERT jobs run in the background":     true,
	"PyFlink: the seed program":             true,
}

// runExample runs gallery entry i with Run all and checks its outcome.
func (p *page) runExample(i int) {
	p.t.Helper()
	ex := state.Examples[i]
	before := p.text("results")
	p.selectExample(i)
	if ex.View != "" {
		p.click("view-tableau") // a lesson opens in its own view; the outcome is the tableau's
	}
	p.click("run-all")
	switch {
	case i == 0:
		waitFor[bool](p, ex.Name+": rows", `(() => { const s = JSON.parse(window.flinkplay.state()); return s.running && s.received > 0; })()`, 30*time.Second)
		p.shot("example-0")
		p.stop()
		return
	case unboundedExamples[ex.Name]:
		// An endless example: it reads (or shows rows), then Stop.
		waitFor[bool](p, ex.Name+": running and reading", `(() => { const s = JSON.parse(window.flinkplay.state());
  return s.running && (s.received > 0 || (document.getElementById('status')?.textContent || '').includes('read ')); })()`, 30*time.Second)
		p.shot(fmt.Sprintf("example-%d", i))
		p.stop()
		return
	case strings.HasPrefix(ex.Name, "Option errors"):
		msg := waitFor[string](p, ex.Name+": Flink's error", `(() => { const e = document.getElementById('error'); return e && !e.hidden && e.textContent.includes('Unsupported options found') ? e.textContent : ''; })()`, 30*time.Second)
		p.shot(fmt.Sprintf("example-%d", i))
		if !strings.Contains(msg, "rows-per-secnd") {
			p.fatalf("%s: #error does not name the misspelt option:\n%s", ex.Name, msg)
		}
		return
	}
	want, ok := exampleOutcomes[ex.Name]
	if !ok {
		p.fatalf("example %q has no expected outcome in exampleOutcomes: add one", ex.Name)
	}
	cond := `(() => { const s = JSON.parse(window.flinkplay.state()); if (s.running || s.error) return s.error ? 'error' : '';
  const t = document.getElementById('results')?.textContent || '';
  return t !== ` + jsString(before) + ` && ` + jsValue(want) + `.every((w) => t.includes(w)) ? 'ok' : ''; })()`
	// The windows example paces four queries at 5 rows/s (the rate decides
	// which orders are late): about 32 s.
	got, err := tryWait[string](p, cond, 60*time.Second)
	p.shot(fmt.Sprintf("example-%d", i))
	if err != nil || got != "ok" {
		p.fatalf("%s: want %q in the results, no error; got %q, %v\nresults: %.1500s", ex.Name, want, got, err, p.text("results"))
	}
}

// TestOfflineExamples visits the playground once, waits until the service
// worker controls it, stops the server, reloads, and runs every example of
// the gallery from the cache.
func TestOfflineExamples(t *testing.T) {
	dist := requireBuild(t, "index.html", "sw.js", "sw-register.js", "manifest.webmanifest", "icon-192.png", "icon-512.png")
	p, srv := openOffline(t, 5*time.Minute, dist)
	start := time.Now()
	p.load()
	readyAt := p.waitControlled(60 * time.Second)
	st := p.swStatus()
	t.Logf("first visit: the service worker cached version %s (%d files, %d bytes) and controls the page %.0f ms after navigation (%v in the test); the server sent %d bytes",
		st.Version, st.Files, st.Bytes, readyAt, time.Since(start).Round(time.Millisecond), srv.bytes.Load())
	p.shot("first-visit")

	// Installable: Chromium's own check of the manifest, icons and worker.
	inst, err := chromedp.Call(p.ctx, cdppage.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		p.fatalf("Page.getInstallabilityErrors: %v", err)
	}
	if len(inst.InstallabilityErrors) > 0 {
		var msgs []string
		for _, e := range inst.InstallabilityErrors {
			msgs = append(msgs, e.ErrorID)
		}
		p.fatalf("Chromium says the page is not installable: %v", msgs)
	}

	names := p.cacheNames()
	if len(names) != 1 || !strings.Contains(names[0], st.Version) {
		p.fatalf("caches %q, want one named after version %s", names, st.Version)
	}
	n := eval[int](p, "cached files", `caches.open(`+jsString(names[0])+`).then((c) => c.keys()).then((k) => k.length)`)
	if n != st.Files {
		p.fatalf("the cache holds %d files, the build precaches %d", n, st.Files)
	}

	// A zone the engine fetches online is cached as it passes.
	p.setScript("SET 'table.local-time-zone' = 'Asia/Tokyo';\nSELECT TO_TIMESTAMP_LTZ(0, 3) AS t;\n")
	p.click("run-all")
	waitFor[bool](p, "the Tokyo time, online", `document.getElementById('results').textContent.includes('1970-01-01 09:00:00.000')`, 20*time.Second)

	// python.wasm is not precached (the SQL playground never loads it):
	// the first Python program fetches it, and the service worker keeps
	// it for the programs run offline.
	if eval[bool](p, "python.wasm precached", `caches.open(`+jsString(names[0])+`).then((c) => c.keys()).then((k) => k.some((r) => r.url.endsWith('/python.wasm')))`) {
		p.fatalf("python.wasm is precached")
	}
	p.setScript("import math\nprint('python online', math.floor(2.5))\n")
	p.click("run-all")
	waitFor[bool](p, "a Python program, online", `document.getElementById('results').textContent.includes('python online 2')`, 60*time.Second)

	srv.stop()
	if _, err := http.Get(srv.URL + "/"); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("the stopped server still answers (err %v)", err)
	}
	reloaded := time.Now()
	p.do("reload with the server stopped", 30*time.Second, chromedp.Reload())
	waitFor[bool](p, "the app and its editor, offline",
		`typeof window.flinkplay?.state === 'function' && !!document.querySelector('#editor .cm-editor') && !!document.getElementById('run-all')`,
		30*time.Second)
	waitFor[bool](p, "the engine, offline", engineReady, 30*time.Second)
	t.Logf("offline reload: engine ready %v after the reload", time.Since(reloaded).Round(time.Millisecond))
	if !eval[bool](p, "controlled", `!!navigator.serviceWorker.controller`) {
		p.fatalf("the reloaded page is not controlled by the service worker")
	}
	p.shot("offline-reload")

	p.click("view-tableau")
	for i, ex := range state.Examples {
		t.Logf("example %d offline: %s", i, ex.Name)
		p.runExample(i)
	}

	p.setScript("SET 'table.local-time-zone' = 'Asia/Tokyo';\nSELECT TO_TIMESTAMP_LTZ(0, 3) AS t;\n")
	p.click("run-all")
	waitFor[bool](p, "the Tokyo time, offline (a cached zone file)", `document.getElementById('results').textContent.includes('1970-01-01 09:00:00.000')`, 20*time.Second)
	p.shot("offline-zone")
}

// newVersion copies the build in dist and changes app.css, so that its
// version differs, and returns the copy's folder and the CSS marker. It runs
// the build's own last step (scripts/offline) on the copy.
func newVersion(t *testing.T, dist string) (string, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "v2")
	if err := os.CopyFS(dir, os.DirFS(dist)); err != nil {
		t.Fatal(err)
	}
	marker := "/* flinkplay e2e: version 2 */"
	css := filepath.Join(dir, "app.css")
	old, err := os.ReadFile(css)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(css, append(old, "\n"+marker+"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	// The server would send the old compressed copies instead.
	os.Remove(css + ".gz")
	os.Remove(css + ".br")
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./scripts/offline", "static/sw.js", dir)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("scripts/offline on the copy: %v\n%s", err, out)
	}
	return dir, marker
}

// jsValue writes v as a JavaScript literal.
func jsValue(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

var swVersion = regexp.MustCompile(`"version":"([0-9a-f]+)"`)

// TestOfflineUpdate serves one build, visits it, then serves a changed
// build: the page keeps running the cached version and offers "Reload";
// after the click, every file is the new version's and the old caches are
// gone.
func TestOfflineUpdate(t *testing.T) {
	dist := requireBuild(t, "index.html", "sw.js", "sw-register.js")
	v2, marker := newVersion(t, dist)
	v2sw, err := os.ReadFile(filepath.Join(v2, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := swVersion.FindSubmatch(v2sw)
	if m == nil {
		t.Fatalf("no version in %s/sw.js", v2)
	}
	want2 := string(m[1])

	p, srv := openOffline(t, 4*time.Minute, dist)
	p.load()
	p.waitControlled(60 * time.Second)
	v1 := p.swStatus().Version
	if v1 == want2 {
		t.Fatalf("the changed build has the same version %s", v1)
	}
	hasMarker := `fetch('app.css').then((r) => r.text()).then((t) => t.includes(` + jsString(marker) + `))`

	srv.serve(v2)
	// A second tab on the same profile, as a student opening the playground
	// again: its navigation makes the browser check sw.js, find it changed
	// and install the new version beside the old one. (A second reload of one
	// tab stops headless Chromium painting that tab, with or without a
	// service worker, so the test does not reload the first tab itself.)
	p.newTab()
	p.do("open the playground again", 30*time.Second, chromedp.Navigate(p.base+"/"))
	waitFor[bool](p, "the app", `typeof window.flinkplay?.state === 'function'`, 30*time.Second)
	waitFor[bool](p, `the "new version" notice`, `(() => { const e = document.getElementById('sw-update'); return !!e && e.textContent.includes('A new version is ready'); })()`, 60*time.Second)
	p.shot("update-ready")
	if got := p.swStatus().Version; got != v1 {
		p.fatalf("before the click, version %s controls the page, want the old %s", got, v1)
	}
	if eval[bool](p, "app.css before the click", hasMarker) {
		p.fatalf("the page got the new app.css before it accepted the update")
	}

	eval[bool](p, "mark this document", `(window.__beforeUpdate = true)`)
	p.click("sw-reload")
	p.waitAcrossNavigation("the page to reload itself", `document.readyState === 'complete' && !window.__beforeUpdate && typeof window.flinkplay?.state === 'function'`, 30*time.Second)
	waitFor[bool](p, "the engine after the update", engineReady, 30*time.Second)
	p.shot("updated")
	if got := p.swStatus().Version; got != want2 {
		p.fatalf("after the update version %s controls the page, want %s", got, want2)
	}
	if !eval[bool](p, "app.css after the update", hasMarker) {
		p.fatalf("after the update the page still gets the old app.css")
	}
	for _, name := range p.cacheNames() {
		if !strings.Contains(name, want2) {
			p.fatalf("cache %q of an old version is still there (caches: %q)", name, p.cacheNames())
		}
	}
	if eval[bool](p, "the notice after the update", `!!document.getElementById('sw-update')`) {
		p.fatalf("the notice still shows after the update")
	}
	// The new version runs queries.
	p.setScript(seedScript)
	p.runAll()
	p.shot("running")
	p.stop()
}

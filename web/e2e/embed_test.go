//go:build !(js && wasm)

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/flinkplay/flinkplay/web/state"
)

// embedScript is a short bounded example: every run ends by itself.
const embedScript = `CREATE TABLE Clicks (id INT, name STRING) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '12',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '12',
  'fields.name.length' = '6'
);
SELECT id, name FROM Clicks;
`

// embedFragment is the fragment of an embed of script with extra
// parameters ("&autorun=1...").
func embedFragment(script, extra string) string {
	return state.ShareFragment(state.Shared{Script: script}) + extra
}

// otherOrigin serves one HTML page on another 127.0.0.1 port (another
// origin than the playground's) and returns its origin.
func otherOrigin(t *testing.T, html func(r *http.Request) string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, html(r))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// hostPage is a documentation page that frames the embed at src and
// records every message it receives from the playground's origin.
func hostPage(src, playground string) string {
	return `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body style="margin:0;font:14px sans-serif">
<h1 style="font-size:16px;margin:8px">A documentation page on another origin</h1>
<iframe id="ex" src="` + src + `" title="Flink SQL example" width="900" height="200" loading="lazy"
  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
  referrerpolicy="strict-origin-when-cross-origin" style="border:1px solid #ccc"></iframe>
<script>
window.__events = [];
window.__others = 0;
window.addEventListener("message", (ev) => {
  if (ev.origin !== ` + jsString(playground) + `) { window.__others++; return; }
  window.__events.push(ev.data);
  const f = document.getElementById("ex");
  if (ev.data && ev.data.type === "size" && ev.source === f.contentWindow) f.style.height = ev.data.height + "px";
});
window.__send = (msg) => document.getElementById("ex").contentWindow.postMessage(msg, ` + jsString(playground) + `);
window.__stranger = (src) => {
  const f = document.createElement("iframe");
  f.src = src;
  f.width = 10; f.height = 10;
  document.body.appendChild(f);
};
</script></body></html>`
}

// strangerPage, on a third origin, sends the embed (its parent's first
// frame) commands it must ignore.
const strangerPage = `<!doctype html><script>
const embed = parent.frames[0];
embed.postMessage({source: "flinkplay-host", type: "setScript", script: "SELECT 'stranger';"}, "*");
embed.postMessage({source: "flinkplay-host", type: "run"}, "*");
document.title = "sent";
</script>`

// hostEvent is a message the host received.
type hostEvent struct {
	Source string `json:"source"`
	Type   string `json:"type"`
	State  string `json:"state"`
	Rows   int64  `json:"rows"`
	Height int    `json:"height"`
	Error  string `json:"error"`
}

func (p *page) hostEvents() []hostEvent {
	p.t.Helper()
	raw := eval[string](p, "the host's events", `JSON.stringify(window.__events)`)
	var evs []hostEvent
	if err := json.Unmarshal([]byte(raw), &evs); err != nil {
		p.fatalf("events: %v", err)
	}
	return evs
}

// frameEval evaluates expr in an isolated world of the first child frame
// whose URL contains urlPart (it sees the frame's DOM, not its scripts) and
// returns its value, which expr makes a JSON string. Never the top frame:
// chromedp then takes the isolated world for the page's own context, and
// later evaluations no longer see the page's scripts.
func frameEval(p *page, urlPart, expr string) (string, error) {
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	tree, err := chromedp.Call(ctx, cdppage.GetFrameTree, struct{}{})
	if err != nil {
		return "", err
	}
	var find func(ft *cdppage.FrameTree) *cdppage.FrameTree
	find = func(ft *cdppage.FrameTree) *cdppage.FrameTree {
		if ft == nil {
			return nil
		}
		if ft.Frame != nil && strings.Contains(ft.Frame.URL, urlPart) {
			return ft
		}
		for _, c := range ft.ChildFrames {
			if f := find(c); f != nil {
				return f
			}
		}
		return nil
	}
	var ft *cdppage.FrameTree
	for _, c := range tree.FrameTree.ChildFrames {
		if ft = find(c); ft != nil {
			break
		}
	}
	if ft == nil {
		return "", fmt.Errorf("no frame with %q in its URL", urlPart)
	}
	world, err := chromedp.Call(ctx, cdppage.CreateIsolatedWorld, cdppage.CreateIsolatedWorldParams{FrameID: ft.Frame.ID, WorldName: "e2e"})
	if err != nil {
		return "", err
	}
	yes := true
	res, err := chromedp.Call(ctx, cdpruntime.Evaluate, cdpruntime.EvaluateParams{Expression: expr, ContextID: world.ExecutionContextID, ReturnByValue: &yes})
	if err != nil {
		return "", err
	}
	if res.ExceptionDetails != nil {
		return "", fmt.Errorf("%s", res.ExceptionDetails.Text)
	}
	var s string
	if err := json.Unmarshal([]byte(res.Result.Value), &s); err != nil {
		return "", fmt.Errorf("frame value %s: %v", res.Result.Value, err)
	}
	return s, nil
}

// waitFrame polls frameEval until expr gives something other than "".
// expr is a string itself: a JSON.stringify around it would give `""`,
// which is not "", at once.
func waitFrame(p *page, what, urlPart, expr string, d time.Duration) string {
	p.t.Helper()
	deadline := time.Now().Add(d)
	var last error
	for time.Now().Before(deadline) {
		s, err := frameEval(p, urlPart, expr)
		if err == nil && s != "" {
			return s
		}
		last = err
		time.Sleep(100 * time.Millisecond)
	}
	p.fatalf("waiting %v for %s in the frame: %v", d, what, last)
	return ""
}

// TestEmbedInForeignHost frames the embed, with autorun and a seed, in a
// host page on another origin: rows appear, the host gets size and status
// events and fits the iframe to them, a third origin's commands are
// ignored, and the host's own commands are obeyed.
func TestEmbedInForeignHost(t *testing.T) {
	dist := requireBuild(t, "index.html", "embed.html")
	p := openBuild(t, 120*time.Second, dist)
	var host string
	host = otherOrigin(t, func(r *http.Request) string {
		src := p.base + "/embed.html" + embedFragment(embedScript, "&autorun=1&seed=42&start=2024-01-01%2000:00:00&origin="+host)
		return hostPage(src, p.base)
	})
	stranger := otherOrigin(t, func(*http.Request) string { return strangerPage })
	if host == p.base || stranger == host {
		t.Fatal("the servers share an origin")
	}
	p.do("open the host page", 30*time.Second, chromedp.Navigate(host+"/"))
	waitFor[bool](p, "a done status event after the autorun",
		`window.__events.some(e => e.type === "status" && e.state === "done")`, 60*time.Second)
	p.shot("host-autorun-done")

	evs := p.hostEvents()
	var states []string
	maxRows, lastHeight := int64(0), 0
	for _, e := range evs {
		if e.Source != "flinkplay-embed" {
			t.Errorf("event without the embed's source: %+v", e)
		}
		switch e.Type {
		case "status":
			states = append(states, e.State)
			maxRows = max(maxRows, e.Rows)
		case "size":
			lastHeight = e.Height
		}
	}
	t.Logf("status events: %v; last size %d px", states, lastHeight)
	for _, want := range []string{"ready", "loading", "running", "done"} {
		if !strings.Contains(" "+strings.Join(states, " ")+" ", " "+want+" ") {
			t.Errorf("no %q status event in %v", want, states)
		}
	}
	if maxRows != 12 {
		t.Errorf("the status events counted %d rows, want 12", maxRows)
	}
	if lastHeight < 200 {
		t.Errorf("last size event says %d px; the embed is taller", lastHeight)
	}
	if h := eval[int](p, "the iframe's height", `document.getElementById("ex").getBoundingClientRect().height|0`); h < lastHeight {
		t.Errorf("the host fitted the iframe to %d px, the size event said %d", h, lastHeight)
	}
	if n := eval[int](p, "messages from other origins", `window.__others`); n != 0 {
		t.Errorf("the host got %d messages from other origins", n)
	}
	rows := waitFrame(p, "12 rows in the embed's tableau", "embed.html",
		`(() => { const t = document.getElementById("tableau").textContent;
  return (t.match(/\| \+I \|/g) || []).length === 12 && t.includes("Received a total of") ? t : ""; })()`, 10*time.Second)
	if !strings.Contains(rows, "Received a total of 12 rows") {
		t.Errorf("the embed's tableau:\n%s", rows)
	}

	// A third origin's commands are ignored.
	before := len(p.hostEvents())
	eval[bool](p, "frame the stranger", `(window.__stranger(`+jsString(stranger+"/")+`), true)`)
	waitFrame(p, "the stranger to send", stranger, `document.title === "sent" ? "yes" : ""`, 10*time.Second)
	time.Sleep(1500 * time.Millisecond)
	for _, e := range p.hostEvents()[before:] {
		if e.Type == "status" {
			t.Errorf("the embed reacted to a stranger's message: %+v", e)
		}
	}
	if text, err := frameEval(p, "embed.html", `JSON.stringify(document.querySelector("#editor .cm-content").textContent)`); err != nil || strings.Contains(text, "stranger") {
		t.Errorf("the stranger changed the script: %q, %v", text, err)
	}
	p.shot("stranger-ignored")

	// The host's own commands are obeyed.
	eval[bool](p, "send setScript", `(window.__send({source: "flinkplay-host", type: "setScript", script: "SELECT 'from the host' AS greeting;"}), true)`)
	waitFor[bool](p, "the script status event", `window.__events.some(e => e.type === "status" && e.state === "script")`, 10*time.Second)
	eval[bool](p, "send run", `(window.__events = [], window.__send({source: "flinkplay-host", type: "run"}), true)`)
	waitFor[bool](p, "the host's run to finish", `window.__events.some(e => e.type === "status" && e.state === "done")`, 30*time.Second)
	waitFrame(p, "the host's script's result", "embed.html",
		`document.getElementById("tableau").textContent.includes("from the host") ? "yes" : ""`, 10*time.Second)
	p.shot("host-command-obeyed")
}

// TestEmbedLoadsEngineOnRun opens an embed without autorun: no worker
// and no engine download until Run, then rows.
func TestEmbedLoadsEngineOnRun(t *testing.T) {
	dist := requireBuild(t, "index.html", "embed.html")
	p := openBuild(t, 90*time.Second, dist)
	p.do("open the embed", 30*time.Second, chromedp.Navigate(p.base+"/embed.html"+embedFragment(embedScript, "&view=changelog&readonly=1")))
	waitFor[bool](p, "the embed and its editor", `!!document.querySelector('#editor .cm-editor') && !!document.getElementById('run')`, 20*time.Second)
	time.Sleep(1500 * time.Millisecond) // time enough for any early load to show
	p.shot("embed-idle")
	if n := eval[int](p, "workers", `window.__e2e.workers.length`); n != 0 {
		t.Errorf("%d workers before Run", n)
	}
	for _, f := range p.xfer.files() {
		if strings.Contains(f.Path, "engine") {
			t.Errorf("%s was fetched before Run", f.Path)
		}
	}
	if st := p.text("status"); !strings.Contains(st, "Press Run") {
		t.Errorf("status before Run: %q", st)
	}
	if editable := eval[string](p, "the editor's contenteditable", `document.querySelector('#editor .cm-content').getAttribute('contenteditable')`); editable != "false" {
		t.Errorf("a read-only embed's editor has contenteditable=%q", editable)
	}
	p.click("run")
	waitFor[bool](p, "12 changelog rows", `document.querySelectorAll('#grid tbody tr[data-op="+I"]').length === 12`, 60*time.Second)
	p.shot("embed-ran")
	if n := eval[int](p, "workers", `window.__e2e.workers.length`); n != 1 {
		t.Errorf("%d workers after Run, want 1", n)
	}
	fetched := false
	for _, f := range p.xfer.files() {
		fetched = fetched || f.Path == "/engine.wasm"
	}
	if !fetched {
		t.Error("Run did not load engine.wasm")
	}
	if ls := eval[int](p, "localStorage keys", `(() => { try { return localStorage.length; } catch (e) { return 0; } })()`); ls != 0 {
		t.Errorf("the embed wrote %d localStorage keys", ls)
	}
}

// TestEmbedBadFragment: malformed parameters give a notice, not a crash.
// TestEmbedPreparesOnPointer points at Run without clicking: the engine
// starts loading, nothing runs, and the status still says to press Run;
// the click then runs the example.
func TestEmbedPreparesOnPointer(t *testing.T) {
	dist := requireBuild(t, "index.html", "embed.html")
	p := openBuild(t, 90*time.Second, dist)
	p.do("open the embed", 30*time.Second, chromedp.Navigate(p.base+"/embed.html"+embedFragment(embedScript, "&view=changelog")))
	waitFor[bool](p, "the embed and its editor", `!!document.querySelector('#editor .cm-editor') && !!document.getElementById('run')`, 20*time.Second)
	if n := eval[int](p, "workers", `window.__e2e.workers.length`); n != 0 {
		t.Fatalf("%d workers before pointing at Run", n)
	}
	r := eval[[]float64](p, "#run's centre", `(() => { const r = document.getElementById('run').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	p.do("point at Run", 5*time.Second, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, r[0], r[1]))
	waitFor[bool](p, "the engine to load", `window.__e2e.workers.length === 1 && JSON.parse(window.flinkplay.state()).ready`, 30*time.Second)
	if st := p.text("status"); !strings.Contains(st, "Press Run") {
		t.Errorf("status after pointing at Run: %q", st)
	}
	if s := p.state(); s.Running || s.Received != 0 {
		t.Errorf("pointing at Run ran something: %+v", s)
	}
	p.shot("embed-prepared")
	p.click("run")
	waitFor[bool](p, "12 changelog rows", `document.querySelectorAll('#grid tbody tr[data-op="+I"]').length === 12`, 60*time.Second)
	if n := eval[int](p, "workers", `window.__e2e.workers.length`); n != 1 {
		t.Errorf("%d workers after Run, want 1", n)
	}
	if st := p.text("status"); strings.Contains(st, "Press Run") {
		t.Errorf("status after Run: %q", st)
	}
	p.shot("embed-ran-after-prepare")
}

func TestEmbedBadFragment(t *testing.T) {
	dist := requireBuild(t, "index.html", "embed.html")
	p := openBuild(t, 60*time.Second, dist)
	p.do("open the embed", 30*time.Second, chromedp.Navigate(p.base+"/embed.html#s=1.!!broken&height=5&view=pie"))
	notice := waitFor[string](p, "the notice", `document.getElementById('notice')?.textContent || ''`, 20*time.Second)
	p.shot("embed-bad-fragment")
	for _, want := range []string{"damaged", "height=5", "view=pie"} {
		if !strings.Contains(notice, want) {
			t.Errorf("notice %q lacks %q", notice, want)
		}
	}
	if !p.shown("run") {
		t.Error("no Run button")
	}
}

// TestDocsSample opens static/docs-sample.html: both embeds load, say they
// are ready, and the page fits both iframes to their size events.
func TestDocsSample(t *testing.T) {
	dist := requireBuild(t, "embed.html", "docs-sample.html")
	p := openBuild(t, 60*time.Second, dist)
	p.do("open the sample docs page", 30*time.Second, chromedp.Navigate(p.base+"/docs-sample.html"))
	waitFor[bool](p, "both embeds ready", `document.getElementById('ex1-log').textContent === 'ready' && document.getElementById('ex2-log').textContent === 'ready'`, 30*time.Second)
	waitFor[bool](p, "both iframes fitted to their content", `[...document.querySelectorAll('iframe')].every(f => f.style.height && f.style.height !== '360px')`, 10*time.Second)
	time.Sleep(400 * time.Millisecond) // the page animates the height
	p.shot("docs-sample")
	// Each frame shows all of its content: its document is no taller
	// than the frame (the sample is served from the playground's origin,
	// so it can look inside).
	for _, id := range []string{"ex1", "ex2"} {
		fit := eval[bool](p, "iframe fit", `(() => { const f = document.getElementById(`+jsString(id)+`);
  const content = f.contentDocument.body.getBoundingClientRect().height;
  return content >= 400 && content <= f.contentWindow.innerHeight + 1; })()`)
		if !fit {
			t.Errorf("iframe %s is not fitted to its content", id)
		}
	}
	for _, f := range p.xfer.files() {
		if strings.Contains(f.Path, "engine") {
			t.Errorf("the sample page fetched %s before any Run", f.Path)
		}
	}
	// The documentation's examples run: a reader presses Run in each.
	eval[bool](p, "press Run in both", `(['ex1', 'ex2'].forEach(id => document.getElementById(id).contentDocument.getElementById('run').click()), true)`)
	waitFor[bool](p, "both examples to finish", `/^done · 40 rows/.test(document.getElementById('ex1-log').textContent) && /^done · 10 rows/.test(document.getElementById('ex2-log').textContent)`, 40*time.Second)
	time.Sleep(400 * time.Millisecond)
	p.shot("docs-sample-ran")
}

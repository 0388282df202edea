//go:build !(js && wasm)

package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// inExample evaluates expr with d bound to the document of example id's
// embed (the iframe in the element's shadow root).
func inExample(id, expr string) string {
	return `(() => { const d = document.getElementById('` + id + `').shadowRoot.querySelector('iframe').contentDocument; return (` + expr + `); })()`
}

// engineTargets counts the browser's engine workers: shared and dedicated.
func engineTargets(p *page) (shared, dedicated int) {
	p.t.Helper()
	infos, err := chromedp.Targets(p.ctx)
	if err != nil {
		p.fatalf("targets: %v", err)
	}
	for _, ti := range infos {
		if !strings.Contains(ti.URL, "engine-worker.js") {
			continue
		}
		switch ti.Type {
		case "shared_worker":
			shared++
		case "worker":
			dedicated++
		}
	}
	return shared, dedicated
}

// TestWebComponent: <flink-sql-playground> elements on a documentation page
// (static/component-sample.html) take the embed's parameters as
// attributes and their script as text, keep the page's styles out with a
// shadow root, fit their height to the content, load the engine only when
// run, and share one engine in which two examples run at the same time.
func TestWebComponent(t *testing.T) {
	p := open(t, 150*time.Second)
	p.do("open the sample", 30*time.Second, chromedp.Navigate(p.base+"/component-sample.html"))
	for _, id := range []string{"ex1", "ex2"} {
		waitFor[bool](p, id+"'s embed", guard(inExample(id, `!!d && !!d.getElementById('run') && !!d.querySelector('#editor .cm-editor')`)), 30*time.Second)
	}
	// The page's `iframe { border: 4px solid red }` does not reach inside.
	if got := eval[string](p, "the frame's border", `getComputedStyle(document.getElementById('ex1').shadowRoot.querySelector('iframe')).borderTopWidth`); got != "1px" {
		t.Errorf("the example's frame has a %s border: the page's styles reached into the element", got)
	}
	// The frame is named by the element's title, and follows it.
	if got := eval[string](p, "the frame's title", `document.getElementById('ex1').shadowRoot.querySelector('iframe').title`); got != "Flink SQL example: a continuous aggregation" {
		t.Errorf("ex1's frame is titled %q", got)
	}
	eval[bool](p, "retitle", `(document.getElementById('ex1').setAttribute('title', 'Clicks per user'), true)`)
	if got := eval[string](p, "the frame's title", `document.getElementById('ex1').shadowRoot.querySelector('iframe').title`); got != "Clicks per user" {
		t.Errorf("after a new title ex1's frame is titled %q", got)
	}
	// The script is the element's text, without the page's indentation;
	// the attributes are the embed's parameters.
	if got := eval[string](p, "ex2's script", inExample("ex2", `d.querySelector('#editor .cm-content').innerText`)); !strings.HasPrefix(got, "SELECT product, SUM(amount) AS total\nFROM (VALUES") {
		t.Errorf("ex2's editor holds %q", got)
	}
	if got := eval[string](p, "ex2's parameters", inExample("ex2", `d.querySelector('#editor .cm-content').getAttribute('contenteditable') + ' ' + d.getElementById('view-table').classList.contains('active')`)); got != "false true" {
		t.Errorf("ex2 (read-only, view=table): contenteditable and table view = %s, want false true", got)
	}
	// No engine until a Run.
	time.Sleep(time.Second)
	if s, d := engineTargets(p); s+d != 0 {
		t.Errorf("%d shared and %d dedicated engines before any Run, want none", s, d)
	}
	p.shot("loaded")

	// Both run, at the same time, in one engine.
	eval[bool](p, "run ex1", inExample("ex1", `(d.getElementById('run').click(), true)`))
	waitFor[bool](p, "ex1's rows", inExample("ex1", `d.querySelectorAll('#grid tbody tr[data-op]').length > 2`), 30*time.Second)
	eval[bool](p, "run ex2", inExample("ex2", `(d.getElementById('run').click(), true)`))
	waitFor[bool](p, "ex2's table", inExample("ex2", `[...d.querySelectorAll('#grid tbody tr[data-op]')].map(tr => tr.textContent).sort().join(',') === 'apple5,pear7'`), 30*time.Second)
	before := eval[float64](p, "ex1's rows", inExample("ex1", `d.querySelectorAll('#grid tbody tr[data-op]').length`))
	time.Sleep(1500 * time.Millisecond)
	after := eval[float64](p, "ex1's rows", inExample("ex1", `d.querySelectorAll('#grid tbody tr[data-op]').length`))
	if after <= before {
		t.Errorf("ex1's stream stopped when ex2 ran: %v rows, then %v", before, after)
	}
	if s, d := engineTargets(p); s != 1 || d != 0 {
		t.Errorf("%d shared and %d dedicated engines for two examples, want one shared", s, d)
	}
	// Each fits its frame to its content, and says how its run goes.
	for _, id := range []string{"ex1", "ex2"} {
		waitFor[bool](p, id+"'s height", `(() => { const f = document.getElementById('`+id+`').shadowRoot.querySelector('iframe'); return Math.abs(f.getBoundingClientRect().height - 2 - Math.ceil(f.contentDocument.body.getBoundingClientRect().height)) <= 2; })()`, 10*time.Second)
	}
	waitFor[bool](p, "the status events", `document.getElementById('ex2-log').textContent.startsWith('done') && document.getElementById('ex1-log').textContent !== ''`, 10*time.Second)
	p.shot("running")
	eval[bool](p, "stop ex1", inExample("ex1", `(d.getElementById('stop').click(), true)`))
	waitFor[bool](p, "ex1 to stop", inExample("ex1", `/Stopped|Cancelled|stopped/.test(d.getElementById('status').textContent)`), 10*time.Second)

	// The page's own controls: element.run() runs it.
	eval[bool](p, "ex2.run()", `(document.getElementById('ex2').run(), true)`)
	waitFor[bool](p, "ex2 to run again", `document.getElementById('ex2-log').textContent.startsWith('done')`, 20*time.Second)

	for _, dark := range []bool{false, true} {
		scheme := "light"
		if dark {
			scheme = "dark"
		}
		if _, err := chromedp.Call(p.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
			t.Fatalf("emulate %s: %v", scheme, err)
		}
		for _, w := range []int64{390, 1024, 1920} {
			p.do(fmt.Sprintf("width %d", w), 5*time.Second, chromedp.EmulateViewport(w, 900, chromedp.EmulateTouch))
			time.Sleep(400 * time.Millisecond)
			if over := eval[float64](p, "overflow", `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
				t.Errorf("at %d px the page is %v px wider than the window", w, over)
			}
			// The frame's border is inside the element: the host's
			// containment would clip a frame wider than itself.
			for _, id := range []string{"ex1", "ex2"} {
				if over := eval[float64](p, "the frame's width", `(() => { const e = document.getElementById('`+id+`'); return e.shadowRoot.querySelector('iframe').getBoundingClientRect().right - e.getBoundingClientRect().right; })()`); over > 0 {
					t.Errorf("at %d px %s's frame is %v px wider than the element", w, id, over)
				}
			}
			p.shot(fmt.Sprintf("%s-%d", scheme, w))
		}
	}
}

// TestWebComponentInForeignHost: a documentation page on another origin
// includes /flink-sql-playground.js from the playground's and writes an
// element with autorun: the example runs, the page hears its status
// events and the element fits its height.
func TestWebComponentInForeignHost(t *testing.T) {
	p := open(t, 120*time.Second)
	host := otherOrigin(t, func(*http.Request) string {
		return `<!doctype html><html><head><meta charset="utf-8"><title>docs</title>
<script src="` + p.base + `/flink-sql-playground.js" defer></script>
<style>iframe { border: 6px dashed red !important; }</style></head>
<body style="margin:0;font:14px sans-serif"><h1 style="font-size:16px;margin:8px">Docs on another origin</h1>
<flink-sql-playground id="ex" autorun seed="42" start="2024-01-01 00:00:00" height="180">
  CREATE TABLE T (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '6', 'fields.id.min' = '1', 'fields.id.max' = '9');
  SELECT id FROM T;
</flink-sql-playground>
<script>
window.__events = [];
document.addEventListener("flinkplay-status", (e) => window.__events.push(e.detail));
</script></body></html>`
	})
	if host == p.base {
		t.Fatal("the servers share an origin")
	}
	p.do("open the docs page", 30*time.Second, chromedp.Navigate(host+"/"))
	waitFor[bool](p, "a done status event", `window.__events.some(e => e.state === "done")`, 60*time.Second)
	// The rows, then the footer: a render can land between them.
	rows := waitFrame(p, "6 rows in the example and its footer", "embed.html",
		`(() => { const t = document.getElementById("tableau").textContent;
  return (t.match(/\| \+I \|/g) || []).length === 6 && t.includes("Received a total of") ? t : ""; })()`, 10*time.Second)
	if !strings.Contains(rows, "Received a total of 6 rows") {
		t.Errorf("the example's tableau:\n%s", rows)
	}
	if got := eval[string](p, "the frame", `getComputedStyle(document.getElementById('ex').shadowRoot.querySelector('iframe')).borderTopStyle`); got != "solid" {
		t.Errorf("the frame's border is %s: the page's !important rule reached into the shadow root", got)
	}
	waitFor[bool](p, "the frame to fit its content", `document.getElementById('ex').shadowRoot.querySelector('iframe').getBoundingClientRect().height > 300`, 10*time.Second)
	p.shot("foreign-host")
}

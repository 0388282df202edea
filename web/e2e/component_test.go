//go:build !(js && wasm)

package e2e

import (
	"fmt"
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
			p.shot(fmt.Sprintf("%s-%d", scheme, w))
		}
	}
}

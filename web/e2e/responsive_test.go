//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// toolbarControls are the playground's toolbar controls, each of which
// must be reachable at every width: in the toolbar, or in the More menu.
var toolbarControls = []string{"run-all", "stop", "run", "examples", "history", "share", "open", "reset", "embed-snippet", "export", "help", "theme"}

// layoutProbe reports, for the current width, what a reader of that
// window sees: whether the page scrolls sideways, which toolbar controls
// are on screen, on how many rows, and the heights of the editor and
// the results.
const layoutProbe = `(() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const onScreen = (e) => { if (!e) return false; const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= vw + 0.5 && r.top >= 0 && r.bottom <= vh; };
  const ids = %s;
  const shown = ids.filter((id) => onScreen(document.getElementById(id)));
  const tops = new Set(shown.map((id) => Math.round(document.getElementById(id).getBoundingClientRect().top)));
  const h = (sel) => Math.round(document.querySelector(sel).getBoundingClientRect().height);
  return JSON.stringify({ overflow: document.documentElement.scrollWidth - vw, shown, rows: tops.size,
    editor: h('.editor-pane'), results: h('#results'), vh });
})()`

type layoutReport struct {
	Overflow float64  `json:"overflow"`
	Shown    []string `json:"shown"`
	Rows     int      `json:"rows"`
	Editor   float64  `json:"editor"`
	Results  float64  `json:"results"`
	VH       float64  `json:"vh"`
}

func (p *page) layout() layoutReport {
	p.t.Helper()
	var r layoutReport
	ids := `["` + strings.Join(toolbarControls, `","`) + `"]`
	if err := json.Unmarshal([]byte(eval[string](p, "layout", fmt.Sprintf(layoutProbe, ids))), &r); err != nil {
		p.fatalf("layout probe: %v", err)
	}
	return r
}

// TestPhonesAndTablets: from 360 px up the page never scrolls sideways,
// every toolbar control is on screen or one tap away in the More menu, the
// toolbar keeps one row (at 1024 px too), narrow windows give the results
// most of the screen, and results scroll by touch.
func TestPhonesAndTablets(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	p.do("run the seed", 10*time.Second, chromedp.Click(chromedp.ID("run-all")))
	waitFor[bool](p, "rows", `JSON.parse(window.flinkplay.state()).received > 200`, 20*time.Second)
	time.Sleep(time.Second)
	p.stop()

	for _, w := range []int64{360, 390, 768, 1024, 1280, 1920} {
		height := int64(900)
		if w < 800 {
			height = 780
		}
		p.do(fmt.Sprintf("width %d", w), 5*time.Second, chromedp.EmulateViewport(w, height, chromedp.EmulateTouch))
		time.Sleep(300 * time.Millisecond)
		r := p.layout()
		if r.Overflow > 0 {
			t.Errorf("at %d px the page is %v px wider than the window", w, r.Overflow)
		}
		if r.Rows != 1 {
			t.Errorf("at %d px the toolbar's controls sit on %d rows, want one", w, r.Rows)
		}
		// What the toolbar does not show, the More menu does.
		var hidden []string
		for _, id := range toolbarControls {
			if !strings.Contains(","+strings.Join(r.Shown, ",")+",", ","+id+",") {
				hidden = append(hidden, id)
			}
		}
		if w >= 1280 && len(hidden) > 0 {
			t.Errorf("at %d px %v are not in the toolbar, want every control there", w, hidden)
		}
		if len(hidden) > 0 {
			if w >= 1280 {
				continue
			}
			p.click("more")
			waitFor[bool](p, "the More menu", `document.getElementById('more').getAttribute('aria-expanded') === 'true'`, 5*time.Second)
			time.Sleep(100 * time.Millisecond)
			p.shot(fmt.Sprintf("menu-%d", w))
			open := p.layout()
			for _, id := range hidden {
				if !strings.Contains(","+strings.Join(open.Shown, ",")+",", ","+id+",") {
					t.Errorf("at %d px #%s is neither in the toolbar nor in the open More menu", w, id)
				}
			}
			// Escape closes the menu and gives the focus back to its button.
			p.do("escape", 5*time.Second, chromedp.KeyEvent("\x1b"))
			waitFor[bool](p, "the menu to close", `document.getElementById('more').getAttribute('aria-expanded') === 'false' && document.activeElement.id === 'more'`, 5*time.Second)
		}
		if w < 800 {
			if r.Results < r.Editor || r.Results < 0.45*r.VH {
				t.Errorf("at %d px the results are %v px tall beside an editor of %v px in a %v px window; want them to have most of the screen", w, r.Results, r.Editor, r.VH)
			}
		}
		p.shot(fmt.Sprintf("light-%d", w))
	}

	// A menu action runs and closes the menu: Examples at a phone's width.
	p.do("phone", 5*time.Second, chromedp.EmulateViewport(390, 780, chromedp.EmulateTouch))
	p.click("more")
	waitFor[bool](p, "the More menu", `document.getElementById('more').getAttribute('aria-expanded') === 'true'`, 5*time.Second)
	p.click("examples")
	waitFor[bool](p, "the gallery", `document.getElementById('dialog-title').textContent === 'Examples' && document.getElementById('more').getAttribute('aria-expanded') === 'false'`, 5*time.Second)
	p.shot("phone-examples")
	p.click("dialog-close")
	waitFor[bool](p, "the gallery to close", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)

	// A click outside the open menu closes it.
	p.click("more")
	waitFor[bool](p, "the More menu", `document.getElementById('more').getAttribute('aria-expanded') === 'true'`, 5*time.Second)
	p.do("click the results", 5*time.Second, chromedp.Click(chromedp.ID("results")))
	waitFor[bool](p, "the menu to close", `document.getElementById('more').getAttribute('aria-expanded') === 'false'`, 5*time.Second)

	// Touch scrolling: a swipe down over the results (which follow their
	// newest rows) scrolls them back, not the page. A finger moves 20 px a
	// frame, less than a grid row: each small move up must leave the tail.
	p.click("view-table")
	time.Sleep(300 * time.Millisecond)
	box := eval[string](p, "the results' box", `(() => { const r = document.getElementById('results').getBoundingClientRect(); return Math.round(r.left + r.width / 2) + ',' + Math.round(r.top + r.height * 0.3); })()`)
	var x, y float64
	fmt.Sscanf(box, "%v,%v", &x, &y)
	before := eval[float64](p, "scrollTop", `document.getElementById('results').scrollTop`)
	p.swipe(x, y, 200)
	after := eval[float64](p, "scrollTop", `document.getElementById('results').scrollTop`)
	if after >= before-100 {
		t.Errorf("a 200 px swipe down over the results left them at scrollTop %v (was %v), want them scrolled back", after, before)
	}
	if sy := eval[float64](p, "the page's scroll", `window.scrollY`); sy != 0 {
		t.Errorf("a swipe over the results scrolled the page by %v px, want the results alone scrolled", sy)
	}
	p.shot("phone-swiped")

	// Both themes at the three widths the issue names.
	p.do("dark", 5*time.Second, chromedp.Click(chromedp.ID("theme")))
	for _, w := range []int64{390, 1024, 1920} {
		p.do(fmt.Sprintf("width %d", w), 5*time.Second, chromedp.EmulateViewport(w, 900))
		time.Sleep(300 * time.Millisecond)
		p.shot(fmt.Sprintf("dark-%d", w))
	}
}

// TestShortcutsHelp: ? outside the editor lists the keyboard shortcuts in
// a dialog, which Escape closes; ? typed in the editor is text.
func TestShortcutsHelp(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	p.do("focus the results", 5*time.Second, chromedp.Focus(chromedp.ID("results")))
	p.do("press ?", 5*time.Second, chromedp.KeyEvent("?"))
	waitFor[bool](p, "the shortcuts", `document.getElementById('dialog-title').textContent === 'Keyboard shortcuts' && !document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	text := eval[string](p, "the list", `document.getElementById('help-keys').innerText`)
	for _, want := range []string{"Ctrl/Cmd+Shift+Enter\tRun the whole script", "Ctrl/Cmd+Enter\tRun the statement at the cursor", "Esc then Tab\tLeave the editor"} {
		if !strings.Contains(text, want) {
			t.Errorf("the shortcuts dialog lacks %q:\n%s", want, text)
		}
	}
	p.shotWidths("help", func(theme string, w int64) {
		// A short window scrolls the list, not the page: the dialog and
		// its Close button stay on the screen.
		if out := eval[float64](p, "the Close button", `document.getElementById('dialog-close').getBoundingClientRect().bottom - innerHeight`); out > 0 {
			t.Errorf("at %d px, %s: the shortcuts dialog's Close button is %v px below the window", w, theme, out)
		}
		if over := eval[float64](p, "the list's width", `(() => { const k = document.getElementById('help-keys'); return k.scrollWidth - k.clientWidth; })()`); over > 0 {
			t.Errorf("at %d px, %s: the shortcuts are %v px wider than the dialog", w, theme, over)
		}
	})
	p.do("escape", 5*time.Second, chromedp.KeyEvent("\x1b"))
	waitFor[bool](p, "the dialog to close and the focus to return", `document.getElementById('dialog').classList.contains('hidden') && document.activeElement.id === 'results'`, 5*time.Second)

	// The toolbar's ? button opens it too.
	p.click("help")
	waitFor[bool](p, "the shortcuts", `document.getElementById('dialog-title').textContent === 'Keyboard shortcuts'`, 5*time.Second)
	p.click("dialog-close")

	// In the editor ? is text.
	p.setScript("SELECT 1")
	p.do("focus the editor", 5*time.Second, chromedp.Click(chromedp.CSS("#editor .cm-content")))
	p.do("type ?", 5*time.Second, chromedp.KeyEvent("?"))
	time.Sleep(300 * time.Millisecond)
	if !eval[bool](p, "the dialog", `document.getElementById('dialog').classList.contains('hidden')`) {
		t.Errorf("? typed in the editor opened a dialog")
	}
	if got := eval[string](p, "the script", `window.flinkplay.getText()`); !strings.Contains(got, "?") {
		t.Errorf("? typed in the editor: the script is %q, want the ? in it", got)
	}
}

// swipe drags one finger from (x, y) by dy CSS pixels (down when
// positive), as touch events, at about 60 moves a second.
func (p *page) swipe(x, y, dy float64) {
	p.t.Helper()
	touch := func(typ input.DispatchTouchEventType, pts []*input.TouchPoint) {
		if _, err := chromedp.Call(p.ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
			p.fatalf("touch %s: %v", typ, err)
		}
	}
	at := func(f float64) []*input.TouchPoint { return []*input.TouchPoint{{X: x, Y: y + f}} }
	touch(input.DispatchTouchEventTypeTouchStart, at(0))
	for i := 1; i <= 10; i++ {
		touch(input.DispatchTouchEventTypeTouchMove, at(dy*float64(i)/10))
		time.Sleep(16 * time.Millisecond)
	}
	touch(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
	time.Sleep(300 * time.Millisecond)
}

// shotWidths takes screenshots of what the page shows now at a phone's, a
// tablet's and a desktop's width, in the light and the dark theme, and
// puts the page back at 1280 px in the theme it had. check, when given,
// runs at each width before its screenshot.
func (p *page) shotWidths(name string, check ...func(theme string, width int64)) {
	p.t.Helper()
	before := eval[string](p, "the theme", `document.documentElement.dataset.theme || ''`)
	for _, theme := range []string{"light", "dark"} {
		eval[bool](p, "set the theme", `(document.documentElement.dataset.theme = '`+theme+`', true)`)
		for _, w := range []int64{390, 1024, 1920} {
			if w < 800 {
				p.do(fmt.Sprintf("width %d", w), 5*time.Second, chromedp.EmulateViewport(w, 900, chromedp.EmulateTouch))
			} else {
				p.do(fmt.Sprintf("width %d", w), 5*time.Second, chromedp.EmulateViewport(w, 900))
			}
			time.Sleep(300 * time.Millisecond)
			if over := eval[float64](p, "overflow", `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
				p.t.Errorf("%s at %d px, %s: the page is %v px wider than the window", name, w, theme, over)
			}
			for _, c := range check {
				c(theme, w)
			}
			p.shot(fmt.Sprintf("%s-%s-%d", name, theme, w))
		}
	}
	eval[bool](p, "restore the theme", `(() => { const t = '`+before+`'; if (t) document.documentElement.dataset.theme = t; else delete document.documentElement.dataset.theme; return true; })()`)
	p.do("desktop width", 5*time.Second, chromedp.EmulateViewport(1280, 900))
}

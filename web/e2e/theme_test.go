//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// contrastProbe measures WCAG 2 contrast ratios of the page's text: for
// every element with text of its own, the ratio of its colour to the first
// opaque background behind it. It returns the failures under AA (4.5:1,
// 3:1 for large text: 18.66px bold or 24px), as "selector ratio" lines,
// and how many elements it measured.
const contrastProbe = `(() => {
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(',').map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const blend = (top, under) => ({r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1});
  const bgOf = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let bg = {r: 255, g: 255, b: 255, a: 1};
    for (let i = layers.length - 1; i >= 0; i--) bg = blend(layers[i], bg);
    return bg;
  };
  const fails = []; let n = 0;
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.hidden, [hidden], .early-editor, .font-warm, .loading')) continue;
    const own = [...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim() !== '');
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || st.display === 'none' || Number(st.opacity) === 0) continue;
    const fg0 = parse(st.color); if (!fg0) continue;
    const bg = bgOf(el);
    const fg = blend(fg0, bg);
    const l1 = lum(fg), l2 = lum(bg);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(st.fontSize), bold = Number(st.fontWeight) >= 700;
    const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
    n++;
    if (ratio < need) fails.push((el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + [...el.classList].join('.')) + ' ' + ratio.toFixed(2) + ' "' + el.textContent.trim().slice(0, 30) + '"');
  }
  return JSON.stringify({fails, n});
})()`

type contrastReport struct {
	Fails []string `json:"fails"`
	N     int      `json:"n"`
}

// checkContrast fails the test for text under WCAG AA contrast.
func (p *page) checkContrast(what string) {
	p.t.Helper()
	var rep contrastReport
	if err := json.Unmarshal([]byte(eval[string](p, "contrast", contrastProbe)), &rep); err != nil {
		p.fatalf("contrast probe: %v", err)
	}
	if rep.N < 20 {
		p.fatalf("%s: the contrast probe measured only %d texts", what, rep.N)
	}
	if len(rep.Fails) > 0 {
		p.t.Errorf("%s: %d of %d texts under WCAG AA contrast:\n  %s", what, len(rep.Fails), rep.N, strings.Join(rep.Fails, "\n  "))
	}
}

// pageTheme reports the theme the page shows: the root's data-theme, and
// the body's computed background.
func (p *page) pageTheme() (attr, background string) {
	p.t.Helper()
	s := eval[string](p, "the theme", `(document.documentElement.dataset.theme || '') + '|' + getComputedStyle(document.body).backgroundColor`)
	attr, background, _ = strings.Cut(s, "|")
	return attr, background
}

// TestDarkMode: the page follows prefers-color-scheme; the theme button
// switches it, is remembered over a reload, and wins over the system's;
// text and the editor keep WCAG AA contrast in both themes, at a phone's,
// a tablet's and a desktop's width.
func TestDarkMode(t *testing.T) {
	p := open(t, 150*time.Second)
	darkSystem := func(dark bool) {
		v := "light"
		if dark {
			v = "dark"
		}
		if _, err := chromedp.Call(p.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}}}); err != nil {
			t.Fatalf("emulate prefers-color-scheme: %v", err)
		}
	}
	darkSystem(true)
	p.load()
	// Seed results, so that the grid and its op colours are measured too.
	p.do("run the seed", 10*time.Second, chromedp.Click(chromedp.ID("run-all")))
	waitFor[bool](p, "rows", `document.querySelectorAll('#grid tbody tr').length > 3 || (document.getElementById('tableau')?.textContent || '').includes('+I')`, 20*time.Second)
	p.do("stop", 5*time.Second, chromedp.Click(chromedp.ID("stop")))
	waitFor[bool](p, "the run to stop", `!JSON.parse(window.flinkplay.state()).running`, 10*time.Second)

	if attr, bg := p.pageTheme(); attr != "" || bg != "rgb(17, 21, 28)" {
		t.Errorf("system dark: data-theme %q, background %s; want none and the dark background rgb(17, 21, 28)", attr, bg)
	}
	if got := eval[string](p, "the theme button", `document.getElementById('theme').getAttribute('aria-pressed') + ' ' + document.getElementById('theme').title`); got != "true Switch to the light theme (kept in this browser)" {
		t.Errorf("theme button %q under a dark system, want pressed, switching to light", got)
	}
	// The system switches while the page is open: the page and its button
	// follow, as long as no theme was chosen with the button.
	darkSystem(false)
	if _, err := tryWait[bool](p, `document.getElementById('theme').getAttribute('aria-pressed') === 'false' && getComputedStyle(document.body).backgroundColor === 'rgb(246, 247, 249)'`, 5*time.Second); err != nil {
		t.Errorf("after the system turned light the theme button is %q", eval[string](p, "the theme button", `document.getElementById('theme').getAttribute('aria-pressed')`))
	}
	darkSystem(true)
	waitFor[bool](p, "the dark system again", `document.getElementById('theme').getAttribute('aria-pressed') === 'true'`, 5*time.Second)
	if got := eval[string](p, "the toolbar", `(() => { const bs = [...document.querySelectorAll('.toolbar button')].filter(b => b.getClientRects().length > 0); return String(new Set(bs.map(b => Math.round(b.getBoundingClientRect().top))).size); })()`); got != "1" {
		t.Errorf("at 1280 px the toolbar's buttons sit on %s rows, want one", got)
	}
	if bg := eval[string](p, "the editor", `getComputedStyle(document.querySelector('#editor .cm-editor')).backgroundColor`); bg != "rgb(26, 31, 41)" {
		t.Errorf("the editor's background is %s in the dark theme, want the panel's rgb(26, 31, 41)", bg)
	}
	for _, w := range []int64{390, 1024, 1920} {
		p.do(fmt.Sprintf("width %d", w), 5*time.Second, chromedp.EmulateViewport(w, 900))
		time.Sleep(300 * time.Millisecond)
		p.shot(fmt.Sprintf("dark-%d", w))
	}
	p.do("desktop width", 5*time.Second, chromedp.EmulateViewport(1280, 900))
	p.checkContrast("dark theme")

	// The button switches to light, which wins over the dark system and
	// survives a reload.
	p.do("switch to light", 5*time.Second, chromedp.Click(chromedp.ID("theme")))
	waitFor[bool](p, "the light theme", `document.documentElement.dataset.theme === 'light' && getComputedStyle(document.body).backgroundColor === 'rgb(246, 247, 249)'`, 5*time.Second)
	// The button re-renders after the switch.
	if _, err := tryWait[bool](p, `document.getElementById('theme').getAttribute('aria-pressed') === 'false' && document.getElementById('theme').title === 'Switch to the dark theme (kept in this browser)'`, 5*time.Second); err != nil {
		t.Errorf("theme button %q after switching to light, want not pressed, switching to dark",
			eval[string](p, "the theme button", `document.getElementById('theme').getAttribute('aria-pressed') + ' ' + document.getElementById('theme').title`))
	}
	p.do("reload", 30*time.Second, chromedp.Reload())
	waitFor[bool](p, "the app", `!!document.getElementById('theme')`, 20*time.Second)
	if attr, bg := p.pageTheme(); attr != "light" || bg != "rgb(246, 247, 249)" {
		t.Errorf("after a reload: data-theme %q, background %s; want the chosen light theme", attr, bg)
	}
	for _, w := range []int64{390, 1024, 1920} {
		p.do(fmt.Sprintf("width %d", w), 5*time.Second, chromedp.EmulateViewport(w, 900))
		time.Sleep(300 * time.Millisecond)
		p.shot(fmt.Sprintf("light-%d", w))
	}
	p.do("desktop width", 5*time.Second, chromedp.EmulateViewport(1280, 900))
	p.checkContrast("light theme")

	// And back to dark, under a light system now.
	darkSystem(false)
	p.do("switch to dark", 5*time.Second, chromedp.Click(chromedp.ID("theme")))
	waitFor[bool](p, "the dark theme", `document.documentElement.dataset.theme === 'dark' && getComputedStyle(document.body).backgroundColor === 'rgb(17, 21, 28)'`, 5*time.Second)
	if got := eval[string](p, "storage", `localStorage.getItem('flinkplay.theme')`); got != "dark" {
		t.Errorf("the stored theme is %q, want dark", got)
	}
}

// TestCatalogPolish: the catalog lists tables in natural order (T2 before
// T10), a long type wraps inside the sidebar and shows whole on hover, and
// a fast stream's Table view highlights no rows (every row would blink).
func TestCatalogPolish(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	longType := "ROW<`first_field` ARRAY<MAP<STRING, DECIMAL(10, 2)>>, `second_field` MULTISET<TIMESTAMP(3)>>"
	p.setScript("CREATE TABLE T10 (a INT) WITH ('connector' = 'datagen');\n" +
		"CREATE TABLE T2 (a INT) WITH ('connector' = 'datagen');\n" +
		"CREATE TABLE T1 (r " + longType + ") WITH ('connector' = 'datagen');\n")
	p.click("run-all")
	waitFor[bool](p, "three tables in the catalog", `document.querySelectorAll('#catalog .obj-name').length === 3`, 20*time.Second)
	if got := eval[string](p, "catalog order", `[...document.querySelectorAll('#catalog .obj-name')].map(e => e.textContent).join(',')`); got != "T1,T2,T10" {
		t.Errorf("catalog order %s, want T1,T2,T10", got)
	}
	got := eval[string](p, "the long type", `(() => {
  const td = [...document.querySelectorAll('#catalog .col-type')].find(e => e.textContent.startsWith('ROW<'));
  const side = document.getElementById('catalog').getBoundingClientRect();
  const r = td.getBoundingClientRect();
  return (td.title === td.textContent) + ' ' + (r.right <= side.right + 1) + ' ' + (r.height > 20);
})()`)
	if got != "true true true" {
		t.Errorf("long type: title equals the text, inside the sidebar, wrapped = %s; want true true true", got)
	}
	p.shot("catalog")

	// A stream of 10,000 rows a second: nothing blinks in the Table view.
	p.setScript("CREATE TABLE Fast (id INT) WITH ('connector' = 'datagen', 'rows-per-second' = '10000', 'fields.id.min' = '1', 'fields.id.max' = '50');\n" +
		"SELECT id, COUNT(*) AS n FROM Fast GROUP BY id;\n")
	p.click("view-table")
	p.runAll()
	time.Sleep(1500 * time.Millisecond)
	if n := eval[float64](p, "highlighted rows", `document.querySelectorAll('#grid tr.changed').length`); n != 0 {
		t.Errorf("%v rows highlighted in a stream of 10,000 changes a second, want none", n)
	}
	p.shot("fast-table")
	p.stop()
}

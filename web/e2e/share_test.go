//go:build !(js && wasm)

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sharedScript is long, multi-line and far from ASCII: about 20,000
// characters of statements, comments in several scripts, emoji and tabs.
func sharedScript() string {
	var b strings.Builder
	b.WriteString("-- Grüße aus Köln · 你好，世界 · Привет · مرحبا · 🦩🚀👩‍👩‍👧\n")
	for i := 0; b.Len() < 20_000; i++ {
		b.WriteString("CREATE TABLE `Tabelle_")
		b.WriteString(strings.Repeat("ä", i%5+1))
		b.WriteString("` (id INT, name STRING) WITH ('connector' = 'datagen');\n")
		b.WriteString("\tSELECT id, '≤ naïve café 🦩 ' || name AS «label» FROM `Tabelle_")
		b.WriteString(strings.Repeat("ä", i%5+1))
		b.WriteString("`; -- 例 ")
		b.WriteString(strings.Repeat("→", i%7))
		b.WriteString("\n\n")
	}
	return b.String()
}

// TestShareLinkRoundTrip: Share puts the script into a link; the link,
// opened in a fresh page, loads the identical script and runs nothing; the
// reader's own script stays restorable.
func TestShareLinkRoundTrip(t *testing.T) {
	p := open(t, 120*time.Second)
	p.load()
	script := sharedScript()
	p.setScript(script)
	p.click("share")
	link := waitFor[string](p, "the share link", `(() => { const v = document.getElementById('dialog-text').value; return v.includes('#s=1.') ? v : ''; })()`, 10*time.Second)
	note := waitFor[string](p, "the copy note", `document.getElementById('dialog-note').textContent`, 5*time.Second)
	p.shot("share-dialog")
	t.Logf("link: %d characters for a %d-character script; note: %q", len(link), len([]rune(script)), note)
	if !strings.HasPrefix(link, p.base+"/#s=1.") {
		t.Errorf("link %q... does not point at the playground", link[:min(len(link), 60)])
	}
	p.click("dialog-close")

	// The reader has a script of their own when the link arrives.
	const mine = "-- my own work\nSELECT 'mine';\n"
	p.setScript(mine)
	p.do("open the link in a fresh page", 30*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	waitFor[bool](p, "the app and its editor", `typeof window.flinkplay?.getText === 'function' && !!document.querySelector('#editor .cm-editor')`, 20*time.Second)
	waitFor[bool](p, "the engine to be ready", engineReady, 30*time.Second)
	p.shot("link-opened")
	if got := eval[string](p, "the editor text", `window.flinkplay.getText()`); got != script {
		i := 0
		for i < len(got) && i < len(script) && got[i] == script[i] {
			i++
		}
		t.Fatalf("the editor holds %d bytes, want %d; first difference at byte %d", len(got), len(script), i)
	}
	time.Sleep(time.Second) // a run, were one started, would show by now
	if st := p.state(); st.Running || st.Received != 0 {
		t.Errorf("the link ran something: %+v", st)
	}
	if sent := eval[bool](p, "execute requests", `!!(window.__e2e.msgs && window.__e2e.msgs['>execute'])`); sent {
		t.Error("the page sent an execute request after opening a link")
	}
	if h := eval[string](p, "location.hash", `location.hash`); h != "" {
		t.Errorf("the fragment stayed in the address bar: %d characters", len(h))
	}
	if n := p.text("notice"); !strings.Contains(n, "shared script") || !p.shown("restore-script") {
		t.Errorf("notice %q, restore button shown %v", n, p.shown("restore-script"))
	}
	p.click("restore-script")
	waitFor[bool](p, "the reader's script back", `window.flinkplay.getText() === `+jsString(mine), 5*time.Second)
	p.shot("restored")

	// A damaged link leaves the script alone and says why.
	p.do("open a damaged link", 30*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(link[:len(link)-40]))
	waitFor[bool](p, "the app and its editor", `typeof window.flinkplay?.getText === 'function' && !!document.querySelector('#editor .cm-editor')`, 20*time.Second)
	notice := waitFor[string](p, "the damaged-link notice", `document.getElementById('notice').textContent`, 10*time.Second)
	p.shot("damaged-link")
	if !strings.Contains(notice, "could not be opened") || !strings.Contains(notice, "unchanged") {
		t.Errorf("notice: %q", notice)
	}
	if got := eval[string](p, "the editor text", `window.flinkplay.getText()`); got != mine {
		t.Errorf("a damaged link changed the script to %q", got[:min(len(got), 80)])
	}
}

//go:build !(js && wasm)

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestDialogKeyboard: a dialog takes the focus when it opens, keeps Tab
// and Shift+Tab inside it, closes on Escape and gives the focus back to
// the button that opened it; the status line and the error box are live
// regions a screen reader announces.
func TestDialogKeyboard(t *testing.T) {
	p := open(t, 60*time.Second)
	p.load()
	if got := eval[string](p, "live regions", `document.getElementById('status').getAttribute('role') + ' ' + document.getElementById('error').getAttribute('role') + ' ' + document.getElementById('notice').getAttribute('role')`); got != "status alert status" {
		t.Errorf("roles of #status, #error and #notice: %s; want status alert status", got)
	}
	inDialog := `(() => { const d = document.querySelector('#dialog .dialog'); return !!d && d.contains(document.activeElement); })()`
	p.do("focus Share", 5*time.Second, chromedp.Focus(chromedp.ID("share")))
	p.do("open Share with the keyboard", 5*time.Second, chromedp.KeyEvent(kb.Enter))
	waitFor[bool](p, "the dialog to take the focus", inDialog, 5*time.Second)
	p.shot("share-dialog")
	for i := 0; i < 6; i++ {
		p.do("Tab", 2*time.Second, chromedp.KeyEvent(kb.Tab))
		if !eval[bool](p, "focus", inDialog) {
			t.Fatalf("Tab %d left the dialog for %s", i+1, eval[string](p, "focus", `document.activeElement.outerHTML.slice(0, 80)`))
		}
	}
	p.do("Shift+Tab", 2*time.Second, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
	if !eval[bool](p, "focus", inDialog) {
		t.Fatalf("Shift+Tab left the dialog")
	}
	p.do("Escape", 2*time.Second, chromedp.KeyEvent(kb.Escape))
	waitFor[bool](p, "the dialog to close", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
	waitFor[bool](p, "the focus back on Share", `document.activeElement && document.activeElement.id === 'share'`, 5*time.Second)
}

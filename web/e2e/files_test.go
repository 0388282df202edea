//go:build !(js && wasm)

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestUploadAndPersist uploads a CSV file in the Files panel, takes the
// wizard's CREATE TABLE into a playground catalog, queries it, writes a
// result with INSERT INTO another filesystem table, and reloads: the
// files and the tables are still there, kept in the browser's storage, and
// the written table reads back.
func TestUploadAndPersist(t *testing.T) {
	p := open(t, 180*time.Second)
	p.load()

	csv := filepath.Join(t.TempDir(), "orders.csv")
	if err := os.WriteFile(csv, []byte("id,product,amount,day\n1,apple,1.50,2024-01-01\n2,pear,2.25,2024-01-02\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p.click("side-files")
	waitFor[bool](p, "the empty Files panel", `(document.getElementById('files')?.textContent || '').includes('No files yet')`, 10*time.Second)
	p.shot("files-empty")
	p.do("upload orders.csv", 10*time.Second, chromedp.SetUploadFiles(chromedp.ID("upload-input"), []string{csv}))
	ddl := waitFor[string](p, "the upload wizard", `(() => {
  const d = document.getElementById('dialog');
  const v = document.getElementById('dialog-text')?.value || '';
  return d && !d.classList.contains('hidden') && v.includes('CREATE TABLE') ? v : '';
})()`, 10*time.Second)
	for _, want := range []string{"CREATE TABLE `orders` (", "`id` INT", "`product` STRING", "`amount` DECIMAL(3, 2)", "`day` DATE",
		"'connector' = 'filesystem'", "'path' = '/uploads/orders.csv'", "'format' = 'csv'"} {
		if !strings.Contains(ddl, want) {
			p.fatalf("the wizard's DDL lacks %q:\n%s", want, ddl)
		}
	}
	p.shot("upload-wizard")

	// Into a playground catalog: its definitions live in the browser.
	p.setScript("CREATE CATALOG IF NOT EXISTS pg WITH ('type' = 'playground');\nUSE CATALOG pg;\n")
	p.click("upload-insert")
	waitFor[bool](p, "the DDL in the editor", `window.flinkplay.getText().includes('CREATE TABLE `+"`orders`"+`')`, 5*time.Second)
	p.click("run-all")
	waitFor[bool](p, "the statements to run", `(() => { const s = JSON.parse(window.flinkplay.state()); return !s.running && (document.getElementById('tableau')?.textContent || '').split('Execute statement succeeded').length === 4; })()`, 20*time.Second)
	if e, _ := p.state().Error.(string); e != "" {
		p.fatalf("the script failed: %s", e)
	}
	waitFor[bool](p, "the file in the Files panel", `!!document.querySelector('#files tr[data-path="/uploads/orders.csv"]')`, 10*time.Second)

	// Query it, and write a result into another filesystem table.
	p.setScript("SELECT * FROM pg.`default`.orders;\n")
	p.click("run-all")
	out := waitFor[string](p, "the rows", `(() => { const s = JSON.parse(window.flinkplay.state()); if (s.error) return 'error: ' + s.error;
  const t = document.getElementById('tableau')?.textContent || ''; return !s.running && t.includes('pear') ? t : ''; })()`, 20*time.Second)
	if !strings.Contains(out, "apple") || !strings.Contains(out, "1.50") || strings.HasPrefix(out, "error: ") {
		p.fatalf("the query shows:\n%s", out)
	}
	p.setScript("CREATE TABLE pg.`default`.pricey (product STRING, amount DECIMAL(3, 2)) WITH ('connector' = 'filesystem', 'path' = '/results/pricey', 'format' = 'json');\n" +
		"INSERT INTO pg.`default`.pricey SELECT product, amount FROM pg.`default`.orders WHERE amount > 2;\n")
	p.click("run-all")
	waitFor[bool](p, "the INSERT to end", `(() => { const s = JSON.parse(window.flinkplay.state()); return !s.running && (s.error !== '' || /Job ID|Complete execution/.test(document.getElementById('tableau')?.textContent || '')); })()`, 30*time.Second)
	if e, _ := p.state().Error.(string); e != "" {
		p.fatalf("the INSERT failed: %s", e)
	}
	p.shot("queried")

	p.do("reload", 30*time.Second, chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("app")))
	waitFor[bool](p, "the engine to be ready", engineReady, 30*time.Second)
	waitFor[bool](p, "the playground catalog's table", `(() => {
  const c = document.getElementById('catalog')?.textContent || '';
  return c.includes('pg') && c.includes('orders') && c.includes("definition: this browser's storage (IndexedDB)");
})()`, 10*time.Second)
	p.shot("catalog-after-reload")
	p.click("side-files")
	waitFor[bool](p, "the uploads directory", `!!document.querySelector('#files tr[data-path="/uploads"]')`, 10*time.Second)
	p.do("open /uploads", 10*time.Second, chromedp.Click(chromedp.CSS(`#files tr[data-path="/uploads"] .file-name button`)))
	waitFor[bool](p, "orders.csv", `!!document.querySelector('#files tr[data-path="/uploads/orders.csv"]')`, 10*time.Second)
	p.do("preview orders.csv", 10*time.Second, chromedp.Click(chromedp.CSS(`#files tr[data-path="/uploads/orders.csv"] .file-name button`)))
	preview := waitFor[string](p, "the preview", `document.getElementById('file-preview')?.textContent || ''`, 10*time.Second)
	if want := "1,apple,1.50,2024-01-01\n2,pear,2.25,2024-01-02"; preview != want {
		p.fatalf("preview %q, want %q", preview, want)
	}
	p.shot("files-after-reload")

	// The written table reads back after the reload: definition and files
	// both came from the browser's storage.
	p.setScript("SELECT * FROM pg.`default`.pricey;\n")
	p.click("run-all")
	back := waitFor[string](p, "the written rows", `(() => { const s = JSON.parse(window.flinkplay.state()); if (s.error) return 'error: ' + s.error;
  const t = document.getElementById('tableau')?.textContent || ''; return !s.running && t.includes('Received a total') ? t : ''; })()`, 20*time.Second)
	if !strings.Contains(back, "pear") || !strings.Contains(back, "2.25") || strings.Contains(back, "apple") {
		p.fatalf("reading the written table back shows:\n%s", back)
	}
	p.shot("written-table-after-reload")
}

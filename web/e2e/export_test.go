//go:build !(js && wasm)

package e2e

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// exportScript has a playground-only setting, a query and an INSERT, so
// the export shows each of its rules.
const exportScript = `SET 'playground.datagen.seed' = '42';
CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');
CREATE TABLE MySink (id INT, name STRING) WITH ('connector' = 'blackhole');
INSERT INTO MySink SELECT id, name FROM MySource;
SELECT * FROM MySource;
`

// TestExportDialog: Run on Flink shows the PyFlink program, which is valid
// Python and holds the statements unchanged, and the SQL client script.
// It needs the engine's answer to export requests (engine/export).
func TestExportDialog(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is needed to check the exported program")
	}
	p := open(t, 90*time.Second)
	p.load()
	p.setScript(exportScript)
	p.click("export")
	py := waitFor[string](p, "the PyFlink program", `document.getElementById('dialog-text').value || (document.getElementById('export-error') ? 'ERROR: ' + document.getElementById('export-error').textContent : '')`, 20*time.Second)
	p.shot("export-pyflink")
	if strings.HasPrefix(py, "ERROR: ") {
		t.Fatalf("the engine could not export: %s", py)
	}
	for _, stmt := range []string{
		"CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen')",
		"CREATE TABLE MySink (id INT, name STRING) WITH ('connector' = 'blackhole')",
		"INSERT INTO MySink SELECT id, name FROM MySource",
		"SELECT * FROM MySource",
	} {
		if !strings.Contains(py, stmt) {
			t.Errorf("the PyFlink program lacks %q:\n%s", stmt, py)
		}
	}
	for _, want := range []string{"TableEnvironment", "execute_sql", ".print()", ".wait()"} {
		if !strings.Contains(py, want) {
			t.Errorf("the PyFlink program lacks %s:\n%s", want, py)
		}
	}
	file := filepath.Join(t.TempDir(), "flink_job.py")
	if err := os.WriteFile(file, []byte(py), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("python3", "-m", "py_compile", file).CombinedOutput(); err != nil {
		t.Errorf("the PyFlink program is not valid Python: %v\n%s\n%s", err, out, py)
	}

	p.click("export-sql")
	sql := waitFor[string](p, "the SQL client script", `(() => { const v = document.getElementById('dialog-text').value; return v.includes('CREATE TABLE') && !v.includes('execute_sql') ? v : ''; })()`, 20*time.Second)
	p.shot("export-sql")
	if !strings.Contains(sql, "INSERT INTO MySink SELECT id, name FROM MySource;") {
		t.Errorf("the SQL client script lacks the INSERT:\n%s", sql)
	}
	if label := p.text("export-download"); label != "Download .sql" {
		t.Errorf("download button says %q", label)
	}
}

// downloadsTo makes the browser save downloads into a fresh folder.
func downloadsTo(p *page) string {
	p.t.Helper()
	dir := p.t.TempDir()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
	}); err != nil {
		p.fatalf("allow downloads: %v", err)
	}
	return dir
}

// waitFile waits until the browser finished writing dir/name.
func waitFile(p *page, dir, name string, d time.Duration) []byte {
	p.t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(b) > 0 {
			return b
		}
		time.Sleep(100 * time.Millisecond)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	p.fatalf("no %s downloaded within %v (folder: %v)", name, d, names)
	return nil
}

// TestDownloadResults runs a bounded query and downloads its changes as
// CSV and as JSON lines.
func TestDownloadResults(t *testing.T) {
	p := open(t, 90*time.Second)
	p.load()
	dir := downloadsTo(p)
	p.setScript(embedScript)
	p.click("run-all")
	waitFor[bool](p, "the run to finish with 12 rows", `(() => { const s = JSON.parse(window.flinkplay.state()); return !s.running && s.received === 12; })()`, 30*time.Second)

	p.click("download-csv")
	data := waitFile(p, dir, "flink-result.csv", 10*time.Second)
	p.shot("downloaded")
	recs, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v\n%s", err, data)
	}
	if len(recs) != 13 || strings.Join(recs[0], ",") != "op,id,name" {
		t.Fatalf("CSV has %d records, header %v:\n%s", len(recs), recs[0], data)
	}
	for i, r := range recs[1:] {
		if r[0] != "+I" || r[1] != itoa(i+1) || len(r[2]) != 6 {
			t.Errorf("CSV row %d = %v", i+1, r)
		}
	}
	if !strings.HasSuffix(string(data), "\r\n") {
		t.Error("CSV lines do not end in CRLF")
	}

	p.click("download-jsonl")
	data = waitFile(p, dir, "flink-result.jsonl", 10*time.Second)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d JSON lines:\n%s", len(lines), data)
	}
	var first struct {
		Op   string `json:"op"`
		ID   int    `json:"id"`
		Name string `json:"name"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil || first.Op != "+I" || first.ID != 1 || len(first.Name) != 6 {
		t.Errorf("first JSON line %s: %+v, %v", lines[0], first, err)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestExportDialogShowsAnswers checks the dialog's side alone: it answers
// the page's export requests in the engine's place (a message dispatched on
// the worker), so it passes whatever the engine can export.
func TestExportDialogShowsAnswers(t *testing.T) {
	p := open(t, 60*time.Second)
	p.load()
	// Requests are answered by the fake before the real worker can.
	eval[bool](p, "fake the engine's export answers", `(() => {
  const w = window.__e2e.workers[0];
  const post = w.postMessage;
  w.postMessage = (data, ...rest) => {
    const req = JSON.parse(data);
    if (req.type !== 'export') return post(data, ...rest);
    const answer = req.format === 'pyflink'
      ? {type: 'exported', id: req.id, text: '# fake program\nprint(' + JSON.stringify(req.script) + ')\n'}
      : {type: 'exported', id: req.id, error: {message: 'no SQL today', offset: -1, text: '[ERROR] no SQL today'}};
    setTimeout(() => w.dispatchEvent(new MessageEvent('message', {data: JSON.stringify(answer)})), 50);
  };
  return true;
})()`)
	p.setScript("SELECT 'ünïcode 🦩';\n")
	p.click("export")
	py := waitFor[string](p, "the program", `document.getElementById('dialog-text').value`, 10*time.Second)
	if py != "# fake program\nprint(\"SELECT 'ünïcode 🦩';\\n\")\n" {
		t.Errorf("dialog text %q", py)
	}
	if label := p.text("export-download"); label != "Download .py" {
		t.Errorf("download button says %q", label)
	}
	p.shot("fake-pyflink")
	p.click("export-sql")
	msg := waitFor[string](p, "the export error", `document.getElementById('export-error')?.textContent || ''`, 10*time.Second)
	if msg != "[ERROR] no SQL today" {
		t.Errorf("export error %q", msg)
	}
	p.shot("fake-sql-error")
	p.click("export-pyflink") // answered before: no new request
	waitFor[bool](p, "the program again", `document.getElementById('dialog-text').value.startsWith('# fake program')`, 5*time.Second)
	p.click("dialog-close")
	waitFor[bool](p, "the dialog to close", `document.getElementById('dialog').classList.contains('hidden')`, 5*time.Second)
}

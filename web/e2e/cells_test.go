//go:build !(js && wasm)

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// cellsScript is a notebook: a table, then two unbounded queries, each
// in a cell of its own.
const cellsScript = "-- %% Source\nCREATE TABLE Ticks (id INT) WITH ('connector' = 'datagen', 'rows-per-second' = '20', 'fields.id.min' = '1', 'fields.id.max' = '4');\n" +
	"-- %% Every tick\nSELECT id FROM Ticks;\n" +
	"-- %% Counts\nSELECT id, COUNT(*) AS n FROM Ticks GROUP BY id;\n"

// TestCells: a script split by -- %% lines runs cell by cell in one
// session (a later cell uses the table an earlier one made), each cell
// with its own result and views; two cells with unbounded queries stream
// at the same time, each with its own Stop; the cells go into share links
// as they are.
func TestCells(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	p.setScript(cellsScript)
	waitFor[bool](p, "the Run cell buttons", `document.querySelectorAll('#editor .cm-run-cell').length === 3 && document.querySelectorAll('#editor .cm-cell-marker').length === 3`, 5*time.Second)
	runCell := func(i int) {
		p.do(fmt.Sprintf("run cell %d", i+1), 5*time.Second, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#editor .cm-line:nth-child(%d) .cm-run-cell`, 2*i+1))))
	}
	runCell(0)
	waitFor[bool](p, "cell 1's result", `!!document.getElementById('cell-tab-1') && /Execute statement succeeded/.test(document.getElementById('tableau').textContent)`, 20*time.Second)
	runCell(1)
	waitFor[bool](p, "cell 2's rows", `document.getElementById('cell-tab-2')?.classList.contains('active') && JSON.parse(window.flinkplay.state()).received > 3`, 20*time.Second)
	runCell(2)
	waitFor[bool](p, "cell 3's rows", `document.getElementById('cell-tab-3')?.classList.contains('active') && JSON.parse(window.flinkplay.state()).received > 3`, 20*time.Second)
	// Both stream: each tab says it runs, and has its own Stop.
	waitFor[bool](p, "two running cells", `document.getElementById('cell-tab-2').classList.contains('running') && document.getElementById('cell-tab-3').classList.contains('running') && !!document.getElementById('cell-stop-2') && !!document.getElementById('cell-stop-3')`, 5*time.Second)
	p.click("view-table")
	p.shot("cell-3-table")
	tabs := eval[string](p, "the tabs", `[...document.querySelectorAll('#cell-tabs .cell-tab')].map(b => b.textContent).join(' | ')`)
	if tabs != "Script | Cell 1 · Source | Cell 2 · Every tick | Cell 3 · Counts" {
		t.Errorf("result tabs %q", tabs)
	}
	// Cell 2's own result, in its own view, still growing.
	p.click("cell-tab-2")
	waitFor[bool](p, "cell 2's result", `document.getElementById('cell-tab-2').classList.contains('active') && document.getElementById('view-tableau').classList.contains('active')`, 5*time.Second)
	n1 := eval[float64](p, "cell 2's rows", `JSON.parse(window.flinkplay.state()).received`)
	time.Sleep(1200 * time.Millisecond)
	n2 := eval[float64](p, "cell 2's rows", `JSON.parse(window.flinkplay.state()).received`)
	if n2 <= n1 {
		t.Errorf("cell 2 stopped streaming while cell 3 ran: %v, then %v rows", n1, n2)
	}
	if head := eval[string](p, "cell 2's tableau", `document.getElementById('tableau').textContent`); !strings.Contains(head, "| op |          id |") {
		t.Errorf("cell 2 shows %q, want its own columns", head[:min(len(head), 200)])
	}
	p.shotWidths("cell-2")
	// Stop cell 2: cell 3 streams on.
	p.click("cell-stop-2")
	waitFor[bool](p, "cell 2 to stop", `!document.getElementById('cell-tab-2').classList.contains('running') && !JSON.parse(window.flinkplay.state()).running`, 10*time.Second)
	p.click("cell-tab-3")
	waitFor[bool](p, "cell 3", `document.getElementById('cell-tab-3').classList.contains('active') && document.getElementById('view-table').classList.contains('active')`, 5*time.Second)
	if !eval[bool](p, "cell 3 runs", `JSON.parse(window.flinkplay.state()).running && document.getElementById('cell-tab-3').classList.contains('running')`) {
		t.Error("stopping cell 2 stopped cell 3")
	}
	if rows := eval[float64](p, "cell 3's table", `document.querySelectorAll('#grid tbody tr[data-op]').length`); rows < 1 || rows > 4 {
		t.Errorf("cell 3's table has %v rows, want one per id (at most 4)", rows)
	}
	// The toolbar's Stop stops the shown cell.
	p.stop()
	if _, err := tryWait[bool](p, `!document.getElementById('cell-tab-3').classList.contains('running')`, 5*time.Second); err != nil {
		t.Error("Stop left the shown cell running")
	}
	// Alt+Enter runs the cell at the cursor.
	p.do("cursor", 5*time.Second, chromedp.Click(chromedp.CSS(`#editor .cm-line:nth-child(6)`)))
	p.do("alt+enter", 5*time.Second, chromedp.KeyEvent("\r", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	waitFor[bool](p, "cell 3 to run again", `document.getElementById('cell-tab-3').classList.contains('running')`, 10*time.Second)
	p.stop()

	// The cells are in share links as they are.
	p.click("share")
	waitFor[bool](p, "the link", `document.getElementById('dialog-text').value.includes('#s=')`, 5*time.Second)
	link := eval[string](p, "the link", `document.getElementById('dialog-text').value`)
	p.click("dialog-close")
	p.do("open the link", 30*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	waitFor[bool](p, "the shared cells", `typeof window.flinkplay?.getText === 'function' && window.flinkplay.getText() === `+jsString(cellsScript)+` && document.querySelectorAll('#editor .cm-run-cell').length === 3`, 30*time.Second)
	p.shot("shared")
}

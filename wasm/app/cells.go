//go:build js && wasm

package main

import (
	"strconv"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/app"
	"github.com/flinkplay/flinkplay/web/state"
)

// A notebook script (cells split by "-- %%" lines, state.Cells) runs its
// cells one at a time, each with a result of its own, in the session of
// the script: each cell run has a model of its own, and the results show
// one model at a time (p.model). The worker runs cells side by side
// (Request.Cell), so two cells stream at once, each stopped by its own
// Stop.

// cellRun is a cell's runs: the model of its last run.
type cellRun struct {
	cell  state.Cell
	model *state.Model
}

// cellModel is the model of the run id among the cells', nil when none.
func (p *page) cellModel(id int) *state.Model {
	for _, c := range p.cells {
		if c.model.RunID == id {
			return c.model
		}
	}
	return nil
}

// applyCell applies a message of a cell's run to its model; the session's
// DDL, which a new session replays, is the script's.
func (p *page) applyCell(m *state.Model, msg *protocol.Message, now time.Time) {
	m.DDL = p.main.DDL
	m.Apply(msg, now)
	if len(m.DDL) != len(p.main.DDL) {
		p.main.DDL = m.DDL
		store(state.KeyDDL, state.EncodeDDL(p.main.DDL))
	}
	if msg.Type == protocol.TypeRunDone || msg.Type == protocol.TypeSchema || msg.Type == protocol.TypeError {
		p.forceChrome = true // the cell's tab says how it goes
	}
	if m == p.model && msg.Type == protocol.TypeError {
		p.setDiagnostics()
	}
}

// shareSession gives every model the session-wide state of a message
// (catalog, specs, jobs, print output) that the script's model took.
func (p *page) shareSession() {
	for _, c := range p.cells {
		c.model.Catalog, c.model.Specs, c.model.Jobs, c.model.Output = p.main.Catalog, p.main.Specs, p.main.Jobs, p.main.Output
	}
}

// showModel shows model m's results: the script's or a cell's.
func (p *page) showModel(m *state.Model) {
	if m == p.model {
		return
	}
	m.Catalog, m.Specs, m.Jobs, m.Output = p.main.Catalog, p.main.Specs, p.main.Jobs, p.main.Output
	p.model = m
	p.chrome.Model = m
	p.chrome.Chart = state.ChartData{}
	p.scrollTop = 0
	p.lastWindow = [4]int{-1, -1, -1, -1}
	p.setDiagnostics()
	p.flagRender()
}

// runCell runs the cell that holds UTF-16 offset pos of the editor's text.
func (p *page) runCell(pos int) {
	text := p.text()
	cells := state.Cells(text)
	c, ok := state.CellAt(cells, state.ByteOffset(text, pos))
	if !ok {
		p.chrome.Notice = "This script has no cells: a line that starts with " + state.CellMarker + " begins one. Run statement runs the statement at the cursor."
		return
	}
	if state.IsPython(text) {
		p.chrome.Notice = "A PyFlink program runs whole: Run program."
		return
	}
	var cr *cellRun
	for _, x := range p.cells {
		if x.cell.Index == c.Index {
			cr = x
		}
	}
	if cr == nil {
		m := state.NewModel(state.DefaultMaxRows)
		m.History = p.main.History
		m.SetView(p.main.View)
		cr = &cellRun{model: m}
		p.cells = append(p.cells, cr)
	}
	cr.cell = c
	if cr.model.Running {
		p.post(protocol.Request{Type: protocol.TypeCancel, ID: cr.model.RunID})
	}
	p.chrome.Notice = ""
	p.nextID++
	cr.model.StartRun(p.nextID, text, time.Now())
	store(state.KeyScript, text)
	p.post(protocol.Request{Type: protocol.TypeExecute, ID: p.nextID, Script: text, Start: c.Start, End: c.End, Config: p.config(), Cell: true})
	p.showModel(cr.model)
	p.root.CellTabs = p.cellTabs()
}

// cellTabs are the result tabs: the script's, then each cell's that ran.
func (p *page) cellTabs() []app.CellTab {
	if len(p.cells) == 0 {
		return nil
	}
	tabs := []app.CellTab{{ID: "script", Name: "Script", Running: p.main.Running, Shown: p.model == p.main, Failed: p.main.Err != nil}}
	for _, c := range p.cells {
		tabs = append(tabs, app.CellTab{ID: strconv.Itoa(c.cell.Index), Name: c.cell.Name(), Running: c.model.Running,
			Shown: p.model == c.model, Failed: c.model.Err != nil})
	}
	return tabs
}

// ShowCell shows the results of the script ("script") or of a cell (its
// number).
func (p *page) ShowCell(id string) {
	defer recovered("showCell")
	if id == "script" {
		p.showModel(p.main)
	}
	for _, c := range p.cells {
		if strconv.Itoa(c.cell.Index) == id {
			p.showModel(c.model)
		}
	}
	p.root.CellTabs = p.cellTabs()
}

// StopCell stops a cell's run.
func (p *page) StopCell(id string) {
	defer recovered("stopCell")
	for _, c := range p.cells {
		if strconv.Itoa(c.cell.Index) == id && c.model.Running {
			p.post(protocol.Request{Type: protocol.TypeCancel, ID: c.model.RunID})
		}
	}
	if id == "script" && p.main.Running {
		p.post(protocol.Request{Type: protocol.TypeCancel, ID: p.main.RunID})
	}
}

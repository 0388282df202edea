//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/app"
	"github.com/flinkplay/flinkplay/web/state"
	"github.com/vugu/vugu"
	vjs "github.com/vugu/vugu/js"
)

// Timings of the page.
const (
	flushEvery   = 100 * time.Millisecond // results re-render at most this often
	chromeEvery  = 250 * time.Millisecond // the Vugu chrome, while rows stream
	stopDeadline = 3 * time.Second        // a cancelled run that does not end by then: restart the engine
	readyTimeout = 20 * time.Second       // a worker that never says ready: restart it
	overscan     = 30                     // rows rendered beyond the viewport on each side
	// While the view follows the tail, rows above the viewport are only
	// seen after a scroll, which renders the window anew anyway.
	overscanFollow = 4
	chromeIdle     = 2 * time.Second // the Vugu chrome's render while rows stream, status aside
	// The results re-render at most once per paceFactor times what the
	// last DOM update cost, so that the page keeps most of the thread.
	paceFactor = 4
)

const restartNotice = "The engine stopped and was restarted; your script is kept."

// page is the controller: it owns the worker, the editor and the JS-owned
// result elements, and mutates the model under the render lock.
type page struct {
	ee     vugu.EventEnv
	view   vugu.Builder // what renders: root or embed
	chrome *app.Chrome  // the status line, notice and engine state of either
	root   *app.Root    // the playground; nil on the embed page
	embed  *app.Embed   // the embed page; nil on the playground
	model  *state.Model

	// The embed page's fragment, and whether a run waits for the engine
	// it loads lazily.
	params     state.EmbedParams
	pendingRun bool
	host       hostBridge

	// The Files panel's requests.
	files fileRequests

	// Exports asked of the engine, by request id, and their answers.
	exportWait map[int]string
	exported   map[string]*protocol.Message
	nextExport int

	editor  js.Value // the flinkEditor API object
	results js.Value // the scroll container
	pre     js.Value // #tableau
	tbody   js.Value // #grid's tbody
	chartEl js.Value // #chart
	// graph and timeline are #graph and #timeline, drawn by graph.js.
	graph, timeline drawnView
	// lastRun is what the last Run ran, for a rewind to run again; replay
	// is the records the next run lets through before it pauses (-1: it
	// runs freely), replayNote that the page says it replays.
	lastRun    *runSpan
	replay     int64
	replayNote bool
	// traceSent is the trace wish last sent for run traceRun.
	traceSent bool
	traceRun  int
	// main is the script's model (runs of the script and of statements);
	// model is the one the results show: main or a cell's (cells.go).
	main  *state.Model
	cells []*cellRun
	// chartNext is when the chart may be built again; chartStale is set
	// while a change waits for it.
	chartNext  time.Time
	chartStale bool

	worker    js.Value
	workerGen int // bumps per worker, so stale callbacks are ignored
	// The Python worker (python.go): started for the first program.
	py        js.Value
	pyGen     int              // bumps per Python worker
	pyRun     int              // the id of the last program run
	pyReq     protocol.Request // its Execute, to run it again in a new worker
	pyRunning bool             // that run has not sent RunDone
	pyStopped int              // the id of the program Stop waits on
	pyStopBy  time.Time        // its worker is terminated then, unless it ended
	pyAcked   bool             // the worker acknowledged that stop (TypeCancelling)
	readyBy   time.Time
	replayID  int // the run replaying DDL into a new worker

	nextID      int
	wholeRun    bool      // the last run is the whole script (Run script), not a statement
	stopBy      time.Time // when a cancelled run must have ended
	resultsGen  int64     // model.Gen last rendered into the result elements
	chromeGen   int64     // model.Gen of the last Vugu render asked by the flush loop
	chromeAt    time.Time // when
	forceChrome bool
	structGen   int64 // bumps for messages that change more than rows and the status line
	chromeStruc int64 // structGen of the last Vugu render asked by the flush loop
	resultsAt   time.Time
	statusText  string // the status line last written directly
	droppedText string
	paceText    string // the throttling note last written directly
	belowClass  string // #new-below's class last written directly
	lastWindow  [4]int // view, from, to and the explained change last rendered
	scrollTop   int
	html        []byte // the grid rows' HTML, reused
	viewport    int
	observed    bool // a ResizeObserver keeps viewport

	inMu       sync.Mutex
	inbox      []string // worker messages not yet applied
	rows       state.RowsMessage
	inCh       chan struct{}
	rowsMarked bool // "flinkplay: first rows applied" was marked
	rowsShown  bool // "flinkplay: first rows rendered" was marked

	funcs []js.Func // kept alive for the page's lifetime
	// historyGen is the statement history's Gen when it was stored last.
	// historySent: the editor has the history's statements for ↑.
	historyGen  int
	historySent bool

	stats pageStats
}

// pageStats is where the main thread's time goes, for window.flinkplay.stats().
type pageStats struct {
	DecodeMs, ApplyMs, ResultsMs, RenderMs float64
	MaxDecodeMs, MaxResultsMs              float64
	MaxSliceMs, MaxFlushMs                 float64
	Messages, Flushes                      int
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func newPage(ee vugu.EventEnv) *page {
	p := &page{ee: ee, inCh: make(chan struct{}, 1), viewport: 600, exportWait: map[int]string{}, exported: map[string]*protocol.Message{}}
	if js.Global().Get("flinkplayEmbedPage").Truthy() {
		// The embed page: a documentation site's iframe, where storage may
		// be partitioned or throw, and the script comes from the fragment.
		persist = false
		p.params = state.ParseEmbed(js.Global().Get("location").Get("hash").String())
		p.model = state.NewModel(p.params.MaxRows)
		p.main = p.model
		p.model.SetView(p.params.View)
		p.model.ChartKind, p.model.ChartY = p.params.Chart, p.params.ChartY
		p.embed = &app.Embed{Act: p, Chrome: app.Chrome{Model: p.model, Lazy: true}, Params: p.params,
			PlaygroundURL: p.playgroundURL(p.params.Script)}
		p.embed.Notice = strings.Join(p.params.Problems, " ")
		p.view, p.chrome = p.embed, &p.embed.Chrome
		return p
	}
	p.model = state.NewModel(state.DefaultMaxRows)
	p.main = p.model
	p.loadHistory()
	p.root = &app.Root{Act: p, Chrome: app.Chrome{Model: p.model}, Dark: darkTheme()}
	p.view, p.chrome = p.root, &p.root.Chrome
	return p
}

func (p *page) keep(f js.Func) js.Func {
	p.funcs = append(p.funcs, f)
	return f
}

// start starts the worker, the message loop, the flush loop and the test
// hooks.
func (p *page) start() {
	if ddl, ok := load(state.KeyDDL); ok {
		p.model.DDL = state.DecodeDDL(ddl)
	}
	if p.embed != nil {
		// The engine loads on Run (or autorun), not with the page.
		p.startHost()
	} else {
		p.migrateBeforeShare()
		p.startWorker()
		p.listenForShares()
		p.listenForEscape()
		p.followSystemTheme()
	}
	go p.messageLoop()
	go p.flushLoop()
	hooks := js.Global().Get("Object").New()
	hooks.Set("getText", p.keep(funcOf("getText", func([]js.Value) any { return p.text() })))
	hooks.Set("setText", p.keep(funcOf("setText", func(args []js.Value) any {
		if len(args) > 0 && p.editor.Truthy() {
			p.editor.Call("setText", args[0].String())
			store(state.KeyScript, args[0].String())
		}
		return nil
	})))
	// The whole tableau transcript, of which the page renders only the
	// lines in view.
	hooks.Set("transcript", p.keep(funcOf("transcript", func([]js.Value) any {
		return strings.Join(p.model.TableauLines(0, p.model.TableauLen()), "\n")
	})))
	hooks.Set("state", p.keep(funcOf("state", func([]js.Value) any {
		// The engine's memory and what the query's operators keep, as
		// its last progress message said.
		var engineMemory, engineState int64
		if q := p.model.Query; q != nil {
			engineMemory = q.Memory
			for _, n := range q.Graph {
				engineState += n.StateBytes
			}
		}
		b, _ := json.Marshal(map[string]any{
			"engineMemory": engineMemory, "engineState": engineState,
			"ready":    p.chrome.EngineReady,
			"running":  p.model.Running,
			"received": p.model.Received(),
			"dropped":  p.model.Dropped(),
			"view":     p.model.View,
			"error":    p.model.ErrorText(),
		})
		return string(b)
	})))
	hooks.Set("stats", p.keep(funcOf("stats", func(args []js.Value) any {
		var mem runtime.MemStats
		runtime.ReadMemStats(&mem)
		frames := js.Global().Get("JSON").Call("stringify", js.Global().Get("flinkplayDOM").Get("stats")).String()
		b, _ := json.Marshal(map[string]any{"page": p.stats, "numGC": mem.NumGC, "gcPauseMs": float64(mem.PauseTotalNs) / 1e6,
			"heapMB": mem.HeapAlloc >> 20, "heapGoal": mem.NextGC, "memory": mem.Sys, "renderMs": renderMs, "buildMs": buildMs, "renders": renders, "maxRenderMs": maxRenderMs, "maxSliceMs": p.stats.MaxSliceMs, "maxFlushMs": p.stats.MaxFlushMs,
			"frames": json.RawMessage(frames),
			"window": map[string]any{"viewport": p.viewport, "scrollTop": p.scrollTop, "follow": p.model.Follow, "view": p.lastWindow[0], "from": p.lastWindow[1], "to": p.lastWindow[2]}})
		if len(args) > 0 && args[0].Truthy() {
			// stats(true) restarts the maxima, to watch a window of time.
			p.stats.MaxDecodeMs, p.stats.MaxResultsMs, p.stats.MaxSliceMs, p.stats.MaxFlushMs, maxRenderMs = 0, 0, 0, 0, 0
			js.Global().Get("flinkplayDOM").Get("stats").Set("maxMs", 0)
		}
		return string(b)
	})))
	js.Global().Set("flinkplay", hooks)
}

// listenForEscape closes the open dialog, or the More menu, on Escape,
// and opens the shortcuts dialog on ? (outside the editor and text
// fields, where ? is text).
func (p *page) listenForEscape() {
	js.Global().Get("document").Call("addEventListener", "keydown", p.keep(funcOf("keydown", func(args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		ev := args[0]
		key := ev.Get("key").String()
		switch {
		case key == "Escape" && (p.root.Dialog != "" || p.root.Menu):
			go func() {
				defer recovered("escape")
				p.ee.Lock()
				defer p.ee.UnlockRender()
				if p.root.Dialog != "" {
					p.root.Dialog = ""
					return
				}
				p.root.Menu = false
				focusByID("more")
			}()
		case key == "?" && p.root.Dialog == "" && !ev.Get("ctrlKey").Bool() && !ev.Get("metaKey").Bool() && !ev.Get("altKey").Bool() && !typing(ev.Get("target")):
			ev.Call("preventDefault")
			go func() {
				defer recovered("help")
				p.ee.Lock()
				defer p.ee.UnlockRender()
				p.OpenHelp()
			}()
		}
		return nil
	})))
	// A click outside the open More menu closes it, as a menu does.
	js.Global().Get("document").Call("addEventListener", "click", p.keep(funcOf("menuClick", func(args []js.Value) any {
		if len(args) == 0 || !p.root.Menu {
			return nil
		}
		t := args[0].Get("target")
		if t.Truthy() && t.Get("closest").Type() == js.TypeFunction && t.Call("closest", "#more-menu, #more").Truthy() {
			return nil
		}
		go func() {
			defer recovered("menuClick")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			p.root.Menu = false
		}()
		return nil
	})))
}

// typing reports whether a key event's target takes text: the editor, an
// input or a text area.
func typing(t js.Value) bool {
	if !t.Truthy() {
		return false
	}
	switch t.Get("tagName").String() {
	case "INPUT", "TEXTAREA", "SELECT":
		return true
	}
	return t.Get("isContentEditable").Truthy()
}

// focusByID moves the focus to the element with this id, if there is one.
func focusByID(id string) {
	if el := js.Global().Get("document").Call("getElementById", id); el.Truthy() {
		el.Call("focus")
	}
}

// ToggleMenu opens or closes the toolbar's More menu.
func (p *page) ToggleMenu() {
	defer recovered("toggleMenu")
	p.root.Menu = !p.root.Menu
}

// CloseMenu closes the More menu: one of its actions was chosen.
func (p *page) CloseMenu() {
	p.root.Menu = false
}

// OpenHelp lists the keyboard shortcuts.
func (p *page) OpenHelp() {
	defer recovered("openHelp")
	p.root.Menu = false
	p.openDialog(app.DialogHelp, "")
}

// startWorker (re)creates the engine worker.
func (p *page) startWorker() {
	if p.worker.Truthy() {
		p.worker.Call("terminate")
	}
	p.workerGen++
	gen := p.workerGen
	p.chrome.EngineReady = false
	p.chrome.Lazy = false
	p.readyBy = time.Now().Add(readyTimeout)
	// The first worker was started by index.html, before app.wasm loaded.
	var w js.Value
	var early js.Value
	if first := js.Global().Get("flinkplayEngine"); gen == 1 && first.Truthy() {
		w, early = first.Get("worker"), first.Get("early")
		js.Global().Delete("flinkplayEngine")
	} else {
		url := "engine-worker.js"
		if p.embed != nil {
			// An embedded example must not see, or change, what the
			// playground keeps in this origin's storage.
			url += "?storage=none"
		}
		if ne := js.Global().Get("flinkplayNewEngine"); ne.Type() == js.TypeFunction {
			// The embeds of a page share one engine (embed.html).
			w = ne.Invoke(url, gen > 1)
		} else {
			w = js.Global().Get("Worker").New(url)
		}
	}
	onmessage := p.keep(funcOf("onmessage", func(args []js.Value) any {
		if gen != p.workerGen || len(args) == 0 {
			return nil
		}
		yielder.entered()
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		p.inMu.Lock()
		p.inbox = append(p.inbox, jsText(data))
		p.inMu.Unlock()
		select {
		case p.inCh <- struct{}{}:
		default:
		}
		return nil
	}))
	w.Set("onmessage", onmessage)
	died := p.keep(funcOf("onerror", func(args []js.Value) any {
		if gen != p.workerGen {
			return nil
		}
		if len(args) > 0 {
			args[0].Call("preventDefault")
		}
		go p.restart()
		return nil
	}))
	w.Set("onerror", died)
	w.Set("onmessageerror", died)
	p.worker = w
	// The worker queues requests until it is ready: the session's DDL is
	// replayed first, so a Run pressed while the engine starts finds its
	// tables.
	if len(p.model.DDL) > 0 {
		p.nextID++
		p.replayID = p.nextID
		replay := state.ReplayScript(p.model.DDL)
		p.post(protocol.Request{Type: protocol.TypeExecute, ID: p.replayID, Script: replay, End: len(replay), Config: p.config()})
	} else {
		p.post(protocol.Request{Type: protocol.TypeCatalog})
	}
	// Replay what the early worker sent before Go took it over.
	for i := 0; early.Truthy() && i < early.Length(); i++ {
		ev := early.Index(i)
		if ev.Get("type").String() == "message" {
			onmessage.Invoke(ev)
		} else {
			died.Invoke(ev)
			break
		}
	}
}

// restart replaces a dead or stuck worker, keeping the script; the DDL is
// replayed once the new one is ready.
func (p *page) restart() {
	defer recovered("restart")
	p.ee.Lock()
	defer p.ee.UnlockRender()
	p.model.EngineLost(time.Now())
	p.stopBy = time.Time{}
	p.chrome.Notice = restartNotice
	p.startWorker()
}

func (p *page) post(req protocol.Request) {
	b, err := json.Marshal(req)
	if err != nil || !p.worker.Truthy() {
		return
	}
	p.worker.Call("postMessage", string(b))
}

// messageLoop applies worker messages in batches, under the lock.
func (p *page) messageLoop() {
	for range p.inCh {
		p.drain()
	}
}

// drainSlice bounds the work done in one go, so that the browser gets the
// main thread back between slices (the budget is 50 ms per task).
const drainSlice = 12 * time.Millisecond

func (p *page) drain() {
	yielder.maybe()
	for p.drainSome() {
		// Yield to the JS event loop: input, rendering and timers run.
		yielder.yield()
	}
}

// drainSome applies queued messages for up to drainSlice and reports
// whether some are left.
func (p *page) drainSome() (more bool) {
	defer recovered("messages")
	p.inMu.Lock()
	batch := p.inbox
	p.inbox = nil
	p.inMu.Unlock()
	if len(batch) == 0 {
		return false
	}
	p.ee.Lock()
	defer p.ee.UnlockOnly() // the flush loop renders
	now := time.Now()
	defer func() { p.stats.MaxSliceMs = max(p.stats.MaxSliceMs, ms(time.Since(now))) }()
	for k, raw := range batch {
		if time.Since(now) > drainSlice {
			p.inMu.Lock()
			p.inbox = append(batch[k:len(batch):len(batch)], p.inbox...)
			p.inMu.Unlock()
			return true
		}
		t0 := time.Now()
		if state.IndexRows(raw, &p.rows) || state.DecodeRows([]byte(raw), &p.rows) {
			t1 := time.Now()
			if cm := p.cellModel(p.rows.ID); cm != nil {
				before := cm.Received()
				cm.ApplyRows(&p.rows)
				if cm == p.model {
					p.firstRows(before)
				}
			} else if p.replayID == 0 || p.rows.ID != p.replayID {
				before := p.model.Received()
				p.main.ApplyRows(&p.rows)
				if p.main == p.model {
					p.firstRows(before)
				}
			}
			p.stats.DecodeMs += ms(t1.Sub(t0))
			p.stats.ApplyMs += ms(time.Since(t1))
			p.stats.Messages++
			continue
		}
		var msg protocol.Message
		if json.Unmarshal([]byte(raw), &msg) != nil {
			continue
		}
		if msg.Type != protocol.TypeProgress {
			p.structGen++
		}
		t1 := time.Now()
		before := p.model.Received()
		var paused bool
		var stepped int64
		if q := p.model.Query; q != nil {
			paused, stepped = q.Paused, q.Stepped
		}
		p.handle(&msg, now)
		if q := p.model.Query; q != nil && (q.Paused != paused || q.Stepped != stepped) {
			p.forceChrome = true // the step bar
			if q.Paused && p.chrome.Notice != "" && strings.HasPrefix(p.chrome.Notice, "Rewinding") {
				p.chrome.Notice = "Rewound: the statements ran again from the start to record " + state.Count(q.Stepped) + "."
			}
		}
		p.firstRows(before)
		d := ms(t1.Sub(t0))
		p.stats.DecodeMs += d
		p.stats.MaxDecodeMs = max(p.stats.MaxDecodeMs, d)
		p.stats.ApplyMs += ms(time.Since(t1))
		p.stats.Messages++
	}
	return false
}

// handle applies one message; the caller holds the lock.
func (p *page) handle(msg *protocol.Message, now time.Time) {
	if p.replayID != 0 && msg.ID == p.replayID {
		// The replay's results are not shown; a statement that no longer
		// works is simply not replayed again.
		if msg.Type == protocol.TypeRunDone {
			p.replayID = 0
		}
		return
	}
	if p.takeFiles(msg) {
		return
	}
	if cm := p.cellModel(msg.ID); cm != nil && msg.ID != 0 {
		p.applyCell(cm, msg, now)
		return
	}
	p.main.Apply(msg, now)
	if len(p.cells) > 0 {
		p.shareSession()
	}
	switch msg.Type {
	case protocol.TypeReady:
		p.chrome.EngineReady = true
		p.readyBy = time.Time{}
		p.updateCompletions()
		p.listFiles()
		if p.pendingRun {
			p.pendingRun = false
			p.Run()
		}
		p.flagRender()
	case protocol.TypeSpecs:
		p.updateCompletions()
	case protocol.TypeExported:
		p.takeExport(msg)
		p.flagRender()
	case protocol.TypeCatalogIs:
		p.updateCompletions()
		p.flagRender()
	case protocol.TypeResult:
		// The worker sends the catalog after each DDL statement itself, so
		// the panel follows DDL even while a later query streams forever.
		store(state.KeyDDL, state.EncodeDDL(p.model.DDL))
	case protocol.TypeError:
		p.setDiagnostics()
		if p.root != nil && !p.wholeRun {
			// A statement run on its own may miss what the script defines
			// above it, or meet what an earlier run left.
			if hint := state.SessionHint(p.model.Script, p.model.Err, p.model.ErrSpan); hint != "" {
				p.chrome.Notice, p.root.NoticeRunAll, p.root.Restorable = hint, true, false
			}
		}
	case protocol.TypeRunDone:
		if msg.ID == p.pyRun {
			p.pyRunning = false
		}
		if msg.ID == p.pyStopped {
			p.pyStopBy = time.Time{}
		}
		p.forceChrome = true // Stop greys out, the status says how the run ended
		p.stopBy = time.Time{}
		p.listFiles() // a sink may have written files
		if p.model.Err != nil {
			p.hostStatus("error")
		} else {
			p.hostStatus("done")
		}
	}
}

func (p *page) config() *protocol.Config {
	c := &protocol.Config{Zone: localZone()}
	if p.embed != nil {
		c.Seed, c.StartTime, c.MaxRows = p.params.Seed, p.params.StartTime, int64(p.params.MaxRows)
	}
	return c
}

// flagRender asks the flush loop for a Vugu render.
func (p *page) flagRender() { p.resultsGen, p.forceChrome = -1, true }

func (p *page) updateCompletions() {
	if p.editor.Truthy() {
		p.editor.Call("setCompletions", jsonValue(state.CompletionsFor(p.model.Specs, p.model.Catalog)))
	}
}

func (p *page) setDiagnostics() {
	if p.editor.Truthy() {
		p.editor.Call("setDiagnostics", jsonValue(p.model.Diagnostics()))
	}
}

// flushLoop renders what changed at most every flushEvery: the JS-owned
// results, then the Vugu chrome (status line and the rest).
func (p *page) flushLoop() {
	t := time.NewTicker(flushEvery)
	defer t.Stop()
	for range t.C {
		p.flush()
	}
}

// firstRows renders a run's first rows at once, unpaced (the last DOM
// update's cost is then the empty results' first layout, which says
// nothing about rows that stream); the caller holds the lock.
func (p *page) firstRows(before int64) {
	if before != 0 || p.model.Received() == 0 {
		return
	}
	if !p.rowsMarked {
		p.rowsMarked = true
		mark("flinkplay: first rows applied")
	}
	// Rendered here, under the lock the caller holds, rather than by the
	// flush loop, which may be a few tasks away.
	p.renderResults(true)
	p.resultsGen = p.model.Gen
	// And the count beside them, so that no frame shows rows under "0 rows
	// received".
	p.writeStatus()
}

func (p *page) flush() {
	yielder.maybe()
	if p.flushResults() {
		// Render the chrome in a task of its own, so that the browser
		// gets the main thread in between (the budget is 50 ms a task).
		yielder.yield()
		p.ee.Lock()
		p.ee.UnlockRender()
	}
}

// flushResults renders the results and reports whether the Vugu chrome
// is due for a render.
func (p *page) flushResults() (chrome bool) {
	defer recovered("flush")
	p.ee.Lock()
	now := time.Now()
	defer func() { p.stats.MaxFlushMs = max(p.stats.MaxFlushMs, ms(time.Since(now))) }()
	p.model.Tick++
	if !p.stopBy.IsZero() && now.After(p.stopBy) || !p.readyBy.IsZero() && now.After(p.readyBy) {
		p.ee.UnlockOnly()
		p.restart()
		return false
	}
	// A Vugu render is a long task early on: while rows rendered before
	// this tick (a run's first) wait for their frame, it waits too, so
	// that they are drawn first.
	framePending := js.Global().Get("flinkplayDOM").Get("pending").Truthy()
	changed := p.model.Gen != p.resultsGen || p.chartStale && !now.Before(p.chartNext) || p.graphDue() || p.timelineDue()
	highlight := p.model.View == state.ViewTable && p.model.Running
	if (changed || highlight) && p.paced(now) {
		t0 := time.Now()
		p.renderResults(changed)
		p.resultsGen = p.model.Gen
		d := ms(time.Since(t0))
		p.stats.ResultsMs += d
		p.stats.MaxResultsMs = max(p.stats.MaxResultsMs, d)
		p.stats.Flushes++
	}
	// While rows stream, only the status line and the dropped count
	// change: they are written directly, and the chrome (a Vugu render,
	// which walks the whole page) waits for a message that changes more,
	// or for chromeIdle.
	p.writeStatus()
	p.hostRows()
	p.syncHistory()
	due := p.chromeGen != p.model.Gen || p.model.Running
	wait := chromeEvery
	if p.chromeStruc == p.structGen {
		wait = chromeIdle
	}
	if !framePending && (p.forceChrome || due && now.Sub(p.chromeAt) >= wait) {
		p.chromeGen, p.chromeStruc, p.chromeAt, p.forceChrome = p.model.Gen, p.structGen, now, false
		chrome = true
		if p.root != nil && len(p.cells) > 0 {
			p.root.CellTabs = p.cellTabs()
		}
	}
	p.ee.UnlockOnly()
	return chrome
}

// paced reports whether the results may re-render now: not before
// paceFactor times the cost of the last DOM update has passed.
func (p *page) paced(now time.Time) bool {
	cost := js.Global().Get("flinkplayDOM").Get("cost").Float()
	if now.Sub(p.resultsAt) < time.Duration(cost*paceFactor*float64(time.Millisecond)) {
		return false
	}
	p.resultsAt = now
	return true
}

// writeStatus writes the status line and the dropped count straight into
// the DOM when they changed; the next Vugu render writes the same.
func (p *page) writeStatus() {
	if !p.chrome.EngineReady && !p.chrome.ProgramRun {
		return
	}
	dom := js.Global().Get("flinkplayDOM")
	if s := p.chrome.Status(); s != p.statusText {
		p.statusText = s
		dom.Call("setText", "status", s)
	}
	if s := p.chrome.DroppedText(); s != p.droppedText {
		p.droppedText = s
		dom.Call("setText", "dropped", s, p.chrome.DroppedClass(), p.chrome.DroppedTitle())
	}
	if s := p.model.PaceNote(); s != p.paceText {
		p.paceText = s
		dom.Call("setText", "pace", s, p.chrome.PaceClass())
	}
	// While the reader looks at earlier rows, say that newer ones came.
	if cls := p.chrome.NewBelowClass(); cls != p.belowClass {
		p.belowClass = cls
		dom.Call("setText", "new-below", "New rows below ↓", cls)
	}
}

// renderResults writes the visible window of the current view into the
// JS-owned elements; force re-renders even when the window is the same.
func (p *page) renderResults(force bool) {
	if !p.results.Truthy() {
		return
	}
	m := p.model
	if m.View == state.ViewChart {
		p.renderChart(force)
		return
	}
	if m.View == state.ViewGraph {
		p.renderGraph(force)
		return
	}
	if m.View == state.ViewTimeline {
		p.renderTimeline(force)
		return
	}
	tableau := m.View == state.ViewTableau
	total, h := m.GridLen(), state.GridRowHeight
	if tableau {
		total, h = m.TableauLen(), state.TableauLineHeight
	}
	scan := overscan
	if m.Follow {
		scan = overscanFollow
	}
	from, to := state.Window(total, h, p.scrollTop, p.viewport, scan, m.Follow)
	win := [4]int{viewIndex(m.View), from, to, int(m.Explained)}
	if !force && win == p.lastWindow && !(m.View == state.ViewTable) {
		return
	}
	p.lastWindow = win
	if !p.rowsShown && m.Received() > 0 {
		p.rowsShown = true
		mark("flinkplay: first rows rendered")
	}
	dom := js.Global().Get("flinkplayDOM")
	if tableau {
		text := strings.Join(m.TableauLines(from, to), "\n")
		first := p.scrollTop / h
		if m.Follow {
			first = max(total-(p.viewport/h), 0)
		}
		dom.Call("schedule", true, p.pre, from*h, text, (total-to)*h, 1, p.results, m.Follow, m.StickyHead(first))
	} else {
		cols := len(m.Columns())
		p.html = m.AppendGridHTML(p.html[:0], from, to)
		dom.Call("schedule", false, p.tbody, from*h, string(p.html), (total-to)*h, max(cols, 1), p.results, m.Follow, "", total)
	}
}

func viewIndex(v string) int {
	switch v {
	case state.ViewChangelog:
		return 1
	case state.ViewTable:
		return 2
	case state.ViewChart:
		return 3
	case state.ViewGraph:
		return 4
	case state.ViewTimeline:
		return 5
	}
	return 0
}

func (p *page) text() string {
	if !p.editor.Truthy() {
		if p.embed != nil {
			return p.params.Script
		}
		s, _ := load(state.KeyScript)
		return s
	}
	return p.editor.Call("getText").String()
}

// runRange runs [from, to) of the editor text (UTF-16 offsets); the
// caller holds the lock.
func (p *page) runRange(from, to int, all bool) {
	if p.main != p.model {
		// The script's runs show in the script's results.
		p.showModel(p.main)
	}
	text := p.text()
	if state.IsPython(text) {
		// A program runs whole, in the Python engine.
		if p.embed != nil {
			p.chrome.Lazy = false
		}
		p.runPython(text)
		return
	}
	start, end, ok := 0, len(text), len(state.Statements(text)) > 0
	if !all {
		start, end, ok = state.RunRange(text, from, to)
	}
	if !ok {
		p.chrome.Notice = "Nothing to run: the script has no statement there."
		return
	}
	p.chrome.ProgramRun = false
	if p.embed != nil {
		p.chrome.Lazy = false
	}
	if !p.chrome.EngineReady && p.embed != nil {
		// The embed loads its engine now (unless Prepare did) and runs
		// once it is ready.
		if !p.worker.Truthy() {
			p.startWorker()
		}
		p.hostStatus("loading")
		p.pendingRun = true
		p.chrome.Notice = ""
		return
	}
	// The playground's engine queues what the page sends while it
	// starts, so a Run pressed then runs as soon as it can.
	if p.model.Running {
		p.stopRun()
	}
	p.chrome.Notice = ""
	if p.root != nil {
		p.root.Restorable, p.root.NoticeRunAll = false, false
	}
	p.wholeRun = all
	if all {
		p.remember(text, "ran")
		// Run script runs the script in a fresh session, as Flink's
		// sql-client.sh -f does, so that running it twice works.
		p.post(protocol.Request{Type: protocol.TypeReset})
		p.model.DDL = nil
		store(state.KeyDDL, state.EncodeDDL(nil))
	}
	if all && p.params.Mode != "" {
		// The embed's runtime mode is set as a script would set it, in
		// the fresh session, and not shown.
		p.nextID++
		p.replayID = p.nextID
		set := "SET 'execution.runtime-mode' = '" + p.params.Mode + "';"
		p.post(protocol.Request{Type: protocol.TypeExecute, ID: p.replayID, Script: set, End: len(set), Config: p.config()})
	}
	p.nextID++
	p.model.StartRun(p.nextID, text, time.Now())
	p.scrollTop = 0
	p.setDiagnostics()
	store(state.KeyScript, text)
	req := protocol.Request{Type: protocol.TypeExecute, ID: p.nextID, Script: text, Start: start, End: end, Config: p.config(), Trace: p.tracing()}
	p.lastRun = &runSpan{from: from, to: to, all: all}
	if p.replayNote {
		// A rewind: the run pauses after p.replay records.
		req.Step, req.Replay = protocol.StepPause, p.replay
		p.chrome.Notice = "Rewinding: the statements run again from the start (same seed and start time) and pause after record " + state.Count(p.replay) + "."
		p.replayNote = false
	}
	p.post(req)
	p.hostStatus("running")
	p.flagRender()
}

// runSpan is a Run's range of the editor's text.
type runSpan struct {
	from, to int
	all      bool
}

// Prepare starts an embed's engine when the reader points at Run or tabs
// to it, so that the click finds it further along; the status still says
// to press Run.
func (p *page) Prepare() {
	defer recovered("prepare")
	if p.embed == nil {
		return
	}
	if state.IsPython(p.text()) {
		if !p.py.Truthy() {
			p.startPython()
		}
		return
	}
	if p.worker.Truthy() {
		return
	}
	p.startWorker()
	p.chrome.Lazy = true
}

// Run runs the selection or the statement at the cursor (#run).
func (p *page) Run() {
	defer recovered("run")
	if p.embed != nil {
		// An embed's Run runs its whole example in a fresh session.
		p.runRange(0, 0, true)
		return
	}
	from, to := 0, 0
	if p.editor.Truthy() {
		sel := p.editor.Call("getSelection")
		from, to = sel.Get("from").Int(), sel.Get("to").Int()
	}
	p.runRange(from, to, false)
}

// RunAll runs the whole script (#run-all).
func (p *page) RunAll() {
	defer recovered("runAll")
	p.runRange(0, 0, true)
}

// Stop cancels the run (#stop); if the engine does not end it in time, it
// is restarted.
func (p *page) Stop() {
	defer recovered("stop")
	if !p.model.Running {
		return
	}
	if p.pyRunning && p.model.RunID == p.pyRun {
		p.stopPython()
		return
	}
	p.post(protocol.Request{Type: protocol.TypeCancel, ID: p.model.RunID})
	if !p.chrome.EngineReady {
		// The run still waits in the starting engine's queue, which drops
		// it without a word: it ends here.
		p.model.StopQueued(time.Now())
		return
	}
	p.stopBy = time.Now().Add(stopDeadline)
}

// stopRun cancels the running run without waiting for it: a program
// in the Python worker, a script in the engine.
func (p *page) stopRun() {
	if p.pyRunning && p.model.RunID == p.pyRun {
		p.stopPython()
		return
	}
	p.post(protocol.Request{Type: protocol.TypeCancel, ID: p.model.RunID})
}

// SetView switches the result view.
func (p *page) SetView(view string) {
	defer recovered("setView")
	p.model.SetView(view)
	p.syncTrace()
}

// FollowTail shows the newest rows and follows them again.
func (p *page) FollowTail() {
	defer recovered("followTail")
	p.model.SetFollow(true)
	p.renderResults(true)
}

// Reset restores the default script and starts a new session.
func (p *page) Reset() {
	defer recovered("reset")
	if p.model.Running {
		p.stopRun()
	}
	p.replaceScript(state.SeedSQL, "before Reset", "The default script, in a fresh session.", "Your previous script is kept in History.")
	// A fresh session: the cells' results go with the old one.
	p.showModel(p.main)
	p.cells, p.root.CellTabs = nil, nil
	p.model.DDL = nil
	store(state.KeyDDL, state.EncodeDDL(nil))
	p.nextID++
	p.model.StartRun(p.nextID, "", time.Now())
	p.model.Running = false
	p.post(protocol.Request{Type: protocol.TypeReset})
	p.post(protocol.Request{Type: protocol.TypeCatalog})
	p.setDiagnostics()
}

// MountEditor mounts CodeMirror once into the #editor host.
func (p *page) MountEditor(el vjs.Value) {
	defer recovered("mountEditor")
	host := js.Value(el)
	if p.editor.Truthy() || !host.Truthy() {
		return
	}
	if p.adoptEarlyEditor(host) {
		return
	}
	fe := js.Global().Get("flinkEditor")
	if !fe.Truthy() {
		js.Global().Get("console").Call("error", "flinkplay: editor.js did not load")
		return
	}
	doc, ok := load(state.KeyScript)
	if !ok || strings.TrimSpace(doc) == "" {
		doc = state.SeedSQL
	}
	if p.embed != nil {
		doc = p.params.Script
	} else {
		doc = p.openShared(doc)
	}
	opts := js.Global().Get("Object").New()
	opts.Set("doc", doc)
	opts.Set("readOnly", p.params.ReadOnly)
	// An embed runs its example whole: its cells have no Run cell buttons.
	opts.Set("noCells", p.embed != nil)
	opts.Set("language", state.LanguageOf(doc))
	p.chrome.Language = state.LanguageOf(doc)
	p.wireEditor(opts)
	mark("flinkplay: editor mount")
	p.editor = fe.Call("mount", host, opts)
	mark("flinkplay: editor mounted")
	p.updateCompletions()
	mark("flinkplay: completions")
	if p.embed != nil && p.params.Autorun {
		// Autorun: the engine loads now and the example runs once it is
		// ready (after this render, which holds the lock).
		go func() {
			defer recovered("autorun")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			p.Run()
		}()
	}
}

// adoptEarlyEditor moves the editor index.html mounted while app.wasm
// compiled into host and wires it up; it reports false when there is none.
func (p *page) adoptEarlyEditor(host js.Value) (ok bool) {
	early := js.Global().Get("flinkplayEarlyEditor")
	if p.embed != nil || !early.Truthy() {
		return false
	}
	js.Global().Delete("flinkplayEarlyEditor")
	defer func() {
		if r := recover(); r != nil {
			js.Global().Get("console").Call("error", "flinkplay: the early editor could not be adopted:", fmt.Sprint(r))
			// Mounting a second editor is worse than a half-wired one.
			ok = p.editor.Truthy()
		}
	}()
	ed := early.Get("editor")
	view := ed.Get("view")
	host.Call("appendChild", view.Get("dom"))
	early.Get("host").Call("remove")
	host.Set("__flinkEditor", ed)
	p.wireEditor(early.Get("opts"))
	p.editor = ed
	view.Call("requestMeasure")
	mark("flinkplay: editor adopted")
	// What was typed before the app ran was not saved yet.
	if text := ed.Call("getText").String(); text != early.Get("opts").Get("doc").String() {
		store(state.KeyScript, text)
	}
	p.updateCompletions()
	p.syncLanguage(p.text())
	return true
}

// wireEditor sets the editor's callbacks in opts (editor.js reads them
// when it calls them).
func (p *page) wireEditor(opts js.Value) {
	p.wireHistory(opts)
	opts.Set("onRunCell", p.keep(funcOf("onRunCell", func(args []js.Value) any {
		if len(args) < 1 || p.root == nil {
			return nil
		}
		pos := args[0].Int()
		go func() {
			defer recovered("onRunCell")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			p.runCell(pos)
		}()
		return nil
	})))
	opts.Set("onChange", p.keep(funcOf("onChange", func(args []js.Value) any {
		if len(args) > 0 {
			text := args[0].String()
			store(state.KeyScript, text)
			if p.embed != nil {
				p.embedEdited(text)
			}
			if state.LanguageOf(text) != p.chrome.Language {
				go func() {
					defer recovered("language")
					p.ee.Lock()
					defer p.ee.UnlockRender()
					p.syncLanguage(p.text())
				}()
			}
		}
		return nil
	})))
	opts.Set("onOpenFile", p.keep(funcOf("onOpenFile", func(args []js.Value) any {
		if len(args) < 2 {
			return nil
		}
		name, text, failed := args[0].String(), "", ""
		if args[1].Type() == js.TypeString {
			text = jsText(args[1])
		} else if len(args) > 2 {
			failed = args[2].String()
		}
		go p.openScript(name, text, failed)
		return nil
	})))
	opts.Set("onRunAll", p.keep(funcOf("onRunAll", func([]js.Value) any {
		go func() {
			defer recovered("onRunAll")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			p.runRange(0, 0, true)
		}()
		return nil
	})))
	opts.Set("onRun", p.keep(funcOf("onRun", func(args []js.Value) any {
		if len(args) < 2 {
			return nil
		}
		from, to := args[0].Int(), args[1].Int()
		go func() {
			defer recovered("onRun")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			if p.embed != nil {
				p.Run() // an embed runs its whole example
				return
			}
			p.runRange(from, to, false)
		}()
		return nil
	})))
}

// MountResults keeps the scroll container and follows its scrolling.
func (p *page) MountResults(el vjs.Value) {
	defer recovered("mountResults")
	v := js.Value(el)
	if v.Equal(p.results) || !v.Truthy() {
		return
	}
	p.results = v
	v.Call("addEventListener", "scroll", p.keep(funcOf("scroll", func([]js.Value) any {
		top, height, full := v.Get("scrollTop").Int(), v.Get("clientHeight").Int(), v.Get("scrollHeight").Int()
		prev := p.scrollTop
		p.scrollTop = top
		if !p.observed && height > 0 {
			p.viewport = height
		}
		h := state.GridRowHeight
		if p.model.View == state.ViewTableau {
			h = state.TableauLineHeight
		}
		p.model.SetFollow(state.FollowAfterScroll(prev, top, height, full, h))
		if !p.model.Follow {
			js.Global().Get("flinkplayDOM").Call("unfollow")
		}
		p.renderResults(false)
		return nil
	})), map[string]any{"passive": true})
	p.viewport = max(v.Get("clientHeight").Int(), 100)
	// The window of rendered rows is cut to the viewport, so the viewport
	// is the container's height as the browser last laid it out: a
	// scroll event may come while it is squeezed for a moment, and the
	// container may grow back (or grow: the browser window, the error
	// panel above it) with no scroll, which must render the rows it shows.
	if ro := js.Global().Get("ResizeObserver"); ro.Truthy() {
		p.observed = true
		ro.New(p.keep(funcOf("resize", func([]js.Value) any {
			if height := v.Get("clientHeight").Int(); height > 0 && height != p.viewport {
				p.viewport = height
				p.renderResults(false)
			}
			return nil
		}))).Call("observe", v)
	}
}

// MountTableau keeps #tableau.
func (p *page) MountTableau(el vjs.Value) {
	defer recovered("mountTableau")
	if v := js.Value(el); !v.Equal(p.pre) {
		p.pre = v
		p.flagRender()
	}
}

// MountGrid keeps #grid's tbody.
func (p *page) MountGrid(el vjs.Value) {
	defer recovered("mountGrid")
	if v := js.Value(el); !v.Equal(p.tbody) {
		p.tbody = v
		// A click on a change of the Changelog view, with Why on,
		// explains it.
		v.Call("addEventListener", "click", p.keep(funcOf("gridClick", func(args []js.Value) any {
			if len(args) == 0 {
				return nil
			}
			tr := args[0].Get("target").Call("closest", "tr[data-n]")
			if !tr.Truthy() {
				return nil
			}
			n, err := strconv.ParseInt(tr.Get("dataset").Get("n").String(), 10, 64)
			if err != nil {
				return nil
			}
			go func() {
				defer recovered("why")
				p.ee.Lock()
				defer p.ee.UnlockRender()
				p.explain(n)
			}()
			return nil
		})))
		p.flagRender()
	}
}

// keyTheme keeps the theme chosen with the toolbar's button ("light" or
// "dark"); index.html applies it before the first paint.
const keyTheme = "flinkplay.theme"

// darkTheme reports whether the page shows its dark theme: the theme
// chosen with the button (the root element's data-theme), else the
// system's (prefers-color-scheme).
func darkTheme() bool {
	defer recovered("darkTheme")
	switch js.Global().Get("document").Get("documentElement").Get("dataset").Get("theme").String() {
	case "dark":
		return true
	case "light":
		return false
	}
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return false
	}
	return js.Global().Call("matchMedia", "(prefers-color-scheme: dark)").Get("matches").Bool()
}

// followSystemTheme keeps the theme button in step with the system's
// theme when it changes while the page is open (and no choice was made
// with the button, which wins).
func (p *page) followSystemTheme() {
	defer recovered("followSystemTheme")
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return
	}
	q := js.Global().Call("matchMedia", "(prefers-color-scheme: dark)")
	if q.Get("addEventListener").Type() != js.TypeFunction {
		return
	}
	q.Call("addEventListener", "change", p.keep(funcOf("colorScheme", func([]js.Value) any {
		go func() {
			defer recovered("colorScheme")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			p.root.Dark = darkTheme()
		}()
		return nil
	})))
}

// ToggleTheme switches the theme and keeps the choice in this browser.
func (p *page) ToggleTheme() {
	defer recovered("toggleTheme")
	p.root.Dark = !p.root.Dark
	theme := "light"
	if p.root.Dark {
		theme = "dark"
	}
	js.Global().Get("document").Get("documentElement").Get("dataset").Set("theme", theme)
	store(keyTheme, theme)
}

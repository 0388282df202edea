//go:build js && wasm

package main

import (
	"encoding/json"
	"strings"
	"syscall/js"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/state"
)

// Python programs run in a worker of their own, started for the first one:
// engine-worker.js?wasm=python runs python.wasm, the engine with the
// Python interpreter, so that the SQL playground never downloads it. Each
// program runs whole, in sessions of its own (its TableEnvironments), as
// flink run -py runs it; the SQL engine's session is not touched.

// pyStopGrace is how long a stopped program may take to end before the
// page shows the run stopped anyway: the page shows a Stop within 100 ms.
const pyStopGrace = 40 * time.Millisecond

// pyAckGrace is how long after a Stop the worker has to acknowledge it
// (TypeCancelling) before it is terminated: Python code between PyFlink
// calls does not look for the stop, and a busy wasm thread cannot even
// receive it. A program that runs PyFlink calls acknowledges the stop
// when its worker next turns to its messages, which on a slow machine
// can take longer than pyStopGrace; terminating the worker then would
// cost the next program a new Python engine (a second or more).
const pyAckGrace = 500 * time.Millisecond

// pyEndGrace is how long a stopped program whose worker acknowledged the
// stop may take to end: the worker is not stuck, and keeping it spares
// the next program a new Python engine.
const pyEndGrace = time.Second

// syncLanguage makes the editor highlight, and the toolbar name, the
// language of text; the caller holds the lock (or runs before the first
// render).
func (p *page) syncLanguage(text string) {
	lang := state.LanguageOf(text)
	if p.chrome.Language == lang {
		return
	}
	p.chrome.Language = lang
	if p.editor.Truthy() {
		p.editor.Call("setLanguage", lang)
	}
	p.flagRender()
}

// filename names the program in tracebacks: the file it was opened from,
// or state.ProgramFilename.
func (p *page) filename() string {
	if name, ok := load(state.KeyFilename); ok && strings.HasSuffix(name, ".py") {
		return name
	}
	return state.ProgramFilename
}

// runPython runs the editor's program in the Python worker, starting it
// (and fetching python.wasm) first when needed; the caller holds the lock.
func (p *page) runPython(text string) {
	if p.model.Running {
		p.stopRun()
	}
	p.chrome.Notice = ""
	if p.root != nil {
		p.root.Restorable, p.root.NoticeRunAll = false, false
		p.remember(text, "ran")
	}
	p.wholeRun = true
	p.chrome.ProgramRun = true
	if !p.py.Truthy() {
		p.startPython()
	}
	p.nextID++
	p.pyRun, p.pyRunning = p.nextID, true
	p.model.StartRun(p.nextID, text, time.Now())
	p.scrollTop = 0
	p.setDiagnostics()
	store(state.KeyScript, text)
	p.pyReq = protocol.Request{Type: protocol.TypeExecute, ID: p.nextID, Script: text, End: len(text),
		Language: protocol.LanguagePython, Filename: p.filename(), Config: p.config()}
	p.postPython(p.pyReq)
	p.hostStatus("running")
	p.flagRender()
}

// startPython starts the Python worker. Its messages join the SQL
// engine's in the inbox, but for those of the session (ready, specs, the
// catalog, jobs, files), which are its own business.
func (p *page) startPython() {
	p.pyGen++
	gen := p.pyGen
	p.chrome.PythonLoading = true
	mark("flinkplay: python start")
	url := "engine-worker.js?wasm=python"
	if p.embed != nil {
		url += "&storage=none"
	}
	w := js.Global().Get("Worker").New(url)
	w.Set("onmessage", p.keep(funcOf("pyMessage", func(args []js.Value) any {
		if gen != p.pyGen || len(args) == 0 {
			return nil
		}
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		raw := jsText(data)
		switch messageType(raw) {
		case protocol.TypeReady:
			mark("flinkplay: python ready")
			go p.pythonReady(gen)
			return nil
		case protocol.TypeCancelling:
			go p.pythonCancelling(gen, messageID(raw)) // a callback must not wait for the lock
			return nil
		case protocol.TypeSpecs, protocol.TypeCatalogIs, protocol.TypeJobs, protocol.TypeFiles, protocol.TypeFileData, protocol.TypeOutput:
			return nil
		}
		yielder.entered()
		p.inMu.Lock()
		p.inbox = append(p.inbox, raw)
		p.inMu.Unlock()
		select {
		case p.inCh <- struct{}{}:
		default:
		}
		return nil
	})))
	died := p.keep(funcOf("pyError", func(args []js.Value) any {
		if gen != p.pyGen {
			return nil
		}
		if len(args) > 0 {
			args[0].Call("preventDefault")
		}
		go p.pythonLost(gen, "The Python engine stopped; your program is kept. Run it again to restart it.")
		return nil
	}))
	w.Set("onerror", died)
	w.Set("onmessageerror", died)
	p.py = w
}

func (p *page) pythonReady(gen int) {
	defer recovered("pythonReady")
	p.ee.Lock()
	defer p.ee.UnlockRender()
	if gen == p.pyGen {
		p.chrome.PythonLoading = false
	}
}

// pythonLost ends the run of a Python worker that died or was stopped by
// force, and drops the worker (the next program starts a new one).
func (p *page) pythonLost(gen int, notice string) {
	defer recovered("pythonLost")
	p.ee.Lock()
	defer p.ee.UnlockRender()
	if gen != p.pyGen {
		return
	}
	p.dropPython()
	if p.model.RunID == p.pyRun && p.model.Running {
		p.model.EngineLost(time.Now())
	}
	p.chrome.Notice = notice
}

// dropPython terminates the Python worker.
func (p *page) dropPython() {
	if p.py.Truthy() {
		p.py.Call("terminate")
	}
	p.py = js.Undefined()
	p.pyGen++
	p.pyRunning, p.pyStopBy = false, time.Time{}
	p.chrome.PythonLoading = false
}

func (p *page) postPython(req protocol.Request) {
	if !p.py.Truthy() {
		return
	}
	b, err := json.Marshal(req)
	if err != nil {
		return
	}
	p.py.Call("postMessage", string(b))
}

// stopPython stops the running program: the page shows it stopped once
// it has ended or pyStopGrace has passed, and its worker is terminated
// unless it acknowledges the stop within pyAckGrace (checkPythonStop);
// the caller holds the lock.
func (p *page) stopPython() {
	p.postPython(protocol.Request{Type: protocol.TypeCancel, ID: p.pyRun})
	if p.chrome.PythonLoading {
		// Not started yet: nothing ran, nothing to wait for.
		p.dropPython()
		p.model.StopQueued(time.Now())
		return
	}
	p.pyStopped, p.pyStopBy, p.pyAcked = p.pyRun, time.Now().Add(pyAckGrace), false
	gen, run := p.pyGen, p.pyRun
	go func() {
		time.Sleep(pyStopGrace)
		p.showPythonStop(gen, run)
		for {
			wait := p.checkPythonStop(gen, run)
			if wait <= 0 {
				return
			}
			time.Sleep(wait)
		}
	}()
}

// showPythonStop shows the stopped program (run) stopped when it has not
// ended within pyStopGrace; its messages that come later are ignored.
func (p *page) showPythonStop(gen, run int) {
	defer recovered("showPythonStop")
	p.ee.Lock()
	defer p.ee.UnlockRender()
	if gen == p.pyGen && p.pyStopped == run && !p.pyStopBy.IsZero() && p.model.Running && p.model.RunID == run {
		p.model.StopQueued(time.Now())
	}
}

// checkPythonStop terminates the Python worker when the stopped program
// (run) has neither ended nor had its stop acknowledged within
// pyAckGrace, or has not ended within pyEndGrace of the acknowledgement:
// a program that does not end keeps its worker busy for good. A program
// run after it, which waits in that worker's queue, runs again in a new
// worker. It returns how long to wait before looking again, 0 when done.
func (p *page) checkPythonStop(gen, run int) (wait time.Duration) {
	defer recovered("checkPythonStop")
	p.ee.Lock()
	defer p.ee.UnlockRender()
	if gen != p.pyGen || p.pyStopBy.IsZero() || p.pyStopped != run {
		return 0 // ended, or a later stop's
	}
	if d := time.Until(p.pyStopBy); d > 0 {
		return d
	}
	next := p.pyRunning && p.pyRun != run && p.model.Running && p.model.RunID == p.pyRun
	stopped := p.model.Running && p.model.RunID == run
	p.dropPython()
	switch {
	case next:
		// Under a new id: what the old worker sent of it is ignored.
		p.startPython()
		p.nextID++
		p.pyRun, p.pyReq.ID, p.pyRunning = p.nextID, p.nextID, true
		p.model.StartRun(p.pyRun, p.pyReq.Script, time.Now())
		p.postPython(p.pyReq)
	case stopped:
		p.model.StopQueued(time.Now())
	}
	return 0
}

// pythonCancelling takes the worker's acknowledgement of the stop of run
// id: the program, which the worker is not stuck in, has pyEndGrace to
// end from then (checkPythonStop looks again then).
func (p *page) pythonCancelling(gen, id int) {
	defer recovered("pythonCancelling")
	p.ee.Lock()
	defer p.ee.UnlockOnly()
	if gen == p.pyGen && id == p.pyStopped && !p.pyStopBy.IsZero() && !p.pyAcked {
		p.pyAcked, p.pyStopBy = true, time.Now().Add(pyEndGrace)
	}
}

// messageID is the "id" of a worker message, 0 when it has none.
func messageID(raw string) int {
	i := strings.Index(raw, `"id":`)
	if i < 0 {
		return 0
	}
	id := 0
	for _, c := range raw[i+5:] {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + int(c-'0')
	}
	return id
}

// messageType is the "type" of a worker message, which the worker writes
// first.
func messageType(raw string) string {
	const prefix = `{"type":"`
	if !strings.HasPrefix(raw, prefix) {
		return ""
	}
	rest := raw[len(prefix):]
	if i := strings.IndexByte(rest, '"'); i >= 0 {
		return rest[:i]
	}
	return ""
}

//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/flinkplay/flinkplay/web/state"
)

// hostBridge is the embed page's line to the page that frames it: status
// events out (window.flinkplayHost in embed.html also sends size events),
// commands in, from the trusted origin only.
type hostBridge struct {
	trusted  string // the origin whose messages are obeyed; "" for none
	lastRows int64  // the count last reported in a rows event
}

// startHost learns which origin to trust, listens for its commands and
// says the embed is ready.
func (p *page) startHost() {
	referrer := js.Global().Get("document").Get("referrer").String()
	p.host.trusted = state.TrustedOrigin(p.params, referrer)
	if h := js.Global().Get("flinkplayHost"); h.Truthy() {
		h.Call("start", p.host.trusted)
	}
	js.Global().Call("addEventListener", "message", p.keep(funcOf("hostMessage", func(args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		ev := args[0]
		fromParent := ev.Get("source").Equal(js.Global().Get("parent")) && !js.Global().Get("parent").Equal(js.Global())
		if !state.AcceptMessage(p.host.trusted, ev.Get("origin").String(), fromParent) {
			return nil // another origin, or another frame: ignored
		}
		data := ev.Get("data")
		if data.Type() != js.TypeObject || data.Get("source").String() != hostSource {
			return nil
		}
		kind := data.Get("type").String()
		script := ""
		if s := data.Get("script"); s.Type() == js.TypeString {
			script = s.String()
		}
		go p.hostCommand(kind, script)
		return nil
	})))
	p.hostStatus("ready")
}

// Message sources: the embed's events and the host's commands say who
// sent them, since a page receives other messages too.
const (
	embedSource = "flinkplay-embed"
	hostSource  = "flinkplay-host"
)

// hostCommand obeys a trusted host: run, stop, or setScript.
func (p *page) hostCommand(kind, script string) {
	defer recovered("hostCommand")
	p.ee.Lock()
	defer p.ee.UnlockRender()
	switch kind {
	case "run":
		p.Run()
	case "stop":
		p.Stop()
	case "setScript":
		if len(script) > state.MaxShareScript {
			return
		}
		p.params.Script = script
		if p.editor.Truthy() {
			p.editor.Call("setText", script)
		}
		p.embedEdited(script)
		p.hostStatus("script")
	}
}

// embedEdited follows the reader's edits: "Open in the playground" opens
// what the editor holds.
func (p *page) embedEdited(script string) {
	p.params.Script = script
	p.embed.PlaygroundURL = p.playgroundURL(script)
}

// playgroundURL is the share link of script on the playground beside the
// embed page.
func (p *page) playgroundURL(script string) string {
	return pageDir() + "index.html" + state.ShareFragment(state.Shared{Script: script, View: p.params.View})
}

// pageDir is the URL of the folder of the current page, with its slash.
func pageDir() string {
	loc := js.Global().Get("location")
	path := loc.Get("pathname").String()
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			path = path[:i+1]
			break
		}
	}
	return loc.Get("origin").String() + path
}

// hostStatus sends a status event to the host: ready, loading, running,
// rows, done, error, or script (a setScript was applied).
func (p *page) hostStatus(kind string) {
	if p.embed == nil {
		return
	}
	h := js.Global().Get("flinkplayHost")
	if !h.Truthy() {
		return
	}
	ev := map[string]any{"source": embedSource, "type": "status", "state": kind, "rows": p.model.Received()}
	if kind == "error" {
		ev["error"] = p.model.ErrorText()
	}
	if kind == "running" || kind == "ready" {
		p.host.lastRows = 0
	}
	b, _ := json.Marshal(ev)
	h.Call("post", string(b))
}

// hostRows reports the rows received, at most once per flush, while they
// change.
func (p *page) hostRows() {
	if p.embed == nil || !p.model.Running {
		return
	}
	if n := p.model.Received(); n != p.host.lastRows {
		p.host.lastRows = n
		p.hostStatus("rows")
	}
}

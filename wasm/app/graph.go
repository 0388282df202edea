//go:build js && wasm

package main

import (
	"syscall/js"

	vjs "github.com/vugu/vugu/js"

	"github.com/flinkplay/flinkplay/web/state"
)

// MountGraph keeps #graph.
func (p *page) MountGraph(el vjs.Value) {
	defer recovered("mountGraph")
	if v := js.Value(el); !v.Equal(p.graphEl) {
		p.graphEl = v
		p.flagRender()
	}
}

// graphDue reports whether the graph view shows and has news: a progress
// report came since it was drawn.
func (p *page) graphDue() bool {
	q := p.model.Query
	return p.model.View == state.ViewGraph && q != nil && q.GraphGen != p.graphGen
}

// renderGraph draws the graph view (graph.js lays a new shape out and
// otherwise rewrites the figures); the caller holds the lock.
func (p *page) renderGraph(force bool) {
	defer recovered("renderGraph") // never past the caller's lock
	if !p.graphEl.Truthy() || p.model.View != state.ViewGraph {
		return
	}
	gen := -1
	if q := p.model.Query; q != nil {
		gen = q.GraphGen
	}
	if !force && gen == p.graphGen {
		return
	}
	p.graphGen = gen
	js.Global().Get("flinkplayDOM").Call("graph", p.graphEl, p.model.Graph().JSON())
}

//go:build js && wasm

package main

import (
	"syscall/js"

	vjs "github.com/vugu/vugu/js"

	"github.com/flinkplay/flinkplay/web/state"
)

// drawnView is a view that graph.js draws whole from the model's JSON:
// the graph and the timeline. gen is the generation of the data it last
// drew.
type drawnView struct {
	el  js.Value
	gen int
}

// mount keeps the view's element; a new one is drawn at the next render.
func (v *drawnView) mount(p *page, el vjs.Value) {
	if e := js.Value(el); !e.Equal(v.el) {
		v.el = e
		p.flagRender()
	}
}

// draw hands data() to flinkplayDOM[fn] when the data's generation gen
// is new or force is set.
func (v *drawnView) draw(force bool, gen int, fn string, data func() string) {
	if !v.el.Truthy() || !force && gen == v.gen {
		return
	}
	v.gen = gen
	js.Global().Get("flinkplayDOM").Call(fn, v.el, data())
}

// MountGraph keeps #graph.
func (p *page) MountGraph(el vjs.Value) {
	defer recovered("mountGraph")
	p.graph.mount(p, el)
}

// graphGen is the generation of the graph's data: the Query's GraphGen.
func (p *page) graphGen() int {
	if q := p.model.Query; q != nil {
		return q.GraphGen
	}
	return -1
}

// graphDue reports whether the graph view shows and has news: a progress
// report came since it was drawn.
func (p *page) graphDue() bool {
	return p.model.View == state.ViewGraph && p.model.Query != nil && p.graphGen() != p.graph.gen
}

// renderGraph draws the graph view (graph.js lays a new shape out and
// otherwise rewrites the figures); the caller holds the lock.
func (p *page) renderGraph(force bool) {
	defer recovered("renderGraph") // never past the caller's lock
	if p.model.View == state.ViewGraph {
		p.graph.draw(force, p.graphGen(), "graph", func() string { return p.model.Graph().JSON() })
	}
}

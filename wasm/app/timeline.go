//go:build js && wasm

package main

import (
	"syscall/js"

	vjs "github.com/vugu/vugu/js"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/state"
)

// MountTimeline keeps #timeline.
func (p *page) MountTimeline(el vjs.Value) {
	defer recovered("mountTimeline")
	p.timeline.mount(p, el)
}

// tracing reports whether the page wants the run's trace: the timeline
// shows, or Why is on.
func (p *page) tracing() bool {
	return p.model.View == state.ViewTimeline || p.chrome.WhyOn
}

// syncTrace tells the worker when the wish for the running run's trace
// changed (the view changed, Why was turned on or off).
func (p *page) syncTrace() {
	on, id := p.tracing(), p.model.RunID
	if !p.model.Running || on == p.traceSent && id == p.traceRun {
		p.traceSent, p.traceRun = on, id
		return
	}
	p.traceSent, p.traceRun = on, id
	p.post(protocol.Request{Type: protocol.TypeTrace, ID: id, Trace: on})
}

// timelineGen is the generation of the timeline's data: the Query's
// Timeline.Gen.
func (p *page) timelineGen() int {
	if q := p.model.Query; q != nil && q.Timeline != nil {
		return q.Timeline.Gen
	}
	return -1
}

// timelineDue reports whether the timeline view shows and has news.
func (p *page) timelineDue() bool {
	q := p.model.Query
	return p.model.View == state.ViewTimeline && q != nil && q.Timeline != nil && p.timelineGen() != p.timeline.gen
}

// renderTimeline draws the timeline view; the caller holds the lock.
func (p *page) renderTimeline(force bool) {
	defer recovered("renderTimeline")
	if p.model.View == state.ViewTimeline {
		p.timeline.draw(force, p.timelineGen(), "timeline", p.model.TimelineJSON)
	}
}

// ToggleWhy turns "why this change" on or off: on, the run records why
// each change happened, and a click on a change of the Changelog view
// explains it.
func (p *page) ToggleWhy() {
	defer recovered("toggleWhy")
	p.chrome.WhyOn = !p.chrome.WhyOn
	p.chrome.Why = nil
	p.model.Explained = 0
	p.flagRender()
	if p.chrome.WhyOn {
		js.Global().Get("flinkplayDOM").Call("loadInside") // graph.js words the answers
		p.chrome.Why = []string{"Click a change of the Changelog view to see why it happened. Runs record it while Why is on (a query runs slower then: one record at a time through the operator that keeps state)."}
		if p.model.View != state.ViewChangelog {
			p.model.SetView(state.ViewChangelog)
		}
	}
	p.syncTrace()
	p.forceChrome = true
}

// explain shows why change n happened; the caller holds the lock.
func (p *page) explain(n int64) {
	if !p.chrome.WhyOn || p.model.View != state.ViewChangelog {
		return
	}
	var lines []string
	if data, ok := p.model.WhyJSON(n); !ok {
		lines = []string{"The trace has nothing on change " + state.Count(n+1) + ": it was recorded before Why was on, or it is older than what the page keeps. Run the query again with Why on."}
	} else if words := js.Global().Get("flinkplayDOM").Call("why", data); words.Type() != js.TypeObject {
		lines = []string{"Loading the explanation… click the change again in a moment."}
	} else {
		lines = append(lines, "Change "+state.Count(n+1)+":")
		for i := range words.Length() {
			lines = append(lines, words.Index(i).String())
		}
	}
	p.chrome.Why = lines
	p.chrome.WhyRow = n
	p.model.Explained = n + 1
	p.flagRender() // mark the change's row
	p.forceChrome = true
}

// Step pauses the running query, steps it, or resumes it
// (protocol.StepPause, StepRecord…).
func (p *page) Step(step string) {
	defer recovered("step")
	if !p.model.Running {
		return
	}
	// The next progress report (a fifth of a second) says where the run
	// stopped.
	p.post(protocol.Request{Type: protocol.TypeStep, ID: p.model.RunID, Step: step})
	p.forceChrome = true
}

// Rewind goes one record back: event time cannot run backwards, so the
// page runs the same statements again from the start, with the same seed
// and start time, and the engine pauses them after one record fewer.
func (p *page) Rewind() {
	defer recovered("rewind")
	q := p.model.Query
	if q == nil || !q.Paused || p.lastRun == nil {
		return
	}
	back := max(q.Stepped-1, 0)
	r := *p.lastRun
	p.replay, p.replayNote = back, true
	p.runRange(r.from, r.to, r.all)
}

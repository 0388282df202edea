//go:build js && wasm

package main

import (
	"syscall/js"
	"time"

	vjs "github.com/vugu/vugu/js"

	"github.com/vugu/vugu"

	"github.com/flinkplay/flinkplay/web/state"
)

// chartEvery is the least time between two chart builds while rows
// stream; a build that took longer waits four times its cost, so that a
// large result keeps the page responsive.
const chartEvery = 100 * time.Millisecond

// MountChart keeps #chart.
func (p *page) MountChart(el vjs.Value) {
	defer recovered("mountChart")
	if v := js.Value(el); !v.Equal(p.chartEl) {
		p.chartEl = v
		p.flagRender()
	}
}

// SetChart picks the chart's kind.
func (p *page) SetChart(kind string) {
	defer recovered("setChart")
	if kind != state.ChartAuto && kind != state.ChartLine && kind != state.ChartBar {
		return
	}
	p.model.ChartKind = kind
	p.renderChart(true)
}

// SetChartY picks the measure the chart shows.
func (p *page) SetChartY(event vugu.DOMEvent) {
	defer recovered("setChartY")
	p.model.ChartY = event.PropString("target", "value")
	p.renderChart(true)
}

// renderChart draws the chart view, paced while rows stream; the caller
// holds the lock.
func (p *page) renderChart(force bool) {
	defer recovered("renderChart") // never past the caller's lock
	if !p.chartEl.Truthy() || p.model.View != state.ViewChart {
		return
	}
	now := time.Now()
	if !force && now.Before(p.chartNext) {
		p.chartStale = true
		return
	}
	p.chartStale = false
	d := p.model.Chart(p.model.ChartKind, p.model.ChartY)
	cost := time.Since(now)
	p.chartNext = now.Add(max(chartEvery, 4*cost))
	measuresChanged := len(d.Measures) != len(p.chrome.Chart.Measures) || d.Y != p.chrome.Chart.Y || d.Note != p.chrome.Chart.Note ||
		len(d.Series) != len(p.chrome.Chart.Series) || d.Kind != p.chrome.Chart.Kind
	p.chrome.Chart = d
	if measuresChanged {
		p.forceChrome = true // the measure select and the text alternative
	}
	js.Global().Get("flinkplayDOM").Call("chart", p.chartEl, d.JSON())
}

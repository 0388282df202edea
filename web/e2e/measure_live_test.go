//go:build !(js && wasm)

package e2e

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"
)

// The live views' refresh target: the graph view's figures and the
// chart follow a running query at least four times a second (the graph
// view's issue; the worker reports progress five times a second,
// DefaultProgressInterval in wasm/engine/worker).
const (
	budgetRefreshPerSec = 4.0
	liveWindow          = 3 * time.Second
	defaultLiveRuns     = 3
)

// liveRun is one run's refreshes a second of the graph view and of the
// chart, counted over liveWindow of a throttled aggregation.
type liveRun struct {
	Graph, Chart float64
	Load         float64 // the machine's CPU busy fraction before the run
}

// liveAggregation runs for 60 s at 1,000 rows a second over three keys:
// it streams -U/+U pairs the whole window.
const liveAggregation = `CREATE TABLE Orders (
  id INT,
  product AS CASE WHEN id % 3 = 0 THEN 'pear' WHEN id % 3 = 1 THEN 'apple' ELSE 'fig' END
) WITH (
  'connector' = 'datagen', 'rows-per-second' = '1000', 'number-of-rows' = '60000',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '60000'
);
SELECT product, COUNT(*) AS orders FROM Orders GROUP BY product;
`

// measureLive counts how often the graph view and the chart redraw while
// the live aggregation runs: the target is about the page keeping up, so
// it is a benchmark, not an e2e check (which only asks that they update).
func measureLive(t *testing.T) liveRun {
	p := open(t, 90*time.Second)
	p.load()
	var r liveRun
	r.Load = -1
	if idle := waitIdle(5 * time.Second); idle >= 0 {
		r.Load = 1 - idle
	}
	count := func(view, prop string) float64 {
		p.setScript(liveAggregation)
		p.click("view-" + view)
		p.click("run-all")
		waitFor[bool](p, "the first "+view, fmt.Sprintf(`(document.getElementById(%q).%s || 0) > 1`, view, prop), 20*time.Second)
		read := fmt.Sprintf(`document.getElementById(%q).%s || 0`, view, prop)
		n0 := eval[float64](p, "draws", read)
		start := time.Now()
		time.Sleep(liveWindow)
		n := eval[float64](p, "draws", read) - n0
		rate := n / time.Since(start).Seconds()
		if !eval[bool](p, "running", `JSON.parse(window.flinkplay.state()).running`) {
			t.Errorf("the aggregation ended within the %s window", liveWindow)
		}
		p.stop()
		return rate
	}
	r.Graph = count("graph", "flinkGraphDraws")
	r.Chart = count("chart", "flinkChartDraws")
	t.Logf("graph %.1f updates/s, chart %.1f redraws/s, machine %.0f%% busy before", r.Graph, r.Chart, 100*r.Load)
	return r
}

func liveDoc(runs []liveRun) string {
	if len(runs) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n## Live views\n\n")
	fmt.Fprintf(&b, "A grouped count over a throttled datagen table (1,000 rows a second, three keys, so a -U/+U pair a millisecond) runs with the Graph view shown, then with the Chart view shown; each view's redraws are counted over %.0f s of the stream. The target: both follow a running query at least %.0f times a second (the worker reports progress five times a second).\n\n", liveWindow.Seconds(), budgetRefreshPerSec)
	fmt.Fprintf(&b, "| run | graph updates/s | chart redraws/s | machine busy before |\n|---|---:|---:|---:|\n")
	var gs, cs []float64
	for i, r := range runs {
		load := "unknown"
		if r.Load >= 0 {
			load = fmt.Sprintf("%.0f%%", 100*r.Load)
		}
		fmt.Fprintf(&b, "| %d | %.1f | %.1f | %s |\n", i+1, r.Graph, r.Chart, load)
		gs = append(gs, r.Graph)
		cs = append(cs, r.Chart)
	}
	sort.Float64s(gs)
	sort.Float64s(cs)
	met := func(x float64) string {
		if x >= budgetRefreshPerSec {
			return "met"
		}
		return "not met"
	}
	g, c := gs[len(gs)/2], cs[len(cs)/2]
	fmt.Fprintf(&b, "\nMedians: the graph view %.1f updates a second (%s), the chart %.1f redraws a second (%s).\n", g, met(g), c, met(c))
	return b.String()
}

//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chartState is what the chart view drew last (web/editor/chart.js keeps
// it on the element), and what the page shows of it.
type chartState struct {
	Kind   string    `json:"kind"`
	XName  string    `json:"xName"`
	XTime  bool      `json:"xTime"`
	X      []float64 `json:"x"`
	Labels []string  `json:"labels"`
	Series []struct {
		Name   string     `json:"name"`
		Values []*float64 `json:"values"`
	} `json:"series"`
	Canvas [2]float64 `json:"canvas"`
	Legend string     `json:"legend"`
	Label  string     `json:"label"`
}

const chartProbe = `(() => {
  const el = document.getElementById('chart');
  const d = el.flinkChartData;
  if (!d) return '';
  const cv = el.querySelector('canvas');
  const r = cv ? cv.getBoundingClientRect() : { width: 0, height: 0 };
  return JSON.stringify({ ...d, canvas: [r.width, r.height], legend: el.querySelector('.u-legend')?.textContent || '', label: el.getAttribute('aria-label') });
})()`

func (p *page) chart() chartState {
	p.t.Helper()
	var c chartState
	if s := eval[string](p, "the chart", chartProbe); s != "" {
		if err := json.Unmarshal([]byte(s), &c); err != nil {
			p.fatalf("chart: %v", err)
		}
	}
	return c
}

func values(vs []*float64) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		if v == nil {
			out[i] = "null"
		} else {
			out[i] = fmt.Sprint(*v)
		}
	}
	return strings.Join(out, ",")
}

// TestChart: a result becomes a chart in one click: bars over the groups
// of an aggregation, which follow its retractions; lines over time for a
// time column; the kind is chosen by hand too, and kept in share links.
// chart.js (uPlot) loads only when the view is first shown.
func TestChart(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	if loaded := eval[bool](p, "chart.js", `!!window.flinkChart || performance.getEntriesByType('resource').some(e => e.name.endsWith('/chart.js'))`); loaded {
		t.Errorf("chart.js loaded with the page, before the chart view was shown")
	}
	// Five orders of three products: pear's sum goes 3 -> 7 and apple's
	// 5 -> 6 by retractions (-U/+U).
	p.setScript("SELECT product, SUM(n) AS total, COUNT(*) AS orders FROM (VALUES ('pear', 3), ('apple', 5), ('pear', 4), ('fig', 2), ('apple', 1)) AS t(product, n) GROUP BY product;\n")
	p.click("view-chart")
	p.click("run-all")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 20*time.Second)
	waitFor[bool](p, "the bars", `(document.getElementById('chart').flinkChartData?.labels || []).length === 3`, 10*time.Second)
	c := p.chart()
	if c.Kind != "bar" || strings.Join(c.Labels, ",") != "apple,fig,pear" || len(c.Series) != 1 || c.Series[0].Name != "total" || values(c.Series[0].Values) != "6,2,7" {
		t.Errorf("bars: kind %s, groups %v, series %d %v; want bar, apple,fig,pear (natural order), total 6,2,7", c.Kind, c.Labels, len(c.Series), c.Series)
	}
	if c.Canvas[0] < 200 || c.Canvas[1] < 100 {
		t.Errorf("the chart's canvas is %v×%v px, want it to fill the results", c.Canvas[0], c.Canvas[1])
	}
	if _, err := tryWait[bool](p, `document.getElementById('chart').getAttribute('aria-label').startsWith('Bar chart of total by product: 3 bars')`, 5*time.Second); err != nil {
		t.Errorf("the chart's text alternative is %q", eval[string](p, "the label", `document.getElementById('chart').getAttribute('aria-label')`))
	}
	p.shot("bars")

	// The other measure, from the select.
	eval[bool](p, "pick the measure", `(() => { const s = document.getElementById('chart-y'); s.value = 'orders'; return s.dispatchEvent(new Event('change', {bubbles: true})); })()`)
	waitFor[bool](p, "the orders", `document.getElementById('chart').flinkChartData?.series[0]?.name === 'orders'`, 5*time.Second)
	if c := p.chart(); values(c.Series[0].Values) != "2,1,2" {
		t.Errorf("orders per product %s, want 2,1,2", values(c.Series[0].Values))
	}

	// A live aggregation: the chart redraws as changes stream, and when
	// stopped it shows what the Table view shows.
	p.setScript("CREATE TABLE Live (id INT) WITH ('connector' = 'datagen', 'rows-per-second' = '500', 'fields.id.min' = '1', 'fields.id.max' = '6');\n" +
		"SELECT id % 3 AS k, COUNT(*) AS n FROM Live GROUP BY id % 3;\n")
	p.runAll()
	draws0 := eval[float64](p, "draws", `document.getElementById('chart').flinkChartDraws || 0`)
	time.Sleep(2 * time.Second)
	draws := eval[float64](p, "draws", `document.getElementById('chart').flinkChartDraws || 0`) - draws0
	p.stop()
	// The chart catches up with the last changes at its own pace (every
	// 100 ms, or four times what building it took, whichever is longer):
	// wait until it has not been drawn for a second.
	waitFor[bool](p, "the chart to settle", `(() => { const d = document.getElementById('chart').flinkChartDraws || 0, now = performance.now();
  if (window.__e2eDraws?.d !== d) { window.__e2eDraws = {d, at: now}; return false; }
  return now - window.__e2eDraws.at >= 1000; })()`, 10*time.Second)
	// How often it redraws (four times a second at least) is a benchmark:
	// make bench-browser's Live views. Here: it follows the stream.
	if draws < 2 {
		t.Errorf("the chart redrew %v times in 2 s of a stream, want it to follow", draws)
	}
	live := p.chart()
	p.click("view-table")
	// (A stop may cut an update between its -U and its +U: the table then
	// lacks that key, and so must the chart.)
	waitFor[bool](p, "the table", fmt.Sprintf(`document.querySelectorAll('#grid tbody tr:not(.spacer)').length === %d`, len(live.Labels)), 5*time.Second)
	table := eval[string](p, "the table", `[...document.querySelectorAll('#grid tbody tr:not(.spacer)')].map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent).join('=')).sort().join(',')`)
	var bars []string
	for i, l := range live.Labels {
		bars = append(bars, l+"="+fmt.Sprint(*live.Series[0].Values[i]))
	}
	if got := strings.Join(bars, ","); got != table || live.Kind != "bar" {
		t.Errorf("after the stream the chart shows %s (%s), the Table view %s", got, live.Kind, table)
	}
	p.click("view-chart")

	// Lines over time.
	p.setScript("SELECT CAST(ts AS TIMESTAMP(3)) AS ts, v FROM (VALUES ('2026-01-01 00:02:00', 2.5), ('2026-01-01 00:00:00', 1.5), ('2026-01-01 00:01:00', 4.0)) AS t(ts, v);\n")
	p.click("run-all")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 20*time.Second)
	waitFor[bool](p, "the line", `document.getElementById('chart').flinkChartData?.kind === 'line' && document.getElementById('chart').flinkChartData.x.length === 3`, 10*time.Second)
	c = p.chart()
	if !c.XTime || c.XName != "ts" || fmt.Sprint(c.X) != "[1.7672256e+09 1.76722566e+09 1.76722572e+09]" || values(c.Series[0].Values) != "1.5,4,2.5" {
		t.Errorf("line over time: x %v (time %v, %s), v %s; want three minutes of 2026-01-01 in order, 1.5,4,2.5", c.X, c.XTime, c.XName, values(c.Series[0].Values))
	}
	if !strings.Contains(c.Legend, "v") {
		t.Errorf("the legend %q does not name the series", c.Legend)
	}
	p.shot("line")

	// Bars by hand; the choice goes into the share link and comes back.
	p.click("chart-bar-kind")
	waitFor[bool](p, "bars", `document.getElementById('chart').flinkChartData?.kind === 'bar'`, 5*time.Second)
	p.click("share")
	waitFor[bool](p, "the link", `document.getElementById('dialog-text').value.includes('#s=')`, 5*time.Second)
	link := eval[string](p, "the link", `document.getElementById('dialog-text').value`)
	p.click("dialog-close")
	p.do("open the link", 30*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	waitFor[bool](p, "the app", `typeof window.flinkplay?.state === 'function' && !!document.getElementById('run-all')`, 20*time.Second)
	waitFor[bool](p, "the engine to be ready", engineReady, 30*time.Second)
	waitFor[bool](p, "the chart view", `document.getElementById('view-chart').classList.contains('active') && document.getElementById('chart-bar-kind').getAttribute('aria-pressed') === 'true'`, 10*time.Second)

	// Both themes, three widths.
	p.setScript("SELECT product, SUM(n) AS total FROM (VALUES ('pear', 3), ('apple', 5), ('pear', 4), ('fig', 2), ('apple', 1)) AS t(product, n) GROUP BY product;\n")
	p.click("run-all")
	waitFor[bool](p, "the bars", `(document.getElementById('chart').flinkChartData?.labels || []).length === 3`, 20*time.Second)
	p.shotWidths("bars", func(theme string, w int64) {
		time.Sleep(100 * time.Millisecond) // the chart redraws in the theme's colours
		if c := p.chart(); c.Canvas[0] < float64(w)/3 {
			t.Errorf("at %d px (%s) the chart is %v px wide", w, theme, c.Canvas[0])
		}
	})
}

// TestEmbedChart: an embed opens on the chart view of the kind its
// fragment names, and draws its example's result there.
func TestEmbedChart(t *testing.T) {
	p := open(t, 90*time.Second)
	script := "SELECT CAST(ts AS TIMESTAMP(3)) AS ts, v FROM (VALUES ('2026-01-01 00:00:00', 1), ('2026-01-01 00:01:00', 3)) AS t(ts, v);\n"
	p.do("open the embed", 30*time.Second, chromedp.Navigate(p.base+"/embed.html#script="+strings.ReplaceAll(url.QueryEscape(script), "+", "%20")+"&view=chart&chart=bar&autorun=1"))
	waitFor[bool](p, "the bars", `(() => { const d = document.getElementById('chart')?.flinkChartData; return !!d && d.kind === 'bar' && d.series.length === 1 && d.x.length === 2; })()`, 60*time.Second)
	if !eval[bool](p, "the chart tab", `document.getElementById('view-chart').classList.contains('active')`) {
		t.Error("the embed's Chart tab is not the active one")
	}
	if w := eval[float64](p, "the canvas", `document.querySelector('#chart canvas')?.getBoundingClientRect().width || 0`); w < 300 {
		t.Errorf("the embed's chart is %v px wide", w)
	}
	p.shot("embed-chart")
}

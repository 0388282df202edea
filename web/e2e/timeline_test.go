//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/web/state"
)

// timelineState is what the timeline view drew last (graph.js keeps it on
// the element), with what the drawing holds.
type timelineState struct {
	Points  [][3]int64 `json:"points"`
	Steps   [][2]int64 `json:"steps"`
	Windows []struct {
		Start int64  `json:"start"`
		End   int64  `json:"end"`
		Fired bool   `json:"fired"`
		Text  string `json:"text"`
	} `json:"windows"`
	Lates []struct {
		Time int64  `json:"time"`
		Text string `json:"text"`
	} `json:"lates"`
	Note    string `json:"note"`
	Label   string `json:"label"`
	Draws   int    `json:"draws"`
	Dots    int    `json:"dots"`
	Crosses int    `json:"crosses"`
	Bands   int    `json:"bands"`
	List    string `json:"list"`
}

const timelineProbe = `(() => {
  const el = document.getElementById('timeline');
  const d = el.flinkTimelineData;
  if (!d) return '';
  return JSON.stringify({ ...d, draws: el.flinkTimelineDraws,
    dots: el.querySelectorAll('.timeline-point').length, crosses: el.querySelectorAll('.timeline-late').length,
    bands: el.querySelectorAll('.timeline-window').length, list: el.querySelector('.timeline-list')?.innerText || '' });
})()`

func (p *page) timeline() timelineState {
	p.t.Helper()
	var s timelineState
	if j := eval[string](p, "the timeline", timelineProbe); j != "" {
		if err := json.Unmarshal([]byte(j), &s); err != nil {
			p.fatalf("timeline: %v", err)
		}
	}
	return s
}

// TestTimelineLesson runs the late-record lesson in the Timeline view:
// every record shows at its event time as it arrives, the watermark steps
// behind them, the three windows open and fire, and the three late
// records are marked and explained: each came 4 s behind the watermark,
// after its window had closed, and was dropped.
func TestTimelineLesson(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	// The lesson from the gallery opens in the Timeline view.
	p.selectExample(slices.Index(state.Examples, lesson(t, "Lesson: a late record dropped by a window")))
	waitFor[bool](p, "the Timeline view", `JSON.parse(window.flinkplay.state()).view === 'timeline' && document.getElementById('view-timeline').classList.contains('active')`, 5*time.Second)
	waitFor[bool](p, "the timeline's note", `!!document.getElementById('timeline').flinkTimelineData`, 10*time.Second)
	if s := p.timeline(); !strings.Contains(s.Note, "WATERMARK") {
		t.Errorf("before a run: %q", s.Note)
	}
	p.click("run-all")
	waitFor[bool](p, "the first records on the timeline", `(() => { const d = document.getElementById('timeline').flinkTimelineData; return !!d && d.points.length >= 3; })()`, 20*time.Second)
	p.shot("timeline-running")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 40*time.Second)
	waitFor[bool](p, "the last window fired", `(() => { const d = document.getElementById('timeline').flinkTimelineData; return !!d && d.points.length === 12 && d.windows.filter((w) => w.fired).length === 3; })()`, 10*time.Second)
	s := p.timeline()
	if len(s.Points) != 12 || s.Dots != 9 || s.Crosses != 3 || s.Bands != 4 {
		t.Errorf("timeline: %d points, %d dots, %d crosses, %d bands; want 12, 9, 3, 4", len(s.Points), s.Dots, s.Crosses, s.Bands)
	}
	want := []string{
		"dropped: late by 4 s (event time 23:59:58, watermark 00:00:02); its window [23:59:55, 00:00:00) had closed when the watermark passed 23:59:59.999",
		"dropped: late by 4 s (event time 00:00:02, watermark 00:00:06); its window [00:00:00, 00:00:05) had fired when the watermark passed 00:00:04.999",
		"dropped: late by 4 s (event time 00:00:06, watermark 00:00:10); its window [00:00:05, 00:00:10) had fired when the watermark passed 00:00:09.999",
	}
	if len(s.Lates) != 3 {
		t.Fatalf("late records %+v", s.Lates)
	}
	for i, w := range want {
		if s.Lates[i].Text != w {
			t.Errorf("late record %d: %q\nwant %q", i, s.Lates[i].Text, w)
		}
	}
	wins := map[string]bool{}
	for _, w := range s.Windows {
		wins[w.Text] = true
	}
	for _, w := range []string{
		"window [00:00:00, 00:00:05) fired when the watermark passed 00:00:04.999 (it reached 00:00:05), 1 row; 1 late record dropped",
		"window [00:00:05, 00:00:10) fired when the watermark passed 00:00:09.999 (it reached 00:00:10), 1 row; 1 late record dropped",
		"window [00:00:10, 00:00:15) fired when the input ended, 1 row",
		"window [23:59:55, 00:00:00) had closed before any of its records came: the watermark had passed 23:59:59.999; 1 late record dropped",
	} {
		if !wins[w] {
			t.Errorf("no window %q in %+v", w, s.Windows)
		}
	}
	if !strings.Contains(s.List, want[1]) || !strings.Contains(s.Label, "Timeline of 12 records") {
		t.Errorf("list %q, label %q", s.List, s.Label)
	}
	p.shotWidths("timeline-done")
}

// TestWhyThisChange turns Why on, runs an aggregation, and clicks its
// changes in the Changelog view: an update says which count went from
// what to what, for which key, because of which record; a window's row
// says which watermark fired it.
func TestWhyThisChange(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	p.setScript(`SELECT product, COUNT(*) AS orders, MAX(id) AS last_order FROM (VALUES (1, 'pear'), (2, 'fig'), (3, 'pear')) AS t(id, product) GROUP BY product;
`)
	p.click("why-toggle")
	// The button says it is pressed once the page has rendered the click.
	waitFor[bool](p, "Why? pressed", `document.getElementById('why-toggle').getAttribute('aria-pressed') === 'true'`, 5*time.Second)
	p.click("run-all")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 20*time.Second)
	waitFor[bool](p, "four changes in the Changelog view", `document.querySelectorAll('#grid tbody tr[data-n]').length === 4`, 10*time.Second)
	why := func(n int) string {
		p.t.Helper()
		// The grid renders the rows in view; a render can be under way.
		if _, err := tryWait[bool](p, `(() => { const td = document.querySelector('#grid tbody tr[data-n="`+fmt.Sprint(n)+`"] td');
  if (!td) return false; td.click(); return true; })()`, 5*time.Second); err != nil {
			p.fatalf("waiting for change %d to click: %v\n%s", n+1, err, gridRows(p))
		}
		got := waitFor[string](p, "the explanation", `(() => { const w = document.getElementById('why'); const t = w.innerText;
  return !w.classList.contains('hidden') && t.startsWith('Change `+fmt.Sprint(n+1)+`:') ? t : ''; })()`, 5*time.Second)
		// The change explained is marked, and only it.
		waitFor[bool](p, "the explained change's mark", `(() => { const m = [...document.querySelectorAll('#grid tbody tr.explained')];
  return m.length === 1 && m[0].dataset.n === '`+fmt.Sprint(n)+`' && m[0].getAttribute('aria-selected') === 'true'; })()`, 5*time.Second)
		return got
	}
	// The aggregation's input is what it reads of each record: the
	// product and the id.
	got := why(3)
	for _, w := range []string{"GroupAggregate: orders went 1 → 2, last_order went 1 → 3 for product = pear, because of the record +I[",
		"product = pear", "id = 3", "It retracts the old result (-U) and sends the new one (+U): -U[pear, 1, 1] then +U[pear, 2, 3]."} {
		if !strings.Contains(got, w) {
			t.Errorf("why change 4 lacks %q:\n%s", w, got)
		}
	}
	if got := why(1); !strings.Contains(got, "GroupAggregate sent +I[fig, 1, 2] because of the record +I[") || !strings.Contains(got, "product = fig") {
		t.Errorf("why change 2:\n%s", got)
	}
	p.shot("why-update")

	// A Top-N: a record that ranks pushes out the row that ranked last.
	p.setScript(`SELECT product, n FROM (SELECT product, n, ROW_NUMBER() OVER (PARTITION BY product ORDER BY n DESC) AS rn
  FROM (VALUES ('pear', 3), ('apple', 5), ('pear', 4), ('pear', 9), ('pear', 1)) AS t(product, n)) WHERE rn <= 2;
`)
	p.click("run-all")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 20*time.Second)
	waitFor[bool](p, "five changes in the Changelog view", `document.querySelectorAll('#grid tbody tr[data-n]').length === 5`, 10*time.Second)
	if got := why(3); !strings.Contains(got, "Rank sent -D[pear, 3] +I[pear, 9] because of the record +I[") ||
		!strings.Contains(got, "n = 9") || !strings.Contains(got, "the row that ranked last is pushed out (-D)") {
		t.Errorf("why the Top-N's change 4:\n%s", got)
	}
	if got := why(2); !strings.Contains(got, "Rank sent +I[pear, 4]") || !strings.Contains(got, "which had room, so it enters them") {
		t.Errorf("why the Top-N's change 3:\n%s", got)
	}
	p.shot("why-top-n")

	// A regular LEFT JOIN: a left row goes out padded with NULLs, and is
	// retracted when its match arrives on the right.
	p.setScript(`SELECT o.id, o.product, p.price FROM (VALUES (1, 'pear'), (2, 'fig')) AS o(id, product)
  LEFT JOIN (VALUES ('pear', 10), ('fig', 20), ('pear', 11)) AS p(product, price) ON o.product = p.product;
`)
	p.click("run-all")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 20*time.Second)
	waitFor[bool](p, "seven changes in the Changelog view", `document.querySelectorAll('#grid tbody tr[data-n]').length === 7`, 10*time.Second)
	for _, c := range []struct {
		n    int
		want []string
	}{
		{0, []string{"Join sent +I[1, pear, NULL, NULL] because of the record +I[", "from the left input", "No row of the other input matches it yet"}},
		{2, []string{"Join sent -D[1, pear, NULL, NULL] +I[1, pear, pear, 10] because of the record +I[", "price = 10", "from the right input",
			"the outer join retracts the row it had sent padded with NULLs (-D) and sends the joined row (+I)"}},
		{6, []string{"Join sent +I[1, pear, pear, 11]", "The record matched a row of the other input"}},
	} {
		got := why(c.n)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("why the join's change %d lacks %q:\n%s", c.n+1, w, got)
			}
		}
	}
	p.shot("why-left-join")

	// A window's row: the watermark fired it.
	p.setScript(lesson(t, "Lesson: a late record dropped by a window").SQL)
	p.click("run-all")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 40*time.Second)
	waitFor[bool](p, "three windows in the Changelog view", `document.querySelectorAll('#grid tbody tr[data-n]').length === 3`, 10*time.Second)
	if got := why(0); !strings.Contains(got, "WindowAggregate sent +I[1970-01-01 00:00:00.000, 1970-01-01 00:00:05.000, 3] when the watermark reached 00:00:05.") ||
		!strings.Contains(got, "Window [00:00:00, 00:00:05) fired when the watermark passed 00:00:04.999 (it reached 00:00:05), 1 row") {
		t.Errorf("why window 1:\n%s", got)
	}
	if got := why(2); !strings.Contains(got, "when the input ended") {
		t.Errorf("why window 3:\n%s", got)
	}
	p.shot("why-window")

	// The join lesson: an order without a shipment goes out with NULLs when
	// the watermark has passed its time + 3 s (order 1, at 00:00:01, once
	// the watermark passed 00:00:04).
	p.selectExample(slices.IndexFunc(state.Examples, func(e state.Example) bool { return e.Name == "Lesson: a join that waits for the watermark" }))
	p.click("run-all")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 40*time.Second)
	waitFor[bool](p, "eight rows in the Changelog view", `document.querySelectorAll('#grid tbody tr[data-n]').length === 8`, 10*time.Second)
	var n int
	if at, err := tryWait[string](p, `[...document.querySelectorAll('#grid tbody tr[data-n]')].find((tr) => tr.cells[1]?.textContent === '1')?.dataset.n || ''`, 5*time.Second); err != nil {
		p.fatalf("no row of order 1 in the Changelog view: %v\n%s", err, gridRows(p))
	} else {
		n, _ = strconv.Atoi(at)
	}
	if got := why(n); !strings.Contains(got, "IntervalJoin sent +I[1, ") || !strings.Contains(got, "when the watermark reached 00:00:0") {
		t.Errorf("why order 1 (change %d):\n%s", n+1, got)
	}
	p.shot("why-join")
}

// gridRows is what the grid shows of each change: its data-n and cells.
func gridRows(p *page) string {
	return eval[string](p, "the rows", `[...document.querySelectorAll('#grid tbody tr[data-n]')].map((tr) => tr.dataset.n + ': ' + [...tr.cells].map((td) => td.textContent).join(' | ')).join('\n')`)
}

// lesson returns the gallery's lesson of that name.
func lesson(t *testing.T, name string) state.Example {
	i := slices.IndexFunc(state.Examples, func(e state.Example) bool { return e.Name == name })
	if i < 0 {
		t.Fatalf("no lesson %q in the gallery", name)
	}
	return state.Examples[i]
}

// TestStepThroughALesson pauses the late-record lesson, steps one record,
// steps to the next window firing, goes one record back (the page runs
// the statements again from the start and says so), and resumes to the
// end: the timeline follows each step.
func TestStepThroughALesson(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	p.selectExample(slices.Index(state.Examples, lesson(t, "Lesson: a late record dropped by a window")))
	p.click("run-all")
	waitFor[bool](p, "the Pause button", `!!document.getElementById('step-pause')`, 20*time.Second)
	p.click("step-pause")
	status := func() string {
		return eval[string](p, "the step status", `document.getElementById('step-status')?.textContent || ''`)
	}
	pausedAt := func(what string) int {
		p.t.Helper()
		s := waitFor[string](p, what, `(() => { const t = document.getElementById('step-status')?.textContent || ''; return t.startsWith('Paused after record ') ? t : ''; })()`, 10*time.Second)
		var n int
		fmt.Sscanf(strings.TrimPrefix(s, "Paused after record "), "%d", &n)
		return n
	}
	points := func() int {
		return eval[int](p, "the timeline's records", `(document.getElementById('timeline').flinkTimelineData?.points || []).length`)
	}
	n0 := pausedAt("the pause")
	p.click("step-record")
	if _, err := tryWait[bool](p, `(document.getElementById('step-status')?.textContent || '') === 'Paused after record `+fmt.Sprint(n0+1)+`.'`, 10*time.Second); err != nil {
		t.Fatalf("one more record after record %d: the status says %q", n0, status())
	}
	if _, err := tryWait[bool](p, `(document.getElementById('timeline').flinkTimelineData?.points || []).length === `+fmt.Sprint(n0+1), 5*time.Second); err != nil {
		t.Fatalf("the record on the timeline: n0=%d, timeline %s", n0, eval[string](p, "t", `JSON.stringify(document.getElementById('timeline').flinkTimelineData)`))
	}
	p.shot("step-record")
	fired := eval[int](p, "fired windows", `(document.getElementById('timeline').flinkTimelineData?.windows || []).filter((w) => w.fired).length`)
	p.click("step-fire")
	waitFor[bool](p, "a window to fire", `(document.getElementById('timeline').flinkTimelineData?.windows || []).filter((w) => w.fired).length > `+fmt.Sprint(fired), 15*time.Second)
	n2 := pausedAt("the pause after the firing")
	if n2 <= n0+1 || points() != n2 {
		t.Errorf("after the firing: paused at record %d (before: %d), %d records on the timeline", n2, n0+1, points())
	}
	p.shot("step-fire")
	// One record back: the same statements again from the start.
	p.click("step-back")
	waitFor[bool](p, "the replay's note", `(document.getElementById('notice')?.textContent || '').includes('from the start')`, 5*time.Second)
	waitFor[bool](p, "the rewound pause", `(() => { const t = document.getElementById('step-status')?.textContent || '';
  return t === 'Paused after record `+fmt.Sprint(n2-1)+`.' && (document.getElementById('notice')?.textContent || '').startsWith('Rewound'); })()`, 30*time.Second)
	waitFor[bool](p, "the rewound timeline", `(document.getElementById('timeline').flinkTimelineData?.points || []).length === `+fmt.Sprint(n2-1), 5*time.Second)
	p.shot("step-back")
	p.click("step-resume")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 40*time.Second)
	waitFor[bool](p, "every record and window", `(() => { const d = document.getElementById('timeline').flinkTimelineData; return !!d && d.points.length === 12 && d.windows.filter((w) => w.fired).length === 3; })()`, 10*time.Second)
	if s := status(); s != "" {
		t.Errorf("the step bar stays after the run: %q", s)
	}
}

// TestStepThroughTheOtherLessons steps the retractions lesson and the join
// lesson as a learner would: pause, step, and look at each view.
//   - Retractions: each record is one more order; the Changelog view gains
//     its change (+I for a product's first order, -U/+U after), Why names
//     the order, and the Graph view's GroupAggregate has taken exactly the
//     records handed on.
//   - The join: stepping to each next watermark, the first order without a
//     shipment goes out with NULLs, which Why says the watermark let go;
//     the Timeline view shows as many records as were handed on.
//
// Resume runs each to the end of a run that was never paused.
func TestStepThroughTheOtherLessons(t *testing.T) {
	p := open(t, 240*time.Second)
	p.load()
	received := func() int { return eval[int](p, "rows received", `JSON.parse(window.flinkplay.state()).received`) }
	pausedAt := func(what string, n int) {
		p.t.Helper()
		want := "Paused after record " + fmt.Sprint(n) + "."
		if _, err := tryWait[bool](p, `(document.getElementById('step-status')?.textContent || '') === '`+want+`'`, 15*time.Second); err != nil {
			p.fatalf("%s: the status says %q, want %q", what, eval[string](p, "status", `document.getElementById('step-status')?.textContent || ''`), want)
		}
	}
	firstPause := func() int {
		p.t.Helper()
		s := waitFor[string](p, "the pause", `(() => { const t = document.getElementById('step-status')?.textContent || ''; return t.startsWith('Paused after record ') ? t : ''; })()`, 15*time.Second)
		var n int
		fmt.Sscanf(strings.TrimPrefix(s, "Paused after record "), "%d", &n)
		return n
	}
	why := func(n int) string {
		p.t.Helper()
		if _, err := tryWait[bool](p, `(() => { const td = document.querySelector('#grid tbody tr[data-n="`+fmt.Sprint(n)+`"] td');
  if (!td) return false; td.click(); return true; })()`, 5*time.Second); err != nil {
			p.fatalf("waiting for change %d to click: %v\n%s", n+1, err, gridRows(p))
		}
		return waitFor[string](p, "the explanation", `(() => { const w = document.getElementById('why'); const t = w.innerText;
  return !w.classList.contains('hidden') && t.startsWith('Change `+fmt.Sprint(n+1)+`:') ? t : ''; })()`, 5*time.Second)
	}
	view := func(v string) {
		p.t.Helper()
		p.click("view-" + v)
		waitFor[bool](p, "the "+v+" view", `JSON.parse(window.flinkplay.state()).view === '`+v+`'`, 5*time.Second)
	}

	// The retractions lesson: order k is for apple, fig or pear as k % 3
	// is 1, 2 or 0.
	p.selectExample(slices.Index(state.Examples, lesson(t, "Lesson: an aggregation's retractions")))
	p.click("run-all")
	waitFor[bool](p, "the Pause button", `!!document.getElementById('step-pause')`, 20*time.Second)
	p.click("step-pause")
	n := firstPause()
	changes := func(k int) int { // the changes of orders 1..k
		if k <= 3 {
			return k
		}
		return 3 + 2*(k-3)
	}
	waitFor[bool](p, "the changes of the records handed on", `JSON.parse(window.flinkplay.state()).received === `+fmt.Sprint(changes(n)), 5*time.Second)
	for range 2 {
		p.click("step-record")
		n++
		pausedAt("one more record", n)
		waitFor[bool](p, "its changes", `JSON.parse(window.flinkplay.state()).received === `+fmt.Sprint(changes(n)), 5*time.Second)
		product := []string{"pear", "apple", "fig"}[n%3]
		got := why(received() - 1)
		if !strings.Contains(got, "because of the record +I[") || !strings.Contains(got, "id = "+fmt.Sprint(n)) || !strings.Contains(got, "product = "+product) {
			t.Errorf("why the newest change after record %d:\n%s", n, got)
		}
	}
	p.shot("retractions-stepped")
	view("graph")
	waitFor[bool](p, "the aggregation's figures", `(() => { const d = document.getElementById('graph').flinkGraphData;
  const a = d && d.nodes.find((x) => x.kind === 'GroupAggregate');
  return !!a && a.lines.some((l) => l.startsWith('in `+fmt.Sprint(n)+` · out `+fmt.Sprint(changes(n))+`')); })()`, 10*time.Second)
	p.shot("retractions-graph")
	view("changelog")
	p.click("step-resume")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 40*time.Second)
	if got := received(); got != changes(12) {
		t.Errorf("after Resume: %d changes, want %d", got, changes(12))
	}

	// The join lesson: order 1 (at 00:00:01) has no shipment; it goes out
	// with NULLs once the watermark of both inputs passes 00:00:04.
	p.selectExample(slices.Index(state.Examples, lesson(t, "Lesson: a join that waits for the watermark")))
	p.click("run-all")
	waitFor[bool](p, "the Pause button", `!!document.getElementById('step-pause')`, 20*time.Second)
	p.click("step-pause")
	n = firstPause()
	nullRow := `[...document.querySelectorAll('#grid tbody tr[data-n]')].findIndex((tr) => tr.cells[1].textContent === '1')`
	steps := 0
	for eval[int](p, "order 1's row", nullRow) < 0 {
		if steps++; steps > 20 {
			t.Fatal("order 1 never went out with NULLs while stepping to each next watermark")
		}
		before := n
		p.click("step-watermark")
		// The step ends at once when a watermark moved since the pause
		// (the last record's batch was still on its way); otherwise after
		// the record that moves one. The progress report after it (a
		// fifth of a second) says where it paused.
		time.Sleep(400 * time.Millisecond)
		n = firstPause()
		if n == before {
			p.click("step-record")
			n++
			pausedAt("one more record", n)
		}
	}
	if got := why(eval[int](p, "order 1's row", nullRow)); !strings.Contains(got, "IntervalJoin sent +I[1, ") || !strings.Contains(got, "when the watermark reached 00:00:0") {
		t.Errorf("why order 1 went out:\n%s", got)
	}
	p.shot("join-stepped")
	view("timeline")
	waitFor[bool](p, "the records handed on, on the timeline", `(document.getElementById('timeline').flinkTimelineData?.points || []).length === `+fmt.Sprint(n), 10*time.Second)
	// Each source's records and watermark in a colour of its own, named
	// in the legend.
	if got := eval[string](p, "the timeline's sources", `(() => { const el = document.getElementById('timeline'); const d = el.flinkTimelineData;
  const srcs = new Set(d.points.map((p) => p[3]));
  return JSON.stringify({ sources: d.sources, seen: [...srcs].sort(), lines: el.querySelectorAll('.timeline-watermark.src-0, .timeline-watermark.src-1').length,
    legend: el.querySelector('.timeline-legend').innerText.includes("Orders's records") && el.querySelector('.timeline-legend').innerText.includes("Shipments's records") }); })()`); got != `{"sources":["Orders","Shipments"],"seen":[0,1],"lines":2,"legend":true}` {
		t.Errorf("the join's timeline by source: %s", got)
	}
	p.shot("join-timeline")
	p.click("step-resume")
	waitFor[bool](p, "the run to end", `!JSON.parse(window.flinkplay.state()).running`, 40*time.Second)
	if got := received(); got != 8 {
		t.Errorf("after Resume the join sent %d rows, want 8", got)
	}
}

package state

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// chartModel is a model in the chart view with a query of cols that
// received rows (op then cells; "<NULL>" is NULL).
func chartModel(cols []protocol.Column, rows ...[]string) *Model {
	m := NewModel(0)
	m.SetView(ViewChart)
	m.StartRun(1, "q", time.Now())
	m.Apply(&protocol.Message{Type: protocol.TypeStatement, ID: 1, SQL: "q"}, time.Now())
	m.Apply(&protocol.Message{Type: protocol.TypeSchema, ID: 1, Columns: cols, Streaming: true}, time.Now())
	var rs []protocol.Row
	for _, r := range rows {
		row := protocol.Row{Op: r[0], Cells: r[1:]}
		for i, c := range r[1:] {
			if c == "<NULL>" {
				if row.Nulls == nil {
					row.Nulls = make([]bool, len(r)-1)
				}
				row.Nulls[i] = true
			}
		}
		rs = append(rs, row)
	}
	m.Apply(&protocol.Message{Type: protocol.TypeRows, ID: 1, Rows: rs}, time.Now())
	return m
}

func show(vs []*float64) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		if v == nil {
			out[i] = "-"
		} else {
			out[i] = fmt.Sprint(*v)
		}
	}
	return strings.Join(out, ",")
}

func TestChartBarsFollowRetractions(t *testing.T) {
	m := chartModel([]protocol.Column{{Name: "product", Type: "STRING"}, {Name: "total", Type: "BIGINT NOT NULL"}, {Name: "avg_price", Type: "DECIMAL(10, 2)"}},
		[]string{"+I", "pear", "3", "1.50"},
		[]string{"+I", "apple", "5", "2.00"},
		[]string{"-U", "pear", "3", "1.50"},
		[]string{"+U", "pear", "7", "1.75"},
		[]string{"+I", "fig10", "2", "<NULL>"},
		[]string{"+I", "fig9", "1", "NaN"},
		[]string{"-D", "apple", "5", "2.00"},
	)
	d := m.Chart(ChartAuto, "")
	if d.Kind != ChartBar || strings.Join(d.Labels, ",") != "fig9,fig10,pear" || d.XName != "product" || show(d.Series[0].Values) != "1,2,7" || d.Y != "total" {
		t.Errorf("bars: %s %v by %s: %s (%s)", d.Kind, d.Labels, d.XName, show(d.Series[0].Values), d.Y)
	}
	if strings.Join(d.Measures, ",") != "total,avg_price" {
		t.Errorf("measures %v", d.Measures)
	}
	d = m.Chart(ChartAuto, "avg_price")
	if show(d.Series[0].Values) != "-,-,1.75" || d.Y != "avg_price" {
		t.Errorf("avg_price bars: %s (NULL and NaN are no bar)", show(d.Series[0].Values))
	}
	if _, err := json.Marshal(d); err != nil {
		t.Errorf("the chart does not marshal: %v", err)
	}
	// By hand: a line over the row order.
	if d := m.Chart(ChartLine, ""); d.Kind != ChartLine || d.XName != "row" || len(d.Series) != 2 || show(d.Series[0].Values) != "7,2,1" {
		t.Errorf("line by hand: %s over %s, %d series, %s", d.Kind, d.XName, len(d.Series), show(d.Series[0].Values))
	}
}

func TestChartNumericKeyAndNoMeasure(t *testing.T) {
	m := chartModel([]protocol.Column{{Name: "k", Type: "INT"}, {Name: "n", Type: "BIGINT"}},
		[]string{"+I", "10", "4"}, []string{"+I", "2", "5"})
	if d := m.Chart(ChartAuto, ""); d.Kind != ChartBar || d.XName != "k" || strings.Join(d.Labels, ",") != "2,10" || show(d.Series[0].Values) != "5,4" {
		t.Errorf("numeric key: %s by %s %v: %s", d.Kind, d.XName, d.Labels, show(d.Series[0].Values))
	}
	m = chartModel([]protocol.Column{{Name: "name", Type: "STRING"}}, []string{"+I", "a"})
	if d := m.Chart(ChartAuto, ""); len(d.Series) != 0 || d.Note != "The result has no numeric column to draw." {
		t.Errorf("no measure: %+v", d)
	}
	if d := NewModel(0).Chart(ChartAuto, ""); !strings.HasPrefix(d.Note, "Run a query") || d.JSON() != `{"kind":"line","xName":"","x":[],"series":[],"note":"Run a query: its result is drawn here, and follows every change."}` {
		t.Errorf("no query: %s", d.JSON())
	}
}

func TestChartLinesOverTime(t *testing.T) {
	m := chartModel([]protocol.Column{{Name: "window_start", Type: "TIMESTAMP(3) NOT NULL"}, {Name: "window_end", Type: "TIMESTAMP(3) NOT NULL"}, {Name: "product", Type: "STRING"}, {Name: "cnt", Type: "BIGINT NOT NULL"}},
		[]string{"+I", "2026-01-01 00:00:10.000", "2026-01-01 00:00:20.000", "pear", "2"},
		[]string{"+I", "2026-01-01 00:00:00.000", "2026-01-01 00:00:10.000", "pear", "1"},
		[]string{"+I", "2026-01-01 00:00:00.000", "2026-01-01 00:00:10.000", "apple", "4"},
	)
	d := m.Chart(ChartAuto, "")
	if d.Kind != ChartLine || !d.XTime || d.XName != "window_start" || fmt.Sprint(d.X) != "[1.7672256e+09 1.76722561e+09]" {
		t.Fatalf("line: %s over %s (time %v) %v", d.Kind, d.XName, d.XTime, d.X)
	}
	if len(d.Series) != 2 || d.Series[0].Name != "apple" || show(d.Series[0].Values) != "4,-" || d.Series[1].Name != "pear" || show(d.Series[1].Values) != "1,2" {
		t.Errorf("series by product: %+v", d.Series)
	}
	// The latest ChartMaxPoints points.
	var rows [][]string
	for i := range ChartMaxPoints + 5 {
		rows = append(rows, []string{"+I", time.Unix(int64(i), 0).UTC().Format("2006-01-02 15:04:05"), "1.5"})
	}
	m = chartModel([]protocol.Column{{Name: "ts", Type: "TIMESTAMP(0)"}, {Name: "v", Type: "DOUBLE"}}, rows...)
	d = m.Chart(ChartAuto, "")
	if len(d.X) != ChartMaxPoints || d.X[0] != 5 || !strings.Contains(d.Note, "latest 2,000 points") {
		t.Errorf("%d points from %v, note %q", len(d.X), d.X[0], d.Note)
	}
}

// TestChartBarsOverTime: bars over a time column (chosen by hand) are
// labelled by time of day when the groups share a date.
func TestChartBarsOverTime(t *testing.T) {
	m := chartModel([]protocol.Column{{Name: "ts", Type: "TIMESTAMP(3)"}, {Name: "v", Type: "INT"}},
		[]string{"+I", "2026-01-01 00:01:00.000", "3"}, []string{"+I", "2026-01-01 00:00:00.000", "1"}, []string{"+I", "2026-01-02 00:00:00.500", "2"})
	d := m.Chart(ChartBar, "")
	if strings.Join(d.Labels, ",") != "00:00:00,00:01:00,2026-01-02 00:00:00.500" || show(d.Series[0].Values) != "1,3,2" {
		t.Errorf("bars over time: %v %s", d.Labels, show(d.Series[0].Values))
	}
}

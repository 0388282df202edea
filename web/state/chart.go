package state

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ViewChart shows the materialized result (the Table view's rows, which
// follow retractions) as a chart.
const ViewChart = "chart"

// Chart kinds: ChartAuto picks line over time when the result has a time
// column (a window's), bars over the groups when it has a key, and a line
// over the row order otherwise.
const (
	ChartAuto = ""
	ChartLine = "line"
	ChartBar  = "bar"
)

// Chart bounds: a line shows the latest ChartMaxPoints points in time
// order, bars the first ChartMaxBars groups, and at most ChartMaxSeries
// lines.
const (
	ChartMaxPoints = 2000
	ChartMaxBars   = 100
	ChartMaxSeries = 12
)

// ChartData is what the chart view draws (static/chart.js reads it as
// JSON): X positions, one value per position in each series (null where
// a series has none), and for bars the group of each position.
type ChartData struct {
	Kind   string        `json:"kind"` // ChartLine or ChartBar
	XName  string        `json:"xName"`
	XTime  bool          `json:"xTime,omitempty"` // X holds Unix seconds (UTC: the result's own clock)
	X      []float64     `json:"x"`
	Labels []string      `json:"labels,omitempty"`
	Series []ChartSeries `json:"series"`
	// Note says what the chart leaves out, or why there is none.
	Note string `json:"note,omitempty"`
	// Measures are the numeric columns a chart can show; Y the one it
	// shows when it shows one (bars, and lines split by a key).
	Measures []string `json:"measures,omitempty"`
	Y        string   `json:"y,omitempty"`
}

// ChartSeries is one line, or the bars.
type ChartSeries struct {
	Name   string     `json:"name"`
	Values []*float64 `json:"values"`
}

// JSON is the chart's JSON; its lists are never null.
func (c ChartData) JSON() string {
	if c.X == nil {
		c.X = []float64{}
	}
	if c.Series == nil {
		c.Series = []ChartSeries{}
	}
	b, _ := json.Marshal(c) // strings, finite floats and nulls always marshal
	return string(b)
}

// columnKind sorts a result's columns for charting.
type columnKind uint8

const (
	colText columnKind = iota
	colNumber
	colTime
)

func kindOfType(t string) columnKind {
	t = strings.ToUpper(t)
	for _, p := range []string{"TINYINT", "SMALLINT", "INT", "INTEGER", "BIGINT", "FLOAT", "REAL", "DOUBLE", "DECIMAL", "NUMERIC", "DEC("} {
		if strings.HasPrefix(t, p) {
			return colNumber
		}
	}
	if strings.HasPrefix(t, "TIMESTAMP") || strings.HasPrefix(t, "DATE") {
		return colTime
	}
	return colText
}

// parseNumber reads a numeric cell as Flink prints it; ok is false for
// NULL and for what is no finite number.
func parseNumber(cell string) (float64, bool) {
	f, err := strconv.ParseFloat(cell, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// parseTime reads a DATE or TIMESTAMP cell as Flink prints it
// ("2020-04-15 08:05:00.000", "2020-04-15") as Unix seconds, the clock it
// shows taken as UTC.
func parseTime(cell string) (float64, bool) {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02"} {
		if t, err := time.Parse(layout, cell); err == nil {
			return float64(t.UnixNano()) / 1e9, true
		}
	}
	return 0, false
}

// Chart builds the chart of the last query's materialized rows, of the
// kind asked for (ChartAuto, ChartLine or ChartBar) and showing measure y
// where it shows one ("" for the first). It needs the Table view's rows:
// the chart view keeps them (SetView).
func (m *Model) Chart(kind, y string) ChartData {
	q := m.Query
	if q == nil || q.Table == nil {
		return ChartData{Kind: ChartLine, Note: "Run a query: its result is drawn here, and follows every change."}
	}
	cols := q.Columns
	kinds := make([]columnKind, len(cols))
	var measures []int
	timeCol, textCol := -1, -1
	for i, c := range cols {
		kinds[i] = kindOfType(c.Type)
		switch kinds[i] {
		case colNumber:
			measures = append(measures, i)
		case colTime:
			if timeCol < 0 {
				timeCol = i
			}
		default:
			if textCol < 0 {
				textCol = i
			}
		}
	}
	if len(measures) == 0 {
		return ChartData{Kind: ChartLine, Note: "The result has no numeric column to draw."}
	}
	// With neither a time nor a text column, the first of several numbers
	// is the key (GROUP BY id % 10).
	keyCol := textCol
	if keyCol < 0 && timeCol < 0 && len(measures) > 1 {
		keyCol, measures = measures[0], measures[1:]
	}
	if kind != ChartLine && kind != ChartBar {
		kind = ChartLine
		if timeCol < 0 && keyCol >= 0 {
			kind = ChartBar
		}
	}
	d := ChartData{Kind: kind}
	for _, i := range measures {
		d.Measures = append(d.Measures, cols[i].Name)
	}
	yCol := measures[0]
	for _, i := range measures {
		if cols[i].Name == y {
			yCol = i
		}
	}
	rows := make([][]string, 0, q.Table.Len())
	q.Table.Rows(0, q.Table.Len(), func(c Change, _ int64) {
		row := make([]string, 0, len(cols))
		c.Cells(func(cell string, null bool) {
			if null {
				cell = "\x00"
			}
			row = append(row, cell)
		})
		if len(row) == len(cols) {
			rows = append(rows, row)
		}
	})
	if kind == ChartBar {
		m.chartBars(&d, rows, keyCol, timeCol, yCol)
	} else {
		m.chartLines(&d, rows, timeCol, keyCol, yCol, measures)
	}
	return d
}

// chartBars draws one bar per group (a key's value, in the order the
// groups came), of measure yCol.
func (m *Model) chartBars(d *ChartData, rows [][]string, keyCol, timeCol, yCol int) {
	cols := m.Query.Columns
	if keyCol < 0 {
		keyCol = timeCol
	}
	d.Y = cols[yCol].Name
	s := ChartSeries{Name: cols[yCol].Name}
	// The groups in natural order (2 before 10), which no update changes
	// (the table moves an updated row to its end): bars keep their places
	// while their values change.
	type bar struct {
		label string
		v     *float64
	}
	var bs []bar
	index := map[string]int{}
	for i, r := range rows {
		label := "(row " + strconv.Itoa(i+1) + ")"
		if keyCol >= 0 {
			label = r[keyCol]
			if label == "\x00" {
				label = "NULL"
			}
		}
		j, ok := index[label]
		if !ok {
			j = len(bs)
			index[label] = j
			bs = append(bs, bar{label: label})
		}
		if v, ok := parseNumber(r[yCol]); ok {
			bs[j].v = &v
		}
	}
	slices.SortStableFunc(bs, func(a, b bar) int { return NaturalCompare(a.label, b.label) })
	if len(bs) > ChartMaxBars {
		bs = bs[:ChartMaxBars]
		d.Note = "The first " + Count(ChartMaxBars) + " groups are drawn."
	}
	timeKey := keyCol >= 0 && keyCol == timeCol
	for i, b := range bs {
		label := b.label
		if timeKey {
			label = shortTime(label, bs[0].label)
		}
		d.Labels = append(d.Labels, label)
		d.X = append(d.X, float64(i))
		s.Values = append(s.Values, b.v)
	}
	if keyCol >= 0 {
		d.XName = cols[keyCol].Name
	}
	d.Series = []ChartSeries{s}
}

// chartLines draws lines over x: the time column, or the row order. With
// a key beside the time column, each of the key's values is a line of
// measure yCol; otherwise each measure is a line.
func (m *Model) chartLines(d *ChartData, rows [][]string, timeCol, keyCol, yCol int, measures []int) {
	cols := m.Query.Columns
	type point struct {
		x   float64
		row []string
	}
	pts := make([]point, 0, len(rows))
	for i, r := range rows {
		x := float64(i + 1)
		if timeCol >= 0 {
			var ok bool
			if x, ok = parseTime(r[timeCol]); !ok {
				continue
			}
		}
		pts = append(pts, point{x, r})
	}
	if timeCol >= 0 {
		d.XName, d.XTime = cols[timeCol].Name, true
		slices.SortStableFunc(pts, func(a, b point) int { return cmp.Compare(a.x, b.x) })
	} else {
		d.XName = "row"
	}
	// The x positions, each once.
	var xs []float64
	for _, p := range pts {
		if len(xs) == 0 || xs[len(xs)-1] != p.x {
			xs = append(xs, p.x)
		}
	}
	if over := len(xs) - ChartMaxPoints; over > 0 {
		xs = xs[over:]
		d.Note = "The latest " + Count(ChartMaxPoints) + " points are drawn."
	}
	d.X = xs
	pos := func(x float64) int {
		i, ok := slices.BinarySearch(xs, x)
		if !ok {
			return -1
		}
		return i
	}
	split := timeCol >= 0 && keyCol >= 0
	var series []ChartSeries
	if split {
		d.Y = cols[yCol].Name
		index := map[string]int{}
		for _, p := range pts {
			i := pos(p.x)
			if i < 0 {
				continue
			}
			key := p.row[keyCol]
			if key == "\x00" {
				key = "NULL"
			}
			si, ok := index[key]
			if !ok {
				si = len(series)
				index[key] = si
				series = append(series, ChartSeries{Name: key, Values: make([]*float64, len(xs))})
			}
			if v, ok := parseNumber(p.row[yCol]); ok {
				series[si].Values[i] = &v
			}
		}
		// Lines keep their colours: the keys in natural order.
		slices.SortStableFunc(series, func(a, b ChartSeries) int { return NaturalCompare(a.Name, b.Name) })
		if len(series) > ChartMaxSeries {
			series = series[:ChartMaxSeries]
			d.Note = "The first " + Count(ChartMaxSeries) + " of the " + cols[keyCol].Name + " values are drawn."
		}
	} else {
		for _, c := range measures[:min(len(measures), ChartMaxSeries)] {
			s := ChartSeries{Name: cols[c].Name, Values: make([]*float64, len(xs))}
			for _, p := range pts {
				if i := pos(p.x); i >= 0 {
					if v, ok := parseNumber(p.row[c]); ok {
						s.Values[i] = &v
					}
				}
			}
			series = append(series, s)
		}
	}
	d.Series = series
}

// shortTime shortens a timestamp group's label for a bar: without its
// zero milliseconds, and without its date when it is the first group's.
func shortTime(label, first string) string {
	label = strings.TrimSuffix(label, ".000")
	if len(label) > 11 && len(first) > 11 && label[:11] == first[:11] && label[10] == ' ' {
		return label[11:]
	}
	return label
}

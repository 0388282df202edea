package state

import (
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// Result views.
const (
	ViewTableau   = "tableau"   // the SQL client's text output
	ViewChangelog = "changelog" // every change, with its op
	ViewTable     = "table"     // the materialized result
	// ViewChart (chart.go) draws the materialized result.
)

// Row heights in CSS pixels; app.css sets the same, so that the visible
// window can be computed without measuring.
const (
	TableauLineHeight = 18
	GridRowHeight     = 24
)

// HighlightTicks is how many flushes (about 100 ms each) a changed row of
// the table view stays highlighted.
const HighlightTicks = 8

// HighlightMaxChanges is how many changes the table view may take within
// HighlightTicks flushes and still highlight them: above it (about 20 a
// second) a person cannot follow single rows, and every row would blink,
// so none is highlighted until the stream slows down.
const HighlightMaxChanges = 16

// MaxOutputLines bounds the print connector lines kept.
const MaxOutputLines = 10_000

// Model is everything the result area, status line and error box show, fed
// by the worker's messages.
type Model struct {
	MaxRows int    // bound of each query's buffer
	View    string // ViewTableau, ViewChangelog, ViewTable or ViewChart
	// ChartKind and ChartY are the chart view's choices (Chart's kind and
	// y), kept in share links and embeds.
	ChartKind, ChartY string
	Follow            bool // keep the newest rows in view (SetFollow changes it)
	// Explained is the change the Why panel explains, counted from 1 (0:
	// none); the Changelog view marks its row.
	Explained int64
	// pausedAt is how many changes had come when follow-tail went off.
	pausedAt int64

	Running bool
	RunID   int     // the run whose messages count; others are stale
	Blocks  []Block // the transcript of the run, one block per statement
	Query   *Query  // the last query of the run, for the grid views
	// History records every statement run, when set (the playground sets
	// it; an embed keeps none).
	History *History

	Err     *protocol.Error // the run's error, nil when none
	ErrSpan Span            // the failing statement, in Script
	Script  string          // the script of the run: positions refer to it

	Specs   *protocol.Specs
	Catalog *protocol.Catalog
	DDL     []string // successful session-changing statements, in order
	Output  []string // lines the print connector wrote
	// Jobs are the session's INSERT jobs, oldest first (the Jobs panel).
	Jobs []protocol.Job

	Gen  int64 // bumps when the results change: the page re-renders them
	Tick int64 // the page's flush counter, for highlighting

	// recent counts the table view's changes per flush, over the last
	// HighlightTicks flushes (recent[Tick % HighlightTicks] is this
	// flush's); recentAt is the flush each slot counts.
	recent   [HighlightTicks]int
	recentAt [HighlightTicks]int64

	started, ended time.Time
	ran            bool // a run was started
	// stoppedQueued: the last run was stopped before the engine started it.
	stoppedQueued bool
}

// Block is the transcript of one statement.
type Block struct {
	SQL   string
	Span  Span
	Text  []string // a static result, or an error
	Query *Query
	// Glued: no blank line before it in the transcript (a program's
	// output); Console: a Python program's output lines, in Text.
	Glued, Console bool
	// consoleDropped counts the output lines dropped to keep at most
	// MaxOutputLines.
	consoleDropped int
}

// consoleDroppedPrefix starts the line that stands for dropped output.
const consoleDroppedPrefix = "(… "

// Query is a query's result: its columns and bounded changes.
type Query struct {
	Columns   []protocol.Column
	Streaming bool
	Bounded   bool
	Insert    bool
	Head      []string // tableau border, header, border
	HeadLazy  bool     // Head shows once a row came (TableResult.print())
	Changes   *Changes
	// Table is the materialized result, kept only while the table view
	// shows it (see SetView): built from the buffer, then kept up to date.
	Table     *Table
	Tail      []string // Done.Tableau and the footer
	Done      bool
	Cancelled bool
	// Submitted: an INSERT job that runs on in the background (its Done
	// came at submission, table.dml-sync false): it wrote nothing yet.
	Submitted bool

	// Received is how many changes the query delivered: those that came
	// (shown), or the worker's count (reported), which also counts changes
	// it has not sent yet and those of a job, which sends none.
	Received        int64
	shown, reported int64
	RowsPerSec      float64
	// Progressed: a progress message came, so RowsPerSec is a measure
	// (before the first one the status line shows no rate).
	Progressed bool
	ElapsedMs  int64
	Watermark  string
	// Sources is what each scan has read, from the last progress message.
	Sources []protocol.SourceProgress
	// Graph is the operator graph, from the last progress message;
	// GraphGen counts its updates.
	Graph    []protocol.GraphNode
	GraphGen int
	// Timeline is what the run's trace told (nil: nothing yet).
	Timeline *Timeline
	// Paused: the run waits for a step; Stepped counts the records its
	// sources have handed on.
	Paused  bool
	Stepped int64
	// Memory is the engine's, from the last progress message
	// (protocol.Message.Memory).
	Memory int64
}

// NewModel returns a model whose query buffers hold maxRows changes
// (DefaultMaxRows when maxRows <= 0).
func NewModel(maxRows int) *Model {
	if maxRows <= 0 {
		maxRows = DefaultMaxRows
	}
	return &Model{MaxRows: maxRows, View: ViewTableau, Follow: true}
}

// lines splits text into lines, without a trailing empty one.
func lines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// StartRun clears the results for run id of script.
func (m *Model) StartRun(id int, script string, now time.Time) {
	m.RunID = id
	m.Running = true
	m.Blocks = nil
	m.Query = nil
	m.Err = nil
	m.ErrSpan = Span{}
	m.Script = script
	m.Output = nil
	m.Follow = true
	m.Explained = 0
	m.started, m.ended = now, time.Time{}
	m.ran = true
	m.stoppedQueued = false
	m.Gen++
}

// StopQueued ends a run that the engine has not started (it was still
// starting): the run shows as stopped, and messages of it that come anyway
// are ignored.
func (m *Model) StopQueued(now time.Time) {
	if !m.Running {
		return
	}
	m.Running = false
	m.ended = now
	m.stoppedQueued = true
	m.RunID = -1 // no run has this id
	m.Gen++
}

// EngineLost ends the run after the worker died.
func (m *Model) EngineLost(now time.Time) {
	if m.Running {
		m.Running = false
		m.ended = now
		m.Gen++
	}
}

func (m *Model) block() *Block {
	if len(m.Blocks) == 0 {
		m.Blocks = append(m.Blocks, Block{})
	}
	return &m.Blocks[len(m.Blocks)-1]
}

// Apply takes one message of the worker. Messages of other runs than
// RunID are ignored, but for the session-wide ones (ready, catalog, print
// output).
func (m *Model) Apply(msg *protocol.Message, now time.Time) {
	switch msg.Type {
	case protocol.TypeReady, protocol.TypeSpecs:
		if msg.Specs != nil {
			m.Specs = msg.Specs
		}
		return
	case protocol.TypeCatalogIs:
		m.Catalog = msg.Catalog
		return
	case protocol.TypeJobs:
		m.Jobs = msg.Jobs
		m.Gen++
		return
	case protocol.TypeOutput:
		m.Output = append(m.Output, msg.Lines...)
		if over := len(m.Output) - MaxOutputLines; over > 0 {
			m.Output = append(m.Output[:0], m.Output[over:]...)
		}
		m.Gen++
		return
	}
	if msg.ID != m.RunID {
		return
	}
	m.Gen++
	if m.History != nil {
		m.History.record(msg, m.Query, now)
	}
	switch msg.Type {
	case protocol.TypeStatement:
		m.Blocks = append(m.Blocks, Block{SQL: msg.SQL, Span: Span{msg.Start, msg.End}, Glued: msg.Glued})
	case protocol.TypeConsole:
		if n := len(m.Blocks); n == 0 || !m.Blocks[n-1].Console {
			m.Blocks = append(m.Blocks, Block{Console: true, Glued: true})
		}
		b := &m.Blocks[len(m.Blocks)-1]
		b.Text = append(b.Text, lines(msg.Text)...)
		// A program that prints without end keeps the page's memory
		// bounded: the oldest lines go, and a first line says how many.
		if text := b.Text; len(text) > 2*MaxOutputLines {
			if b.consoleDropped > 0 {
				text = text[1:]
			}
			// (trimmed when twice over, so that each line is copied about
			// once however many messages come)
			over := len(text) - (MaxOutputLines - 1)
			b.consoleDropped += over
			text = append([]string{fmt.Sprintf("%s%d earlier lines of output are not kept)", consoleDroppedPrefix, b.consoleDropped)}, text[over:]...)
			b.Text = text
		}
	case protocol.TypeResult:
		b := m.block()
		b.Text = lines(msg.Text)
		// A change the catalog store keeps (a playground catalog) comes
		// back with the store; replaying it would fail as a duplicate.
		if IsDDL(b.SQL) && !msg.Persisted {
			m.DDL = append(m.DDL, b.SQL)
		}
	case protocol.TypeSchema:
		q := &Query{
			Columns: msg.Columns, Streaming: msg.Streaming, Bounded: msg.Bounded, Insert: msg.Insert,
			Head: lines(msg.TableauHead), HeadLazy: msg.HeadLazy, Changes: NewChanges(m.MaxRows),
		}
		if m.materializes() {
			q.Table = NewTable(m.MaxRows)
		}
		m.block().Query = q
		m.Query = q
	case protocol.TypeRows:
		rows := make([]Change, len(msg.Rows))
		for i, r := range msg.Rows {
			rows[i] = PackChange(r)
		}
		m.addRows(rows)
	case protocol.TypeProgress:
		if q := m.Query; q != nil {
			q.RowsPerSec, q.ElapsedMs, q.Watermark = msg.RowsPerSec, msg.ElapsedMs, msg.Watermark
			q.Progressed = true
			if msg.Sources != nil {
				q.Sources = msg.Sources
			}
			if msg.Graph != nil {
				q.Graph = msg.Graph
				q.GraphGen++
			}
			q.applyTrace(msg.Trace, msg.TraceDropped)
			q.Paused, q.Stepped = msg.Paused, msg.Stepped
			q.Memory = msg.Memory
			q.report(msg.Received)
		}
	case protocol.TypeDone:
		q := m.Query
		if q == nil || m.block().Query != q {
			// A statement that ended without a schema (an INSERT job).
			q = &Query{Changes: NewChanges(1)}
			m.block().Query = q
		}
		q.Done, q.Cancelled, q.Submitted = true, msg.Cancelled, msg.Submitted
		q.Paused = false
		if msg.Created != "" {
			// A CREATE TABLE ... AS SELECT: a new session gets its table,
			// not its query again.
			m.DDL = append(m.DDL, msg.Created)
		}
		q.Tail = append(lines(msg.Tableau), lines(msg.Footer)...)
		q.ElapsedMs = msg.ElapsedMs
		q.report(msg.Received)
		if msg.Sources != nil {
			q.Sources = msg.Sources
		}
		if msg.Graph != nil {
			q.Graph = msg.Graph
			q.GraphGen++
		}
		q.applyTrace(msg.Trace, msg.TraceDropped)
		if msg.Watermark != "" {
			q.Watermark = msg.Watermark
		}
	case protocol.TypeError:
		if msg.Error != nil {
			m.Err = msg.Error
			b := m.block()
			b.Text = append(b.Text, lines(msg.Error.Text)...)
			if msg.Error.Where != "" {
				b.Text = append(b.Text, "(at "+msg.Error.Where+")")
			}
			if msg.Error.Note != "" {
				b.Text = append(b.Text, "("+msg.Error.Note+")")
			}
			m.ErrSpan = b.Span
		}
	case protocol.TypeRunDone:
		m.Running = false
		m.ended = now
	}
}

// ApplyRows takes a rows message decoded by DecodeRows.
func (m *Model) ApplyRows(rm *RowsMessage) {
	if rm.ID != m.RunID {
		return
	}
	m.Gen++
	m.addRows(rm.Rows)
}

func (m *Model) addRows(rows []Change) {
	q := m.Query
	if q == nil {
		return
	}
	q.Changes.Add(rows...)
	if q.Table != nil {
		for _, r := range rows {
			q.Table.Apply(r, m.Tick)
		}
		slot := m.Tick % HighlightTicks
		if m.recentAt[slot] != m.Tick {
			m.recentAt[slot], m.recent[slot] = m.Tick, 0
		}
		m.recent[slot] += len(rows)
	}
	q.shown += int64(len(rows))
	q.Received = max(q.shown, q.reported)
}

// report takes the worker's count of the changes: a progress message's
// also counts changes still on their way, which must not count twice
// when they come.
func (q *Query) report(n int64) {
	q.reported = max(q.reported, n)
	q.Received = max(q.shown, q.reported)
}

// materializes reports whether the view shows the materialized result:
// the Table view, and the chart, which draws its rows.
func (m *Model) materializes() bool { return m.View == ViewTable || m.View == ViewChart }

// SetView switches the result view. The table and chart views
// materialize the changes the buffer holds.
func (m *Model) SetView(view string) {
	switch view {
	case ViewTableau, ViewChangelog, ViewTable, ViewChart, ViewGraph, ViewTimeline:
	default:
		return
	}
	m.View = view
	m.Follow = true
	m.Gen++
	q := m.Query
	if q == nil {
		return
	}
	if !m.materializes() {
		q.Table = nil
		return
	}
	if q.Table == nil {
		q.Table = NewTable(m.MaxRows)
		q.Table.rows = make([]tableRow, 0, q.Changes.Len())
		q.Changes.each(func(op string, raw bool, data []byte) {
			q.Table.apply(op, raw, data, m.Tick-HighlightTicks)
		})
	}
}

// ErrorText is the error as the SQL client prints it, "" when none.
func (m *Model) ErrorText() string {
	if m.Err == nil {
		return ""
	}
	text := m.Err.Text
	if text == "" {
		text = m.Err.Class + ": " + m.Err.Message
	}
	if m.Err.Where != "" {
		text += "\n(at " + m.Err.Where + ")"
	}
	if m.Err.Note != "" {
		text += "\n(" + m.Err.Note + ")"
	}
	return text
}

// Diagnostics returns the editor underlines of the run's error, if any:
// where it happened, and for an error about a table's options, the keys
// in its CREATE TABLE when the script has it.
func (m *Model) Diagnostics() []Diagnostic {
	if m.Err == nil {
		return []Diagnostic{}
	}
	out := []Diagnostic{ErrorDiagnostic(m.Script, m.Err, m.ErrSpan)}
	for _, d := range OptionDiagnostics(m.Script, m.Err) {
		if d != out[0] {
			out = append(out, d)
		}
	}
	return out
}

// Dropped returns how many changes the last query's buffer dropped.
func (m *Model) Dropped() int64 {
	if m.Query == nil {
		return 0
	}
	if t := m.Query.Table; t != nil && m.materializes() {
		return m.Query.Changes.Dropped + t.Dropped
	}
	return m.Query.Changes.Dropped
}

// Received returns how many changes the last query delivered.
func (m *Model) Received() int64 {
	if m.Query == nil {
		return 0
	}
	return m.Query.Received
}

// Status is the status line: rows received, rows/s, elapsed time and the
// watermark when there is one.
func (m *Model) Status(now time.Time) string {
	if !m.ran {
		return "Ready. Run script: Ctrl/Cmd+Shift+Enter · Run statement: Ctrl/Cmd+Enter"
	}
	end := now
	if !m.Running {
		end = m.ended
	}
	elapsed := end.Sub(m.started)
	state := "Finished"
	switch {
	case m.Running:
		state = "Running"
	case m.Err != nil:
		state = "Failed"
	case m.Query != nil && m.Query.Cancelled, m.stoppedQueued:
		state = "Stopped"
	case m.Query != nil && m.Query.Submitted:
		state = "Submitted"
	}
	parts := []string{state}
	if q := m.Query; q != nil && q.Submitted {
		// The job runs on: what it reads and writes, the Jobs tab follows.
		parts = append(parts, "see Jobs")
	} else if q != nil {
		// Before the first row (and for a batch query, whose rows come at
		// its end), what the scans read is the progress there is.
		reads := ""
		if q.Received == 0 || !q.Streaming && !q.Insert {
			reads = protocol.SourcesText(q.Sources)
		}
		if q.Received > 0 || reads == "" {
			// An INSERT run in the foreground (table.dml-sync) shows no
			// rows: what it counts is what its sinks were given.
			verb := " received"
			if q.Insert {
				verb = " written"
			}
			parts = append(parts, RowsText(q.Received)+verb)
			if m.Running && !q.Done && q.Progressed && q.Received > 0 {
				parts = append(parts, Count(int64(q.RowsPerSec+0.5))+" rows/s")
			}
		}
		if reads != "" {
			parts = append(parts, reads)
		}
	}
	parts = append(parts, Seconds(elapsed))
	if q := m.Query; q != nil && q.Watermark != "" {
		parts = append(parts, "watermark "+q.Watermark)
	}
	return strings.Join(parts, " · ")
}

// SetFollow turns follow-tail on (the view shows the end) or off (the
// reader scrolled up).
func (m *Model) SetFollow(on bool) {
	if m.Follow && !on {
		m.pausedAt = m.Received()
	}
	m.Follow = on
}

// NewBelow reports whether changes came after the reader scrolled away
// from the end: the page then says that new rows are below.
func (m *Model) NewBelow() bool {
	return !m.Follow && m.Received() > m.pausedAt
}

// PaceNote says which running scan a pace option holds back while the
// query shows no rows yet ("Throttled:
// MySource reads at most 10,000 rows a second ..."), "" when none.
func (m *Model) PaceNote() string {
	q := m.Query
	// A streaming query that shows its rows shows its pace too; before
	// them, and for a batch result that comes at the end, a slow read is
	// all there is to see.
	if !m.Running || q == nil || q.Done || q.Streaming && q.Received > 0 {
		return ""
	}
	return protocol.PaceNote(m.Query.Sources)
}

// RowsText is "1 row" or "N rows", N with thousands separators.
func RowsText(n int64) string { return Count(n) + " " + plural(n, "row", "rows") }

func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count formats n with thousands separators: 1,234,567.
func Count(n int64) string { return protocol.Count(n) }

// Seconds formats a duration as "0.4 s", "12.3 s" or "2 min 05 s".
func Seconds(d time.Duration) string { return protocol.Seconds(d) }

// TableauLen returns the number of lines of the tableau view.
func (m *Model) TableauLen() int {
	n := 0
	for i := range m.Blocks {
		if i > 0 && !m.Blocks[i].Glued {
			n++
		}
		n += m.Blocks[i].lineCount()
	}
	if len(m.Output) > 0 {
		n += 1 + len(m.Output)
	}
	return n
}

// StickyHead returns the header lines (border, names, border) of the
// streaming result whose rows the tableau shows from line first on, when
// that header is above line first, so that it stays in view; "" otherwise.
func (m *Model) StickyHead(first int) string {
	i := 0
	for k := range m.Blocks {
		if k > 0 && !m.Blocks[k].Glued {
			i++
		}
		b := &m.Blocks[k]
		n := b.lineCount()
		if q := b.Query; q != nil && len(q.head()) > 0 && first >= i+len(q.Head) && first < i+n {
			return strings.Join(q.Head, "\n")
		}
		i += n
	}
	return ""
}

func (b *Block) lineCount() int {
	n := len(b.Text)
	if q := b.Query; q != nil {
		n += len(q.head()) + len(q.Tail)
		if len(q.head()) > 0 {
			n += q.Changes.Len()
		}
	}
	return n
}

// head is the tableau head the transcript shows: none yet for a lazy one
// before its first row.
func (q *Query) head() []string {
	if q.HeadLazy && q.Changes.Len() == 0 {
		return nil
	}
	return q.Head
}

// TableauLines returns lines [from, to) of the tableau view: the SQL
// client's transcript of the run, a blank line between statements, then
// what the print connector wrote.
func (m *Model) TableauLines(from, to int) []string {
	var out []string
	i := 0 // index of the next line
	emit := func(s string) {
		if i >= from && i < to {
			out = append(out, s)
		}
		i++
	}
	for k := range m.Blocks {
		if i >= to {
			return out
		}
		if k > 0 && !m.Blocks[k].Glued {
			emit("")
		}
		b := &m.Blocks[k]
		n := b.lineCount()
		if i+n <= from { // skip the block without walking it
			i += n
			continue
		}
		if q := b.Query; q != nil {
			head := q.head()
			for _, l := range head {
				emit(l)
			}
			if len(head) > 0 {
				lo, hi := max(from-i, 0), min(to-i, q.Changes.Len())
				for j := lo; j < hi; j++ {
					out = append(out, rowLine(q.Changes.At(j)))
				}
				i += q.Changes.Len()
			}
			for _, l := range q.Tail {
				emit(l)
			}
		}
		for _, l := range b.Text {
			emit(l)
		}
	}
	if len(m.Output) > 0 {
		emit("")
		for _, l := range m.Output {
			emit(l)
		}
	}
	return out
}

func rowLine(c Change) string {
	if l := c.Line(); l != "" {
		return l
	}
	var b strings.Builder
	b.WriteString(c.Op)
	b.WriteByte('[')
	k := 0
	c.Cells(func(cell string, _ bool) {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(cell)
		k++
	})
	b.WriteByte(']')
	return b.String()
}

// Columns returns the grid's column headers for the current view.
func (m *Model) Columns() []string {
	if m.Query == nil || len(m.Query.Columns) == 0 {
		return nil
	}
	cols := make([]string, 0, len(m.Query.Columns)+1)
	if m.View == ViewChangelog {
		cols = append(cols, "op")
	}
	for _, c := range m.Query.Columns {
		cols = append(cols, c.Name)
	}
	return cols
}

// GridLen returns the number of rows of the grid view.
func (m *Model) GridLen() int {
	if m.Query == nil {
		return 0
	}
	if m.View == ViewTable && m.Query.Table != nil {
		return m.Query.Table.Len()
	}
	return m.Query.Changes.Len()
}

// AppendGridHTML appends the <tr> elements of grid rows [from, to) to b:
// each with data-op, the op cell in the changelog view, and class
// "changed" in the table view when the row changed in the last
// HighlightTicks flushes.
func (m *Model) AppendGridHTML(b []byte, from, to int) []byte {
	q := m.Query
	if q == nil {
		return b
	}
	numeric := make([]bool, len(q.Columns))
	for i, col := range q.Columns {
		numeric[i] = isNumeric(col.Type)
	}
	index := from + 2 // ARIA row index: the header is row 1
	row := func(c Change, op bool, changed bool, n int64) {
		b = append(b, `<tr aria-rowindex="`...)
		b = strconv.AppendInt(b, int64(index), 10)
		index++
		if n >= 0 {
			b = append(b, `" data-n="`...)
			b = strconv.AppendInt(b, n, 10)
		}
		b = append(b, `" data-op="`...)
		b = append(b, html.EscapeString(c.Op)...)
		if changed {
			b = append(b, `" class="changed`...)
		}
		if n >= 0 && n+1 == m.Explained {
			b = append(b, `" class="explained" aria-selected="true`...)
		}
		b = append(b, `">`...)
		if op {
			b = append(b, `<td class="op">`...)
			b = append(b, html.EscapeString(c.Op)...)
			b = append(b, `</td>`...)
		}
		k := 0
		c.Cells(func(cell string, null bool) {
			switch {
			case null:
				b = append(b, `<td class="null">`...)
			case k < len(numeric) && numeric[k]:
				b = append(b, `<td class="num">`...)
			default:
				b = append(b, `<td>`...)
			}
			k++
			b = appendEscaped(b, cell)
			b = append(b, `</td>`...)
		})
		b = append(b, `</tr>`...)
	}
	if m.View == ViewTable && q.Table != nil {
		follow := m.Followable()
		q.Table.Rows(from, to, func(c Change, changed int64) {
			row(c, false, follow && m.Tick-changed < HighlightTicks, -1)
		})
		return b
	}
	index = max(from, 0) + 2
	for i := max(from, 0); i < min(to, q.Changes.Len()); i++ {
		// data-n: the change's number, for "why this change".
		row(q.Changes.At(i), true, false, q.Changes.Dropped+int64(i))
	}
	return b
}

// Followable reports whether the table view's changes come slowly enough
// to be highlighted: at most HighlightMaxChanges within the last
// HighlightTicks flushes.
func (m *Model) Followable() bool {
	n := 0
	for i, at := range m.recentAt {
		if m.Tick-at < HighlightTicks {
			n += m.recent[i]
		}
	}
	return n <= HighlightMaxChanges
}

// isNumeric reports whether a Flink type string is a number, which the
// grid aligns right as Flink's tableau does.
func isNumeric(t string) bool {
	for _, p := range []string{"TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL", "NUMERIC"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// appendEscaped appends s with HTML's special characters escaped.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<':
			b = append(b, "&lt;"...)
		case '>':
			b = append(b, "&gt;"...)
		case '&':
			b = append(b, "&amp;"...)
		case '"':
			b = append(b, "&#34;"...)
		case '\'':
			b = append(b, "&#39;"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// Window returns the range [from, to) of rows to render for a scrolled
// view: those visible in a viewport of the given height at scrollTop,
// plus overscan rows on each side. With follow set, the last rows.
func Window(total, rowHeight, scrollTop, viewport, overscan int, follow bool) (from, to int) {
	if total <= 0 || rowHeight <= 0 {
		return 0, 0
	}
	visible := viewport/rowHeight + 1
	// The browser keeps the scroll position within the content: a
	// scrollTop past the end (read before the content shrank) means the
	// end is shown.
	first := min(scrollTop/rowHeight, max(total-visible, 0))
	if follow {
		first = max(total-visible, 0)
	}
	return max(first-overscan, 0), min(first+visible+overscan, total)
}

// AtBottom reports whether a scrolled view shows its end (within a row),
// which turns follow-tail back on; scrolling up turns it off.
func AtBottom(scrollTop, viewport, scrollHeight, rowHeight int) bool {
	return scrollTop+viewport >= scrollHeight-rowHeight
}

// FollowAfterScroll is follow-tail after a scroll event that moved the
// view from prevTop to scrollTop. Any move up turns it off, however small:
// a finger drags a few pixels a frame, less than a row, and must still
// leave the tail (unless the view sits at its very end: the browser moves
// it up when the content shrinks). Reaching the end, within a row, turns
// it back on.
func FollowAfterScroll(prevTop, scrollTop, viewport, scrollHeight, rowHeight int) bool {
	if scrollTop < prevTop && scrollTop+viewport < scrollHeight-1 {
		return false
	}
	return AtBottom(scrollTop, viewport, scrollHeight, rowHeight)
}

// Package format renders results as text the way Flink does: the tableau
// boxes of TableResult.print() and the SQL client (Flink's TableauStyle),
// their footers, and the cell text of every value.
//
// A tableau has a border line, a header row, a border line, one line per
// row, and a closing border line:
//
//	+----+-------------+--------------------------------+
//	| op |          id |                           name |
//	+----+-------------+--------------------------------+
//	| +I |   549674300 | ac2be66685e79f7152901d0d61a... |
//	+----+-------------+--------------------------------+
//
// Every cell, header names included, is right-aligned; a cell wider than its
// column is cut to the column width minus three and ends with "...". Widths
// come either from the column types (StreamPrinter: rows are printed as they
// arrive, so a STRING column is as wide as the maximum column width) or from
// the content of all rows (PrintTable: batch results, SHOW and DESCRIBE).
package format

import (
	"errors"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// DefaultMaxColumnWidth is the default of table.display.max-column-width.
const DefaultMaxColumnWidth = 30

// NoMaxColumnWidth leaves columns uncapped, as Flink prints SHOW and DESCRIBE
// results (Integer.MAX_VALUE).
const NoMaxColumnWidth = math.MaxInt32

// NullText is how a top-level NULL prints unless Options.NullAsEmpty.
const NullText = "<NULL>"

// opColumn is the name of the row kind column.
const opColumn = "op"

// truncatedMark ends a cell that was cut to fit its column.
const truncatedMark = "..."

// Options are the printing settings of one result.
type Options struct {
	// MaxColumnWidth is table.display.max-column-width; zero or less means
	// DefaultMaxColumnWidth.
	MaxColumnWidth int
	// RowKind prints the "op" column first (+I, -U, +U, -D): streaming results.
	RowKind bool
	// NullAsEmpty prints NULL as an empty cell instead of <NULL>, as SHOW and
	// DESCRIBE results do.
	NullAsEmpty bool
	// Zone is the session time zone (table.local-time-zone) for
	// TIMESTAMP_LTZ values; nil means UTC.
	Zone *time.Location
}

func (o Options) maxWidth() int {
	if o.MaxColumnWidth <= 0 {
		return DefaultMaxColumnWidth
	}
	return o.MaxColumnWidth
}

// ColumnWidthsByType returns Flink's type-inferred column widths, with the op
// column first when o.RowKind. A column is as wide as the largest of its
// name's length, the width its type needs (INT 11, BIGINT 20, TIMESTAMP(3)
// 23, ...; the maximum column width for strings, floats, binaries, intervals
// and composites) and, unless NULL prints empty, the six characters of
// <NULL>. Fixed-width types are not capped by the maximum column width.
func ColumnWidthsByType(s types.Schema, o Options) []int {
	widths := make([]int, 0, len(s.Columns)+1)
	if o.RowKind {
		widths = append(widths, len(opColumn))
	}
	for _, c := range s.Columns {
		w := typeWidth(c.Type, o.maxWidth())
		if !o.NullAsEmpty {
			w = max(w, len(NullText))
		}
		// Flink measures names by Java's String.length, not display width.
		widths = append(widths, max(types.UTF16Len(c.Name), w))
	}
	return widths
}

// typeWidth is the width a value of type t needs at most, or maxWidth for
// variable-width types.
func typeWidth(t types.Type, maxWidth int) int {
	switch t.Kind {
	case types.TinyInt:
		return 4 // 3 digits and a sign
	case types.SmallInt:
		return 6
	case types.Int:
		return 11
	case types.BigInt:
		return 20
	case types.Decimal:
		return t.Precision + 2 // sign and decimal point
	case types.Boolean:
		return 5
	case types.Date:
		return 10
	case types.Time:
		if t.Precision == 0 {
			return 8
		}
		return t.Precision + 9
	case types.Timestamp, types.TimestampLTZ:
		switch {
		case t.Precision == 0:
			return 19
		case t.Precision <= 3:
			return 23
		case t.Precision <= 6:
			return 26
		}
		return 29
	}
	return maxWidth
}

// ColumnWidthsByContent returns Flink's data-inferred column widths for the
// given data column names and formatted cells (without the op column): the
// largest of the name's length and the display widths of the column's
// cells, capped at the maximum column width. With o.RowKind the op column's
// width comes first.
func ColumnWidthsByContent(header []string, rows [][]string, o Options) []int {
	maxWidth := o.maxWidth()
	widths := make([]int, 0, len(header)+1)
	if o.RowKind {
		widths = append(widths, min(len(opColumn), maxWidth))
	}
	off := len(widths)
	for _, name := range header {
		widths = append(widths, types.UTF16Len(name))
	}
	for _, row := range rows {
		for i, cell := range row {
			if i < len(header) {
				widths[off+i] = max(widths[off+i], types.DisplayWidthString(cell))
			}
		}
	}
	for i := off; i < len(widths); i++ {
		widths[i] = min(widths[i], maxWidth)
	}
	return widths
}

// Style is how a query's result is printed, which decides how it ends.
type Style int

const (
	// Changelog is the SQL client's streaming tableau: the header at once,
	// each change as it comes.
	Changelog Style = iota
	// Table is the SQL client's batch result: every row first, then one
	// table sized by its content.
	Table
	// Print is TableResult.print(): the header once a row came.
	Print
)

// End is how a printed query result ends.
type End struct {
	// Rows says the rows are shown: a batch Table cancelled before its
	// end shows none.
	Rows bool
	// Border says the closing border follows the rows (Changelog, Print;
	// a Table's border is part of it).
	Border bool
	// Footer is the last line, "" for none.
	Footer string
}

// QueryEnd returns how a result printed in style s ends after n rows:
// at the end of its input, or stopped, where cancelled says the user
// stopped it (Ctrl-C, Stop) and limited that a row limit did. Every
// printer (the CLI's, the page's, the Worker API's) ends results by it.
func QueryEnd(s Style, n int, cancelled, limited bool) End {
	stopped := cancelled || limited
	switch s {
	case Table:
		switch {
		case cancelled:
			// The SQL client prints nothing of a batch result cancelled
			// before its end.
			return End{Footer: ReceivedFooter(0, true)}
		case n == 0:
			return End{Footer: RowsFooter(0)}
		case limited:
			return End{Rows: true, Footer: ReceivedFooter(n, true)}
		}
		return End{Rows: true, Footer: RowsFooter(n)}
	case Print:
		if stopped {
			// print() stopped early prints the closing border only.
			return End{Rows: true, Border: n > 0}
		}
		return End{Rows: true, Border: n > 0, Footer: RowsFooter(n)}
	}
	if stopped {
		// Flink's client stops printing at Ctrl-C: no closing border.
		return End{Rows: true, Footer: ReceivedFooter(n, true)}
	}
	return End{Rows: true, Border: n > 0, Footer: ReceivedFooter(n, false)}
}

// RowsFooter returns the footer of a finished result: "Empty set" for no
// rows, else "1 row in set" or "N rows in set".
func RowsFooter(n int) string {
	if n == 0 {
		return "Empty set"
	}
	return strconv.Itoa(n) + " " + rowTerm(n) + " in set"
}

// ReceivedFooter returns the SQL client's footer of a streaming result:
// "Received a total of N rows", or, when the user cancelled the query,
// "Query terminated, received a total of N rows". Zero and one take "row".
func ReceivedFooter(n int, terminated bool) string {
	s := "Received a total of "
	if terminated {
		s = "Query terminated, received a total of "
	}
	return s + strconv.Itoa(n) + " " + rowTerm(n)
}

func rowTerm(n int) string {
	if n > 1 {
		return "rows"
	}
	return "row"
}

// FormatRow formats the values of row, of schema s, into cell texts: NULL is
// <NULL>, or empty with o.NullAsEmpty. It reuses the byte slices of dst and
// returns it resized to len(row). Values beyond the schema print as NULL.
func FormatRow(dst [][]byte, row []types.Value, s types.Schema, o Options) [][]byte {
	n := len(row)
	if cap(dst) < n {
		grown := make([][]byte, n)
		copy(grown, dst[:cap(dst)])
		dst = grown
	}
	dst = dst[:n]
	for i, v := range row {
		dst[i] = appendCellText(dst[i][:0], v, columnType(s, i), o)
	}
	return dst
}

func columnType(s types.Schema, i int) types.Type {
	if i < len(s.Columns) {
		return s.Columns[i].Type
	}
	return types.NullType
}

// appendCellText appends the text of one top-level value.
func appendCellText(dst []byte, v types.Value, t types.Type, o Options) []byte {
	if v.Null {
		if o.NullAsEmpty {
			return dst
		}
		return append(dst, NullText...)
	}
	return types.AppendValue(dst, v, t, o.Zone)
}

// StreamPrinter prints rows as they arrive, in a table whose column widths
// come from the schema's types (Flink's tableauWithTypeInferredColumnWidths):
// TableResult.print() and the SQL client's streaming tableau mode. It reuses
// its buffers, so printing a row does not allocate.
type StreamPrinter struct {
	w      io.Writer
	schema types.Schema
	o      Options
	widths []int
	isChar []bool // per column: CHAR or VARCHAR
	// kindCells holds the op column's cells, " +I |" and so on, by Kind.
	kindCells [stream.Delete + 1][]byte
	border    []byte
	header    []byte
	line      []byte
	cell      []byte
}

// NewStreamPrinter returns a printer of rows of schema s to w.
func NewStreamPrinter(w io.Writer, s types.Schema, o Options) *StreamPrinter {
	p := &StreamPrinter{w: w, schema: s, o: o, widths: ColumnWidthsByType(s, o)}
	for _, c := range s.Columns {
		p.isChar = append(p.isChar, c.Type.IsCharacter())
	}
	if o.RowKind {
		for k := range p.kindCells {
			p.kindCells[k] = appendCellString(nil, stream.Kind(k).String(), p.widths[0])
		}
	}
	p.border = appendBorder(nil, p.widths)
	p.header = append(p.header, p.border...)
	p.header = appendHeader(p.header, s.Names(), p.widths, o.RowKind)
	p.header = append(p.header, p.border...)
	return p
}

// Widths returns the column widths, op column first when printed.
func (p *StreamPrinter) Widths() []int { return p.widths }

// Header writes the border line, the column names and another border line.
// The SQL client writes it before any row arrives; TableResult.print()
// writes it with the first row, and for a result without rows writes only
// the footer "Empty set".
func (p *StreamPrinter) Header() error {
	_, err := p.w.Write(p.header)
	return err
}

// Row writes one row line. row must have one value per schema column.
func (p *StreamPrinter) Row(kind stream.Kind, row []types.Value) error {
	if len(row) != len(p.schema.Columns) {
		return errors.New("format: row has " + strconv.Itoa(len(row)) +
			" values but the schema has " + strconv.Itoa(len(p.schema.Columns)) + " columns")
	}
	line := append(p.line[:0], '|')
	col := 0
	if p.o.RowKind {
		if int(kind) < len(p.kindCells) {
			line = append(line, p.kindCells[kind]...)
		} else {
			line = appendCellString(line, kind.String(), p.widths[0])
		}
		col = 1
	}
	for i := range row {
		v := &row[i]
		cell := v.B // character values print as they are: no copy
		if v.Null || !p.isChar[i] {
			p.cell = appendCellText(p.cell[:0], *v, p.schema.Columns[i].Type, p.o)
			cell = p.cell
		}
		line = appendCell(line, cell, p.widths[col+i])
	}
	line = append(line, '\n')
	p.line = line
	_, err := p.w.Write(line)
	return err
}

// Border writes a border line: the table's end. The SQL client writes it
// only if at least one row was printed; TableResult.print() always does.
func (p *StreamPrinter) Border() error {
	_, err := p.w.Write(p.border)
	return err
}

// PrintTable writes a whole result with data-inferred column widths (Flink's
// tableauWithDataInferredColumnWidths): border, header, border, the rows,
// border. header holds the data column names and rows the formatted cells
// (see FormatRow), without the op column; kinds gives each row's kind and is
// read only when o.RowKind.
//
// With no rows PrintTable writes nothing at all: Flink prints no table for
// an empty result, only the footer "Empty set" (RowsFooter(0)), which like
// every footer is the caller's to write.
func PrintTable(w io.Writer, header []string, kinds []stream.Kind, rows [][]string, o Options) error {
	if len(rows) == 0 {
		return nil
	}
	if o.RowKind && len(kinds) != len(rows) {
		return errors.New("format: " + strconv.Itoa(len(rows)) + " rows but " +
			strconv.Itoa(len(kinds)) + " row kinds")
	}
	widths := ColumnWidthsByContent(header, rows, o)
	border := appendBorder(nil, widths)
	buf := append([]byte(nil), border...)
	buf = appendHeader(buf, header, widths, o.RowKind)
	buf = append(buf, border...)
	off := 0
	if o.RowKind {
		off = 1
	}
	for r, row := range rows {
		buf = append(buf, '|')
		if o.RowKind {
			buf = appendCellString(buf, kinds[r].String(), widths[0])
		}
		for i := range header {
			cell := ""
			if i < len(row) {
				cell = row[i]
			}
			buf = appendCellString(buf, cell, widths[off+i])
		}
		buf = append(buf, '\n')
	}
	buf = append(buf, border...)
	_, err := w.Write(buf)
	return err
}

// appendBorder appends "+" and, per column, width+2 dashes and "+".
func appendBorder(dst []byte, widths []int) []byte {
	dst = append(dst, '+')
	for _, w := range widths {
		dst = appendRepeat(dst, '-', w+2)
		dst = append(dst, '+')
	}
	return append(dst, '\n')
}

func appendHeader(dst []byte, names []string, widths []int, rowKind bool) []byte {
	dst = append(dst, '|')
	off := 0
	if rowKind {
		dst = appendCellString(dst, opColumn, widths[0])
		off = 1
	}
	for i, name := range names {
		dst = appendCellString(dst, name, widths[off+i])
	}
	return append(dst, '\n')
}

// appendCell appends " cell |" with cell right-aligned in width columns, or
// cut and marked with "..." when it is wider.
func appendCell(dst, cell []byte, width int) []byte {
	dst = append(dst, ' ')
	dw := types.DisplayWidthUpTo(cell, width)
	switch {
	case dw <= width:
		dst = appendRepeat(dst, ' ', width-dw)
		dst = append(dst, cell...)
	case width <= len(truncatedMark) || types.ASCIIPrefix(cell, width-len(truncatedMark)):
		// One byte per column: cutting bytes is cutting columns.
		dst = append(dst, cell[:max(width-len(truncatedMark), 0)]...)
		dst = append(dst, truncatedMark...)
	default:
		dst = types.AppendTruncated(dst, cell, width-len(truncatedMark))
		dst = append(dst, truncatedMark...)
	}
	return append(dst, " |"...)
}

// appendCellString is appendCell for a string cell.
func appendCellString(dst []byte, cell string, width int) []byte {
	if dw := types.DisplayWidthString(cell); dw <= width {
		dst = append(dst, ' ')
		dst = appendRepeat(dst, ' ', width-dw)
		dst = append(dst, cell...)
		return append(dst, " |"...)
	}
	return appendCell(dst, []byte(cell), width)
}

const (
	spaces = "                                                                "
	dashes = "----------------------------------------------------------------"
)

// appendRepeat appends n copies of c, a space or a dash.
func appendRepeat(dst []byte, c byte, n int) []byte {
	run := spaces
	if c == '-' {
		run = dashes
	}
	for n > 0 {
		k := min(n, len(run))
		dst = append(dst, run[:k]...)
		n -= k
	}
	return dst
}

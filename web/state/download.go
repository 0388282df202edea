package state

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// Download formats.
const (
	FormatCSV   = "csv"   // RFC 4180, a header row, CRLF line ends
	FormatJSONL = "jsonl" // one JSON object per change
)

// Download writes the changes a query's buffer holds as CSV or JSON lines,
// with the op column first, a slice of rows per call: the page writes a
// slice, gives the main thread back, and goes on, so a 100,000-row file
// never makes a long task, even while rows keep streaming in.
//
// It covers the changes the buffer held when it was created. Changes are
// numbered from the first the query sent; those the bounded buffer had
// already dropped are not in the file (Skipped before the first row), and
// those it drops while the download is under way are counted in Skipped
// too.
type Download struct {
	Format  string
	Skipped int64 // changes of the range no longer in the buffer
	Rows    int64 // changes written so far

	ch         *Changes
	next, end  int64 // absolute change numbers: [next, end) remain
	names      []string
	kinds      []cellKind
	headerDone bool
	keys       [][]byte // JSON keys, quoted, with the colon
}

type cellKind uint8

const (
	kindString cellKind = iota
	kindNumber
	kindBool
)

// NewDownload starts a download of q's buffered changes; nil when q holds
// no query result.
func NewDownload(q *Query, format string) *Download {
	if q == nil || q.Changes == nil || len(q.Columns) == 0 {
		return nil
	}
	d := &Download{Format: format, ch: q.Changes}
	d.next = q.Changes.Dropped
	d.end = q.Changes.Dropped + int64(q.Changes.Len())
	d.Skipped = q.Changes.Dropped
	d.names = columnNames(q.Columns)
	for _, c := range q.Columns {
		d.kinds = append(d.kinds, kindOf(c.Type))
	}
	for _, n := range d.names {
		d.keys = append(d.keys, append(protocol.AppendJSONString(nil, n), ':'))
	}
	return d
}

// columnNames returns the file's column names: "op", then the query's
// columns; a name already taken (a column called op, or two columns of one
// name) gets "_2", "_3", ... so that every CSV header and JSON key is
// unique.
func columnNames(cols []protocol.Column) []string {
	names := []string{"op"}
	seen := map[string]bool{"op": true}
	for _, c := range cols {
		n := c.Name
		for k := 2; seen[n]; k++ {
			n = c.Name + "_" + strconv.Itoa(k)
		}
		seen[n] = true
		names = append(names, n)
	}
	return names
}

// kindOf says how a Flink type's printed values go into JSON.
func kindOf(t string) cellKind {
	t = strings.ToUpper(t)
	switch {
	case strings.HasPrefix(t, "BOOLEAN"):
		return kindBool
	case isNumeric(t):
		return kindNumber
	}
	return kindString
}

// Done reports whether every change of the range was written.
func (d *Download) Done() bool { return d.next >= d.end && d.headerDone }

// Next appends up to n more rows (the CSV header first) to b. The caller
// holds whatever lock guards the query's buffer during the call only.
func (d *Download) Next(b []byte, n int) []byte {
	if !d.headerDone {
		d.headerDone = true
		if d.Format == FormatCSV {
			for i, name := range d.names {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendCSVField(b, name, false)
			}
			b = append(b, '\r', '\n')
		}
	}
	if d.next < d.ch.Dropped {
		// The buffer dropped changes while the download waited.
		d.Skipped += min(d.ch.Dropped, d.end) - d.next
		d.next = min(d.ch.Dropped, d.end)
	}
	for ; n > 0 && d.next < d.end; n-- {
		c := d.ch.At(int(d.next - d.ch.Dropped))
		d.next++
		d.Rows++
		if d.Format == FormatCSV {
			b = d.appendCSV(b, c)
		} else {
			b = d.appendJSON(b, c)
		}
	}
	return b
}

func (d *Download) appendCSV(b []byte, c Change) []byte {
	b = appendCSVField(b, c.Op, false)
	c.Cells(func(cell string, null bool) {
		b = append(b, ',')
		b = appendCSVField(b, cell, null)
	})
	return append(b, '\r', '\n')
}

// appendCSVField writes one RFC 4180 field. NULL is an empty field and the
// empty string a quoted empty field, so the two stay apart (as Postgres's
// COPY ... CSV and most CSV readers that know NULLs do).
func appendCSVField(b []byte, s string, null bool) []byte {
	if null {
		return b
	}
	if s != "" && !strings.ContainsAny(s, ",\"\r\n") && s[0] != ' ' && s[len(s)-1] != ' ' {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

func (d *Download) appendJSON(b []byte, c Change) []byte {
	b = append(b, `{"op":`...)
	b = protocol.AppendJSONString(b, c.Op)
	k := 0
	c.Cells(func(cell string, null bool) {
		k++
		if k >= len(d.keys) {
			return
		}
		b = append(b, ',')
		b = append(b, d.keys[k]...)
		kind := d.kinds[k-1]
		switch {
		case null:
			b = append(b, "null"...)
		case kind == kindNumber && isJSONNumber(cell):
			b = append(b, cell...)
		case kind == kindBool && (cell == "TRUE" || cell == "true"):
			b = append(b, "true"...)
		case kind == kindBool && (cell == "FALSE" || cell == "false"):
			b = append(b, "false"...)
		default:
			// Strings, times, rows, arrays and maps as Flink prints them;
			// NaN and Infinity too, which JSON has no number for.
			b = protocol.AppendJSONString(b, cell)
		}
	})
	return append(b, '}', '\n')
}

// isJSONNumber reports whether s is a number in JSON's grammar (Flink
// prints DOUBLE 1.0E10, which JSON reads; DECIMAL keeps its digits).
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	start := i
	if n := digits(); n == 0 || n > 1 && s[start] == '0' {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// DownloadName is the file name of a download: flink-result.csv or
// flink-result.jsonl.
func DownloadName(format string) string {
	if format == FormatCSV {
		return "flink-result.csv"
	}
	return "flink-result.jsonl"
}

// Note says what a finished download holds when it is not every
// change the query sent ("" when it is).
func (d *Download) Note() string {
	if d.Skipped == 0 {
		return ""
	}
	return "The file holds the last " + Count(d.Rows) + " changes: the result buffer had dropped the first " +
		Count(d.Skipped) + " (it keeps " + Count(int64(d.ch.max)) + ")."
}

package codec

import (
	"math/bits"
	"unsafe"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

const ones, highs = 0x0101010101010101, 0x8080808080808080

// ColumnParse is how a record's field becomes a value of its column when
// the codec reads records straight into columns (CSV.Columns).
type ColumnParse uint8

const (
	ParseNone   ColumnParse = iota // the codec converts the record
	ParseString                    // CHAR, VARCHAR: the text as it is
	ParseInt                       // TINYINT..BIGINT: plain digits
	ParseDouble                    // DOUBLE: a plain decimal
	ParseBool                      // BOOLEAN: a JSON true or false (JSON only)
)

// ColumnOf returns how a field of type t is read into a column.
func ColumnOf(t types.Type) ColumnParse {
	switch {
	case t.Kind == types.Char || t.Kind == types.Varchar:
		return ParseString
	case t.IsInteger():
		return ParseInt
	case t.Kind == types.Double:
		return ParseDouble
	}
	return ParseNone
}

// ColumnReader is a decoder that reads records straight into column
// vectors (the CSV and JSON codecs).
type ColumnReader interface {
	// ReadColumns makes Decode append the records it can read exactly to
	// cols, one vector per field of the codec, in its order, and call emit
	// only for the others.
	ReadColumns(cols []*stream.Vector)
	// ColumnsRead returns how many records the last Decode appended to
	// the columns itself.
	ColumnsRead() int
}

// ReadColumns implements ColumnReader (see Columns).
func (c *CSV) ReadColumns(cols []*stream.Vector) {
	c.Reuse = true
	c.Columns = make([]Column, len(cols))
	for k, v := range cols {
		c.Columns[k] = Column{Vec: v, Parse: ColumnOf(c.Types[k]), Kind: c.Types[k].Kind}
	}
}

// ColumnsRead implements ColumnReader.
func (c *CSV) ColumnsRead() int { return c.ColumnRows }

// Column is a vector Decode appends a record's field to, and how.
type Column struct {
	Vec   *stream.Vector
	Parse ColumnParse
	Kind  types.Kind // the integer's range, for ParseInt
}

// field is a record's field as a scan reads it: where it lies in the
// text, and its value when it is not a string.
type field struct {
	start, end int32
	i          int64 // ParseInt, ParseBool
	f          float64
	null       bool
	kind       byte // the JSON member's: 's', '#', 't', 'f', 'n', or 0 when missing
}

// appendFields appends a record's fields, read from text, to cols; the
// strings are copies of strs when it is not nil.
func appendFields(cols []Column, text string, fields []field, strs []string) {
	for k := range cols {
		v, f := cols[k].Vec, &fields[k]
		switch {
		case f.null:
			v.AppendNull()
		case cols[k].Parse == ParseString:
			if strs != nil {
				v.AppendString(strs[k])
			} else if v.Views {
				v.AppendView(f.start, f.end)
			} else {
				v.AppendString(text[f.start:f.end])
			}
		case cols[k].Parse == ParseDouble:
			v.AppendFloat(f.f)
		default:
			v.AppendInt(f.i)
		}
	}
}

// startFields returns the fields of a scan over data into cols; ok is
// false when a column has no parse up to last. A string column that is
// empty becomes views of data.
func startFields(cols []Column, data []byte, last ColumnParse) (fields []field, ok bool) {
	ok = len(cols) > 0 && len(data) < 1<<31-1
	for k := range cols {
		col := &cols[k]
		if col.Parse == ParseNone || col.Parse > last {
			ok = false
		}
		if col.Parse == ParseString && col.Vec.Kind == stream.VecBytes {
			switch {
			case col.Vec.Len() == 0:
				col.Vec.ViewsOf(data)
			case col.Vec.Views:
				col.Vec.Densify() // views of other data
			}
		}
	}
	return make([]field, len(cols)), ok
}

// columnScan is the state of reading records into columns.
type columnScan struct {
	ok bool // every column has a parse and CSV.class can sort the lines
	// stops are the bytes of CSV.class's classes 1, 2 and 3 below 0x80,
	// each repeated in the eight bytes of a word.
	stops  [5]uint64
	text   string
	fields []field // of the record being read
}

// startColumns prepares Decode to read text into c.Columns: a string
// column that is empty becomes views of the text.
func (c *CSV) startColumns(data []byte, text string) {
	s := &c.scan
	s.text = text
	c.ColumnRows = 0
	s.fields, s.ok = startFields(c.Columns, data, ParseDouble)
	c.classes()
	q, esc, sep := c.Opts.QuoteChar, c.Opts.EscapeChar, c.Opts.FieldDelimiter
	s.ok = s.ok && c.classOK && sep != '\n' && q != '\n' && esc != '\n'
	stop := []byte{'\n', '\r', '\n', '\n', '\n'}
	if q != 0 {
		stop[2] = byte(q)
	}
	if esc != 0 {
		stop[3] = byte(esc)
	}
	if s.ok {
		stop[4] = byte(sep)
	}
	for j, b := range stop {
		s.stops[j] = uint64(b) * ones
	}
}

// scanColumns reads the records from pos on into c.Columns for as long as
// each is a line of plain fields that parse exactly as the codec would
// convert them, and returns where the first record it leaves to the full
// parser starts (len(text) after the last).
func (c *CSV) scanColumns(pos int) int {
	s := &c.scan
	text := s.text
	n := len(text)
	cols := c.Columns
	last := len(cols) - 1
	cls := &c.class
	fields := s.fields[:len(cols)]
	nullLit, hasNull := c.Opts.NullLiteral, c.Opts.HasNullLiteral
	// A line that starts with a line feed (blank), a comment prefix's
	// first byte or, with comments allowed, '#' is left to Decode.
	skip1, skip2 := byte('\n'), byte('\n')
	if p := c.Opts.CommentPrefix; p != "" {
		skip1 = p[0]
	}
	if c.Opts.AllowComments {
		skip2 = '#'
	}
	rows := 0
records:
	for pos < n {
		if b := text[pos]; b == '\n' || b == skip1 || b == skip2 {
			break
		}
		i := pos
		for k := 0; k <= last; k++ {
			first := i
			t := text[i:] // indexed from 0, which leaves out bounds checks
			j := 0
			parse := cols[k].Parse
			fd := &fields[k]
			if parse == ParseDouble && !hasNull {
				// The decimal is read as the field is scanned.
				f, e, ok := scanDecimal(t)
				if ok && (e == len(t) || uint(e) < uint(len(t)) && (cls[t[e]] == 1 || cls[t[e]] == 3)) {
					fd.f, fd.null = f, false
					parse, j = ParseNone, e
				}
			}
			j = c.fieldEnd(t, j)
			i = first + j
			fd.start, fd.end = int32(first), int32(i)
			if j < len(t) {
				switch cls[t[j]] {
				case 1:
					if k == last {
						break records // more fields than columns
					}
				case 3:
					if k != last {
						break records
					}
				default:
					break records
				}
				i++
			} else if k != last {
				break records
			}
			if parse == ParseNone {
				continue // read as scanned
			}
			f := text[fd.start:fd.end]
			fd.null = hasNull && f == nullLit
			if fd.null {
				continue
			}
			ok := true
			switch parse {
			case ParseInt:
				fd.i, ok = PlainInt(f, cols[k].Kind)
			case ParseDouble:
				fd.f, ok = PlainDouble(f)
			}
			if !ok {
				break records
			}
		}
		// appendFields, written out: under wasm a call per record cost the
		// codec about a tenth of its speed (BenchmarkCSVColumns).
		for k := range cols {
			v, fd := cols[k].Vec, &fields[k]
			switch {
			case fd.null:
				v.AppendNull()
			case cols[k].Parse == ParseString:
				if v.Views {
					v.AppendView(fd.start, fd.end)
				} else {
					v.AppendString(text[fd.start:fd.end])
				}
			case cols[k].Parse == ParseInt:
				v.AppendInt(fd.i)
			default:
				v.AppendFloat(fd.f)
			}
		}
		rows++
		pos = i
	}
	c.ColumnRows += rows
	return pos
}

// fieldEnd returns where the field that goes on at t[j:] ends: at the
// first byte of class 1, 2 or 3, or at the end of t. It tests eight bytes
// at a time (a zero byte of w ^ b*0x01..01 is a byte equal to b, and the
// lowest one found is exact).
func (c *CSV) fieldEnd(t string, j int) int {
	s := &c.scan
	s0, s1, s2, s3, s4 := s.stops[0], s.stops[1], s.stops[2], s.stops[3], s.stops[4]
	for j+8 <= len(t) {
		b := t[j : j+8]
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		v0, v1, v2, v3, v4 := w^s0, w^s1, w^s2, w^s3, w^s4
		m := w&highs | (v0-ones)&^v0&highs | (v1-ones)&^v1&highs | (v2-ones)&^v2&highs |
			(v3-ones)&^v3&highs | (v4-ones)&^v4&highs
		if m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
		j += 8
	}
	for j < len(t) && c.class[t[j]] == 0 {
		j++
	}
	return j
}

// scanDecimal reads the plain decimal at the start of t when it has at most 15
// digits, which exactDecimal reads exactly, and returns it and where it
// ends. Otherwise ok is false, and exactDecimal decides.
func scanDecimal(t string) (f float64, end int, ok bool) {
	i, neg := 0, false
	if len(t) > 0 && t[0] == '-' {
		neg, i = true, 1
	}
	var m uint64
	first := i
	for i < len(t) && t[i]-'0' <= 9 {
		m = m*10 + uint64(t[i]-'0')
		i++
	}
	digits, frac := i-first, 0
	if i < len(t) && t[i] == '.' {
		i++
		point := i
		for i < len(t) && t[i]-'0' <= 9 {
			m = m*10 + uint64(t[i]-'0')
			i++
		}
		frac = i - point
	}
	if digits+frac == 0 || digits+frac > 15 {
		return 0, 0, false
	}
	f = float64(m) / exactPow10[frac]
	if neg {
		f = -f
	}
	return f, i, true
}

// appendSplit appends a record the full parser split to c.Columns when
// each field is NULL or parses exactly as the codec would convert it.
func (c *CSV) appendSplit(strs []string, isNull []bool) bool {
	s := &c.scan
	if len(strs) != len(c.Columns) {
		return false
	}
	fields := s.fields[:len(strs)]
	copied := false // a string lies outside the text
	for k, str := range strs {
		fd := &fields[k]
		fd.null = isNull[k]
		if fd.null {
			continue
		}
		ok := true
		switch c.Columns[k].Parse {
		case ParseString:
			at, in := s.offset(str)
			fd.start, fd.end = at, at+int32(len(str))
			copied = copied || !in
		case ParseInt:
			fd.i, ok = PlainInt(str, c.Columns[k].Kind)
		case ParseDouble:
			fd.f, ok = PlainDouble(str)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	if !copied {
		strs = nil // views of the text, or copies of it
	}
	appendFields(c.Columns, s.text, fields, strs)
	c.ColumnRows++
	return true
}

// offset returns where f starts in the text, when f is a substring of it
// (a field without quotes or escapes).
func (s *columnScan) offset(f string) (int32, bool) {
	if f == "" {
		return 0, true
	}
	if s.text == "" {
		return 0, false
	}
	base := uintptr(unsafe.Pointer(unsafe.StringData(s.text)))
	p := uintptr(unsafe.Pointer(unsafe.StringData(f)))
	if p < base || p+uintptr(len(f)) > base+uintptr(len(s.text)) {
		return 0, false
	}
	return int32(p - base), true
}

package codec

import (
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// JSON lines straight into columns: a line that is one flat object, its
// members strings without escapes, numbers, booleans or null, in ASCII,
// is read in one pass; its values are converted as JSON.convert would
// convert them, or the line is left to the full decoder. A string (or a
// number's text, for a string column) is a view of the file.

// ParseBool reads a JSON true or false into a BOOLEAN column (JSON only).
const ParseBool ColumnParse = ParseDouble + 1

// jsonColumnOf returns how a member of type t is read into a column.
func jsonColumnOf(t types.Type) ColumnParse {
	if t.Kind == types.Boolean {
		return ParseBool
	}
	return ColumnOf(t)
}

// jsonScan is the state of reading lines into columns.
type jsonScan struct {
	ok         bool // every column has a parse
	text       string
	start, end []int32
	kind       []byte // of each column's member: 's', '#', 't', 'f', 'n'; 0 missing
	ints       []int64
	flts       []float64
}

// ReadColumns makes Decode read lines straight into cols, one per column
// in the codec's order (see Columns); how each is read follows from its
// type.
func (j *JSON) ReadColumns(cols []*stream.Vector) {
	j.Columns = make([]Column, len(cols))
	for k, v := range cols {
		j.Columns[k] = Column{Vec: v, Parse: jsonColumnOf(j.Types[k]), Kind: j.Types[k].Kind}
	}
}

// ColumnsRead returns how many rows the last Decode appended to the
// columns itself.
func (j *JSON) ColumnsRead() int { return j.ColumnRows }

func (j *JSON) startColumns(data []byte, text string) {
	s := &j.scan
	s.text = text
	j.ColumnRows = 0
	n := len(j.Columns)
	s.start, s.end, s.kind = make([]int32, n), make([]int32, n), make([]byte, n)
	s.ints, s.flts = make([]int64, n), make([]float64, n)
	s.ok = n > 0 && len(text) < 1<<31-1
	for k := range j.Columns {
		col := &j.Columns[k]
		if col.Parse == ParseNone {
			s.ok = false
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
}

// scanColumns reads the lines from pos on into j.Columns for as long as
// each is a line it reads, and returns where the first line it leaves to
// the full decoder starts (len(text) after the last) and how many lines
// it read.
func (j *JSON) scanColumns(pos int) (int, int) {
	lines := 0
	for pos < len(j.scan.text) {
		next, ok := j.scanLine(pos)
		if !ok {
			break
		}
		pos = next
		lines++
	}
	j.ColumnRows += lines
	return pos, lines
}

// jsonSpace reports JSON's whitespace, a line feed aside.
func jsonSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// scanLine reads the line at pos (see scanColumns).
func (j *JSON) scanLine(pos int) (int, bool) {
	s := &j.scan
	t := s.text[pos:] // indexed from 0, which leaves out bounds checks
	n := len(t)
	cols := j.Columns
	kind := s.kind[:len(cols)]
	clear(kind)
	i := 0
	for i < n && jsonSpace(t[i]) {
		i++
	}
	if i == n || t[i] != '{' {
		return 0, false // a blank line, an array, anything else
	}
	i++
	for i < n && jsonSpace(t[i]) {
		i++
	}
	if i < n && t[i] == '}' {
		i++
	} else {
		want := 0 // the column whose name is likeliest next
		for {
			// A key.
			if i == n || t[i] != '"' {
				return 0, false
			}
			i++
			ks := i
			for i < n && t[i] != '"' {
				if c := t[i]; c == '\\' || c < 0x20 || c >= 0x80 {
					return 0, false
				}
				i++
			}
			if i == n {
				return 0, false
			}
			key := t[ks:i]
			i++
			for i < n && jsonSpace(t[i]) {
				i++
			}
			if i == n || t[i] != ':' {
				return 0, false
			}
			i++
			for i < n && jsonSpace(t[i]) {
				i++
			}
			k := -1
			if want < len(cols) && j.Names[want] == key {
				k = want
			} else {
				for c, name := range j.Names {
					if name == key {
						k = c
						break
					}
				}
			}
			// Its value.
			if i == n {
				return 0, false
			}
			vs, ve, vk := i, i, t[i]
			switch c := t[i]; {
			case c == '"':
				i++
				vs = i
				for i < n && t[i] != '"' {
					if c := t[i]; c == '\\' || c < 0x20 || c >= 0x80 {
						return 0, false
					}
					i++
				}
				if i == n {
					return 0, false
				}
				ve = i
				i++
				vk = 's'
			case c == '-' || c >= '0' && c <= '9':
				if i = jsonNumber(t, i); i < 0 {
					return 0, false
				}
				ve, vk = i, '#'
			case c == 't' && len(t)-i >= 4 && t[i:i+4] == "true":
				i += 4
				ve = i
			case c == 'f' && len(t)-i >= 5 && t[i:i+5] == "false":
				i += 5
				ve = i
			case c == 'n' && len(t)-i >= 4 && t[i:i+4] == "null":
				i += 4
				ve = i
			default:
				return 0, false // an object, an array, bad JSON
			}
			if k >= 0 {
				if kind[k] != 0 {
					return 0, false // a repeated member
				}
				kind[k], s.start[k], s.end[k] = vk, int32(pos+vs), int32(pos+ve)
				want = k + 1
			}
			for i < n && jsonSpace(t[i]) {
				i++
			}
			if i == n {
				return 0, false
			}
			if t[i] == ',' {
				i++
				for i < n && jsonSpace(t[i]) {
					i++
				}
				continue
			}
			if t[i] != '}' {
				return 0, false
			}
			i++
			break
		}
	}
	for i < n && jsonSpace(t[i]) {
		i++
	}
	if i < n {
		if t[i] != '\n' {
			return 0, false // trailing content
		}
		i++
	}
	// The values, as convert converts them.
	for k := range cols {
		f := s.text[s.start[k]:s.end[k]]
		ok := true
		switch vk := kind[k]; {
		case vk == 0:
			ok = !j.Opts.FailOnMissingField
		case vk == 'n':
		case cols[k].Parse == ParseString:
		case cols[k].Parse == ParseInt:
			ok = vk == '#'
			if ok {
				s.ints[k], ok = PlainInt(f, cols[k].Kind)
			}
		case cols[k].Parse == ParseDouble:
			ok = vk == '#'
			if ok {
				s.flts[k], ok = exactDecimal(f)
			}
		case cols[k].Parse == ParseBool:
			ok = vk == 't' || vk == 'f'
		default:
			ok = false
		}
		if !ok {
			return 0, false
		}
	}
	for k := range cols {
		v := cols[k].Vec
		switch {
		case kind[k] == 0 || kind[k] == 'n':
			v.AppendNull()
		case cols[k].Parse == ParseString:
			if v.Views {
				v.AppendView(s.start[k], s.end[k])
			} else {
				v.AppendString(s.text[s.start[k]:s.end[k]])
			}
		case cols[k].Parse == ParseInt:
			v.AppendInt(s.ints[k])
		case cols[k].Parse == ParseDouble:
			v.AppendFloat(s.flts[k])
		default:
			b := int64(0)
			if kind[k] == 't' {
				b = 1
			}
			v.AppendInt(b)
		}
	}
	return pos + i, true
}

// jsonNumber returns where the JSON number at t[i:] ends, or -1 when the
// text there is not one: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func jsonNumber(t string, i int) int {
	n := len(t)
	if i < n && t[i] == '-' {
		i++
	}
	switch {
	case i < n && t[i] == '0':
		i++
	case i < n && t[i] >= '1' && t[i] <= '9':
		for i < n && t[i] >= '0' && t[i] <= '9' {
			i++
		}
	default:
		return -1
	}
	if i < n && t[i] == '.' {
		i++
		d := i
		for i < n && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == d {
			return -1
		}
	}
	if i < n && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < n && (t[i] == '+' || t[i] == '-') {
			i++
		}
		d := i
		for i < n && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == d {
			return -1
		}
	}
	return i
}

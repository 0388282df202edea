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

// jsonColumnOf returns how a member of type t is read into a column.
func jsonColumnOf(t types.Type) ColumnParse {
	if t.Kind == types.Boolean {
		return ParseBool
	}
	return ColumnOf(t)
}

// jsonScan is the state of reading lines into columns.
type jsonScan struct {
	ok     bool // every column has a parse
	text   string
	fields []field // of the line being read
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
	j.scan.text = text
	j.ColumnRows = 0
	j.scan.fields, j.scan.ok = startFields(j.Columns, data, ParseBool)
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

// skipSpace returns where the JSON whitespace (a line feed aside) at t[i:]
// ends.
func skipSpace(t string, i int) int {
	for i < len(t) && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r') {
		i++
	}
	return i
}

// jsonString returns where the string whose first byte is t[i] ends (after
// its closing quote), or -1 when it is not one of ASCII without escapes.
func jsonString(t string, i int) int {
	if i == len(t) || t[i] != '"' {
		return -1
	}
	for i++; i < len(t); i++ {
		switch c := t[i]; {
		case c == '"':
			return i + 1
		case c == '\\' || c < 0x20 || c >= 0x80:
			return -1
		}
	}
	return -1
}

// jsonValue returns where the value at t[i:] ends and its kind: 's' (a
// string as jsonString reads it), '#', 't', 'f' or 'n'; or -1 for anything
// else (an object, an array, bad JSON).
func jsonValue(t string, i int) (int, byte) {
	if i == len(t) {
		return -1, 0
	}
	switch c := t[i]; {
	case c == '"':
		return jsonString(t, i), 's'
	case c == '-' || isDigit(c):
		return jsonNumber(t, i), '#'
	}
	for _, w := range [...]string{"true", "false", "null"} {
		if len(t)-i >= len(w) && t[i:i+len(w)] == w {
			return i + len(w), w[0]
		}
	}
	return -1, 0
}

// scanLine reads the line at pos (see scanColumns).
func (j *JSON) scanLine(pos int) (int, bool) {
	s := &j.scan
	t := s.text[pos:]
	cols := j.Columns
	fields := s.fields[:len(cols)]
	for k := range fields {
		fields[k].kind = 0
	}
	i := skipSpace(t, 0)
	if i == len(t) || t[i] != '{' {
		return 0, false // a blank line, an array, anything else
	}
	i = skipSpace(t, i+1)
	want := 0 // the column whose name is likeliest next
	for m := 0; ; m++ {
		if i < len(t) && t[i] == '}' && m == 0 {
			i++
			break
		}
		ks := i + 1
		if i = jsonString(t, i); i < 0 {
			return 0, false
		}
		key := t[ks : i-1]
		if i = skipSpace(t, i); i == len(t) || t[i] != ':' {
			return 0, false
		}
		vs := skipSpace(t, i+1)
		ve, kind := jsonValue(t, vs)
		if ve < 0 {
			return 0, false
		}
		k := -1
		if want < len(cols) && j.Names[want] == key {
			k = want
		} else {
			for c, name := range j.Names {
				if name == key {
					k = c
				}
			}
		}
		if k >= 0 {
			fd := &fields[k]
			if fd.kind != 0 {
				return 0, false // a repeated member
			}
			fd.kind, fd.start, fd.end = kind, int32(pos+vs), int32(pos+ve)
			if kind == 's' {
				fd.start, fd.end = fd.start+1, fd.end-1 // within the quotes
			}
			want = k + 1
		}
		if i = skipSpace(t, ve); i == len(t) {
			return 0, false
		}
		if t[i] == '}' {
			i++
			break
		}
		if t[i] != ',' {
			return 0, false
		}
		i = skipSpace(t, i+1)
	}
	if i = skipSpace(t, i); i < len(t) {
		if t[i] != '\n' {
			return 0, false // trailing content
		}
		i++
	}
	// The values, as convert converts them.
	for k := range cols {
		fd := &fields[k]
		f := s.text[fd.start:fd.end]
		fd.null = fd.kind == 0 || fd.kind == 'n'
		ok := true
		switch p := cols[k].Parse; {
		case fd.kind == 0:
			ok = !j.Opts.FailOnMissingField
		case fd.null, p == ParseString:
		case p == ParseInt:
			fd.i, ok = PlainInt(f, cols[k].Kind)
			ok = ok && fd.kind == '#'
		case p == ParseDouble:
			fd.f, ok = exactDecimal(f)
			ok = ok && fd.kind == '#'
		default: // ParseBool
			fd.i, ok = 0, fd.kind == 't' || fd.kind == 'f'
			if fd.kind == 't' {
				fd.i = 1
			}
		}
		if !ok {
			return 0, false
		}
	}
	appendFields(cols, s.text, fields, nil)
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
	case i < n && t[i] != '0' && isDigit(t[i]):
		i = digits(t, i)
	default:
		return -1
	}
	if i < n && t[i] == '.' {
		if d := digits(t, i+1); d > i+1 {
			i = d
		} else {
			return -1
		}
	}
	if i < n && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < n && (t[i] == '+' || t[i] == '-') {
			i++
		}
		if d := digits(t, i); d > i {
			i = d
		} else {
			return -1
		}
	}
	return i
}

// digits returns where the digits at t[i:] end.
func digits(t string, i int) int {
	for i < len(t) && isDigit(t[i]) {
		i++
	}
	return i
}

package codec

import (
	"encoding/base64"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// CSVOptions are the 'csv.*' options of a table, already validated.
type CSVOptions struct {
	FieldDelimiter    rune   // 'csv.field-delimiter', default ','
	QuoteChar         rune   // 'csv.quote-character', default '"'; 0 when disabled
	AllowComments     bool   // 'csv.allow-comments': skip lines starting with '#'
	IgnoreParseErrors bool   // 'csv.ignore-parse-errors'
	ArrayDelimiter    string // 'csv.array-element-delimiter', default ";"
	EscapeChar        rune   // 'csv.escape-character'; 0 when unset
	NullLiteral       string // 'csv.null-literal'
	HasNullLiteral    bool
	// The legacy CSV format's 'format.comment-prefix' (lines that start
	// with it are skipped; "" for none) and 'format.ignore-first-line'.
	CommentPrefix   string
	IgnoreFirstLine bool
	// SkipBadLines: with IgnoreParseErrors, a line with a field that does
	// not parse is skipped whole, as the legacy format's lenient reader
	// skips it, instead of reading NULL there.
	SkipBadLines bool
}

// DefaultCSVOptions are Flink's defaults.
func DefaultCSVOptions() CSVOptions {
	return CSVOptions{FieldDelimiter: ',', QuoteChar: '"', ArrayDelimiter: ";"}
}

// CSV writes and reads rows of one row type as Flink's csv format does
// (Jackson's CsvMapper underneath): one line per row, fields in column
// order, no header.
type CSV struct {
	Opts    CSVOptions
	Names   []string
	Types   []types.Type
	minSafe rune
	// Reuse: Decode passes every row in one slice, and a string field's
	// bytes alias the file's text, read-only; emit copies what it keeps
	// (a columnar reader). Otherwise each row is fresh and owns its bytes.
	Reuse bool
	// Columns, when set with Reuse, has a column per field: Decode appends
	// to them each record whose fields are NULL or parse exactly as the
	// codec would convert them, counts it in ColumnRows, and calls emit
	// only for the others (and leaves every error to the codec). A string
	// column that is empty when Decode starts holds views of its data
	// (stream.Vector.ViewsOf) for as long as its values are substrings of
	// it, so the data must not change while the column lives.
	Columns    []Column
	ColumnRows int
	scan       columnScan
	rowBuf     []types.Value
	fieldBuf   []string
	nullBuf    []bool
	slowOnly   bool // tests: no splitSimple
	// class sorts the bytes for the fast readers (splitSimple and
	// scanColumns, built once by classes): 0 a field's byte, 1 the
	// delimiter, 2 a byte that needs the full parser (a carriage return,
	// the quote or escape character, a non-ASCII byte), 3 the line feed.
	// classOK: the delimiter, quote and escape characters are ASCII, so the
	// fast readers can take lines.
	class      [256]uint8
	classOK    bool
	classReady bool
}

// classes builds c.class and c.classOK once.
func (c *CSV) classes() {
	if c.classReady {
		return
	}
	c.classReady = true
	q, esc, sep := c.Opts.QuoteChar, c.Opts.EscapeChar, c.Opts.FieldDelimiter
	c.classOK = sep < utf8.RuneSelf && q < utf8.RuneSelf && esc < utf8.RuneSelf
	for b := utf8.RuneSelf; b < 256; b++ {
		c.class[b] = 2
	}
	c.class['\r'] = 2
	if q != 0 {
		c.class[q] = 2
	}
	if esc != 0 {
		c.class[esc] = 2
	}
	if c.classOK {
		c.class[sep] = 1
	}
	c.class['\n'] = 3
}

// NewCSV returns the codec for columns of the given names and types.
func NewCSV(opts CSVOptions, names []string, ts []types.Type) *CSV {
	c := &CSV{Opts: opts, Names: names, Types: ts}
	// Jackson quotes a string holding any character below the largest of
	// the separator, the quote character and the line feed, plus one: with
	// the defaults that is every character before '-', space included.
	min := opts.FieldDelimiter
	if opts.QuoteChar > min {
		min = opts.QuoteChar
	}
	if '\n' > min {
		min = '\n'
	}
	c.minSafe = min + 1
	return c
}

// CheckTypes reports a column type the csv format cannot hold, with the
// message of Flink's converters.
func (c *CSV) CheckTypes() error {
	for _, t := range c.Types {
		switch t.Kind {
		case types.Map, types.Multiset:
			return diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "Unsupported type: %s", t)
		case types.Time:
			if t.Precision > 3 {
				return diag.Errorf(diag.NoPos, diag.IllegalArgument,
					"Csv does not support TIME type with precision: %d, it only supports precision 0 ~ 3.", t.Precision)
			}
		}
	}
	return nil
}

// AppendRow appends one line for row, line feed included.
func (c *CSV) AppendRow(dst []byte, row []types.Value) ([]byte, error) {
	for i, v := range row {
		if i > 0 {
			dst = utf8.AppendRune(dst, c.Opts.FieldDelimiter)
		}
		var err error
		if dst, err = c.appendField(dst, v, c.Types[i]); err != nil {
			return dst, err
		}
	}
	return append(dst, '\n'), nil
}

func (c *CSV) nullText() string {
	if c.Opts.HasNullLiteral {
		return c.Opts.NullLiteral
	}
	return ""
}

func (c *CSV) appendField(dst []byte, v types.Value, t types.Type) ([]byte, error) {
	if v.Null {
		return append(dst, c.nullText()...), nil
	}
	switch t.Kind {
	case types.Array, types.Row:
		var b []byte
		for i, e := range elems(v, t) {
			if i > 0 {
				b = append(b, c.Opts.ArrayDelimiter...)
			}
			et := elemTypeAt(t, i)
			if e.Null {
				b = append(b, c.nullText()...)
				continue
			}
			if et.Kind == types.Array || et.Kind == types.Row || et.Kind == types.Map || et.Kind == types.Multiset {
				return dst, diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "Unsupported type: %s", et)
			}
			b, _ = c.appendScalar(b, e, et)
		}
		return c.appendString(dst, string(b)), nil
	case types.Map, types.Multiset:
		return dst, diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "Unsupported type: %s", t)
	}
	s, quote := c.appendScalar(nil, v, t)
	if quote {
		return c.appendString(dst, string(s)), nil
	}
	return append(dst, s...), nil
}

// appendScalar appends the text of a scalar and reports whether it is a
// string to Jackson (quoted when needed) rather than a number or boolean.
func (c *CSV) appendScalar(dst []byte, v types.Value, t types.Type) ([]byte, bool) {
	switch t.Kind {
	case types.Boolean:
		return strconv.AppendBool(dst, v.I != 0), false
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.IntervalYearMonth, types.IntervalDayTime:
		return strconv.AppendInt(dst, v.I, 10), false
	case types.Float:
		return types.AppendJavaFloat(dst, float32(v.F)), false
	case types.Double:
		return types.AppendJavaDouble(dst, v.F), false
	case types.Decimal:
		return appendBigDecimal(dst, v, t, true), false
	case types.Char, types.Varchar:
		return append(dst, v.B...), true
	case types.Binary, types.Varbinary:
		return append(dst, base64.StdEncoding.EncodeToString(v.B)...), true
	case types.Date:
		return types.AppendLocalDate(dst, v.I), true
	case types.Time:
		return types.AppendISOLocalTime(dst, v.I*1_000_000), true
	case types.Timestamp:
		return appendTimestamp(dst, v, ' ', ""), true
	case types.TimestampLTZ:
		return appendTimestamp(dst, v, ' ', "Z"), true
	}
	return dst, false
}

// appendString writes a string field as Jackson's CsvEncoder does: quoted
// when it is not empty and holds a character below minSafe, the quote
// character doubled inside; with an escape character, that character and
// the quote are escaped instead.
func (c *CSV) appendString(dst []byte, s string) []byte {
	q := c.Opts.QuoteChar
	need := false
	if q != 0 && s != "" {
		for _, r := range s {
			if r < c.minSafe {
				need = true
				break
			}
		}
	}
	esc := c.Opts.EscapeChar
	if !need {
		if esc == 0 {
			return append(dst, s...)
		}
		for _, r := range s {
			if r == esc || r == c.Opts.FieldDelimiter {
				dst = utf8.AppendRune(dst, esc)
			}
			dst = utf8.AppendRune(dst, r)
		}
		return dst
	}
	dst = utf8.AppendRune(dst, q)
	for _, r := range s {
		switch {
		case r == q && esc != 0:
			dst = utf8.AppendRune(dst, esc)
		case r == q:
			dst = utf8.AppendRune(dst, q)
		case esc != 0 && r == esc:
			dst = utf8.AppendRune(dst, esc)
		}
		dst = utf8.AppendRune(dst, r)
	}
	return utf8.AppendRune(dst, q)
}

func elems(v types.Value, t types.Type) []types.Value {
	switch x := v.X.(type) {
	case *types.ArrayValue:
		return x.Elems
	case *types.RowValue:
		return x.Fields
	}
	return nil
}

func elemTypeAt(t types.Type, i int) types.Type {
	if t.Kind == types.Row {
		if i < len(t.Fields) {
			return t.Fields[i].Type
		}
		return types.Type{}
	}
	if t.Elem != nil {
		return *t.Elem
	}
	return types.Type{}
}

// Decode reads every row of a csv file and passes each to emit. Rows that
// fail to parse are an error unless ignore-parse-errors is set, which
// skips them (and turns fields that fail into NULL).
func (c *CSV) Decode(data []byte, emit func(row []types.Value) error) error {
	text := string(data)
	if c.Reuse && len(data) > 0 {
		// The reader copies what it keeps before data changes.
		text = unsafe.String(&data[0], len(data))
	}
	columns := c.Columns != nil && c.Reuse
	if columns {
		c.startColumns(data, text)
		defer func() { c.scan.text = "" }()
	}
	pos := 0
	if c.Opts.IgnoreFirstLine {
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			pos = i + 1
		} else {
			pos = len(text)
		}
	}
	for pos < len(text) {
		start := pos
		if p := c.Opts.CommentPrefix; p != "" && strings.HasPrefix(text[pos:], p) {
			if i := strings.IndexByte(text[pos:], '\n'); i >= 0 {
				pos += i + 1
			} else {
				pos = len(text)
			}
			continue
		}
		if columns && c.scan.ok {
			if next := c.scanColumns(pos); next > pos {
				pos = next
				continue // to the record it left, if any
			}
		}
		fields, quotedNull, next, err := c.splitRecord(text, pos)
		pos = next
		if err != nil {
			if c.Opts.IgnoreParseErrors {
				continue
			}
			return &LineError{Line: lineAt(text, start), Err: err}
		}
		if fields == nil {
			continue
		}
		if columns && c.appendSplit(fields, quotedNull) {
			continue
		}
		row, err := c.convertRow(fields, quotedNull)
		if err != nil {
			if c.Opts.IgnoreParseErrors {
				continue
			}
			le := &LineError{Line: lineAt(text, start), Err: err}
			if fe, ok := err.(*FieldError); ok {
				le.Field = fe.Field
				for i, n := range c.Names {
					if n == fe.Field {
						le.Column = i + 1
						break
					}
				}
			}
			return le
		}
		if row == nil {
			continue
		}
		if err := emit(row); err != nil {
			return err
		}
	}
	return nil
}

// splitRecord reads one record starting at pos. It returns nil fields for
// a line to skip (blank, or a comment when allowed).
func (c *CSV) splitRecord(text string, pos int) (fields []string, isNull []bool, next int, err error) {
	if c.Opts.AllowComments && strings.HasPrefix(text[pos:], "#") {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			return nil, nil, len(text), nil
		}
		return nil, nil, pos + end + 1, nil
	}
	if text[pos] == '\n' || strings.HasPrefix(text[pos:], "\r\n") {
		if text[pos] == '\r' {
			return nil, nil, pos + 2, nil
		}
		return nil, nil, pos + 1, nil
	}
	if c.Reuse {
		fields, isNull = c.fieldBuf[:0], c.nullBuf[:0]
		if !c.slowOnly {
			if f, n, next, ok := c.splitSimple(text, pos, fields, isNull); ok {
				c.fieldBuf, c.nullBuf = f, n
				return f, n, next, nil
			}
		}
		defer func() { c.fieldBuf, c.nullBuf = fields, isNull }()
	} else {
		fields = make([]string, 0, len(c.Types))
		isNull = make([]bool, 0, len(c.Types))
		if !c.slowOnly {
			if f, n, next, ok := c.splitSimple(text, pos, fields, isNull); ok {
				return f, n, next, nil
			}
		}
	}
	// A plain field (no quote, no escape, valid UTF-8) is a substring of
	// text; cur builds the others.
	var cur strings.Builder
	quoted, plain := false, true
	i := pos
	start := i // the field's first byte
	// unplain switches the field to cur, with what it read so far.
	unplain := func() {
		if plain {
			cur.WriteString(text[start:i])
			plain = false
		}
	}
	q, esc, sep := c.Opts.QuoteChar, c.Opts.EscapeChar, c.Opts.FieldDelimiter
	endField := func() {
		var s string
		if plain {
			s = text[start:i]
		} else {
			s = cur.String()
			cur.Reset()
		}
		fields = append(fields, s)
		isNull = append(isNull, !quoted && c.Opts.HasNullLiteral && s == c.Opts.NullLiteral)
		quoted, plain = false, true
	}
	atStart := true
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case atStart && q != 0 && r == q:
			unplain()
			quoted = true
			i += size
			closed := false
			for i < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[i:])
				if esc != 0 && r2 == esc && i+s2 < len(text) {
					r3, s3 := utf8.DecodeRuneInString(text[i+s2:])
					cur.WriteRune(r3)
					i += s2 + s3
					continue
				}
				if r2 == q {
					if i+s2 < len(text) {
						if r3, s3 := utf8.DecodeRuneInString(text[i+s2:]); r3 == q {
							cur.WriteRune(q)
							i += s2 + s3
							continue
						}
					}
					i += s2
					closed = true
					break
				}
				cur.WriteRune(r2)
				i += s2
			}
			if !closed {
				return nil, nil, len(text), diag.Errorf(diag.NoPos, ioException,
					"Missing closing quote for value")
			}
			atStart = false
			continue
		case esc != 0 && r == esc && i+size < len(text):
			unplain()
			r3, s3 := utf8.DecodeRuneInString(text[i+size:])
			cur.WriteRune(r3)
			i += size + s3
			atStart = false
			continue
		case r == sep:
			endField()
			i += size
			start = i
			atStart = true
			continue
		case r == '\n':
			endField()
			return fields, isNull, i + 1, nil
		case r == '\r':
			endField()
			if strings.HasPrefix(text[i:], "\r\n") {
				return fields, isNull, i + 2, nil
			}
			return fields, isNull, i + 1, nil
		case r == utf8.RuneError && size == 1:
			// an invalid byte reads as U+FFFD, as the decoder always had it
			unplain()
		}
		if !plain {
			cur.WriteRune(r)
		}
		i += size
		atStart = false
	}
	endField()
	return fields, isNull, i, nil
}

// splitSimple splits the record at pos when its line holds only ASCII and
// no quote character, escape character or carriage return: its fields are
// then what the delimiter separates, as splitRecord would read them.
func (c *CSV) splitSimple(text string, pos int, fields []string, isNull []bool) ([]string, []bool, int, bool) {
	c.classes()
	if !c.classOK {
		return fields, isNull, 0, false
	}
	end := strings.IndexByte(text[pos:], '\n')
	line, next := text[pos:], len(text)
	if end >= 0 {
		line, next = text[pos:pos+end], pos+end+1
	}
	if c.special(line) {
		return fields[:0], isNull[:0], 0, false
	}
	sep := byte(c.Opts.FieldDelimiter)
	for {
		k := strings.IndexByte(line, sep)
		if k < 0 {
			break
		}
		fields, isNull = c.addField(fields, isNull, line[:k])
		line = line[k+1:]
	}
	fields, isNull = c.addField(fields, isNull, line)
	return fields, isNull, next, true
}

// special reports whether line holds a byte the simple split cannot take:
// a non-ASCII byte, a carriage return, the quote or the escape character.
// It tests eight bytes at a time (a zero byte of w ^ b*0x01..01 is a byte
// equal to b).
func (c *CSV) special(line string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	cr := uint64('\r') * ones
	q, esc := uint64(c.Opts.QuoteChar)*ones, uint64(c.Opts.EscapeChar)*ones
	hasZero := func(v uint64) bool { return (v-ones)&^v&highs != 0 }
	i := 0
	for ; i+8 <= len(line); i += 8 {
		w := uint64(line[i]) | uint64(line[i+1])<<8 | uint64(line[i+2])<<16 | uint64(line[i+3])<<24 |
			uint64(line[i+4])<<32 | uint64(line[i+5])<<40 | uint64(line[i+6])<<48 | uint64(line[i+7])<<56
		if w&highs != 0 || hasZero(w^cr) || q != 0 && hasZero(w^q) || esc != 0 && hasZero(w^esc) {
			return true
		}
	}
	for ; i < len(line); i++ {
		if c.class[line[i]] == 2 {
			return true
		}
	}
	return false
}

func (c *CSV) addField(fields []string, isNull []bool, s string) ([]string, []bool) {
	return append(fields, s), append(isNull, c.Opts.HasNullLiteral && s == c.Opts.NullLiteral)
}

// PlainInt parses s when it is digits with an optional leading minus that
// fit k's range: what the codec reads from such a field.
func PlainInt(s string, k types.Kind) (int64, bool) {
	if s == "" || len(s) > 19 {
		return 0, false
	}
	neg := s[0] == '-'
	d := s
	if neg {
		d = s[1:]
	}
	if d == "" || len(d) > 18 {
		return 0, false // 19 digits may overflow: the codec decides
	}
	var n int64
	for i := 0; i < len(d); i++ {
		c := d[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	var lo, hi int64
	switch k {
	case types.TinyInt:
		lo, hi = math.MinInt8, math.MaxInt8
	case types.SmallInt:
		lo, hi = math.MinInt16, math.MaxInt16
	case types.Int:
		lo, hi = math.MinInt32, math.MaxInt32
	case types.BigInt:
		lo, hi = math.MinInt64, math.MaxInt64
	default:
		return 0, false
	}
	if n < lo || n > hi {
		return 0, false
	}
	return n, true
}

// PlainDouble parses s when it is a plain decimal (digits, at most one
// point, an optional leading minus): what the codec reads from such a
// DOUBLE field.
func PlainDouble(s string) (float64, bool) {
	if f, ok := exactDecimal(s); ok {
		return f, true
	}
	if !plainDecimal(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// exactPow10 are the powers of ten a float64 holds exactly.
var exactPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// exactDecimal parses a plain decimal whose digits, without the point,
// make an integer below 2^53 and whose fraction has at most 22 digits:
// that integer and the power of ten are exact float64s, so one division
// rounds correctly, giving what strconv.ParseFloat gives (Clinger's fast
// path).
func exactDecimal(s string) (float64, bool) {
	i, neg := 0, false
	if len(s) > 0 && s[0] == '-' {
		neg, i = true, 1
	}
	var m uint64
	digits, frac, point := 0, 0, false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if digits >= 16 {
				return 0, false
			}
			m = m*10 + uint64(c-'0')
			if m != 0 {
				digits++
			}
			if point {
				frac++
			}
		case c == '.' && !point:
			point = true
		default:
			return 0, false
		}
	}
	if len(s) == 0 || s == "-" || s == "." || s == "-." || m >= 1<<53 || frac > 22 {
		return 0, false
	}
	f := float64(m) / exactPow10[frac]
	if neg {
		f = -f
	}
	return f, true
}

// plainDecimal reports whether s is digits with at most one point and a
// leading minus.
func plainDecimal(s string) bool {
	if s == "" || s == "-" {
		return false
	}
	point := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
		case c == '.' && !point:
			point = true
		case c == '-' && i == 0:
		default:
			return false
		}
	}
	return true
}

func (c *CSV) convertRow(fields []string, isNull []bool) ([]types.Value, error) {
	arity := len(c.Types)
	if len(fields) > arity {
		extra := fields[arity]
		return nil, diag.Errorf(diag.NoPos, "org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.csv.CsvReadException",
			"Too many entries: expected at most %d (value #%d (%d chars) \"%s\")", arity, arity, utf8.RuneCountInString(extra), extra)
	}
	if len(fields) < arity && !c.Opts.IgnoreParseErrors {
		return nil, diag.Errorf(diag.NoPos, diag.RuntimeException,
			"Row length mismatch. %d fields expected but was %d.", arity, len(fields))
	}
	var row []types.Value
	if c.Reuse {
		if cap(c.rowBuf) < arity {
			c.rowBuf = make([]types.Value, arity)
		}
		row = c.rowBuf[:arity]
	} else {
		row = make([]types.Value, arity)
	}
	for i := range row {
		if i >= len(fields) || isNull[i] {
			row[i] = types.NullValue
			continue
		}
		if k := c.Types[i].Kind; c.Reuse && (k == types.Char || k == types.Varchar) {
			row[i] = types.Value{B: unsafe.Slice(unsafe.StringData(fields[i]), len(fields[i]))}
			continue
		}
		v, err := c.parseField(fields[i], c.Types[i])
		if err != nil {
			if c.Opts.IgnoreParseErrors {
				if c.Opts.SkipBadLines {
					return nil, nil
				}
				row[i] = types.NullValue
				continue
			}
			return nil, &FieldError{Field: c.Names[i], Cause: err}
		}
		row[i] = v
	}
	return row, nil
}

func (c *CSV) parseField(s string, t types.Type) (types.Value, *diag.Error) {
	switch t.Kind {
	case types.Array, types.Row:
		var parts []string
		if s != "" {
			parts = strings.Split(s, c.Opts.ArrayDelimiter)
		}
		out := make([]types.Value, len(parts))
		if t.Kind == types.Row && len(parts) < len(t.Fields) {
			return types.Value{}, diag.Errorf(diag.NoPos, diag.RuntimeException,
				"Row length mismatch. %d fields expected but was %d.", len(t.Fields), len(parts))
		}
		for i, p := range parts {
			et := elemTypeAt(t, i)
			if c.Opts.HasNullLiteral && p == c.Opts.NullLiteral {
				out[i] = types.NullValue
				continue
			}
			v, err := c.parseField(p, et)
			if err != nil {
				if c.Opts.IgnoreParseErrors {
					out[i] = types.NullValue
					continue
				}
				return types.Value{}, err
			}
			out[i] = v
		}
		if t.Kind == types.Row {
			return types.Value{X: &types.RowValue{Fields: out[:len(t.Fields)]}}, nil
		}
		return types.Value{X: &types.ArrayValue{Elems: out}}, nil
	}
	return parseScalarText(s, t, false)
}

// parseScalarText converts the text of a field as Flink's CsvToRowDataConverters
// (json: false) or the text branch of JsonToRowDataConverters (json: true) do.
func parseScalarText(s string, t types.Type, json bool) (types.Value, *diag.Error) {
	trim := s
	if s != "" && (s[0] <= ' ' || s[len(s)-1] <= ' ') {
		trim = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	}
	switch t.Kind {
	case types.Boolean:
		return types.BoolValue(strings.EqualFold(trim, "true")), nil
	case types.TinyInt:
		return parseJavaInt(trim, math.MinInt8, math.MaxInt8, "Value out of range. Value:\"%s\" Radix:10")
	case types.SmallInt:
		return parseJavaInt(trim, math.MinInt16, math.MaxInt16, "Value out of range. Value:\"%s\" Radix:10")
	case types.Int, types.IntervalYearMonth:
		return parseJavaInt(trim, math.MinInt32, math.MaxInt32, "")
	case types.BigInt, types.IntervalDayTime:
		return parseJavaInt(trim, math.MinInt64, math.MaxInt64, "")
	case types.Float, types.Double:
		f, err := parseJavaDouble(trim, t.Kind == types.Float)
		if err != nil {
			return types.Value{}, err
		}
		return types.FloatValue(f), nil
	case types.Decimal:
		return parseDecimal(s, t)
	case types.Char, types.Varchar:
		return types.StringValue(s), nil
	case types.Binary, types.Varbinary:
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return types.Value{}, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Unable to deserialize byte array.")
		}
		return types.BytesValue(b), nil
	case types.Date:
		var days int64
		var err *diag.Error
		if json {
			days, err = parseDateStrict(s)
		} else {
			days, err = parseDateLoose(s)
		}
		if err != nil {
			return types.Value{}, err
		}
		return types.IntValue(days), nil
	case types.Time:
		nod, end, ok := parseTimeOfDay(s, 0, json)
		if !ok || end != len(s) {
			return types.Value{}, cannotParse(s, end)
		}
		return types.IntValue(truncateTime(nod/1_000_000, t.Precision)), nil
	case types.Timestamp:
		v, err := parseTimestamp(trim, ' ', "", true)
		if err != nil {
			return types.Value{}, err
		}
		return truncateTimestamp(v, t.Precision), nil
	case types.TimestampLTZ:
		v, err := parseTimestamp(trim, ' ', "Z", true)
		if err != nil {
			return types.Value{}, err
		}
		return truncateTimestamp(v, t.Precision), nil
	}
	return types.Value{}, diag.Errorf(diag.NoPos, diag.UnsupportedOperation, "Unsupported type: %s", t)
}

func parseJavaInt(s string, lo, hi int64, rangeMsg string) (types.Value, *diag.Error) {
	n, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, 64)
	if err != nil || s == "" || strings.HasPrefix(s, "+-") || strings.HasPrefix(s, "+") && len(s) == 1 {
		return types.Value{}, forInput(s)
	}
	if n < lo || n > hi {
		if rangeMsg != "" {
			return types.Value{}, diag.Errorf(diag.NoPos, diag.NumberFormatException, rangeMsg, s)
		}
		return types.Value{}, forInput(s)
	}
	return types.IntValue(n), nil
}

func parseJavaDouble(s string, float32Bits bool) (float64, *diag.Error) {
	if plainDecimal(s) {
		// Digits, a point and a leading minus: what follows would call
		// ParseFloat on s as it is.
		bits := 64
		if float32Bits {
			bits = 32
		}
		if f, err := strconv.ParseFloat(s, bits); err == nil {
			return f, nil
		}
	}
	if s == "" {
		return 0, diag.Errorf(diag.NoPos, diag.NumberFormatException, "empty String")
	}
	body := strings.TrimLeft(s, "+-")
	switch body {
	case "NaN":
		return math.NaN(), nil
	case "Infinity":
		if strings.HasPrefix(s, "-") {
			return math.Inf(-1), nil
		}
		return math.Inf(1), nil
	}
	if body == "" || strings.ContainsAny(body, "_xXiInN") {
		return 0, forInput(s)
	}
	if l := body[len(body)-1]; l == 'f' || l == 'F' || l == 'd' || l == 'D' {
		s = s[:len(s)-1]
	}
	bits := 64
	if float32Bits {
		bits = 32
	}
	f, err := strconv.ParseFloat(s, bits)
	if err != nil && !strings.Contains(err.Error(), "range") {
		return 0, forInput(s)
	}
	return f, nil
}

package codec

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TestColumnsMatchDecode: reading records straight into columns gives
// the values, NULLs and errors the codec's rows give, whatever the text
// holds: quotes, escapes, carriage returns, non-ASCII and invalid bytes,
// NULL literals, blank and comment lines, too few or too many fields,
// integers out of range and decimals the fast parsers decline.
func TestColumnsMatchDecode(t *testing.T) {
	alphabet := []string{"a", "7", "-", ".", ",", ";", "\"", "\\", "\r", "\n", "é", "\xff", " ", "N",
		"\r\n", "#", "\na", "x\n", "\n7-", "300", "1e5", "NaN", "99999999999999999999", "0.1", "-12"}
	schemas := [][]types.Type{
		{types.String, types.Int64},
		{types.String, types.Float64, types.String},
		{types.Int32, types.Int32},
		{types.String},
		{types.Float64},
		{types.String, types.Bool}, // a column without a fast parse
		{{Kind: types.TinyInt}, types.String},
	}
	// Lines Decode skips, after records read into columns.
	both := DefaultCSVOptions()
	both.CommentPrefix, both.AllowComments = "//", true
	for _, text := range []string{"x\n\ny\n", "x\n#c\ny\n", "x\n//c\ny\n", "x\n/y\n"} {
		ts := []types.Type{types.String}
		want, wantErr := decodeRows(both, []string{"a"}, ts, text)
		got, _, gotErr := decodeColumns(both, []string{"a"}, ts, text)
		if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) || got != want {
			t.Fatalf("%q: columns %v\n%s\nrows %v\n%s", text, gotErr, got, wantErr, want)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	fast := 0
	for n := range 20000 {
		var sb strings.Builder
		for range r.IntN(60) {
			sb.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		if r.IntN(2) == 0 {
			sb.WriteString("\n")
		}
		text := sb.String()
		ts := schemas[n%len(schemas)]
		opts := DefaultCSVOptions()
		switch n / len(schemas) % 6 {
		case 1:
			opts.FieldDelimiter = ';'
			opts.EscapeChar = '\\'
		case 2:
			opts.QuoteChar = 0
			opts.NullLiteral, opts.HasNullLiteral = "N", true
		case 3:
			opts.AllowComments = true
			opts.IgnoreParseErrors = true
		case 4:
			opts.FieldDelimiter = 'é'
		case 5:
			opts.CommentPrefix = []string{"a", "7-"}[n%2]
			opts.AllowComments = n%3 == 0
		}
		names := make([]string, len(ts))
		for i := range names {
			names[i] = fmt.Sprint("f", i)
		}
		want, wantErr := decodeRows(opts, names, ts, text)
		got, rows, gotErr := decodeColumns(opts, names, ts, text)
		fast += rows
		if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) || got != want {
			t.Fatalf("%q %v:\ncolumns %v\n%s\nrows %v\n%s", text, ts, gotErr, got, wantErr, want)
		}
	}
	if fast < 5000 {
		t.Errorf("only %d records read straight into columns", fast)
	}
}

func decodeRows(opts CSVOptions, names []string, ts []types.Type, text string) (string, error) {
	c := NewCSV(opts, names, ts)
	var out []string
	err := c.Decode([]byte(text), func(row []types.Value) error {
		out = append(out, formatRow(row, ts))
		return nil
	})
	return strings.Join(out, "\n"), err
}

// decodeColumns returns the values, how many records went straight into
// the columns, and the error.
func decodeColumns(opts CSVOptions, names []string, ts []types.Type, text string) (string, int, error) {
	c := NewCSV(opts, names, ts)
	c.Reuse = true
	cols := make([]stream.Vector, len(ts))
	c.Columns = make([]Column, len(ts))
	for k, t := range ts {
		cols[k].Reset(stream.VecKindOf(t))
		c.Columns[k] = Column{Vec: &cols[k], Parse: ColumnOf(t), Kind: t.Kind}
	}
	data := []byte(text)
	slow := 0
	err := c.Decode(data, func(row []types.Value) error {
		for k := range cols {
			cols[k].Append(row[k])
		}
		slow++
		return nil
	})
	n := c.ColumnRows + slow
	out := make([]string, n)
	for i := range n {
		row := make([]types.Value, len(ts))
		for k := range cols {
			if cols[k].Len() != n {
				return fmt.Sprintf("column %d holds %d values of %d", k, cols[k].Len(), n), c.ColumnRows, err
			}
			row[k] = cols[k].Value(i)
		}
		out[i] = formatRow(row, ts)
	}
	return strings.Join(out, "\n"), c.ColumnRows, err
}

func formatRow(row []types.Value, ts []types.Type) string {
	var sb strings.Builder
	for k, v := range row {
		if v.Null {
			sb.WriteString("NULL|")
			continue
		}
		fmt.Fprintf(&sb, "%q|", types.FormatValue(v, ts[k], nil))
	}
	return sb.String()
}

// TestCSVDoubleSignAlone: a DOUBLE field that is only a sign fails as
// Java's Double.parseDouble fails on it (it had panicked).
func TestCSVDoubleSignAlone(t *testing.T) {
	for _, in := range []string{"-", "+", "+-"} {
		c := NewCSV(DefaultCSVOptions(), []string{"d"}, []types.Type{types.Float64})
		err := c.Decode([]byte(in+"\n"), func([]types.Value) error { return nil })
		want := `java.lang.NumberFormatException: For input string: "` + in + `"`
		if d, ok := diag.As(err); !ok || d.Reason() != want {
			t.Errorf("%q: error %v, want %s", in, err, want)
		}
	}
}

// TestScanDecimalIsExactDecimal: the decimal read while scanning a field
// is exactDecimal's, bit for bit; it is declined where exactDecimal
// declines, and may be where it has more than 15 digits.
func TestScanDecimalIsExactDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	chars := "0123456789012345678901234567890123456789..-e"
	for range 200000 {
		b := make([]byte, r.IntN(22))
		for i := range b {
			b[i] = chars[r.IntN(len(chars))]
		}
		s := string(b)
		want, wantOK := exactDecimal(s)
		got, end, ok := scanDecimal(s + ",")
		ok = ok && end == len(s)
		long := strings.Count(s, "")-1-strings.Count(s, ".")-strings.Count(s, "-") > 15
		if ok && (!wantOK || math.Float64bits(got) != math.Float64bits(want)) || !ok && wantOK && !long {
			t.Fatalf("%q: scanned %v %v, exactDecimal %v %v", s, got, ok, want, wantOK)
		}
	}
}

// BenchmarkCSVColumns reads the rows of the anchors' CSV file
// (scripts/anchors/data.mjs) straight into columns: name,amount.
func BenchmarkCSVColumns(b *testing.B) {
	const rows = 100_000
	var sb strings.Builder
	for i := range rows {
		fmt.Fprintf(&sb, "name%03d,%s\n", i*7919%1000, strconv.FormatFloat(float64(i*31%100000)/100, 'f', -1, 64))
	}
	data := []byte(sb.String())
	ts := []types.Type{types.String, types.Float64}
	c := NewCSV(DefaultCSVOptions(), []string{"name", "amount"}, ts)
	c.Reuse = true
	cols := make([]stream.Vector, len(ts))
	c.Columns = []Column{{Vec: &cols[0], Parse: ParseString}, {Vec: &cols[1], Parse: ParseDouble}}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		cols[0].Reset(stream.VecBytes)
		cols[1].Reset(stream.VecFloat)
		if err := c.Decode(data, func([]types.Value) error { return nil }); err != nil || c.ColumnRows != rows {
			b.Fatal(err, c.ColumnRows)
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// FuzzCSVDecode: decoding never panics, and reading records straight into
// columns gives the rows, NULLs and errors the codec's rows give, under
// each schema and several options.
func FuzzCSVDecode(f *testing.F) {
	for _, s := range []string{"name000,0\nname919,0.31\n", "a,\"b\"\"c\"\n\n#x\n", "-,+\r\n1e5,NaN\n", "é,\xff\n", "7,-12\n300,99999999999999999999\n"} {
		f.Add(s, uint8(0))
	}
	schemas := [][]types.Type{
		{types.String, types.Float64},
		{types.String, types.Int64},
		{types.Int32, types.Float64, types.String},
		{types.String},
		{{Kind: types.TinyInt}, types.Bool},
	}
	f.Fuzz(func(t *testing.T, text string, mode uint8) {
		ts := schemas[int(mode)%len(schemas)]
		opts := DefaultCSVOptions()
		switch mode / 8 % 4 {
		case 1:
			opts.FieldDelimiter, opts.EscapeChar = ';', '\\'
		case 2:
			opts.QuoteChar = 0
			opts.NullLiteral, opts.HasNullLiteral = "N", true
		case 3:
			opts.AllowComments, opts.IgnoreParseErrors, opts.CommentPrefix = true, true, "//"
		}
		names := make([]string, len(ts))
		for i := range names {
			names[i] = fmt.Sprint("f", i)
		}
		want, wantErr := decodeRows(opts, names, ts, text)
		got, _, gotErr := decodeColumns(opts, names, ts, text)
		if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) || got != want {
			t.Fatalf("%q %v:\ncolumns %v\n%s\nrows %v\n%s", text, ts, gotErr, got, wantErr, want)
		}
	})
}

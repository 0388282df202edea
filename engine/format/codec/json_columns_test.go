package codec

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

var jsonSchemas = [][]types.Type{
	{types.String, types.Int64},
	{types.Float64, types.String, types.Bool},
	{types.Int32},
	{{Kind: types.TinyInt}, types.Float64},
	{types.String, {Kind: types.Float}}, // a column without a fast parse
}

// jsonLines writes lines of objects over the members a, b and c (and
// others): values of every JSON kind and several edge cases, spacing,
// repeated and missing members, and now and then a byte anywhere.
func jsonLines(r *rand.Rand) string {
	keys := []string{`"a"`, `"b"`, `"c"`, `"A"`, `"z"`, `"a\u0062"`, `"é"`}
	vals := []string{`"x"`, `""`, `"12"`, `"true"`, `"é"`, `"a\"b"`, `"\u0041"`, `1`, `-0`, `0.5`, `-12.25`,
		`1e3`, `1E+2`, `300`, `99999999999999999999`, `12345678901234567`, `01`, `1.`, `true`, `false`, `null`,
		`{}`, `[1]`, `{"a":1}`, `nul`, `-`, `0.1000000000000000055511151231257827`, `"a b"`}
	spaces := []string{"", "", "", " ", "\t", "\r", " \r"}
	var sb strings.Builder
	for range r.IntN(6) {
		switch r.IntN(12) {
		case 0:
			sb.WriteString(spaces[r.IntN(len(spaces))] + "\n") // blank
			continue
		case 1:
			sb.WriteString("[{\"a\":1},{\"b\":2}]\n")
			continue
		}
		sb.WriteString(spaces[r.IntN(len(spaces))] + "{")
		for m := range r.IntN(5) {
			if m > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(spaces[r.IntN(len(spaces))] + keys[r.IntN(len(keys))] + spaces[r.IntN(len(spaces))] + ":" +
				spaces[r.IntN(len(spaces))] + vals[r.IntN(len(vals))] + spaces[r.IntN(len(spaces))])
		}
		sb.WriteString("}" + spaces[r.IntN(len(spaces))])
		if r.IntN(8) != 0 {
			sb.WriteString("\n")
		}
	}
	text := sb.String()
	if text != "" && r.IntN(6) == 0 {
		i := r.IntN(len(text))
		alt := "{}[]\",:x0\n"
		text = text[:i] + string(alt[r.IntN(len(alt))]) + text[i:]
	}
	return text
}

// TestJSONColumnsMatchDecode: reading lines straight into columns gives
// the values, NULLs and errors the codec's rows give.
func TestJSONColumnsMatchDecode(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	fast := 0
	for n := range 20000 {
		text := jsonLines(r)
		ts := jsonSchemas[n%len(jsonSchemas)]
		opts := DefaultJSONOptions()
		switch n / len(jsonSchemas) % 3 {
		case 1:
			opts.FailOnMissingField = true
		case 2:
			opts.IgnoreParseErrors = true
		}
		got, rows, gotErr, want, wantErr := decodeJSONBoth(opts, ts, text)
		fast += rows
		if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) || got != want {
			t.Fatalf("%q %v:\ncolumns %v\n%s\nrows %v\n%s", text, ts, gotErr, got, wantErr, want)
		}
	}
	if fast < 3000 {
		t.Errorf("only %d lines read straight into columns", fast)
	}
}

// FuzzJSONDecode: decoding never panics, and reading lines straight into
// columns gives the rows, NULLs and errors the codec's rows give.
func FuzzJSONDecode(f *testing.F) {
	f.Add("{\"a\":\"x\",\"b\":1}\n{\"b\":2.5}\n", uint8(0))
	f.Add("{\"a\":1e3, \"c\":true}\r\n\n[{\"a\":1}]\n{\"a\":-0}", uint8(1))
	f.Fuzz(func(t *testing.T, text string, mode uint8) {
		ts := jsonSchemas[int(mode)%len(jsonSchemas)]
		opts := DefaultJSONOptions()
		opts.FailOnMissingField = mode&8 != 0
		opts.IgnoreParseErrors = mode&16 != 0
		got, _, gotErr, want, wantErr := decodeJSONBoth(opts, ts, text)
		if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) || got != want {
			t.Fatalf("%q %v:\ncolumns %v\n%s\nrows %v\n%s", text, ts, gotErr, got, wantErr, want)
		}
	})
}

// decodeJSONBoth decodes text as rows and into columns, and returns what
// each read, with how many lines went straight into the columns.
func decodeJSONBoth(opts JSONOptions, ts []types.Type, text string) (got string, fast int, gotErr error, want string, wantErr error) {
	names := []string{"a", "b", "c"}[:len(ts)]
	var out []string
	wantErr = NewJSON(opts, names, ts).Decode([]byte(text), func(row []types.Value) error {
		out = append(out, formatRow(row, ts))
		return nil
	})
	want = strings.Join(out, "\n")

	j := NewJSON(opts, names, ts)
	cols := make([]stream.Vector, len(ts))
	vecs := make([]*stream.Vector, len(ts))
	for k, t := range ts {
		cols[k].Reset(stream.VecKindOf(t))
		vecs[k] = &cols[k]
	}
	j.ReadColumns(vecs)
	slow := 0
	gotErr = j.Decode([]byte(text), func(row []types.Value) error {
		for k := range cols {
			cols[k].Append(row[k])
		}
		slow++
		return nil
	})
	n := j.ColumnsRead() + slow
	out = out[:0]
	for i := range n {
		row := make([]types.Value, len(ts))
		for k := range cols {
			if cols[k].Len() != n {
				return fmt.Sprintf("column %d holds %d values of %d", k, cols[k].Len(), n), 0, gotErr, want, wantErr
			}
			row[k] = cols[k].Value(i)
		}
		out = append(out, formatRow(row, ts))
	}
	return strings.Join(out, "\n"), j.ColumnsRead(), gotErr, want, wantErr
}

// BenchmarkJSONColumns reads lines like the anchors' CSV rows
// ({"name":"name919","amount":0.31}) straight into columns.
func BenchmarkJSONColumns(b *testing.B) {
	const rows = 100_000
	var sb strings.Builder
	for i := range rows {
		fmt.Fprintf(&sb, "{\"name\":\"name%03d\",\"amount\":%s}\n", i*7919%1000, strconv.FormatFloat(float64(i*31%100000)/100, 'f', -1, 64))
	}
	data := []byte(sb.String())
	ts := []types.Type{types.String, types.Float64}
	j := NewJSON(DefaultJSONOptions(), []string{"name", "amount"}, ts)
	cols := make([]stream.Vector, len(ts))
	j.ReadColumns([]*stream.Vector{&cols[0], &cols[1]})
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		cols[0].Reset(stream.VecBytes)
		cols[1].Reset(stream.VecFloat)
		if err := j.Decode(data, func([]types.Value) error { return nil }); err != nil || j.ColumnsRead() != rows {
			b.Fatal(err, j.ColumnsRead())
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

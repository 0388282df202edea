package state

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// queryOf builds a query result holding rows, in a buffer of max changes.
func queryOf(cols []protocol.Column, max int, rows ...protocol.Row) *Query {
	q := &Query{Columns: cols, Changes: NewChanges(max)}
	for _, r := range rows {
		q.Changes.Add(PackChange(r))
	}
	return q
}

// downloadAll writes the whole download, a few rows per call.
func downloadAll(d *Download) string {
	var b []byte
	for !d.Done() {
		b = d.Next(b, 2)
	}
	return string(b)
}

var downloadCols = []protocol.Column{
	{Name: "id", Type: "INT"}, {Name: "name", Type: "STRING"}, {Name: "ok", Type: "BOOLEAN"},
	{Name: "price", Type: "DECIMAL(10, 2)"}, {Name: "d", Type: "DOUBLE"}, {Name: "ts", Type: "TIMESTAMP(3)"},
}

var downloadRows = []protocol.Row{
	{Op: "+I", Cells: []string{"1", "plain", "TRUE", "12.50", "1.0E10", "2024-01-01 00:00:00.000"}},
	{Op: "-U", Cells: []string{"2", `a "quoted", comma`, "FALSE", "-0.01", "NaN", "2024-01-01 00:00:01.000"}},
	{Op: "+U", Cells: []string{"<NULL>", "line\r\nbreak", "<NULL>", "<NULL>", "-Infinity", "<NULL>"}, Nulls: []bool{true, false, true, true, false, true}},
	{Op: "-D", Cells: []string{"4", "", "TRUE", "0.00", "0.5", "2024-01-01 00:00:02.000"}},
	{Op: "+I", Cells: []string{"5", " padded ", "TRUE", "1", "3", "x"}},
	{Op: "+I", Cells: []string{"6", "Grüße 🦩\x01\u2028", "TRUE", "1", "3", "x"}},
}

func TestDownloadCSV(t *testing.T) {
	d := NewDownload(queryOf(downloadCols, 100, downloadRows...), FormatCSV)
	got := downloadAll(d)
	want := "op,id,name,ok,price,d,ts\r\n" +
		"+I,1,plain,TRUE,12.50,1.0E10,2024-01-01 00:00:00.000\r\n" +
		"-U,2,\"a \"\"quoted\"\", comma\",FALSE,-0.01,NaN,2024-01-01 00:00:01.000\r\n" +
		"+U,,\"line\r\nbreak\",,,-Infinity,\r\n" +
		"-D,4,\"\",TRUE,0.00,0.5,2024-01-01 00:00:02.000\r\n" +
		"+I,5,\" padded \",TRUE,1,3,x\r\n" +
		"+I,6,Grüße 🦩\x01\u2028,TRUE,1,3,x\r\n"
	if got != want {
		t.Errorf("CSV:\n%q\nwant\n%q", got, want)
	}
	// A standard reader gets the cells back; NULL and '' differ only by quoting.
	recs, err := csv.NewReader(strings.NewReader(got)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 7 || recs[2][2] != `a "quoted", comma` || recs[3][2] != "line\r\nbreak" && recs[3][2] != "line\nbreak" {
		t.Errorf("csv reader: %q", recs)
	}
	if d.Rows != 6 || d.Skipped != 0 || d.Note() != "" {
		t.Errorf("rows %d skipped %d note %q", d.Rows, d.Skipped, d.Note())
	}
}

func TestDownloadJSONLines(t *testing.T) {
	got := downloadAll(NewDownload(queryOf(downloadCols, 100, downloadRows...), FormatJSONL))
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != len(downloadRows) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(downloadRows), got)
	}
	want := []string{
		`{"op":"+I","id":1,"name":"plain","ok":true,"price":12.50,"d":1.0E10,"ts":"2024-01-01 00:00:00.000"}`,
		`{"op":"-U","id":2,"name":"a \"quoted\", comma","ok":false,"price":-0.01,"d":"NaN","ts":"2024-01-01 00:00:01.000"}`,
		`{"op":"+U","id":null,"name":"line\r\nbreak","ok":null,"price":null,"d":"-Infinity","ts":null}`,
		`{"op":"-D","id":4,"name":"","ok":true,"price":0.00,"d":0.5,"ts":"2024-01-01 00:00:02.000"}`,
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d:\n%s\nwant\n%s", i, lines[i], w)
		}
	}
	for i, l := range lines {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Errorf("line %d is not JSON: %v: %s", i, err, l)
		}
	}
	var last map[string]string
	json.Unmarshal([]byte(lines[5]), &last)
	if last["name"] != "Grüße 🦩\x01\u2028" {
		t.Errorf("non-ASCII and controls: %q", last["name"])
	}
}

func TestDownloadColumnNames(t *testing.T) {
	cols := []protocol.Column{{Name: "op", Type: "STRING"}, {Name: "x", Type: "INT"}, {Name: "x", Type: "INT"}, {Name: "op_2", Type: "INT"}}
	got := downloadAll(NewDownload(queryOf(cols, 10, protocol.Row{Op: "+I", Cells: []string{"a", "1", "2", "3"}}), FormatCSV))
	if head := strings.SplitN(got, "\r\n", 2)[0]; head != "op,op_2,x,x_2,op_2_2" {
		t.Errorf("header = %q", head)
	}
}

func TestDownloadDroppedChanges(t *testing.T) {
	cols := []protocol.Column{{Name: "n", Type: "INT"}}
	row := func(n string) protocol.Row { return protocol.Row{Op: "+I", Cells: []string{n}} }
	tests := []struct {
		name      string
		before    []string // rows before the download starts
		during    []string // rows arriving after the first slice
		wantRows  string
		wantSkip  int64
		wantNoteH string
	}{
		{"nothing dropped", []string{"1", "2", "3"}, nil, "1,2,3", 0, ""},
		{"dropped before", []string{"1", "2", "3", "4", "5"}, nil, "3,4,5", 2, "dropped the first 2"},
		{"dropped while downloading", []string{"1", "2", "3"}, []string{"4", "5"}, "1,3", 1, "dropped the first 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := queryOf(cols, 3)
			for _, n := range tt.before {
				q.Changes.Add(PackChange(row(n)))
			}
			d := NewDownload(q, FormatCSV)
			b := d.Next(nil, 1)
			for _, n := range tt.during {
				q.Changes.Add(PackChange(row(n)))
			}
			for !d.Done() {
				b = d.Next(b, 1)
			}
			var ns []string
			for _, l := range strings.Split(strings.TrimSpace(string(b)), "\r\n")[1:] {
				ns = append(ns, strings.TrimPrefix(l, "+I,"))
			}
			if strings.Join(ns, ",") != tt.wantRows || d.Skipped != tt.wantSkip || !strings.Contains(d.Note(), tt.wantNoteH) {
				t.Errorf("rows %v skipped %d note %q", ns, d.Skipped, d.Note())
			}
		})
	}
}

func TestDownloadNothing(t *testing.T) {
	if NewDownload(nil, FormatCSV) != nil || NewDownload(&Query{Changes: NewChanges(1)}, FormatCSV) != nil {
		t.Error("a download of no query result")
	}
	if DownloadName(FormatCSV) != "flink-result.csv" || DownloadName(FormatJSONL) != "flink-result.jsonl" {
		t.Error("file names")
	}
}

func TestIsJSONNumber(t *testing.T) {
	for s, want := range map[string]bool{"0": true, "-1": true, "12.50": true, "1.0E10": true, "1e-3": true, "007": false,
		"1.": false, ".5": false, "NaN": false, "Infinity": false, "": false, "-": false, "1e": false, "0x10": false} {
		if isJSONNumber(s) != want {
			t.Errorf("isJSONNumber(%q) != %v", s, want)
		}
	}
}

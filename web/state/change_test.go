package state

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestPackChange(t *testing.T) {
	tests := []struct {
		name string
		row  protocol.Row
	}{
		{"plain", protocol.Row{Op: "+I", Cells: []string{"1", "abc"}, Line: "| +I | 1 | abc |"}},
		{"nulls", protocol.Row{Op: "-D", Cells: []string{"<NULL>", "x"}, Nulls: []bool{true, false}}},
		{"no cells", protocol.Row{Op: "+U", Cells: []string{}}},
		{"long and odd bytes", protocol.Row{Op: "-U", Cells: []string{string(make([]byte, 300)), "é\x00\n"}, Line: "l"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PackChange(tt.row).Row()
			if !reflect.DeepEqual(got, tt.row) {
				t.Errorf("round trip %+v, want %+v", got, tt.row)
			}
		})
	}
}

func TestDecodeRows(t *testing.T) {
	rows := []protocol.Row{
		{Op: "+I", Cells: []string{"1", `quote " backslash \ tab	nl
 ctrl` + "\x01" + ` é 😀 <>&`}, Line: "| +I | 1 |"},
		{Op: "-U", Cells: []string{"<NULL>"}, Nulls: []bool{true}},
		{Op: "+U", Cells: []string{}},
	}
	encoded, _ := json.Marshal(protocol.Message{Type: protocol.TypeRows, ID: 3, Stmt: 2, Rows: rows})
	tests := []struct {
		name   string
		data   string
		wantOK bool
		want   []protocol.Row
	}{
		{"encoding/json output", string(encoded), true, rows},
		{"hand-written with spaces and escapes", ` { "type" : "rows", "id": 3, "stmt":2, "rows": [ {"op":"+I","cells":["\u00e9\ud83d\ude00","a\/b"],"line":"x"} ] } `, true,
			[]protocol.Row{{Op: "+I", Cells: []string{"é😀", "a/b"}, Line: "x"}}},
		{"null rows", `{"type":"rows","id":3,"stmt":2,"rows":null}`, true, nil},
		{"another type", `{"type":"progress","id":3}`, false, nil},
		{"unknown field", `{"type":"rows","id":3,"stmt":2,"rowsPerSec":1}`, false, nil},
		{"truncated", string(encoded[:len(encoded)-3]), false, nil},
		{"trailing garbage", string(encoded) + "x", false, nil},
		{"bad escape", `{"type":"rows","id":3,"stmt":2,"rows":[{"op":"+I","cells":["\x"]}]}`, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rm RowsMessage
			ok := DecodeRows([]byte(tt.data), &rm)
			if ok != tt.wantOK {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				return
			}
			if rm.ID != 3 || rm.Stmt != 2 {
				t.Errorf("id %d stmt %d", rm.ID, rm.Stmt)
			}
			var got []protocol.Row
			for _, c := range rm.Rows {
				got = append(got, c.Row())
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("rows %+v, want %+v", got, tt.want)
			}
		})
	}
}

func BenchmarkDecodeRows(b *testing.B) {
	rows := make([]protocol.Row, 2000)
	for i := range rows {
		rows[i] = protocol.Row{Op: "+I", Cells: []string{"1234567890", "ac2be66685e79f7152901d0d61a7f6e3c2d1b0a9f8e7d6c5b4a3928170615243"},
			Line: "| +I |  1234567890 | ac2be66685e79f7152901d0d61a... |"}
	}
	data, _ := json.Marshal(protocol.Message{Type: protocol.TypeRows, ID: 1, Rows: rows})
	b.Run("DecodeRows", func(b *testing.B) {
		var rm RowsMessage
		for b.Loop() {
			if !DecodeRows(data, &rm) {
				b.Fatal("not decoded")
			}
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			var m protocol.Message
			if err := json.Unmarshal(data, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestIndexRows(t *testing.T) {
	rows := []protocol.Row{
		{Op: "+I", Cells: []string{"1", `tricky {"op":"+I" inside`}, Line: "| +I | 1 |"},
		{Op: "-U", Cells: []string{"<NULL>"}, Nulls: []bool{true}},
		{Op: "+U", Cells: []string{}},
	}
	encoded, _ := json.Marshal(protocol.Message{Type: protocol.TypeRows, ID: 3, Stmt: 2, Rows: rows})
	one, _ := json.Marshal(protocol.Message{Type: protocol.TypeRows, ID: 4, Rows: rows[:1]})
	tests := []struct {
		name     string
		data     string
		wantOK   bool
		wantID   int
		wantRows []protocol.Row
	}{
		{"several rows", string(encoded), true, 3, rows},
		{"one row, no stmt", string(one), true, 4, rows[:1]},
		{"empty rows", `{"type":"rows","id":5,"rows":[]}`, true, 5, nil},
		{"other message", `{"type":"progress","id":3}`, false, 0, nil},
		{"other field order", `{"id":3,"type":"rows","rows":[]}`, false, 0, nil},
		{"truncated", string(encoded[:len(encoded)-1]), false, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rm RowsMessage
			ok := IndexRows(tt.data, &rm)
			if ok != tt.wantOK {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				return
			}
			if rm.ID != tt.wantID {
				t.Errorf("id %d", rm.ID)
			}
			var got []protocol.Row
			for _, c := range rm.Rows {
				got = append(got, c.Row())
			}
			if !reflect.DeepEqual(got, tt.wantRows) {
				t.Errorf("rows %+v, want %+v", got, tt.wantRows)
			}
			for i, c := range rm.Rows {
				if c.Op != tt.wantRows[i].Op {
					t.Errorf("op %q", c.Op)
				}
			}
		})
	}
}

func BenchmarkIndexRows(b *testing.B) {
	rows := make([]protocol.Row, 2000)
	for i := range rows {
		rows[i] = protocol.Row{Op: "+I", Cells: []string{"1234567890", "ac2be66685e79f7152901d0d61a7f6e3c2d1b0a9f8e7d6c5b4a3928170615243"},
			Line: "| +I |  1234567890 | ac2be66685e79f7152901d0d61a... |"}
	}
	data, _ := json.Marshal(protocol.Message{Type: protocol.TypeRows, ID: 1, Rows: rows})
	s := string(data)
	var rm RowsMessage
	for b.Loop() {
		if !IndexRows(s, &rm) {
			b.Fatal("not indexed")
		}
	}
}

func TestRawKey(t *testing.T) {
	rows := []protocol.Row{
		{Op: "+I", Cells: []string{"a", "1"}, Line: "| +I | a | 1 |"},
		{Op: "-U", Cells: []string{"a", "1"}, Line: "| -U | a | 1 |"},
		{Op: "+U", Cells: []string{"a", "2"}, Line: "| +U | a | \"2\\ |"},
		{Op: "-D", Cells: []string{"<NULL>", "2"}, Nulls: []bool{true, false}, Line: "| -D | <NULL> | 2 |"},
		{Op: "+I", Cells: []string{"<NULL>", "2"}, Line: "| +I | <NULL> | 2 |"},
	}
	data, _ := json.Marshal(protocol.Message{Type: protocol.TypeRows, ID: 1, Rows: rows})
	var rm RowsMessage
	if !IndexRows(string(data), &rm) {
		t.Fatal("not indexed")
	}
	tests := []struct {
		name      string
		a, b      int
		wantEqual bool
	}{
		{"same cells, other op and line", 0, 1, true},
		{"other cells", 1, 2, false},
		{"NULL is not the string <NULL>", 3, 4, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ka, kb := rm.Rows[tt.a].cellsPart(), rm.Rows[tt.b].cellsPart()
			if (ka == kb) != tt.wantEqual {
				t.Errorf("keys %q and %q", ka, kb)
			}
		})
	}
}

package worker

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestAppendJSON(t *testing.T) {
	tests := []struct {
		name string
		m    protocol.Message
	}{
		{"rows", protocol.Message{Type: protocol.TypeRows, ID: 3, Stmt: 2, Rows: []protocol.Row{
			{Op: "+I", Cells: []string{"1", "abc"}, Line: "| +I |  1 | abc |"},
			{Op: "-U", Cells: []string{"<NULL>", ""}, Nulls: []bool{true, false}},
		}}},
		{"first statement of run 0", protocol.Message{Type: protocol.TypeRows, Rows: []protocol.Row{{Op: "+I", Cells: []string{}}}}},
		{"escapes", protocol.Message{Type: protocol.TypeRows, ID: 1, Rows: []protocol.Row{
			{Op: "+I", Cells: []string{"quote \" backslash \\ tab \t nl \n cr \r bell \a nul \x00", "<html> & \u2028\u2029", "ünïcödé 日本 🙂"}},
			{Op: "+I", Cells: []string{"bad \xff utf8 \xe2\x82", "\x7f"}},
		}}},
		{"no cells", protocol.Message{Type: protocol.TypeRows, Rows: []protocol.Row{{Op: "+D"}}}},
		{"not rows", protocol.Message{Type: protocol.TypeDone, ID: 1, Footer: "Received a total of 0 row"}},
		{"rows with other fields", protocol.Message{Type: protocol.TypeRows, Received: 4, Rows: []protocol.Row{{Op: "+I", Cells: []string{"x"}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := AppendJSON([]byte("prefix"), tt.m)
			if err != nil {
				t.Fatal(err)
			}
			if string(got[:6]) != "prefix" {
				t.Fatalf("prefix lost: %s", got)
			}
			want, _ := json.Marshal(tt.m)
			var a, b protocol.Message
			if err := json.Unmarshal(got[6:], &a); err != nil {
				t.Fatalf("%s does not decode: %v", got[6:], err)
			}
			if err := json.Unmarshal(want, &b); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("decodes to\n%+v\nencoding/json's to\n%+v\n(%s)", a, b, got[6:])
			}
		})
	}
}

func BenchmarkAppendJSON(b *testing.B) {
	rows := make([]protocol.Row, 1024)
	for i := range rows {
		rows[i] = protocol.Row{Op: "+I", Cells: []string{"-1752039987", "9180c0b201b2fc4959869773c8f2c50e5796b7b3bf554d170da664bccacbcd64b5fda9fee1f912423c3654055e4dd7108082"},
			Line: "| +I | -1752039987 | 9180c0b201b2fc4959869773c8f... |"}
	}
	m := protocol.Message{Type: protocol.TypeRows, ID: 1, Rows: rows}
	b.Run("hand", func(b *testing.B) {
		var buf []byte
		for i := 0; i < b.N; i++ {
			buf, _ = AppendJSON(buf[:0], m)
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("encoding-json", func(b *testing.B) {
		var n int
		for i := 0; i < b.N; i++ {
			buf, _ := json.Marshal(m)
			n = len(buf)
		}
		b.SetBytes(int64(n))
	})
}

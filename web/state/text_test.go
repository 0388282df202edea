package state

import (
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestOffsets(t *testing.T) {
	const s = "aé😀b" // a: 1 byte/1 unit, é: 2/1, 😀: 4/2, b: 1/1
	tests := []struct {
		name      string
		u16, b    int
		roundTrip bool
	}{
		{"start", 0, 0, true},
		{"after ascii", 1, 1, true},
		{"after two-byte rune", 2, 3, true},
		{"inside surrogate pair rounds down", 3, 3, false},
		{"after astral rune", 4, 7, true},
		{"end", 5, 8, true},
		{"past end clamps", 9, 8, false},
		{"negative clamps", -1, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ByteOffset(s, tt.u16); got != tt.b {
				t.Errorf("ByteOffset(%d) = %d, want %d", tt.u16, got, tt.b)
			}
			if tt.roundTrip {
				if got := UTF16Offset(s, tt.b); got != tt.u16 {
					t.Errorf("UTF16Offset(%d) = %d, want %d", tt.b, got, tt.u16)
				}
			}
		})
	}
	if got := UTF16Offset(s, 2); got != 1 {
		t.Errorf("UTF16Offset inside é = %d, want 1", got)
	}
}

func TestStatements(t *testing.T) {
	tests := []struct {
		name   string
		script string
		want   []string
	}{
		{"two", "SELECT 1;\nSELECT 2;", []string{"SELECT 1;", "SELECT 2;"}},
		{"last without semicolon", "SELECT 1;  SELECT 2  \n", []string{"SELECT 1;", "SELECT 2"}},
		{"semicolon in string", "SELECT 'a;b';", []string{"SELECT 'a;b';"}},
		{"doubled quote", "SELECT 'it''s;';x", []string{"SELECT 'it''s;';", "x"}},
		{"backticks", "SELECT `a;b` FROM t;", []string{"SELECT `a;b` FROM t;"}},
		{"line comment", "-- a; b\nSELECT 1;", []string{"SELECT 1;"}},
		{"block comment", "/* ; */ SELECT /* ; */ 1;", []string{"SELECT /* ; */ 1;"}},
		{"empty statements", ";;  ;\n", nil},
		{"only comments", "-- nothing\n/* here */", nil},
		{"unterminated string", "SELECT 'abc", []string{"SELECT 'abc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, sp := range Statements(tt.script) {
				got = append(got, tt.script[sp.Start:sp.End])
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("statement %d = %q, want %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestStatementAt(t *testing.T) {
	const s = "CREATE TABLE t (a INT);\n\nSELECT * FROM t;   \n  SELECT 2;"
	tests := []struct {
		name string
		pos  int
		want string
	}{
		{"inside first", 5, "CREATE TABLE t (a INT);"},
		{"right after semicolon", 23, "CREATE TABLE t (a INT);"},
		{"blank line after", 24, "CREATE TABLE t (a INT);"},
		{"start of second", 25, "SELECT * FROM t;"},
		{"trailing spaces of second", 44, "SELECT * FROM t;"},
		{"indent before third", 46, "SELECT 2;"},
		{"end", len(s), "SELECT 2;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp, ok := StatementAt(s, tt.pos)
			if !ok || s[sp.Start:sp.End] != tt.want {
				t.Errorf("StatementAt(%d) = %q, want %q", tt.pos, s[sp.Start:sp.End], tt.want)
			}
		})
	}
	if _, ok := StatementAt("  -- x\n", 2); ok {
		t.Error("a script of comments has a statement")
	}
}

func TestRunRange(t *testing.T) {
	const s = "SELECT 'é';\nSELECT 2;"
	tests := []struct {
		name     string
		from, to int
		want     string
		wantOK   bool
	}{
		{"cursor", 3, 3, "SELECT 'é';", true},
		{"cursor in second", 15, 15, "SELECT 2;", true},
		{"selection in UTF-16", 12, 21, "SELECT 2;", true},
		{"reversed selection", 21, 12, "SELECT 2;", true},
		{"selection of spaces", 10, 11, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start, end, ok := RunRange(s, tt.from, tt.to)
			if ok != tt.wantOK {
				t.Fatalf("ok = %v", ok)
			}
			if ok && s[start:end] != tt.want {
				t.Errorf("range %q, want %q", s[start:end], tt.want)
			}
		})
	}
}

func TestErrorDiagnostic(t *testing.T) {
	const s = "CREATE TABLE t (a INT);\nSELECT nope FROM é_t;\nSELECT 'x"
	tests := []struct {
		name     string
		err      protocol.Error
		stmt     Span
		wantText string
	}{
		{"offset of a word", protocol.Error{Message: "m", Offset: 31, Line: 2, Col: 8}, Span{}, "nope"},
		{"line and col when offset unknown", protocol.Error{Message: "m", Offset: -1, Line: 2, Col: 8}, Span{}, "nope"},
		{"word with non-ascii", protocol.Error{Message: "m", Offset: -1, Line: 2, Col: 18}, Span{}, "é_t"},
		{"punctuation", protocol.Error{Message: "m", Offset: 15, Line: 1, Col: 16}, Span{}, "("},
		{"end of line points at the last token", protocol.Error{Message: "m", Offset: 23, Line: 1, Col: 24}, Span{}, ";"},
		{"unterminated quote", protocol.Error{Message: "m", Offset: -1, Line: 3, Col: 8}, Span{}, "'"},
		{"unknown position: the statement", protocol.Error{Message: "m", Offset: -1}, Span{0, 23}, "CREATE TABLE t (a INT);"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ErrorDiagnostic(s, &tt.err, tt.stmt)
			from, to := ByteOffset(s, d.From), ByteOffset(s, d.To)
			if got := s[from:to]; got != tt.wantText {
				t.Errorf("underlines %q, want %q", got, tt.wantText)
			}
		})
	}
	d := ErrorDiagnostic(s, &protocol.Error{Class: "org.apache.flink.table.api.ValidationException", Message: "boom", Offset: -1}, Span{})
	if d.Message != "org.apache.flink.table.api.ValidationException: boom" {
		t.Errorf("message %q", d.Message)
	}
}

package protocol

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAppendJSONString: every string, control characters, quotes,
// U+2028, U+2029 and invalid UTF-8 included, reads back through
// encoding/json as encoding/json would write it, and the line separators
// stay escaped for JavaScript.
func TestAppendJSONString(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	alphabet := []string{"a", "é", "\"", "\\", "\n", "\r", "\t", "\x00", "\x1f", "\u2028", "\u2029", "\xff", "\xe2\x80", "😀", "<", "/"}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		out := AppendJSONString(nil, s)
		var got string
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%q: %s does not parse: %v", s, out, err)
		}
		want, _ := json.Marshal(s)
		var wantS string
		_ = json.Unmarshal(want, &wantS)
		if got != wantS {
			t.Fatalf("%q: reads back as %q, encoding/json's as %q", s, got, wantS)
		}
		if strings.ContainsAny(string(out), "\u2028\u2029") {
			t.Fatalf("%q: %s holds a raw line separator", s, out)
		}
	}
}

package state

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// longScript builds an n-byte-ish script of every kind of character the
// editor may hold: non-ASCII, emoji, CRLF and lone CR, tabs, NUL and other
// controls, quotes and the characters URLs treat specially.
func longScript(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 1))
	pieces := []string{
		"SELECT * FROM MySource;\n", "CREATE TABLE t (id INT, name STRING) WITH ('connector' = 'datagen');\r\n",
		"-- Grüße, 你好, Привет, مرحبا\n", "'🦩🚀👩‍👩‍👧'", "\r", "\t", "\x00", "\x1f", "`quoted``id`", "\"", "\\",
		"%20&s=2.#?+/=", "\u2028\u2029", "\uFEFF", "é", "\U0010FFFF",
	}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

func TestShareRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		in   Shared
	}{
		{"empty script", Shared{}},
		{"seed example", Shared{Script: "CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');\nSELECT * FROM MySource;\n"}},
		{"table view", Shared{Script: "SELECT 1;", View: ViewTable}},
		{"changelog view", Shared{Script: "SELECT 1;", View: ViewChangelog}},
		{"20,000 characters of everything", Shared{Script: longScript(20_000, 1), View: ViewChangelog}},
		{"20,000 characters, another mix", Shared{Script: longScript(20_000, 2)}},
		{"only line breaks", Shared{Script: "\r\n\r\n\n\r"}},
		{"NUL only", Shared{Script: "\x00\x00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frag := ShareFragment(tt.in)
			if !strings.HasPrefix(frag, "#s=1.") {
				t.Fatalf("fragment %q does not start with #s=1.", clip(frag, 20))
			}
			if i := strings.IndexFunc(frag[5:], func(r rune) bool {
				return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
			}); i >= 0 {
				t.Fatalf("fragment has a character that is not base64url at %d: %q", i, frag[5+i])
			}
			got, err := ParseShareFragment(frag)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.in
			if want.View == "" {
				want.View = ViewTableau
			}
			if got.Script != want.Script {
				t.Errorf("script differs: got %d bytes, want %d", len(got.Script), len(want.Script))
			}
			if got.View != want.View {
				t.Errorf("view = %q, want %q", got.View, want.View)
			}
		})
	}
}

func TestShareCompresses(t *testing.T) {
	s := strings.Repeat("SELECT name, COUNT(*) FROM MySource GROUP BY name;\n", 400) // 20,400 bytes
	frag := ShareFragment(Shared{Script: s})
	if len(frag) > 2000 {
		t.Errorf("a repetitive 20 KB script makes a %d-byte fragment; deflate should shrink it far below", len(frag))
	}
}

func TestShareDecodeErrors(t *testing.T) {
	good := EncodeShare(Shared{Script: "SELECT 1;"})
	tests := []struct {
		name, fragment, want string
	}{
		{"no share parameter", "#view=table", "no shared script"},
		{"no version", "#s=abc", "no format version"},
		{"newer version", "#s=2." + good[2:], `format "2"`},
		{"not base64url", "#s=1.!!!", "not base64url"},
		{"cut short", "#s=" + good[:len(good)-6], "damaged"},
		{"not deflate", "#s=1.aGVsbG8gd29ybGQ", "does not decompress"},
		{"deflated non-JSON", "#s=1." + EncodeShare(Shared{Script: "x"})[2:6], "damaged"},
		{"empty value", "#s=", "no format version"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseShareFragment(tt.fragment)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestShareAcceptsBase64Variants(t *testing.T) {
	s := Shared{Script: longScript(3000, 7), View: ViewTableau}
	v := EncodeShare(s)
	// A mail program rewrote base64url as standard base64 with padding.
	std := strings.NewReplacer("-", "+", "_", "/").Replace(v) + "=="
	got, err := DecodeShare(std)
	if err != nil || got.Script != s.Script {
		t.Fatalf("standard base64 spelling: err %v, equal %v", err, got.Script == s.Script)
	}
}

func TestShareBoundsInflation(t *testing.T) {
	// A tiny link that would inflate to 100 MB must be refused, not read.
	v := EncodeShare(Shared{Script: strings.Repeat("a", 100<<20)})
	if len(v) > 200_000 {
		t.Fatalf("bomb link unexpectedly large: %d", len(v))
	}
	if _, err := DecodeShare(v); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("error = %v, want a size error", err)
	}
}

// FuzzDecodeShare feeds the decoder arbitrary fragment values: it never
// panics, what it accepts is UTF-8, and decode -> encode -> decode is the
// identity on what it accepts, both for the value alone (EncodeShare,
// DecodeShare) and for the whole fragment a link carries (ShareFragment,
// ParseShareFragment): a link the page re-shares restores the same script
// and view.
func FuzzDecodeShare(f *testing.F) {
	f.Add(EncodeShare(Shared{Script: "SELECT 1;"}))
	f.Add(EncodeShare(Shared{Script: longScript(500, 3), View: ViewTable}))
	f.Add(EncodeShare(Shared{Script: "%20&s=2.#", View: ViewChangelog}))
	f.Add("1.")
	f.Add("1.AAAA")
	f.Add("2.xyz")
	f.Add("1.%zz")
	f.Fuzz(func(t *testing.T, v string) {
		s, err := DecodeShare(v)
		if err != nil {
			return
		}
		if !utf8.ValidString(s.Script) {
			t.Fatalf("accepted invalid UTF-8")
		}
		again, err := DecodeShare(EncodeShare(s))
		if err != nil || again != s {
			t.Fatalf("%q decodes to %+v; encoded and decoded again it is %+v (error %v)", v, s, again, err)
		}
		again, err = ParseShareFragment(ShareFragment(s))
		if err != nil || again != s {
			t.Fatalf("%q decodes to %+v; as a whole fragment, encoded and decoded again it is %+v (error %v)", v, s, again, err)
		}
	})
}

func TestFragmentParams(t *testing.T) {
	got := FragmentParams("#s=1.abc&start=2024-01-01%2000:00:00&autorun&bad=%zz&plus=a+b")
	want := map[string]string{"s": "1.abc", "start": "2024-01-01 00:00:00", "autorun": "", "bad": "%zz", "plus": "a+b"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}

// TestShareChart: the chart view and its choices go into the link and
// come back; an unknown chart kind is the automatic one.
func TestShareChart(t *testing.T) {
	s := Shared{Script: "SELECT 1;", View: ViewChart, Chart: ChartBar, ChartY: "total"}
	got, err := DecodeShare(EncodeShare(s))
	if err != nil || got != s {
		t.Errorf("round trip: %+v, %v; want %+v", got, err, s)
	}
	got, err = DecodeShare(EncodeShare(Shared{Script: "x", View: ViewChart, Chart: "pie"}))
	if err != nil || got.Chart != ChartAuto || got.View != ViewChart {
		t.Errorf("unknown kind: %+v, %v", got, err)
	}
}

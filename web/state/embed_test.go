package state

import (
	"strings"
	"testing"
)

func TestParseEmbed(t *testing.T) {
	script := "CREATE TABLE t (id INT) WITH ('connector' = 'datagen');\nSELECT * FROM t;"
	s := ShareParam + "=" + EncodeShare(Shared{Script: script, View: ViewChangelog})
	seed := int64(42)
	tests := []struct {
		name     string
		fragment string
		check    func(t *testing.T, p EmbedParams)
		problems []string // substrings, one per expected problem
	}{
		{"defaults", "", func(t *testing.T, p EmbedParams) {
			if p.View != ViewTableau || p.MaxRows != DefaultEmbedMaxRows || p.Height != DefaultEmbedHeight || p.Autorun || p.ReadOnly || p.Seed != nil || p.Script != "" {
				t.Errorf("defaults: %+v", p)
			}
		}, nil},
		{"everything", "#" + s + "&mode=batch&seed=42&start=2024-01-01%2000:00:00&view=table&autorun=1&readonly=true&maxrows=50&height=300&origin=https://Docs.Example.org:443/", func(t *testing.T, p EmbedParams) {
			if p.Script != script || p.Mode != "batch" || p.Seed == nil || *p.Seed != seed || p.StartTime != "2024-01-01 00:00:00" ||
				p.View != ViewTable || !p.Autorun || !p.ReadOnly || p.MaxRows != 50 || p.Height != 300 || p.Origin != "https://docs.example.org" {
				t.Errorf("got %+v", p)
			}
		}, nil},
		{"view from the script's state", "#" + s, func(t *testing.T, p EmbedParams) {
			if p.View != ViewChangelog {
				t.Errorf("view = %q", p.View)
			}
		}, nil},
		{"bare autorun flag and unknown parameters", "#autorun&future=1", func(t *testing.T, p EmbedParams) {
			if !p.Autorun {
				t.Error("autorun not set")
			}
		}, nil},
		{"malformed values fall back to defaults", "#mode=fast&seed=x&start=yesterday&view=pie&autorun=maybe&maxrows=0&height=10&origin=javascript:alert(1)&s=1.!!", func(t *testing.T, p EmbedParams) {
			if p.Mode != "" || p.Seed != nil || p.StartTime != "" || p.View != ViewTableau || p.Autorun || p.MaxRows != DefaultEmbedMaxRows || p.Height != DefaultEmbedHeight || p.Origin != "" || p.Script != "" {
				t.Errorf("got %+v", p)
			}
		}, []string{"damaged", "mode=fast", "seed=x", "start=yesterday", "view=pie", "autorun=maybe", "maxrows=0", "height=10", "origin=javascript"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ParseEmbed(tt.fragment)
			tt.check(t, p)
			if len(p.Problems) != len(tt.problems) {
				t.Fatalf("problems = %q, want %d", p.Problems, len(tt.problems))
			}
			for i, w := range tt.problems {
				if !strings.Contains(p.Problems[i], w) {
					t.Errorf("problem %d = %q, want %q in it", i, p.Problems[i], w)
				}
			}
		})
	}
}

func TestEmbedFragmentRoundTrip(t *testing.T) {
	seed := int64(-7)
	in := EmbedParams{Script: longScript(5000, 9), Mode: "streaming", Seed: &seed, StartTime: "2024-02-29 12:00:00",
		View: ViewTable, Autorun: true, ReadOnly: true, MaxRows: 20, Height: 400, Origin: "http://127.0.0.1:8080"}
	out := ParseEmbed(EmbedFragment(in))
	if len(out.Problems) > 0 {
		t.Fatal(out.Problems)
	}
	out.Problems = nil
	if out.Script != in.Script || *out.Seed != seed || out.Mode != in.Mode || out.StartTime != in.StartTime || out.View != in.View ||
		!out.Autorun || !out.ReadOnly || out.MaxRows != 20 || out.Height != 400 || out.Origin != in.Origin {
		t.Errorf("round trip changed the parameters: %+v", out)
	}
	if f := EmbedFragment(EmbedParams{Script: "SELECT 1;", View: ViewTableau, MaxRows: DefaultEmbedMaxRows, Height: DefaultEmbedHeight}); strings.Contains(f, "&") {
		t.Errorf("defaults are spelled out: %s", f)
	}
}

func TestNormalizeOrigin(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://docs.example.org", "https://docs.example.org"},
		{"HTTPS://Docs.Example.ORG:443", "https://docs.example.org"},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8080"},
		{"http://example.org:80", "http://example.org"},
		{"http://[::1]:9000", "http://[::1]:9000"},
		{"https://example.org/docs/page.html", ""},
		{"javascript:alert(1)", ""},
		{"file:///etc/passwd", ""},
		{"null", ""},
		{"https://user@example.org", ""},
		{"http://exa mple.org", ""},
		{"http://example.org:99999", ""},
		{"http://example.org:+80", ""},
		{"http://[::1", ""},
		{"https://example.org?x", ""},
		{"http://localhost:0080", "http://localhost"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := NormalizeOrigin(tt.in)
			if tt.want == "" {
				if err == nil {
					t.Errorf("accepted as %q", got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("= %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestTrustedOriginAndAcceptMessage(t *testing.T) {
	tests := []struct {
		name              string
		param, referrer   string
		origin            string
		fromParent, trust bool
	}{
		{"origin parameter wins over the referrer", "https://docs.example.org", "https://evil.example.com/x", "https://docs.example.org", true, true},
		{"referrer's origin when no parameter", "", "https://docs.example.org/guide/page.html?x=1", "https://docs.example.org", true, true},
		{"another origin is ignored", "", "https://docs.example.org/", "https://evil.example.com", true, false},
		{"a frame that is not the parent is ignored", "https://docs.example.org", "", "https://docs.example.org", false, false},
		{"no parameter, no referrer: nothing trusted", "", "", "https://docs.example.org", true, false},
		{"opaque origin", "", "https://docs.example.org/", "null", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ParseEmbed("")
			if tt.param != "" {
				p = ParseEmbed("#origin=" + tt.param)
			}
			trusted := TrustedOrigin(p, tt.referrer)
			if got := AcceptMessage(trusted, tt.origin, tt.fromParent); got != tt.trust {
				t.Errorf("AcceptMessage(%q, %q, %v) = %v", trusted, tt.origin, tt.fromParent, got)
			}
		})
	}
}

func TestEmbedSnippet(t *testing.T) {
	script := "CREATE TABLE \"<t>\" (id INT) WITH ('connector' = 'datagen');\nSELECT * FROM t;\n"
	got := EmbedSnippet("https://play.example.org", EmbedParams{Script: script, View: ViewTableau, Height: 300})
	for _, want := range []string{
		`<iframe src="https://play.example.org/embed.html#s=1.`,
		`loading="lazy"`, `sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"`,
		`referrerpolicy="strict-origin-when-cross-origin"`, `width="100%"`, `height="400"`,
		`title="Flink SQL example: CREATE TABLE &#34;&lt;t&gt;&#34; (id INT) WITH (&#39;connector&#39; = &#39;datagen&#39;);"`,
		`></iframe>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	// The src's fragment decodes back to the script.
	i := strings.Index(got, "#")
	j := strings.Index(got[i:], `"`)
	if p := ParseEmbed(got[i : i+j]); p.Script != script {
		t.Errorf("the snippet's script does not decode back: %q", p.Script)
	}
}

func TestParseStartTime(t *testing.T) {
	for _, s := range []string{"2024-01-01 00:00:00", "2024-01-01T08:30:00", "2024-01-01 00:00:00.123", "2024-01-01 00:00"} {
		if _, err := ParseStartTime(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	for _, s := range []string{"", "now", "2024-13-01 00:00:00", "01/01/2024"} {
		if _, err := ParseStartTime(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}

// TestEmbedChart: an embed opens on the chart view, of a kind, and says
// what is wrong with a kind it does not know.
func TestEmbedChart(t *testing.T) {
	p := ParseEmbed("#" + ShareParam + "=" + EncodeShare(Shared{Script: "SELECT 1;"}) + "&view=chart&chart=bar")
	if p.View != ViewChart || p.Chart != ChartBar || len(p.Problems) != 0 {
		t.Errorf("view=chart&chart=bar: %+v", p)
	}
	if back := ParseEmbed(EmbedFragment(p)); back.View != ViewChart || back.Chart != ChartBar {
		t.Errorf("the fragment written back reads %+v", back)
	}
	p = ParseEmbed("#view=chart&chart=pie")
	if len(p.Problems) != 1 || p.Problems[0] != "chart=pie: the chart is line or bar." {
		t.Errorf("chart=pie: %q", p.Problems)
	}
}

// TestEmbedPlainScript: script= carries the script as plain text (what
// <flink-sql-playground> writes), percent-encoded; it wins over s=.
func TestEmbedPlainScript(t *testing.T) {
	p := ParseEmbed("#script=SELECT%20'a%26b'%20AS%20x%3B%0ASELECT%201%3B&view=table")
	if p.Script != "SELECT 'a&b' AS x;\nSELECT 1;" || p.View != ViewTable || len(p.Problems) != 0 {
		t.Errorf("script=: %q, view %s, problems %q", p.Script, p.View, p.Problems)
	}
	if p := ParseEmbed("#script=%FF"); len(p.Problems) != 1 || p.Script != "" {
		t.Errorf("invalid UTF-8: %q, %q", p.Script, p.Problems)
	}
}

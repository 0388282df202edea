package api

import (
	"crypto/sha256"
	"encoding/base64"
	"reflect"
	"strings"
	"testing"
)

func TestInlineScripts(t *testing.T) {
	tests := []struct {
		name, html string
		want       []string
	}{
		{"none", `<html><script src="a.js"></script></html>`, nil},
		{"inline and external", "<script>\nvar a = 1;\n</script><script src=\"x.js\"></script><SCRIPT type=\"module\">b()</SCRIPT >", []string{"\nvar a = 1;\n", "b()"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := InlineScripts(tt.html); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPagePolicy(t *testing.T) {
	sum := sha256.Sum256([]byte("go()"))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	tests := []struct {
		name     string
		embed    bool
		want     []string
		wantNone []string
	}{
		{"page", false, []string{"script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' " + hash, "frame-ancestors 'none'", "object-src 'none'"}, []string{"'unsafe-inline'; script"}},
		{"embed", true, []string{"frame-ancestors *"}, []string{"frame-ancestors 'none'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PagePolicy([]string{"go()"}, tt.embed)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			for _, w := range tt.wantNone {
				if strings.Contains(got, w) {
					t.Errorf("%q has %q", got, w)
				}
			}
		})
	}
}

func TestPageURLs(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"index.html", []string{"/", "/index", "/index.html"}},
		{"embed.html", []string{"/embed", "/embed.html"}},
		{"docs/index.html", []string{"/docs/", "/docs/index", "/docs/index.html"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PageURLs(tt.name); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestHeadersFile checks the rules' shape: a Content-Security-Policy comes
// from exactly one rule per URL (Cloudflare joins repeated headers, which
// would enforce both policies), and only the embed page may be framed.
func TestHeadersFile(t *testing.T) {
	f := HeadersFile(map[string]string{
		"index.html": "<script>boot()</script>",
		"embed.html": "<p>embed</p>",
	})
	rules := map[string][]string{}
	var cur string
	for _, line := range strings.Split(f, "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "  "):
			rules[cur] = append(rules[cur], strings.TrimSpace(line))
		default:
			cur = line
			if _, dup := rules[cur]; dup {
				t.Errorf("rule %s twice", cur)
			}
			rules[cur] = nil
		}
	}
	for url, want := range map[string][]string{
		"/*":          {"X-Content-Type-Options: nosniff"},
		"/*.js":       {"Content-Security-Policy: " + WorkerPolicy},
		"/":           {"frame-ancestors 'none'", "X-Frame-Options: DENY", "'sha256-"},
		"/index.html": {"frame-ancestors 'none'"},
		"/embed":      {"frame-ancestors *"},
		"/embed.html": {"frame-ancestors *"},
	} {
		got := strings.Join(rules[url], "\n")
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("rule %s lacks %q:\n%s", url, w, got)
			}
		}
	}
	if strings.Contains(strings.Join(rules["/*"], "\n"), "Content-Security-Policy") {
		t.Error("the catch-all rule sets a policy; it would join every page's")
	}
	if strings.Contains(strings.Join(rules["/embed.html"], "\n"), "X-Frame-Options") {
		t.Error("the embed page must be frameable")
	}
}

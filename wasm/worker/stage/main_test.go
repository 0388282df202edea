package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func list(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func TestStage(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		want    []string
		wantErr string
	}{
		{
			name: "assets without compressed copies, plus _headers",
			files: map[string]string{
				"index.html": "<script>go()</script>", "index.html.br": "x", "app.wasm": "w", "app.wasm.gz": "z",
				"embed.html": "<p>", "zoneinfo/Europe/Berlin": "tz", ".keep": "",
			},
			want: []string{"_headers", "app.wasm", "embed.html", "index.html", "zoneinfo/Europe/Berlin"},
		},
		{name: "no page", files: map[string]string{"app.wasm": "w"}, wantErr: "make web"},
		{name: "a _headers of its own", files: map[string]string{"index.html": "", "_headers": "/*"}, wantErr: "must not hold"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, dst := t.TempDir(), filepath.Join(t.TempDir(), "assets")
			write(t, src, tt.files)
			write(t, dst, map[string]string{"stale.js": "old"})
			_, err := stage(src, dst)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := list(t, dst); strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("staged %q, want %q", got, tt.want)
			}
			h, _ := os.ReadFile(filepath.Join(dst, "_headers"))
			if !strings.Contains(string(h), "/embed.html\n  Content-Security-Policy:") || !strings.Contains(string(h), "'sha256-") {
				t.Errorf("_headers:\n%s", h)
			}
		})
	}
}

func TestCheckHeaders(t *testing.T) {
	tests := []struct {
		name, file, wantErr string
	}{
		{"fine", "/*\n  A: b\n", ""},
		{"long line", "/*\n  A: " + strings.Repeat("x", 2000) + "\n", "at most 2000"},
		{"too many rules", strings.Repeat("/a\n  A: b\n", 101), "at most 100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkHeaders(tt.file)
			if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("err %v, want %q", err, tt.wantErr)
			}
		})
	}
}

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestPrecached(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"index.html", true},
		{"embed.html", true},
		{"engine.wasm", true},
		{"icon-192.png", true},
		{"engine.wasm.br", false},
		{"app.css.gz", false},
		{"sw.js", false},
		{"zoneinfo/Europe/Berlin", false},
		{"faker/harry_potter.json", true},
		{"faker/harry_potter.json.br", false},
		{".keep", false},
		{"sub/.hidden/x.js", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := precached(tt.name); got != tt.want {
				t.Errorf("precached(%q) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

func TestScan(t *testing.T) {
	base := fstest.MapFS{
		".keep":                  {},
		"index.html":             {Data: []byte("<!doctype html>")},
		"index.html.br":          {Data: []byte("br")},
		"app.wasm":               {Data: []byte("\x00asm")},
		"sw.js":                  {Data: []byte("old worker")},
		"zoneinfo/Asia/Tokyo":    {Data: []byte("TZif")},
		"embed.html":             {Data: []byte("<!doctype html>embed")},
		"fonts/mono.woff2":       {Data: []byte("font")},
		"faker/space.json":       {Data: []byte(`{"space":{}}`)},
		"faker/space.json.br":    {Data: []byte("br")},
		".git/config":            {Data: []byte("no")},
		"zoneinfo/Europe/Berlin": {Data: []byte("TZif")},
	}
	b, err := scan(base)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range b.Files {
		paths = append(paths, e.Path)
	}
	if got, want := strings.Join(paths, " "), "app.wasm embed.html faker/space.json fonts/mono.woff2 index.html"; got != want {
		t.Errorf("precached %q, want %q", got, want)
	}
	if b.Bytes() != 4+20+12+4+15 {
		t.Errorf("Bytes() = %d, want %d", b.Bytes(), 4+20+12+4+15)
	}
	if sum := sha256.Sum256([]byte("\x00asm")); b.Files[0].SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("app.wasm SHA256 %q, want %x", b.Files[0].SHA256, sum)
	}

	// What changes the version, and what does not.
	tests := []struct {
		name   string
		change func(fstest.MapFS)
		same   bool
	}{
		{"a precached file's content", func(m fstest.MapFS) { m["app.wasm"] = &fstest.MapFile{Data: []byte("\x00asm2")} }, false},
		{"a new page", func(m fstest.MapFS) { m["docs-sample.html"] = &fstest.MapFile{Data: []byte("docs")} }, false},
		{"a renamed file", func(m fstest.MapFS) { m["embed2.html"] = m["embed.html"]; delete(m, "embed.html") }, false},
		{"a compressed copy", func(m fstest.MapFS) { m["index.html.br"] = &fstest.MapFile{Data: []byte("other")} }, true},
		{"a faker data family", func(m fstest.MapFS) { m["faker/space.json"] = &fstest.MapFile{Data: []byte(`{"space":{"planet":[]}}`)} }, false},
		{"a zone file", func(m fstest.MapFS) { m["zoneinfo/Asia/Tokyo"] = &fstest.MapFile{Data: []byte("TZif2")} }, true},
		{"sw.js itself", func(m fstest.MapFS) { m["sw.js"] = &fstest.MapFile{Data: []byte("new worker")} }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := fstest.MapFS{}
			for k, v := range base {
				m[k] = v
			}
			tt.change(m)
			b2, err := scan(m)
			if err != nil {
				t.Fatal(err)
			}
			if (b2.Version == b.Version) != tt.same {
				t.Errorf("version %s -> %s, want same=%v", b.Version, b2.Version, tt.same)
			}
		})
	}
}

func TestScanEmpty(t *testing.T) {
	if _, err := scan(fstest.MapFS{".keep": {}}); err == nil || !strings.Contains(err.Error(), "build the playground first") {
		t.Errorf("scan of an unbuilt folder: err %v, want 'build the playground first'", err)
	}
}

func TestRender(t *testing.T) {
	b := build{Version: "abc", Files: []entry{{Path: "index.html", Size: 3, SHA256: "ff"}}}
	tests := []struct {
		name, tmpl, want, wantErr string
	}{
		{"marker", "const BUILD = __FLINKPLAY_BUILD__;\n", `const BUILD = {"version":"abc","files":[{"path":"index.html","size":3,"sha256":"ff"}]};` + "\n", ""},
		{"no marker", "const BUILD = {};\n", "", "not 0 times"},
		{"two markers", "__FLINKPLAY_BUILD__ __FLINKPLAY_BUILD__", "", "not 2 times"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := render([]byte(tt.tmpl), b)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("render = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// TestRun builds icons and sw.js into a folder like the build's, from the
// real template, and runs it a second time to see nothing rewritten.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"index.html": "<!doctype html>", "app.wasm": "\x00asm", "manifest.webmanifest": "{}"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tmpl := filepath.Join("..", "..", "static", "sw.js")
	if err := run(tmpl, dir); err != nil {
		t.Fatal(err)
	}
	sw, err := os.ReadFile(filepath.Join(dir, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(sw), "const BUILD = ")
	js, _, ok2 := strings.Cut(after, ";\n")
	var b build
	if !ok || !ok2 || json.Unmarshal([]byte(js), &b) != nil {
		t.Fatalf("sw.js has no parsable BUILD:\n%.400s", sw)
	}
	var paths []string
	for _, e := range b.Files {
		paths = append(paths, e.Path)
	}
	if got, want := strings.Join(paths, " "), "app.wasm icon-192.png icon-512.png index.html manifest.webmanifest"; got != want {
		t.Errorf("precached %q, want %q", got, want)
	}
	infos := map[string]os.FileInfo{}
	for _, name := range []string{"sw.js", "icon-192.png", "icon-512.png"} {
		infos[name], _ = os.Stat(filepath.Join(dir, name))
	}
	if err := run(tmpl, dir); err != nil {
		t.Fatal(err)
	}
	for name, before := range infos {
		now, _ := os.Stat(filepath.Join(dir, name))
		if !now.ModTime().Equal(before.ModTime()) {
			t.Errorf("a second run rewrote %s", name)
		}
	}
}

func TestDrawIcon(t *testing.T) {
	for _, size := range iconSizes {
		t.Run(fmt.Sprintf("%dpx", size), func(t *testing.T) {
			var buf bytes.Buffer
			if err := png.Encode(&buf, drawIcon(size)); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
				t.Fatalf("icon is %v, want %dx%d", b, size, size)
			}
			at := func(x, y float64) color.NRGBA {
				return color.NRGBAModel.Convert(img.At(int(x*float64(size)/512), int(y*float64(size)/512))).(color.NRGBA)
			}
			tests := []struct {
				name string
				x, y float64
				want color.NRGBA
			}{
				{"corner is transparent", 2, 2, color.NRGBA{}},
				{"edge is background", 256, 4, iconBackground},
				{"triangle", 250, 256, iconTriangle},
				{"right of the triangle", 420, 256, iconBackground},
			}
			for _, tt := range tests {
				if got := at(tt.x, tt.y); got != tt.want {
					t.Errorf("%s: pixel at (%v,%v) = %v, want %v", tt.name, tt.x, tt.y, got, tt.want)
				}
			}
		})
	}
}

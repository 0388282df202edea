// Command offline finishes the playground's build for offline use. It draws
// the web manifest's PNG icons (the shapes of static/icon.svg) into the build
// folder, then writes the service worker, sw.js, from its template: the
// template's __FLINKPLAY_BUILD__ becomes the build's version and precache
// list, computed from the files that are in the folder at that moment, so a
// page added to static/ is precached without a change here.
//
// Precached: every regular file of the folder except dotfiles, the .gz/.br
// copies (the server picks them for a request; the browser caches what it
// decodes), the zone files (zoneinfo/, hundreds of them: the service worker
// caches the browser's own zone and those the engine fetches) and sw.js
// itself (the browser keeps the worker's script apart). The faker
// connector's data families (faker/, two hundred small JSON files, about
// 0.4 MB as brotli) are precached: a script of fake data must run offline
// whatever family it names, and the install runs after the page's first
// rows, outside the cold load. The version is a hash of the precached files'
// names and contents, so any change to any of them makes a new version.
// Files that already hold the same bytes are left alone.
//
// Usage: go run ./scripts/offline TEMPLATE DIR
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// marker is the placeholder in the service worker's template; the template
// does not parse as a worker until it is replaced, so an unprocessed copy
// fails to register instead of caching nothing.
const marker = "__FLINKPLAY_BUILD__"

// iconSizes are the PNG icons the manifest names (icon-192.png, icon-512.png):
// Chromium's installability check wants 192 and 512 pixel icons.
var iconSizes = []int{192, 512}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: offline TEMPLATE DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "offline:", err)
		os.Exit(1)
	}
}

// run writes the icons and sw.js into dir.
func run(templatePath, dir string) error {
	for _, size := range iconSizes {
		var buf bytes.Buffer
		if err := png.Encode(&buf, drawIcon(size)); err != nil {
			return err
		}
		if err := writeIfChanged(filepath.Join(dir, fmt.Sprintf("icon-%d.png", size)), buf.Bytes()); err != nil {
			return err
		}
	}
	tmpl, err := os.ReadFile(templatePath)
	if err != nil {
		return err
	}
	b, err := scan(os.DirFS(dir))
	if err != nil {
		return err
	}
	sw, err := render(tmpl, b)
	if err != nil {
		return fmt.Errorf("%s: %w", templatePath, err)
	}
	if err := writeIfChanged(filepath.Join(dir, "sw.js"), sw); err != nil {
		return err
	}
	fmt.Printf("  sw.js: version %s, %d files precached, %d bytes\n", b.Version, len(b.Files), b.Bytes())
	return nil
}

// build is what the service worker learns about the build it caches.
type build struct {
	Version string  `json:"version"`
	Files   []entry `json:"files"`
}

// entry is one precached file. The worker checks each download against
// SHA256, so a server that changed during the install cannot leave files of
// two versions in one cache.
type entry struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Bytes is the precache's size.
func (b build) Bytes() int64 {
	var n int64
	for _, e := range b.Files {
		n += e.Size
	}
	return n
}

// precached reports whether the file at slash path name goes into the
// precache.
func precached(name string) bool {
	for _, el := range strings.Split(name, "/") {
		if strings.HasPrefix(el, ".") {
			return false
		}
	}
	switch {
	case name == "sw.js", strings.HasPrefix(name, "zoneinfo/"):
		return false
	case name == "python.wasm", name == "editor-python.js":
		// Python support (the interpreter, the editor's Python) loads
		// with the first Python program, and the service worker caches it
		// then (the SQL playground never pays
		// for it).
		return false
	case strings.HasSuffix(name, ".gz"), strings.HasSuffix(name, ".br"):
		return false
	}
	return true
}

// scan lists and hashes the precached files of fsys, in path order, and
// derives the version from them.
func scan(fsys fs.FS) (build, error) {
	var b build
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name != "." && (strings.HasPrefix(d.Name(), ".") || name == "zoneinfo") {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !precached(name) {
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		b.Files = append(b.Files, entry{Path: name, Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])})
		return nil
	})
	if err != nil {
		return build{}, err
	}
	if len(b.Files) == 0 {
		return build{}, errors.New("no files to precache: build the playground first")
	}
	sort.Slice(b.Files, func(i, j int) bool { return b.Files[i].Path < b.Files[j].Path })
	h := sha256.New()
	for _, e := range b.Files {
		fmt.Fprintf(h, "%s\x00%s\n", e.Path, e.SHA256)
	}
	b.Version = hex.EncodeToString(h.Sum(nil))[:16]
	return b, nil
}

// render replaces the template's one marker with b as a JavaScript object.
func render(tmpl []byte, b build) ([]byte, error) {
	if n := bytes.Count(tmpl, []byte(marker)); n != 1 {
		return nil, fmt.Errorf("the template must hold %s once, not %d times", marker, n)
	}
	js, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	return bytes.Replace(tmpl, []byte(marker), js, 1), nil
}

// writeIfChanged writes data to name unless name already holds it, so that
// a second build changes nothing (and the server's ETags stay).
func writeIfChanged(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return err
	}
	fmt.Printf("  wrote %s\n", path.Clean(filepath.ToSlash(name)))
	return nil
}

// The icon, in the 512-unit coordinates of static/icon.svg: a dark rounded
// square with the accent-coloured play triangle of the page's logo.
var (
	iconBackground = color.NRGBA{0x1d, 0x23, 0x30, 0xff}
	iconTriangle   = color.NRGBA{0xe6, 0x52, 0x6f, 0xff}
	iconRadius     = 96.0
	iconPoints     = [3][2]float64{{192, 144}, {192, 368}, {384, 256}}
)

// drawIcon renders the icon at size×size pixels, antialiased by sampling
// each pixel on a 4×4 grid.
func drawIcon(size int) *image.NRGBA {
	const grid = 4
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := 512 / float64(size)
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			// Premultiplied sums over the samples.
			var r, g, b, a float64
			for sy := 0; sy < grid; sy++ {
				for sx := 0; sx < grid; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/grid) * scale
					y := (float64(py) + (float64(sy)+0.5)/grid) * scale
					var c color.NRGBA
					switch {
					case inTriangle(x, y):
						c = iconTriangle
					case inRoundedSquare(x, y):
						c = iconBackground
					default:
						continue
					}
					r += float64(c.R)
					g += float64(c.G)
					b += float64(c.B)
					a++
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{
				R: uint8(r/a + 0.5), G: uint8(g/a + 0.5), B: uint8(b/a + 0.5),
				A: uint8(a*255/(grid*grid) + 0.5),
			})
		}
	}
	return img
}

// inRoundedSquare reports whether (x, y) lies in the 512-unit square with
// corners rounded by iconRadius.
func inRoundedSquare(x, y float64) bool {
	if x < 0 || y < 0 || x > 512 || y > 512 {
		return false
	}
	cx := min(max(x, iconRadius), 512-iconRadius)
	cy := min(max(y, iconRadius), 512-iconRadius)
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= iconRadius*iconRadius
}

// inTriangle reports whether (x, y) lies in the play triangle: on the same
// side of all three edges.
func inTriangle(x, y float64) bool {
	var neg, pos bool
	for i := range 3 {
		a, b := iconPoints[i], iconPoints[(i+1)%3]
		cross := (b[0]-a[0])*(y-a[1]) - (b[1]-a[1])*(x-a[0])
		neg = neg || cross < 0
		pos = pos || cross > 0
	}
	return !(neg && pos)
}

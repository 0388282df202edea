// Package server serves the playground's built assets over HTTP: index.html
// at /, the right content types for wasm, JavaScript and CSS, precompressed
// .br and .gz variants chosen by Accept-Encoding, and ETags with
// "Cache-Control: no-cache" because the file names carry no content hash.
package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// contentTypes maps file extensions to their Content-Type; anything else is
// served as application/octet-stream.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".wasm":        "application/wasm",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".map":         "application/json",
}

// encodings are the precompressed variants, most preferred first.
var encodings = []struct{ name, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// Handler serves the files of an fs.FS.
type Handler struct {
	fsys fs.FS

	mu    sync.Mutex
	cache map[string]*file
}

// file is a file's content and ETag, read once.
type file struct {
	data    []byte
	etag    string
	modTime time.Time
	size    int64
}

// New returns a Handler serving fsys, rooted at "/".
func New(fsys fs.FS) *Handler {
	return &Handler{fsys: fsys, cache: map[string]*file{}}
}

// ServeHTTP serves GET and HEAD requests for files; directories, dotfiles
// and missing files are 404 (there are no directory listings).
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	if strings.HasSuffix(r.URL.Path, "/") && r.URL.Path != "/" || hidden(name) {
		http.NotFound(w, r)
		return
	}
	base, ok := h.load(name)
	if !ok {
		http.NotFound(w, r)
		return
	}
	hdr := w.Header()
	ctype, known := contentTypes[path.Ext(name)]
	if !known {
		ctype = "application/octet-stream"
	}
	hdr.Set("Content-Type", ctype)
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("X-Content-Type-Options", "nosniff")
	served := base
	if h.hasVariants(name) {
		hdr.Add("Vary", "Accept-Encoding")
		for _, enc := range encodings {
			if !accepts(r.Header.Get("Accept-Encoding"), enc.name) {
				continue
			}
			if v, ok := h.load(name + enc.ext); ok {
				hdr.Set("Content-Encoding", enc.name)
				served = v
				break
			}
		}
	}
	hdr.Set("ETag", served.etag)
	http.ServeContent(w, r, name, served.modTime, bytes.NewReader(served.data))
}

// hidden reports whether any element of name starts with a dot.
func hidden(name string) bool {
	for _, el := range strings.Split(name, "/") {
		if strings.HasPrefix(el, ".") {
			return true
		}
	}
	return false
}

// hasVariants reports whether name has a precompressed variant.
func (h *Handler) hasVariants(name string) bool {
	for _, enc := range encodings {
		if _, err := fs.Stat(h.fsys, name+enc.ext); err == nil {
			return true
		}
	}
	return false
}

// load returns the regular file name, from the cache unless it changed.
func (h *Handler) load(name string) (*file, bool) {
	info, err := fs.Stat(h.fsys, name)
	if err != nil || !info.Mode().IsRegular() {
		return nil, false
	}
	h.mu.Lock()
	f := h.cache[name]
	h.mu.Unlock()
	if f != nil && f.size == info.Size() && f.modTime.Equal(info.ModTime()) {
		return f, true
	}
	data, err := fs.ReadFile(h.fsys, name)
	if err != nil {
		return nil, false
	}
	sum := sha256.Sum256(data)
	f = &file{data: data, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, modTime: info.ModTime(), size: info.Size()}
	h.mu.Lock()
	h.cache[name] = f
	h.mu.Unlock()
	return f, true
}

// accepts reports whether an Accept-Encoding header allows coding: listed
// (or "*") with a q-value above zero.
func accepts(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != coding && name != "*" {
			continue
		}
		ok := true
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(k, "q") {
				q, err := strconv.ParseFloat(v, 64)
				ok = err == nil && q > 0
			}
		}
		if name == coding {
			return ok
		}
		star = ok
	}
	return star
}

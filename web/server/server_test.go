package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func testFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                       {Data: []byte("<!doctype html><title>p</title>")},
		"app.css":                          {Data: []byte("body{}")},
		"editor.js":                        {Data: []byte("window.x=1")},
		"app.wasm":                         {Data: []byte("\x00asm-raw")},
		"app.wasm.gz":                      {Data: []byte("gzipped")},
		"app.wasm.br":                      {Data: []byte("brotlied")},
		"engine.wasm":                      {Data: []byte("\x00asm-engine")},
		"engine.wasm.gz":                   {Data: []byte("engine-gz")},
		".keep":                            {Data: nil},
		"sub/inner.txt":                    {Data: []byte("inner")},
		"blob.bin":                         {Data: []byte{1, 2, 3}},
		"zoneinfo/America/Argentina/Salta": {Data: []byte("TZif2")},
	}
}

func TestServe(t *testing.T) {
	tests := []struct {
		name     string
		method   string
		path     string
		accept   string
		wantCode int
		wantType string
		wantEnc  string
		wantBody string
		wantVary bool
	}{
		{name: "root is index.html", path: "/", wantCode: 200, wantType: "text/html; charset=utf-8", wantBody: "<!doctype html><title>p</title>"},
		{name: "css", path: "/app.css", wantCode: 200, wantType: "text/css; charset=utf-8", wantBody: "body{}"},
		{name: "javascript", path: "/editor.js", wantCode: 200, wantType: "text/javascript; charset=utf-8", wantBody: "window.x=1"},
		{name: "wasm raw", path: "/app.wasm", wantCode: 200, wantType: "application/wasm", wantBody: "\x00asm-raw", wantVary: true},
		{name: "wasm brotli", path: "/app.wasm", accept: "gzip, deflate, br, zstd", wantCode: 200, wantType: "application/wasm", wantEnc: "br", wantBody: "brotlied", wantVary: true},
		{name: "wasm gzip", path: "/app.wasm", accept: "gzip", wantCode: 200, wantType: "application/wasm", wantEnc: "gzip", wantBody: "gzipped", wantVary: true},
		{name: "brotli refused by q=0", path: "/app.wasm", accept: "br;q=0, gzip", wantCode: 200, wantType: "application/wasm", wantEnc: "gzip", wantBody: "gzipped", wantVary: true},
		{name: "star accepts", path: "/app.wasm", accept: "*", wantCode: 200, wantType: "application/wasm", wantEnc: "br", wantBody: "brotlied", wantVary: true},
		{name: "no brotli variant falls back to gzip", path: "/engine.wasm", accept: "br, gzip", wantCode: 200, wantType: "application/wasm", wantEnc: "gzip", wantBody: "engine-gz", wantVary: true},
		{name: "unknown type", path: "/blob.bin", wantCode: 200, wantType: "application/octet-stream", wantBody: "\x01\x02\x03"},
		{name: "nested file", path: "/sub/inner.txt", wantCode: 200, wantType: "text/plain; charset=utf-8", wantBody: "inner"},
		{name: "zone file", path: "/zoneinfo/America/Argentina/Salta", accept: "br, gzip", wantCode: 200, wantType: "application/octet-stream", wantBody: "TZif2"},
		{name: "unknown zone", path: "/zoneinfo/Nowhere/Land", wantCode: 404},
		{name: "missing", path: "/nope.js", wantCode: 404},
		{name: "directory is not listed", path: "/sub/", wantCode: 404},
		{name: "directory without slash", path: "/sub", wantCode: 404},
		{name: "dotfile", path: "/.keep", wantCode: 404},
		{name: "escape attempt", path: "/../index.html", wantCode: 200, wantType: "text/html; charset=utf-8", wantBody: "<!doctype html><title>p</title>"},
		{name: "post refused", method: "POST", path: "/", wantCode: 405},
		{name: "head", method: "HEAD", path: "/app.css", wantCode: 200, wantType: "text/css; charset=utf-8"},
	}
	h := New(testFS())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = "GET"
			}
			req := httptest.NewRequest(method, "http://x"+tt.path, nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != tt.wantCode {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.wantCode)
			}
			if tt.wantCode != 200 {
				return
			}
			if got := res.Header.Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type %q, want %q", got, tt.wantType)
			}
			if got := res.Header.Get("Content-Encoding"); got != tt.wantEnc {
				t.Errorf("Content-Encoding %q, want %q", got, tt.wantEnc)
			}
			if got := res.Header.Get("Vary") == "Accept-Encoding"; got != tt.wantVary {
				t.Errorf("Vary %q, want Accept-Encoding: %v", res.Header.Get("Vary"), tt.wantVary)
			}
			if got := res.Header.Get("Cache-Control"); got != "no-cache" {
				t.Errorf("Cache-Control %q, want no-cache", got)
			}
			if res.Header.Get("ETag") == "" {
				t.Error("no ETag")
			}
			if method == "GET" && rec.Body.String() != tt.wantBody {
				t.Errorf("body %q, want %q", rec.Body.String(), tt.wantBody)
			}
		})
	}
}

func TestETag(t *testing.T) {
	h := New(testFS())
	get := func(accept, ifNoneMatch string) *http.Response {
		req := httptest.NewRequest("GET", "http://x/app.wasm", nil)
		req.Header.Set("Accept-Encoding", accept)
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	br, raw := get("br", ""), get("", "")
	if br.Header.Get("ETag") == raw.Header.Get("ETag") {
		t.Errorf("brotli and raw variants share the ETag %s", br.Header.Get("ETag"))
	}
	tests := []struct {
		name   string
		accept string
		etag   string
		want   int
	}{
		{"same variant revalidates", "br", br.Header.Get("ETag"), http.StatusNotModified},
		{"other variant's tag is stale", "", br.Header.Get("ETag"), http.StatusOK},
		{"unknown tag", "br", `"nope"`, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := get(tt.accept, tt.etag).StatusCode; got != tt.want {
				t.Errorf("status %d, want %d", got, tt.want)
			}
		})
	}
}

func TestAccepts(t *testing.T) {
	tests := []struct {
		name, header, coding string
		want                 bool
	}{
		{"empty", "", "br", false},
		{"listed", "gzip, br", "br", true},
		{"case", "BR", "br", true},
		{"q zero", "br;q=0", "br", false},
		{"q positive", "br;q=0.5", "br", true},
		{"star", "*", "gzip", true},
		{"star but refused", "*, gzip;q=0", "gzip", false},
		{"bad q", "br;q=x", "br", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := accepts(tt.header, tt.coding); got != tt.want {
				t.Errorf("accepts(%q, %q) = %v", tt.header, tt.coding, got)
			}
		})
	}
}

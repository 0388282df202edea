package main

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

func TestServeUnbuilt(t *testing.T) {
	defer func(f func() fs.FS) { serveFiles = f }(serveFiles)
	serveFiles = func() fs.FS { return fstest.MapFS{".keep": {}} }
	var stdout, stderr bytes.Buffer
	code := run([]string{"serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitFailed {
		t.Errorf("exit %d, want %d", code, exitFailed)
	}
	if !strings.Contains(stderr.String(), "make web") {
		t.Errorf("stderr does not say how to build: %q", stderr.String())
	}
}

func TestServeHelp(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"flag", []string{"serve", "--help"}},
		{"help command", []string{"help", "serve"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tt.args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr.String())
			}
			for _, want := range []string{"Usage: flinkplay serve", "-addr", "127.0.0.1:8080", "make web"} {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("help lacks %q:\n%s", want, stdout.String())
				}
			}
		})
	}
}

func TestServeBadArgs(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"serve", "extra"}, strings.NewReader(""), &stdout, &stderr); code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
}

func TestServeServes(t *testing.T) {
	defer func(f func() fs.FS) { serveFiles = f }(serveFiles)
	defer func() { serveListening = nil }()
	serveFiles = func() fs.FS {
		return fstest.MapFS{
			"index.html":  {Data: []byte("<!doctype html>playground")},
			"app.wasm":    {Data: []byte("\x00asm")},
			"engine.wasm": {Data: []byte("\x00asm")},
		}
	}
	addrs := make(chan string, 1)
	serveListening = func(addr string) { addrs <- addr }
	interrupts := make(chan os.Signal, 1)
	var stdout, stderr bytes.Buffer
	a := newApp(strings.NewReader(""), &stdout, &stderr)
	a.interrupts = interrupts
	done := make(chan int, 1)
	go func() { done <- a.run([]string{"serve", "--addr", "127.0.0.1:0"}) }()
	addr := <-addrs
	tests := []struct {
		name, path, wantType, wantBody string
	}{
		{"index", "/", "text/html; charset=utf-8", "<!doctype html>playground"},
		{"wasm", "/app.wasm", "application/wasm", "\x00asm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := http.Get("http://" + addr + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.Header.Get("Content-Type") != tt.wantType || string(body) != tt.wantBody {
				t.Errorf("got %q %q, want %q %q", res.Header.Get("Content-Type"), body, tt.wantType, tt.wantBody)
			}
		})
	}
	interrupts <- os.Interrupt
	if code := <-done; code != exitOK {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "http://"+addr+"/") {
		t.Errorf("stdout does not name the address: %q", stdout.String())
	}
}

package main

import (
	"bytes"
	"io"
	"io/fs"
	"net"
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
			if stderr.Len() > 0 || strings.Count(stdout.String(), "Usage:") != 1 {
				t.Errorf("help must go to stdout once; stdout %q, stderr %q", stdout.String(), stderr.String())
			}
			for _, want := range []string{"Usage: flinkplay serve", "-addr", "127.0.0.1:8080", "make web", "--addr 0.0.0.0:8080", "localhost", "docs/offline.md"} {
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

func TestLANURLs(t *testing.T) {
	ifaces := func() ([]net.Addr, error) {
		return []net.Addr{
			&net.IPNet{IP: net.ParseIP("127.0.0.1"), Mask: net.CIDRMask(8, 32)},
			&net.IPNet{IP: net.ParseIP("192.168.1.20").To4(), Mask: net.CIDRMask(24, 32)},
			&net.IPNet{IP: net.ParseIP("fe80::1"), Mask: net.CIDRMask(64, 128)},
			&net.IPNet{IP: net.ParseIP("169.254.3.4").To4(), Mask: net.CIDRMask(16, 32)},
			&net.IPNet{IP: net.ParseIP("10.0.0.7").To4(), Mask: net.CIDRMask(8, 32)},
		}, nil
	}
	tests := []struct {
		name string
		addr net.Addr
		want string
	}{
		{"all IPv4 interfaces", &net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "http://192.168.1.20:8080/ http://10.0.0.7:8080/"},
		{"all interfaces", &net.TCPAddr{IP: net.IPv6unspecified, Port: 9000}, "http://192.168.1.20:9000/ http://10.0.0.7:9000/"},
		{"loopback only", &net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8080}, ""},
		{"one LAN address", &net.TCPAddr{IP: net.ParseIP("192.168.1.20"), Port: 8080}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Join(lanURLs(tt.addr, ifaces), " "); got != tt.want {
				t.Errorf("lanURLs = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestServeLAN listens on every interface, as in a classroom, and names
// the addresses students open.
func TestServeLAN(t *testing.T) {
	defer func(f func() fs.FS) { serveFiles = f }(serveFiles)
	defer func(f func() ([]net.Addr, error)) { serveInterfaceAddrs = f }(serveInterfaceAddrs)
	defer func() { serveListening = nil }()
	serveFiles = func() fs.FS {
		return fstest.MapFS{
			"index.html":  {Data: []byte("<!doctype html>playground")},
			"app.wasm":    {Data: []byte("\x00asm")},
			"engine.wasm": {Data: []byte("\x00asm")},
		}
	}
	serveInterfaceAddrs = func() ([]net.Addr, error) {
		return []net.Addr{&net.IPNet{IP: net.ParseIP("192.168.1.20").To4(), Mask: net.CIDRMask(24, 32)}}, nil
	}
	addrs := make(chan string, 1)
	serveListening = func(addr string) { addrs <- addr }
	interrupts := make(chan os.Signal, 1)
	var stdout, stderr bytes.Buffer
	a := newApp(strings.NewReader(""), &stdout, &stderr)
	a.interrupts = interrupts
	done := make(chan int, 1)
	go func() { done <- a.run([]string{"serve", "--addr", "0.0.0.0:0"}) }()
	addr := <-addrs
	_, port, _ := net.SplitHostPort(addr)
	res, err := http.Get("http://127.0.0.1:" + port + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	interrupts <- os.Interrupt
	if code := <-done; code != exitOK {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET / on 0.0.0.0: status %d", res.StatusCode)
	}
	if want := "On this network, open http://192.168.1.20:" + port + "/"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
	}
}

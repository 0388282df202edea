package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/web/dist"
	"github.com/flinkplay/flinkplay/web/server"
)

// serveUsage is the help of `flinkplay serve`.
const serveUsage = `Usage: flinkplay serve [--addr host:port]

Serves the browser playground: the page, its CodeMirror editor and the two
WebAssembly programs (the Vugu UI and the engine, which runs in a Web Worker),
all embedded in this binary. Nothing is fetched from the network, and every
query runs in the browser tab, not in this process. Ctrl-C stops the server.

The assets are embedded at build time: build them first with "make web"
(or use "make run", which builds and serves).

In a classroom, copy the binary to one machine and serve the local network:

  ./flinkplay serve --addr 0.0.0.0:8080

then open http://<that machine's address>:8080/ on every computer. After one
visit a browser keeps the playground for offline use (a service worker), but
browsers allow that only on https or on http://localhost and 127.0.0.1: over
plain http on a LAN address the playground works while the server runs, and
is not kept offline. See docs/offline.md.

Flags:
`

// serveFiles returns the files to serve; tests replace it.
var serveFiles = dist.Files

// serveInterfaceAddrs lists this machine's addresses; tests replace it.
var serveInterfaceAddrs = net.InterfaceAddrs

// lanURLs returns the URLs other machines use when the server listens on
// every interface (0.0.0.0 or ::), which "http://0.0.0.0:8080/" does not
// tell a student: one per non-loopback IPv4 address. Otherwise none.
func lanURLs(addr net.Addr, interfaceAddrs func() ([]net.Addr, error)) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return nil
	}
	addrs, err := interfaceAddrs()
	if err != nil {
		return nil
	}
	var urls []string
	for _, a := range addrs {
		ipnet, ok := a.(*net.IPNet)
		if !ok || ipnet.IP.IsLoopback() || ipnet.IP.To4() == nil || ipnet.IP.IsLinkLocalUnicast() {
			continue
		}
		urls = append(urls, "http://"+net.JoinHostPort(ipnet.IP.String(), strconv.Itoa(tcp.Port))+"/")
	}
	return urls
}

// serveListening, when set, learns the address the server listens on.
var serveListening func(addr string)

func (a *app) runServe(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port` (port 0 picks a free port)")
	usage := func() {
		fmt.Fprint(fs.Output(), serveUsage)
		fs.PrintDefaults()
	}
	// Parse prints the usage itself on --help, to stderr; help that was
	// asked for goes to stdout only, once.
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(a.stdout)
			usage()
			return exitOK
		}
		usage()
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(a.stderr, "flinkplay serve: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	files := serveFiles()
	if !dist.Built(files) {
		fmt.Fprint(a.stderr, "flinkplay serve: this binary has no playground build embedded.\n"+
			"Build the web assets first with \"make web\" and rebuild, or run \"make run\".\n")
		return exitFailed
	}
	return a.serve(*addr, files)
}

// serve serves files on addr until an interrupt arrives.
func (a *app) serve(addr string, files fs.FS) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(a.stderr, "flinkplay serve: %v\n", err)
		return exitFailed
	}
	srv := &http.Server{
		Handler:           server.New(files),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Fprintf(a.stdout, "Serving the Flink SQL Playground on http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	if urls := lanURLs(ln.Addr(), serveInterfaceAddrs); len(urls) > 0 {
		fmt.Fprintf(a.stdout, "On this network, open %s\n", strings.Join(urls, " or "))
	}
	if serveListening != nil {
		serveListening(ln.Addr().String())
	}
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(ln) }()
	select {
	case err := <-failed:
		fmt.Fprintf(a.stderr, "flinkplay serve: %v\n", err)
		return exitFailed
	case <-a.interrupts:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
	return exitOK
}

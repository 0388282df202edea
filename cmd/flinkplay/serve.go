package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
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

Flags:
`

// serveFiles returns the files to serve; tests replace it.
var serveFiles = dist.Files

// serveListening, when set, learns the address the server listens on.
var serveListening func(addr string)

func (a *app) runServe(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port` (port 0 picks a free port)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), serveUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(a.stdout)
			fs.Usage()
			return exitOK
		}
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

// Command stage copies the playground's build (web/dist/files) into the
// Cloudflare Worker's static-asset directory and writes its _headers file.
//
//	go run ./wasm/worker/stage web/dist/files wasm/worker/build/assets
//
// The precompressed .br and .gz copies stay behind: Cloudflare compresses
// assets itself, by what the browser accepts, and an asset named app.wasm.br
// would only be served as a file of that name. Every HTML page gets its own
// Content-Security-Policy, with the hashes of its inline scripts computed
// from the page itself, so a page edit never needs a policy edit.
package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/flinkplay/flinkplay/wasm/worker/api"
)

// Cloudflare's limits for Workers static assets.
const (
	maxAssetBytes = 25 << 20
	maxAssets     = 20_000
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: stage <playground build dir> <asset dir>")
		os.Exit(2)
	}
	n, err := stage(os.Args[1], os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "stage:", err)
		os.Exit(1)
	}
	fmt.Printf("  staged %d assets and _headers into %s\n", n, os.Args[2])
}

// skipped reports whether a file of the build is not an asset.
func skipped(name string) bool {
	base := filepath.Base(name)
	return strings.HasPrefix(base, ".") || strings.HasSuffix(base, ".br") || strings.HasSuffix(base, ".gz")
}

// stage replaces dst with the assets of src and returns how many it copied.
func stage(src, dst string) (int, error) {
	if _, err := os.Stat(filepath.Join(src, "index.html")); err != nil {
		return 0, fmt.Errorf("%s has no index.html: build the playground first (make web)", src)
	}
	if err := os.RemoveAll(dst); err != nil {
		return 0, err
	}
	pages := map[string]string{}
	n := 0
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if rel != "." && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if skipped(rel) || !d.Type().IsRegular() {
			return nil
		}
		if rel == "_headers" || rel == "_redirects" {
			return fmt.Errorf("%s: the build must not hold Cloudflare's %s; stage writes it", path, rel)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() > maxAssetBytes {
			return fmt.Errorf("%s has %d bytes; Cloudflare serves assets of at most %d", path, info.Size(), maxAssetBytes)
		}
		if n++; n > maxAssets {
			return fmt.Errorf("more than %d files; Cloudflare serves at most that many assets", maxAssets)
		}
		if strings.HasSuffix(rel, ".html") {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			pages[filepath.ToSlash(rel)] = string(b)
		}
		return copyFile(path, filepath.Join(dst, rel))
	})
	if err != nil {
		return 0, err
	}
	headers := api.HeadersFile(pages)
	if err := checkHeaders(headers); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dst, "_headers"), []byte(headers), 0o644); err != nil {
		return 0, err
	}
	return n, nil
}

// checkHeaders enforces Cloudflare's limits on _headers: at most 100
// rules, lines of at most 2,000 characters. Past them Cloudflare drops
// rules, and a page would go out without its policy.
func checkHeaders(f string) error {
	rules := 0
	for _, line := range strings.Split(f, "\n") {
		if len(line) > 2000 {
			return fmt.Errorf("_headers: a line of %d characters; Cloudflare takes at most 2000: %.80s...", len(line), line)
		}
		if line != "" && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "#") {
			rules++
		}
	}
	if rules > 100 {
		return fmt.Errorf("_headers: %d rules; Cloudflare takes at most 100", rules)
	}
	return nil
}

func copyFile(from, to string) (err error) {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, out.Close()) }()
	_, err = io.Copy(out, in)
	return err
}

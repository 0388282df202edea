// Command zoneinfo extracts Go's zone database, $GOROOT/lib/time/zoneinfo.zip,
// into a directory of TZif files named by zone (Asia/Tokyo, ...), which the
// browser engine fetches on demand instead of embedding time/tzdata.
// Files that already hold the same bytes are left alone, so a second run
// changes nothing.
//
// Usage: go run ./scripts/zoneinfo ZIP DIR
package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: zoneinfo ZIP DIR")
		os.Exit(2)
	}
	n, err := extract(os.Args[1], os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "zoneinfo:", err)
		os.Exit(1)
	}
	if n > 0 {
		fmt.Printf("  wrote %d zone files in %s\n", n, os.Args[2])
	}
}

// extract writes the zip's regular files under dir and returns how many
// it wrote.
func extract(zipPath, dir string) (int, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return 0, err
	}
	defer zr.Close()
	wrote := 0
	for _, f := range zr.File {
		name := path.Clean(f.Name)
		if f.FileInfo().IsDir() || strings.HasPrefix(name, "..") || strings.HasPrefix(name, "/") {
			continue
		}
		data, err := read(f)
		if err != nil {
			return wrote, err
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, data) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return wrote, err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return wrote, err
		}
		wrote++
	}
	return wrote, nil
}

func read(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

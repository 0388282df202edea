// Package dist holds the playground's built web assets, embedded so that
// `flinkplay serve` works from a single binary with no network. The files
// are written by scripts/build-web.sh (`make web`); on a fresh clone only
// files/.keep exists and Built reports false.
package dist

import (
	"embed"
	"io/fs"
)

//go:embed all:files
var files embed.FS

// Files returns the built assets, rooted at the build output directory.
func Files() fs.FS {
	sub, err := fs.Sub(files, "files")
	if err != nil {
		// fs.Sub fails only for an invalid path; "files" is valid.
		return files
	}
	return sub
}

// Built reports whether fsys holds a playground build (its index.html and
// app.wasm), as opposed to the empty placeholder of a fresh clone.
func Built(fsys fs.FS) bool {
	for _, name := range []string{"index.html", "app.wasm", "engine.wasm"} {
		if _, err := fs.Stat(fsys, name); err != nil {
			return false
		}
	}
	return true
}

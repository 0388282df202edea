package main

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/web/dist"
)

// installFakerData hands the 'faker' connector its data families (Ruby
// Faker's word lists, which the build writes with scripts/fakerdata): from
// $FLINKPLAY_FAKER_DATA, else a faker-data folder next to the executable,
// else the build's own copies under the current folder (web/dist/files/faker
// after make web, .cache/fakerdata/json after make faker-data), else the
// copy embedded with the page (make build). Without
// them, the families the playground implements itself still work, and a
// data family (#{harry_potter.spells}) fails as an unknown one.
func installFakerData() {
	var dirs []string
	if d := os.Getenv("FLINKPLAY_FAKER_DATA"); d != "" {
		dirs = append(dirs, d)
	}
	if exe, err := os.Executable(); err == nil {
		dirs = append(dirs, filepath.Join(filepath.Dir(exe), "faker-data"))
	}
	dirs = append(dirs, filepath.Join("web", "dist", "files", "faker"), filepath.Join(".cache", "fakerdata", "json"))
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "families.json")); err == nil {
			engine.SetFakerData(engine.FakerDataFS(os.DirFS(d)))
			return
		}
	}
	if sub, err := fs.Sub(dist.Files(), "faker"); err == nil {
		if _, err := fs.Stat(sub, "families.json"); err == nil {
			engine.SetFakerData(engine.FakerDataFS(sub))
		}
	}
}

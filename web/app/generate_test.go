package app

import (
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vugu/vugu/gen"
)

// TestGeneratedCodeIsFresh regenerates the Vugu code into a scratch
// directory and compares it with the committed 0_components_gen.go, which
// is committed so that `go vet ./...` works on a fresh clone.
func TestGeneratedCodeIsFresh(t *testing.T) {
	dir := t.TempDir()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasSuffix(name, "_gen.go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if !strings.HasSuffix(name, ".vugu") && !strings.HasSuffix(name, ".go") {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := &gen.ParserGoPkgOpts{SkipGoMod: true, SkipMainGo: true, MergeSingle: true}
	if err := gen.Run(dir, opts); err != nil {
		t.Fatalf("vugugen: %v", err)
	}
	const name = "0_components_gen.go"
	raw, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	// go:generate formats the file, since vugugen's output is not gofmt-clean.
	want, err := format.Source(raw)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is stale: run `go generate ./web/app` (or `make web`) and commit it", name)
	}
}

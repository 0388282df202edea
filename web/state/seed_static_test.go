package state

import (
	"os"
	"strings"
	"testing"
)

// index.html mounts the editor before app.wasm runs, with the seed example
// as its text when nothing is saved: it must be SeedSQL.
func TestIndexHTMLSeed(t *testing.T) {
	b, err := os.ReadFile("../../static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	const open = `<script type="text/plain" id="seed-sql">`
	html := string(b)
	i := strings.Index(html, open)
	if i < 0 {
		t.Fatalf("no %s in static/index.html", open)
	}
	rest := html[i+len(open):]
	j := strings.Index(rest, "</script>")
	if j < 0 || rest[:j] != SeedSQL {
		t.Errorf("#seed-sql in static/index.html is %q, want SeedSQL %q", rest[:max(j, 0)], SeedSQL)
	}
}

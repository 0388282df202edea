package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/flinkplay/flinkplay/engine/connector/faker"
)

// TestMain installs the faker connector's data families (make faker-data
// writes them; make test-native names them in FLINKPLAY_FAKER_DATA) so
// that testdata/fakerdata runs. Without them those files are skipped,
// unless FLINKPLAY_FAKER_DATA names a folder that lacks them.
func TestMain(m *testing.M) {
	dir := os.Getenv("FLINKPLAY_FAKER_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", ".cache", "fakerdata", "json")
	}
	if _, err := os.Stat(filepath.Join(dir, "families.json")); err == nil {
		faker.SetData(faker.FSLoader(os.DirFS(dir)))
	} else if os.Getenv("FLINKPLAY_FAKER_DATA") != "" {
		fmt.Fprintf(os.Stderr, "FLINKPLAY_FAKER_DATA=%s holds no faker data families (make faker-data writes them)\n", dir)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// needsFakerData skips a test of the data families when they are absent.
func needsFakerData(t *testing.T) {
	if !faker.HasData() {
		t.Skip("no faker data families: run make faker-data (or make test-native)")
	}
}

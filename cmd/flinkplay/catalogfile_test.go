package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCatalogFileKeepsPlaygroundCatalogs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "catalog.json")
	runCLI := func(script string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := run([]string{"sql", "--catalog-file", path, "-e", script}, strings.NewReader(""), &out, &errOut)
		return out.String(), errOut.String(), code
	}
	if out, errOut, code := runCLI("CREATE CATALOG pg WITH ('type' = 'playground'); " +
		"CREATE TABLE pg.`default`.t (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')"); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code := runCLI("SHOW TABLES IN pg.`default`")
	if code != 0 || !strings.Contains(out, "|          t |") || errOut != "" {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}

	// A corrupt entry is reported on stderr and skipped; the others stay.
	b, _ := os.ReadFile(path)
	b = bytes.Replace(b, []byte(`"entries": {`), []byte(`"entries": {"object/pg/default/bad": {"kind": 7},`), 1)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = runCLI("SHOW TABLES IN pg.`default`")
	if code != 0 || !strings.Contains(out, "|          t |") {
		t.Fatalf("exit %d\nstdout:\n%s", code, out)
	}
	if !strings.HasPrefix(errOut, `[WARNING] Skipped the stored entry "object/pg/default/bad"`) {
		t.Errorf("stderr: %q", errOut)
	}
	if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte(`"kind": 7`)) {
		t.Errorf("the corrupt entry was dropped from the file:\n%s", b)
	}

	// Without the flag a playground catalog cannot be made.
	var o, e bytes.Buffer
	run([]string{"sql", "-e", "CREATE CATALOG pg WITH ('type' = 'playground')"}, strings.NewReader(""), &o, &e)
	if !strings.Contains(o.String(), "--catalog-file PATH") {
		t.Errorf("without --catalog-file: %s", o.String())
	}

	// A file that is not a catalog file is refused, untouched.
	if err := os.WriteFile(path, []byte("nope"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runCLI("SELECT 1")
	if code != exitUsage || !strings.Contains(errOut, "--catalog-file") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

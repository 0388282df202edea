package storage

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

func writeFile(t *testing.T, fs vfs.FS, p, data string) error {
	t.Helper()
	w, err := fs.Create(p)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, data); err != nil {
		return err
	}
	return w.Close()
}

func readFile(t *testing.T, fs vfs.FS, p string) string {
	t.Helper()
	r, err := fs.Open(p)
	if err != nil {
		t.Fatalf("open %s: %v", p, err)
	}
	defer r.Close()
	b, _ := io.ReadAll(r)
	return string(b)
}

func TestFSSurvivesReload(t *testing.T) {
	kv := NewMemKV()
	fs, warns := LoadFS(kv, 0)
	if len(warns) > 0 {
		t.Fatal(warns)
	}
	fs.Now = func() time.Time { return time.UnixMilli(1700000000123) }
	if err := fs.MkdirAll("/data/in"); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(t, fs, "/data/in/.part-0.inprogress", "a,b\n1,2\n"); err != nil {
		t.Fatal(err)
	}
	if err := fs.Rename("/data/in/.part-0.inprogress", "/data/in/part-0.csv"); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(t, fs, "/data/gone.txt", "x"); err != nil {
		t.Fatal(err)
	}
	if err := fs.Remove("/data/gone.txt"); err != nil {
		t.Fatal(err)
	}
	if err := fs.MkdirAll("/empty"); err != nil {
		t.Fatal(err)
	}

	// A corrupt entry is reported and skipped, never removed.
	kv.Buckets[BucketFiles]["/broken"] = []byte{1, 2}
	kv.Buckets[BucketFiles]["relative"] = encodeEntry(kindFile, time.Now(), []byte("x"))

	again, warns := LoadFS(kv, 0)
	if len(warns) != 2 || !strings.Contains(warns[0], `"/broken"`) || !strings.Contains(warns[1], `"relative"`) {
		t.Errorf("warnings: %q", warns)
	}
	if got := readFile(t, again, "/data/in/part-0.csv"); got != "a,b\n1,2\n" {
		t.Errorf("content after reload: %q", got)
	}
	st, err := again.Stat("/data/in/part-0.csv")
	if err != nil || st.ModTime.UnixMilli() != 1700000000123 {
		t.Errorf("stat after reload: %+v %v", st, err)
	}
	for _, p := range []string{"/data/gone.txt", "/data/in/.part-0.inprogress"} {
		if _, err := again.Stat(p); !errors.Is(err, vfs.ErrNotExist) {
			t.Errorf("%s survived: %v", p, err)
		}
	}
	if st, err := again.Stat("/empty"); err != nil || !st.IsDir {
		t.Errorf("/empty: %+v %v", st, err)
	}
	if _, ok := kv.Buckets[BucketFiles]["/broken"]; !ok {
		t.Error("the corrupt entry was deleted")
	}
}

func TestFSQuota(t *testing.T) {
	kv := NewMemKV()
	kv.Quota = 100
	fs, _ := LoadFS(kv, 0)
	if err := writeFile(t, fs, "/small", "ok"); err != nil {
		t.Fatal(err)
	}
	err := writeFile(t, fs, "/big", strings.Repeat("x", 200))
	if !errors.Is(err, vfs.ErrQuota) {
		t.Fatalf("err = %v, want ErrQuota", err)
	}
	// What the storage refused is not listed either.
	if _, err := fs.Stat("/big"); !errors.Is(err, vfs.ErrNotExist) {
		t.Errorf("/big is listed after the storage refused it: %v", err)
	}
	again, _ := LoadFS(kv, 0)
	if got := readFile(t, again, "/small"); got != "ok" {
		t.Errorf("/small = %q", got)
	}
}

func TestCatalogStoreInSessions(t *testing.T) {
	kv := NewMemKV()
	st := NewCatalogStore(kv)
	s := engine.NewSession(engine.Config{CatalogStore: st})
	ctx := t.Context()
	for _, q := range []string{
		"CREATE CATALOG pg WITH ('type' = 'playground')",
		"CREATE TABLE pg.`default`.t (x INT) WITH ('connector' = 'datagen')",
	} {
		if _, err := s.Execute(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	// A new page load reads the storage again.
	s2 := engine.NewSession(engine.Config{CatalogStore: NewCatalogStore(kv)})
	if _, err := s2.Execute(ctx, "DESCRIBE pg.`default`.t"); err != nil {
		t.Fatalf("the table did not survive: %v", err)
	}
	kv.Quota = 1
	if _, err := s2.Execute(ctx, "CREATE TABLE pg.`default`.u (x INT) WITH ('connector' = 'datagen')"); err == nil || !strings.Contains(err.Error(), "storage quota exceeded") {
		t.Errorf("quota: %v", err)
	}
}

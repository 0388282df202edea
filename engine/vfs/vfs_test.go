package vfs

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exercise runs the same story against any FS rooted at root.
func exercise(t *testing.T, f FS, root string) {
	t.Helper()
	dir := root + "/data/orders"
	if err := f.MkdirAll(dir); err != nil {
		t.Fatal(err)
	}
	w, err := f.Create(dir + "/.part-0.inprogress")
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, "1,apple\n2,pear\n")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Rename(dir+"/.part-0.inprogress", dir+"/part-0.csv"); err != nil {
		t.Fatal(err)
	}
	es, err := f.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].Name != "part-0.csv" || es[0].Size != 15 || es[0].Path != dir+"/part-0.csv" {
		t.Fatalf("ReadDir = %+v", es)
	}
	r, err := f.Open(dir + "/part-0.csv")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(r)
	r.Close()
	if string(b) != "1,apple\n2,pear\n" {
		t.Errorf("read %q", b)
	}
	if _, err := f.Stat(dir + "/missing"); !errors.Is(err, ErrNotExist) {
		t.Errorf("Stat missing: %v", err)
	}
	if e, err := f.Stat(root + "/data"); err != nil || !e.IsDir {
		t.Errorf("Stat dir: %+v %v", e, err)
	}
	if err := f.Remove(dir + "/part-0.csv"); err != nil {
		t.Fatal(err)
	}
	if err := f.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Open(dir + "/part-0.csv"); !errors.Is(err, ErrNotExist) {
		t.Errorf("Open removed: %v", err)
	}
}

func TestOS(t *testing.T) {
	exercise(t, OS{}, filepath.ToSlash(t.TempDir()))
}

func TestMem(t *testing.T) {
	m := NewMem()
	var changes []string
	m.OnChange = func(paths ...string) error {
		changes = append(changes, strings.Join(paths, ">"))
		return nil
	}
	exercise(t, m, "")
	want := "/data/orders>/data;/data/orders/.part-0.inprogress;/data/orders/.part-0.inprogress>/data/orders/part-0.csv;/data/orders/part-0.csv;/data/orders"
	if got := strings.Join(changes, ";"); got != want {
		t.Errorf("changes\n got %s\nwant %s", got, want)
	}
}

func TestMemQuota(t *testing.T) {
	m := NewMem()
	m.MaxBytes = 10
	w, err := m.Create("/big")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(make([]byte, 11)); !errors.Is(err, ErrQuota) {
		t.Errorf("write over quota: %v", err)
	}
	// The quota counts what is stored: a file renamed over another, then
	// removed, gives its bytes back.
	for _, name := range []string{"/a", "/b"} {
		w, _ := m.Create(name)
		w.Write([]byte("12345"))
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Rename("/a", "/b"); err != nil {
		t.Fatal(err)
	}
	if got := m.used(); got != 5 {
		t.Errorf("used %d bytes after renaming over a file, want 5", got)
	}
	m.Remove("/b")
	m.Remove("/big")
	w, _ = m.Create("/c")
	if _, err := w.Write(make([]byte, 10)); err != nil {
		t.Errorf("a write that fits after the removals: %v", err)
	}
	if _, err := m.Create("/no/such/dir/f"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("create without parent: %v", err)
	}
	if err := m.Remove("/"); err == nil {
		t.Error("removed the root")
	}
}

package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// FileStore is a Store in one JSON file, for the CLI (flinkplay sql
// --catalog-file). The file is an object {"flinkplay-catalog": 1,
// "entries": {key: entry}}; every change rewrites it through a temporary
// file and a rename, so a crash leaves the old or the new file, never half
// of one. An entry this version cannot read is kept as it is.
type FileStore struct {
	path string
	mu   sync.Mutex
}

var _ Store = (*FileStore)(nil)

// fileVersion is the format of the file.
const fileVersion = 1

type storeFile struct {
	Version int                        `json:"flinkplay-catalog"`
	Entries map[string]json.RawMessage `json:"entries"`
}

// OpenFileStore opens the store in the file at path; the file need not
// exist yet. A file that is not a catalog file is an error: it is left
// alone, never overwritten.
func OpenFileStore(path string) (*FileStore, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	s := &FileStore{path: abs}
	if _, err := s.read(); err != nil {
		return nil, err
	}
	return s, nil
}

// Where implements Store.
func (s *FileStore) Where() string { return "the file " + s.path }

func (s *FileStore) read() (*storeFile, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return &storeFile{Version: fileVersion, Entries: map[string]json.RawMessage{}}, nil
	}
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return &storeFile{Version: fileVersion, Entries: map[string]json.RawMessage{}}, nil
	}
	var f storeFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s is not a flinkplay catalog file (%v); it was left as it is: fix it or choose another file", s.path, err)
	}
	if f.Version != fileVersion {
		return nil, fmt.Errorf("%s is not a flinkplay catalog file of version %d (it says %d); it was left as it is", s.path, fileVersion, f.Version)
	}
	if f.Entries == nil {
		f.Entries = map[string]json.RawMessage{}
	}
	return &f, nil
}

// Load implements Store.
func (s *FileStore) Load() (map[string][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.read()
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(f.Entries))
	for k, v := range f.Entries {
		out[k] = v
	}
	return out, nil
}

// Put implements Store.
func (s *FileStore) Put(key string, value []byte) error {
	if !json.Valid(value) {
		return fmt.Errorf("entry %q is not JSON", key)
	}
	return s.update(func(f *storeFile) { f.Entries[key] = json.RawMessage(value) })
}

// Delete implements Store.
func (s *FileStore) Delete(key string) error {
	return s.update(func(f *storeFile) { delete(f.Entries, key) })
}

func (s *FileStore) update(change func(*storeFile)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.read()
	if err != nil {
		return err
	}
	change(f)
	b, err := encodeStoreFile(f)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), "."+filepath.Base(s.path)+".tmp-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), s.path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// encodeStoreFile writes the entries sorted by key, one per line group, so
// the file reads well and diffs small.
func encodeStoreFile(f *storeFile) ([]byte, error) {
	keys := make([]string, 0, len(f.Entries))
	for k := range f.Entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"flinkplay-catalog\": %d,\n  \"entries\": {", fileVersion)
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		var v bytes.Buffer
		if err := json.Indent(&v, f.Entries[k], "    ", "  "); err != nil {
			return nil, err
		}
		b.WriteString("\n    ")
		b.Write(kb)
		b.WriteString(": ")
		b.Write(v.Bytes())
	}
	if len(keys) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("}\n}\n")
	return b.Bytes(), nil
}

// MemStore is a Store in memory, for tests and for hosts that persist it
// themselves.
type MemStore struct {
	mu      sync.Mutex
	Entries map[string][]byte
	// Fail, when set, makes Put and Delete fail with it (a full disk, a
	// storage quota).
	Fail error
}

var _ Store = (*MemStore)(nil)

// NewMemStore returns an empty store.
func NewMemStore() *MemStore { return &MemStore{Entries: map[string][]byte{}} }

// Where implements Store.
func (s *MemStore) Where() string { return "memory (a test store)" }

// Load implements Store.
func (s *MemStore) Load() (map[string][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string][]byte, len(s.Entries))
	for k, v := range s.Entries {
		out[k] = bytes.Clone(v)
	}
	return out, nil
}

// Put implements Store.
func (s *MemStore) Put(key string, value []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail != nil {
		return s.Fail
	}
	s.Entries[key] = bytes.Clone(value)
	return nil
}

// Delete implements Store.
func (s *MemStore) Delete(key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Fail != nil {
		return s.Fail
	}
	delete(s.Entries, key)
	return nil
}

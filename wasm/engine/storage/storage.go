// Package storage keeps the playground's state in the browser: the
// definitions of playground catalogs (a catalog.Store) and the virtual file
// system (a vfs.Mem mirrored entry by entry), both over a small key-value
// interface that wasm/engine implements with IndexedDB. It is pure Go, so
// the mirroring logic is tested natively.
//
// Everything is loaded into memory when the worker starts and every change
// is written through before the call that made it returns; one entry per
// file, directory or catalog object, so a corrupt entry costs only itself.
package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

// Buckets of the key-value store (IndexedDB object stores).
const (
	BucketCatalog = "catalog"
	BucketFiles   = "files"
)

// KV is a persistent key-value store with buckets. Put fails with an error
// wrapping vfs.ErrQuota when the browser refuses more data.
type KV interface {
	All(bucket string) (map[string][]byte, error)
	Put(bucket, key string, value []byte) error
	Delete(bucket, key string) error
	// Where names the storage for people: "this browser's storage (IndexedDB)".
	Where() string
}

// CatalogStore is a catalog.Store over a KV's catalog bucket, with the
// entries cached: sessions are created often (every Run all), storage is
// read once.
type CatalogStore struct {
	kv    KV
	mu    sync.Mutex
	cache map[string][]byte
	err   error
}

var _ catalog.Store = (*CatalogStore)(nil)

// NewCatalogStore reads the catalog bucket of kv.
func NewCatalogStore(kv KV) *CatalogStore {
	entries, err := kv.All(BucketCatalog)
	if entries == nil {
		entries = map[string][]byte{}
	}
	return &CatalogStore{kv: kv, cache: entries, err: err}
}

// Where implements catalog.Store.
func (s *CatalogStore) Where() string { return s.kv.Where() }

// Load implements catalog.Store.
func (s *CatalogStore) Load() (map[string][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return nil, s.err
	}
	out := make(map[string][]byte, len(s.cache))
	for k, v := range s.cache {
		out[k] = v
	}
	return out, nil
}

// Put implements catalog.Store.
func (s *CatalogStore) Put(key string, value []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	if err := s.kv.Put(BucketCatalog, key, value); err != nil {
		return err
	}
	s.cache[key] = append([]byte(nil), value...)
	return nil
}

// Delete implements catalog.Store.
func (s *CatalogStore) Delete(key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	if err := s.kv.Delete(BucketCatalog, key); err != nil {
		return err
	}
	delete(s.cache, key)
	return nil
}

// A files entry is a kind byte ('f' file, 'd' directory), the modification
// time in Unix milliseconds (8 bytes, big endian), then a file's content.
const (
	kindFile   = 'f'
	kindDir    = 'd'
	headerSize = 9
)

func encodeEntry(kind byte, mod time.Time, data []byte) []byte {
	b := make([]byte, headerSize+len(data))
	b[0] = kind
	binary.BigEndian.PutUint64(b[1:headerSize], uint64(mod.UnixMilli()))
	copy(b[headerSize:], data)
	return b
}

func decodeEntry(b []byte) (kind byte, mod time.Time, data []byte, err error) {
	if len(b) < headerSize || (b[0] != kindFile && b[0] != kindDir) {
		return 0, time.Time{}, nil, errors.New("not a file entry")
	}
	return b[0], time.UnixMilli(int64(binary.BigEndian.Uint64(b[1:headerSize]))), b[headerSize:], nil
}

// FS is the page's file system: a vfs.Mem whose every change is written to
// a KV's files bucket before it returns.
type FS struct {
	*vfs.Mem
	kv KV
	// mu serializes writes to storage: the engine and the Files panel use
	// the file system from goroutines of their own, and a write waits for
	// IndexedDB.
	mu sync.Mutex
	// undoing is set while a change the storage refused is rolled back in
	// memory (under mu, without waiting), so that the rollback is not
	// written through.
	undoing atomic.Bool
}

// LoadFS reads the files bucket of kv into a new file system; entries it
// cannot read become warnings and stay in storage. maxBytes bounds the
// total size of the files (0: no bound but the browser's).
func LoadFS(kv KV, maxBytes int64) (*FS, []string) {
	f := &FS{Mem: vfs.NewMem(), kv: kv}
	f.MaxBytes = maxBytes
	var warnings []string
	entries, err := kv.All(BucketFiles)
	if err != nil {
		warnings = append(warnings, fmt.Sprintf("The files in %s could not be read: %v", kv.Where(), err))
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		kind, mod, data, err := decodeEntry(entries[k])
		if err == nil && (len(k) == 0 || k[0] != '/' || path.Clean(k) != k) {
			err = errors.New("not an absolute path")
		}
		if err == nil {
			if kind == kindDir {
				err = f.Mem.MkdirAll(k)
			} else {
				err = f.Mem.Put(k, append([]byte(nil), data...), mod)
			}
		}
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("Skipped the stored file entry %q in %s: %v", k, kv.Where(), err))
		}
	}
	f.OnChange = f.persist
	return f, warnings
}

// persist writes the state of the changed paths to storage. When storage
// refuses a file (quota), the file is removed from memory too, so that
// what the page lists is what a reload brings back.
func (f *FS) persist(paths ...string) error {
	if f.undoing.Load() {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range paths {
		if err := f.persistOne(p); err != nil {
			if errors.Is(err, vfs.ErrQuota) {
				f.undoing.Store(true)
				f.Mem.Remove(p)
				f.undoing.Store(false)
			}
			return err
		}
	}
	return nil
}

func (f *FS) persistOne(p string) error {
	st, err := f.Mem.Stat(p)
	if errors.Is(err, vfs.ErrNotExist) {
		return f.kv.Delete(BucketFiles, p)
	}
	if err != nil {
		return err
	}
	if st.IsDir {
		return f.kv.Put(BucketFiles, p, encodeEntry(kindDir, st.ModTime, nil))
	}
	r, err := f.Mem.Open(p)
	if err != nil {
		return err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	return f.kv.Put(BucketFiles, p, encodeEntry(kindFile, st.ModTime, data))
}

// MemKV is a KV in memory, for tests; Quota, when positive, bounds the
// total size of the values.
type MemKV struct {
	mu      sync.Mutex
	Buckets map[string]map[string][]byte
	Quota   int
}

// NewMemKV returns an empty store.
func NewMemKV() *MemKV { return &MemKV{Buckets: map[string]map[string][]byte{}} }

// Where implements KV.
func (m *MemKV) Where() string { return "memory" }

// All implements KV.
func (m *MemKV) All(bucket string) (map[string][]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string][]byte{}
	for k, v := range m.Buckets[bucket] {
		out[k] = append([]byte(nil), v...)
	}
	return out, nil
}

// Put implements KV.
func (m *MemKV) Put(bucket, key string, value []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Quota > 0 {
		used := len(value)
		for name, b := range m.Buckets {
			for k, v := range b {
				if name != bucket || k != key {
					used += len(v)
				}
			}
		}
		if used > m.Quota {
			return fmt.Errorf("put %s: %w", key, vfs.ErrQuota)
		}
	}
	if m.Buckets[bucket] == nil {
		m.Buckets[bucket] = map[string][]byte{}
	}
	m.Buckets[bucket][key] = append([]byte(nil), value...)
	return nil
}

// Delete implements KV.
func (m *MemKV) Delete(bucket, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.Buckets[bucket], key)
	return nil
}

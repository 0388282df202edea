package vfs

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"time"
)

// Mem is an in-memory file system. OnChange, when set, is called after
// every completed change (a file closed, renamed or removed, a directory
// made) with the paths it touched: the browser build persists them from
// there. Now stamps modification times (time.Now when nil). MaxBytes, when
// positive, bounds the total size of the files: a write beyond it fails
// with ErrQuota.
type Mem struct {
	OnChange func(paths ...string) error
	Now      func() time.Time
	MaxBytes int64

	mu    sync.Mutex
	files map[string]*memFile // by clean absolute path
	dirs  map[string]time.Time
	bytes int64 // the size of all files
}

type memFile struct {
	data    []byte
	modTime time.Time
}

var _ FS = (*Mem)(nil)

// NewMem returns an empty file system with the root directory.
func NewMem() *Mem {
	return &Mem{files: map[string]*memFile{}, dirs: map[string]time.Time{"/": {}}}
}

func (m *Mem) now() time.Time {
	if m.Now != nil {
		return m.Now()
	}
	return time.Now()
}

func clean(p string) (string, error) {
	if !strings.HasPrefix(p, "/") {
		return "", fmt.Errorf("path %q is not absolute", p)
	}
	return path.Clean(p), nil
}

func pathErr(op, p string, err error) error { return &fs.PathError{Op: op, Path: p, Err: err} }

// Put stores a file directly (loading saved files at start-up); parents
// are created. It does not call OnChange.
func (m *Mem) Put(p string, data []byte, modTime time.Time) error {
	p, err := clean(p)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mkdirAllLocked(path.Dir(p), modTime)
	m.setLocked(p, &memFile{data: data, modTime: modTime})
	return nil
}

// Stat implements FS.
func (m *Mem) Stat(p string) (Entry, error) {
	p, err := clean(p)
	if err != nil {
		return Entry{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if f, ok := m.files[p]; ok {
		return Entry{Path: p, Name: path.Base(p), Size: int64(len(f.data)), ModTime: f.modTime}, nil
	}
	if t, ok := m.dirs[p]; ok {
		return Entry{Path: p, Name: path.Base(p), ModTime: t, IsDir: true}, nil
	}
	return Entry{}, pathErr("stat", p, ErrNotExist)
}

// ReadDir implements FS.
func (m *Mem) ReadDir(dir string) ([]Entry, error) {
	dir, err := clean(dir)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.dirs[dir]; !ok {
		return nil, pathErr("readdir", dir, ErrNotExist)
	}
	var out []Entry
	for p, f := range m.files {
		if path.Dir(p) == dir {
			out = append(out, Entry{Path: p, Name: path.Base(p), Size: int64(len(f.data)), ModTime: f.modTime})
		}
	}
	for p, t := range m.dirs {
		if p != "/" && path.Dir(p) == dir {
			out = append(out, Entry{Path: p, Name: path.Base(p), ModTime: t, IsDir: true})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Open implements FS.
func (m *Mem) Open(p string) (io.ReadCloser, error) {
	p, err := clean(p)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.files[p]
	if !ok {
		return nil, pathErr("open", p, ErrNotExist)
	}
	return io.NopCloser(bytes.NewReader(f.data)), nil
}

// Create implements FS. The parent directory must exist.
func (m *Mem) Create(p string) (io.WriteCloser, error) {
	p, err := clean(p)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.dirs[path.Dir(p)]; !ok {
		return nil, pathErr("create", p, ErrNotExist)
	}
	if _, ok := m.dirs[p]; ok {
		return nil, pathErr("create", p, fmt.Errorf("is a directory"))
	}
	m.setLocked(p, &memFile{modTime: m.now()})
	return &memWriter{m: m, path: p}, nil
}

type memWriter struct {
	m      *Mem
	path   string
	buf    bytes.Buffer
	closed bool
}

func (w *memWriter) Write(b []byte) (int, error) {
	if w.closed {
		return 0, fs.ErrClosed
	}
	if w.m.MaxBytes > 0 && w.m.used()+int64(w.buf.Len()+len(b)) > w.m.MaxBytes {
		return 0, pathErr("write", w.path, ErrQuota)
	}
	return w.buf.Write(b)
}

func (w *memWriter) Close() error {
	if w.closed {
		return fs.ErrClosed
	}
	w.closed = true
	w.m.mu.Lock()
	w.m.setLocked(w.path, &memFile{data: bytes.Clone(w.buf.Bytes()), modTime: w.m.now()})
	w.m.mu.Unlock()
	return w.m.changed(w.path)
}

func (m *Mem) used() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.bytes
}

// setLocked stores f at p (nil removes it), keeping the total size.
func (m *Mem) setLocked(p string, f *memFile) {
	if old, ok := m.files[p]; ok {
		m.bytes -= int64(len(old.data))
		delete(m.files, p)
	}
	if f != nil {
		m.files[p] = f
		m.bytes += int64(len(f.data))
	}
}

func (m *Mem) changed(paths ...string) error {
	if m.OnChange == nil {
		return nil
	}
	return m.OnChange(paths...)
}

// Rename implements FS (files only).
func (m *Mem) Rename(from, to string) error {
	from, err := clean(from)
	if err != nil {
		return err
	}
	if to, err = clean(to); err != nil {
		return err
	}
	m.mu.Lock()
	f, ok := m.files[from]
	if !ok {
		m.mu.Unlock()
		return pathErr("rename", from, ErrNotExist)
	}
	if _, ok := m.dirs[path.Dir(to)]; !ok {
		m.mu.Unlock()
		return pathErr("rename", to, ErrNotExist)
	}
	m.setLocked(from, nil)
	m.setLocked(to, f)
	m.mu.Unlock()
	return m.changed(from, to)
}

// Remove implements FS.
func (m *Mem) Remove(p string) error {
	p, err := clean(p)
	if err != nil {
		return err
	}
	m.mu.Lock()
	if _, ok := m.files[p]; ok {
		m.setLocked(p, nil)
		m.mu.Unlock()
		return m.changed(p)
	}
	if _, ok := m.dirs[p]; !ok || p == "/" {
		m.mu.Unlock()
		return pathErr("remove", p, ErrNotExist)
	}
	for q := range m.files {
		if path.Dir(q) == p {
			m.mu.Unlock()
			return pathErr("remove", p, fmt.Errorf("directory not empty"))
		}
	}
	for q := range m.dirs {
		if q != p && path.Dir(q) == p {
			m.mu.Unlock()
			return pathErr("remove", p, fmt.Errorf("directory not empty"))
		}
	}
	delete(m.dirs, p)
	m.mu.Unlock()
	return m.changed(p)
}

// MkdirAll implements FS.
func (m *Mem) MkdirAll(dir string) error {
	dir, err := clean(dir)
	if err != nil {
		return err
	}
	m.mu.Lock()
	if _, ok := m.files[dir]; ok {
		m.mu.Unlock()
		return pathErr("mkdir", dir, fmt.Errorf("not a directory"))
	}
	made := m.mkdirAllLocked(dir, m.now())
	m.mu.Unlock()
	if len(made) == 0 {
		return nil
	}
	return m.changed(made...)
}

func (m *Mem) mkdirAllLocked(dir string, t time.Time) []string {
	var made []string
	for d := dir; ; d = path.Dir(d) {
		if _, ok := m.dirs[d]; ok {
			break
		}
		m.dirs[d] = t
		made = append(made, d)
		if d == "/" {
			break
		}
	}
	return made
}

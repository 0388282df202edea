// Package vfs is the file system behind the filesystem connector and the
// playground's persistent catalog: the real one in the terminal (OS), a
// virtual one in the page, kept in the browser's storage (implemented in
// wasm/engine), and an in-memory one for tests (Mem).
//
// Paths are slash-separated and absolute ("/data/orders/part-0.csv"); a
// connector strips a "file://" scheme before it gets here. Writes follow
// Flink's filesystem sink: a file is written under a hidden in-progress name
// and becomes visible only when it is renamed into place (committed), so a
// failure in the middle of a write leaves no half-visible file.
package vfs

import (
	"errors"
	"io"
	"io/fs"
	"time"
)

// ErrNotExist and ErrExist are the errors Stat, Open and friends wrap.
var (
	ErrNotExist = fs.ErrNotExist
	ErrExist    = fs.ErrExist
)

// ErrQuota is wrapped by writes that exceed the storage the browser grants.
var ErrQuota = errors.New("storage quota exceeded")

// Entry describes a file or directory.
type Entry struct {
	Path    string // absolute, slash-separated
	Name    string // last element of Path
	Size    int64
	ModTime time.Time
	IsDir   bool
}

// FS is a hierarchical file system. Implementations are safe for use by one
// goroutine at a time (the engine's); the browser implementation persists
// every completed change before the call returns.
type FS interface {
	// Stat describes a file or directory.
	Stat(path string) (Entry, error)
	// ReadDir lists a directory's direct children sorted by name.
	ReadDir(dir string) ([]Entry, error)
	// Open opens a file for reading.
	Open(path string) (io.ReadCloser, error)
	// Create creates or truncates a file for writing; its content is
	// visible to others once Close returns nil.
	Create(path string) (io.WriteCloser, error)
	// Rename moves a file, replacing the target: the commit of a part file.
	Rename(from, to string) error
	// Remove deletes a file or an empty directory.
	Remove(path string) error
	// MkdirAll creates a directory and its parents.
	MkdirAll(dir string) error
}

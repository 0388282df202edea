package vfs

import (
	"io"
	"os"
	"path/filepath"
	"sort"
)

// OS is the real file system: paths are the operating system's.
type OS struct{}

var _ FS = OS{}

func osEntry(path string, fi os.FileInfo) Entry {
	return Entry{Path: filepath.ToSlash(path), Name: fi.Name(), Size: fi.Size(), ModTime: fi.ModTime(), IsDir: fi.IsDir()}
}

// Stat implements FS.
func (OS) Stat(path string) (Entry, error) {
	fi, err := os.Stat(filepath.FromSlash(path))
	if err != nil {
		return Entry{}, err
	}
	return osEntry(path, fi), nil
}

// ReadDir implements FS.
func (OS) ReadDir(dir string) ([]Entry, error) {
	des, err := os.ReadDir(filepath.FromSlash(dir))
	if err != nil {
		return nil, err
	}
	out := make([]Entry, 0, len(des))
	for _, de := range des {
		fi, err := de.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, osEntry(join(dir, de.Name()), fi))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Open implements FS.
func (OS) Open(path string) (io.ReadCloser, error) { return os.Open(filepath.FromSlash(path)) }

// Create implements FS.
func (OS) Create(path string) (io.WriteCloser, error) { return os.Create(filepath.FromSlash(path)) }

// Rename implements FS.
func (OS) Rename(from, to string) error {
	return os.Rename(filepath.FromSlash(from), filepath.FromSlash(to))
}

// Remove implements FS.
func (OS) Remove(path string) error { return os.Remove(filepath.FromSlash(path)) }

// MkdirAll implements FS.
func (OS) MkdirAll(dir string) error { return os.MkdirAll(filepath.FromSlash(dir), 0o755) }

func join(dir, name string) string {
	if dir == "" || dir[len(dir)-1] == '/' {
		return dir + name
	}
	return dir + "/" + name
}

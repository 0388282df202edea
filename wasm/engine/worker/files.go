package worker

import (
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/vfs"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// MaxFileRequest bounds what one readFile or writeFile moves across
// postMessage.
const MaxFileRequest = 64 << 20

// files answers a file request of the Files panel. It runs on a goroutine
// of its own, so that browsing works while a query runs; the file system
// serializes access itself (vfs.Mem has a lock).
func (w *Worker) files(req protocol.Request) {
	defer func() {
		if p := recover(); p != nil {
			w.emitPanic(req.ID, p)
		}
	}()
	fsys := w.o.FS
	if fsys == nil {
		w.emitFiles(req, "", fmt.Errorf("this engine has no file system"))
		return
	}
	p, err := cleanPath(req.Path)
	if err != nil {
		w.emitFiles(req, req.Path, err)
		return
	}
	switch req.Type {
	case protocol.TypeListFiles:
		w.emitFiles(req, p, nil)
	case protocol.TypeReadFile:
		w.readFile(req, p)
	case protocol.TypeWriteFile:
		err := writeFile(fsys, p, req.Data)
		w.emitFiles(req, path.Dir(p), fileErr(p, err))
	case protocol.TypeDeleteFile:
		err := fsys.Remove(p)
		w.emitFiles(req, path.Dir(p), fileErr(p, err))
	}
}

// cleanPath makes a page-given path absolute and clean.
func cleanPath(p string) (string, error) {
	p = strings.TrimPrefix(strings.TrimSpace(p), "file://")
	if p == "" {
		p = "/"
	}
	if !strings.HasPrefix(p, "/") {
		return "", fmt.Errorf("path %q is not absolute", p)
	}
	return path.Clean(p), nil
}

// writeFile writes data to p through a hidden in-progress name and a
// rename, as vfs asks of writers.
func writeFile(fsys vfs.FS, p, data string) error {
	if len(data) > MaxFileRequest {
		return fmt.Errorf("the file is larger than %d MB", MaxFileRequest>>20)
	}
	if p == "/" {
		return fmt.Errorf("cannot write the root directory")
	}
	dir := path.Dir(p)
	if err := fsys.MkdirAll(dir); err != nil {
		return err
	}
	tmp := path.Join(dir, ".upload-"+path.Base(p)+".inprogress")
	f, err := fsys.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, data); err != nil {
		f.Close()
		fsys.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		fsys.Remove(tmp)
		return err
	}
	if err := fsys.Rename(tmp, p); err != nil {
		fsys.Remove(tmp)
		return err
	}
	return nil
}

// fileErr words a file system error for the page; a full storage says how
// to make room.
func fileErr(p string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, vfs.ErrQuota):
		return fmt.Errorf("not enough browser storage for %s (%w): delete files in the Files panel to make room", p, vfs.ErrQuota)
	case errors.Is(err, vfs.ErrNotExist):
		return fmt.Errorf("%s does not exist", p)
	}
	return err
}

func (w *Worker) readFile(req protocol.Request, p string) {
	msg := protocol.Message{Type: protocol.TypeFileData, ID: req.ID, Path: p}
	st, err := w.o.FS.Stat(p)
	if err == nil && st.IsDir {
		err = fmt.Errorf("%s is a directory", p)
	}
	if err != nil {
		msg.Error = fileError(fileErr(p, err))
		w.emit(msg)
		return
	}
	limit := req.Limit
	if limit <= 0 || limit > MaxFileRequest {
		limit = MaxFileRequest
	}
	f, err := w.o.FS.Open(p)
	if err != nil {
		msg.Error = fileError(fileErr(p, err))
		w.emit(msg)
		return
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(limit)))
	if err != nil {
		msg.Error = fileError(err)
		w.emit(msg)
		return
	}
	msg.Size = st.Size
	msg.Truncated = int64(len(b)) < st.Size
	if msg.Truncated {
		// Do not cut a character in half.
		for len(b) > 0 && !utf8.Valid(b[max(0, len(b)-utf8.UTFMax):]) {
			b = b[:len(b)-1]
		}
	}
	msg.Data = string(b)
	w.emit(msg)
}

// emitFiles lists dir after a request, with err when the request failed;
// a listing that fails is reported too.
func (w *Worker) emitFiles(req protocol.Request, dir string, err error) {
	msg := protocol.Message{Type: protocol.TypeFiles, ID: req.ID, Path: dir, Files: []protocol.FileInfo{}}
	if err != nil {
		msg.Error = fileError(err)
	}
	if dir != "" && w.o.FS != nil {
		entries, lerr := w.o.FS.ReadDir(dir)
		if lerr != nil && err == nil {
			msg.Error = fileError(fileErr(dir, lerr))
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name, ".") {
				continue // in-progress part files
			}
			fi := protocol.FileInfo{Name: e.Name, Path: e.Path, Dir: e.IsDir, Size: e.Size}
			if !e.ModTime.IsZero() {
				fi.ModTime = e.ModTime.UnixMilli()
			}
			msg.Files = append(msg.Files, fi)
		}
	}
	w.emit(msg)
}

// ioException is the class of file errors, as Flink's file system reports them.
const ioException = "java.io.IOException"

func fileError(err error) *protocol.Error {
	return &protocol.Error{Class: ioException, Message: err.Error(), Offset: -1, Text: "[ERROR] " + err.Error()}
}

// countingStore counts the writes to a catalog store, so that the worker
// can tell the page which statements the store keeps.
type countingStore struct {
	catalog.Store
	mu     sync.Mutex
	writes int
}

func (s *countingStore) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writes
}

func (s *countingStore) Put(key string, value []byte) error {
	err := s.Store.Put(key, value)
	if err == nil {
		s.mu.Lock()
		s.writes++
		s.mu.Unlock()
	}
	return err
}

func (s *countingStore) Delete(key string) error {
	err := s.Store.Delete(key)
	if err == nil {
		s.mu.Lock()
		s.writes++
		s.mu.Unlock()
	}
	return err
}

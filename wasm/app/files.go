//go:build js && wasm

package main

import (
	"fmt"
	"path"
	"strings"
	"syscall/js"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/app"
	"github.com/flinkplay/flinkplay/web/state"
	"github.com/vugu/vugu"
)

// fileIDBase keeps file request ids apart from run and export ids, so that
// no answer is taken for another's.
const fileIDBase = 1 << 29

// fileRequests is the page's side of the Files panel: which answers are
// downloads, and which write is an upload whose wizard waits for it.
type fileRequests struct {
	next      int
	downloads map[int]string // request id -> file path
	uploadID  int
	upload    *state.Upload
}

func (p *page) fileRequest(req protocol.Request) int {
	p.files.next++
	req.ID = fileIDBase + p.files.next
	p.post(req)
	return req.ID
}

// takeFiles applies a file answer of the worker; the caller holds the
// lock. It reports whether msg was one.
func (p *page) takeFiles(msg *protocol.Message) bool {
	if msg.Type != protocol.TypeFiles && msg.Type != protocol.TypeFileData {
		return false
	}
	if p.root == nil {
		return true
	}
	if name, ok := p.files.downloads[msg.ID]; ok {
		delete(p.files.downloads, msg.ID)
		if msg.Error != nil {
			p.root.FileList().Err = msg.Error.Message
		} else {
			save(path.Base(name), fileType(name), []js.Value{bytesValue([]byte(msg.Data))})
		}
		p.flagRender()
		return true
	}
	p.root.FileList().Apply(msg)
	if msg.ID == p.files.uploadID && p.files.upload != nil {
		u := p.files.upload
		p.files.upload, p.files.uploadID = nil, 0
		if msg.Error == nil {
			p.root.Upload = u
			p.openDialog(app.DialogUpload, u.Script())
		}
	}
	p.flagRender()
	return true
}

func fileType(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".csv":
		return "text/csv;charset=utf-8"
	case ".json":
		return "application/json"
	case ".jsonl", ".ndjson":
		return "application/x-ndjson"
	}
	return "text/plain;charset=utf-8"
}

// listFiles asks for the Files panel's directory, when it shows.
func (p *page) listFiles() {
	if p.root != nil && p.root.ShowsFiles() {
		p.fileRequest(protocol.Request{Type: protocol.TypeListFiles, Path: p.root.FileList().Dir})
	}
}

// ShowSide switches the side panel (#side-catalog, #side-files).
func (p *page) ShowSide(side string) {
	defer recovered("showSide")
	p.root.Side = side
	p.listFiles()
}

// OpenDir lists a directory of the Files panel.
func (p *page) OpenDir(dir string) {
	defer recovered("openDir")
	p.fileRequest(protocol.Request{Type: protocol.TypeListFiles, Path: dir})
}

// OpenFile opens a directory or previews a file's first lines.
func (p *page) OpenFile(file string) {
	defer recovered("openFile")
	for _, e := range p.root.FileList().Entries {
		if e.Path == file && e.Dir {
			p.OpenDir(file)
			return
		}
	}
	p.fileRequest(protocol.Request{Type: protocol.TypeReadFile, Path: file, Limit: state.PreviewBytes})
}

// DownloadFile saves a file of the virtual file system to the computer.
func (p *page) DownloadFile(file string) {
	defer recovered("downloadFile")
	id := p.fileRequest(protocol.Request{Type: protocol.TypeReadFile, Path: file})
	if p.files.downloads == nil {
		p.files.downloads = map[int]string{}
	}
	p.files.downloads[id] = file
}

// DeleteFile deletes a file or an empty directory, after asking.
func (p *page) DeleteFile(file string) {
	defer recovered("deleteFile")
	confirm := js.Global().Get("confirm")
	if confirm.Type() == js.TypeFunction && !confirm.Invoke("Delete "+file+" from this browser's storage?").Truthy() {
		return
	}
	p.fileRequest(protocol.Request{Type: protocol.TypeDeleteFile, Path: file})
}

// Upload reads the file chosen in #upload-input, stores it under
// state.UploadDir and, once stored, opens the upload wizard.
func (p *page) Upload(event vugu.DOMEvent) {
	defer recovered("upload")
	readChosenFile(event, state.MaxUpload, func(name string) {
		p.root.FileList().Err = fmt.Sprintf("%s is larger than %d MB, the most the playground keeps in the browser.", name, state.MaxUpload>>20)
	}, func(name, text, failed string) {
		var err error
		if failed != "" {
			err = fmt.Errorf("%s could not be read: %s", name, failed)
		}
		p.uploaded(name, text, err)
	})
}

// readChosenFile reads the file chosen in a file input (the target of
// its change event) as text: read gets it, on a goroutine of its own, or
// why it could not be read; a file over max bytes goes to tooBig instead.
// The input is cleared, so that choosing the same file again is a change.
func readChosenFile(event vugu.DOMEvent, max int, tooBig func(name string), read func(name, text, failed string)) {
	input := js.Value(event.JSEventTarget())
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0)
	name, size := f.Get("name").String(), f.Get("size").Int()
	input.Set("value", "")
	if size > max {
		tooBig(name)
		return
	}
	var ok, fail js.Func
	release := func() { ok.Release(); fail.Release() }
	ok = funcOf("fileRead", func(args []js.Value) any {
		defer release()
		text := jsText(args[0])
		go read(name, text, "")
		return nil
	})
	fail = funcOf("fileReadFailed", func(args []js.Value) any {
		defer release()
		failed := args[0].Call("toString").String()
		go read(name, "", failed)
		return nil
	})
	f.Call("text").Call("then", ok, fail)
}

func (p *page) uploaded(name, text string, err error) {
	defer recovered("uploaded")
	p.ee.Lock()
	defer p.ee.UnlockRender()
	files := p.root.FileList()
	var u *state.Upload
	if err == nil {
		u, err = state.InferUpload(name, text)
	}
	if err != nil {
		files.Err = err.Error()
		return
	}
	files.Err = ""
	p.root.Side = app.SideFiles
	p.files.upload = u
	p.files.uploadID = p.fileRequest(protocol.Request{Type: protocol.TypeWriteFile, Path: u.Path, Data: u.Data})
}

// InsertUpload puts the wizard's CREATE TABLE and a query of it where Run
// script reaches them (state.InsertAt: after the script's DDL, before its
// first query, which may never end), with the cursor on the query.
func (p *page) InsertUpload() {
	defer recovered("insertUpload")
	u := p.root.Upload
	p.root.Dialog, p.root.Upload = "", nil
	if u == nil || !p.editor.Truthy() {
		return
	}
	text := p.text()
	at := state.InsertAt(text)
	ins, ddl := u.Script(), u.DDL()
	if at > 0 && !strings.HasSuffix(text[:at], "\n") {
		ins, ddl = "\n"+ins, "\n"+ddl
	}
	if at < len(text) {
		ins += "\n"
	}
	// The cursor goes on the SELECT: Run statement runs it, once the
	// CREATE TABLE above it has run.
	p.editor.Call("insert", state.UTF16Offset(text, at), ins, state.UTF16Offset(ins, len(ddl)))
	store(state.KeyScript, p.text())
	line := 1 + strings.Count(text[:at]+ins[:len(ddl)], "\n")
	p.chrome.Notice = "The CREATE TABLE for " + u.FileName + " and a query of it are in the script (the query on line " + itoa(line) + "), where Run script reaches them."
	p.root.Restorable, p.root.NoticeRunAll = false, false
}

// StopJob is the Jobs panel's Stop: the engine cancels the job, as STOP
// JOB 'id' does, and sends the list again.
func (p *page) StopJob(id string) {
	defer recovered("stopJob")
	p.post(protocol.Request{Type: protocol.TypeStopJob, JobID: id})
}

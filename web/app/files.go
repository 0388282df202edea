package app

import (
	"strings"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/state"
	"github.com/vugu/vugu"
)

// FileActions are what the Files panel and the upload wizard do.
type FileActions interface {
	// ShowSide switches the side panel between SideCatalog and SideFiles.
	ShowSide(side string)
	// OpenDir lists a directory; OpenFile previews a file.
	OpenDir(path string)
	OpenFile(path string)
	DownloadFile(path string)
	DeleteFile(path string)
	// Upload takes the file input's change event: the chosen file goes to
	// state.UploadDir and the upload wizard opens.
	Upload(event vugu.DOMEvent)
	// InsertUpload appends the wizard's CREATE TABLE to the editor.
	InsertUpload()
}

// Side panels.
const (
	SideCatalog = "catalog"
	SideFiles   = "files"
)

// DialogUpload is the upload wizard.
const DialogUpload = "upload"

// SideClass marks the active side panel's tab.
func (c *Root) SideClass(side string) string {
	if c.side() == side {
		return "tab active"
	}
	return "tab"
}

func (c *Root) side() string {
	if c.Side == "" {
		return SideCatalog
	}
	return c.Side
}

// ShowsFiles reports whether the Files panel is shown.
func (c *Root) ShowsFiles() bool { return c.side() == SideFiles }

// FileList is the Files panel's state, never nil.
func (c *Root) FileList() *state.Files {
	if c.Files == nil {
		c.Files = state.NewFiles()
	}
	return c.Files
}

// FileIcon marks directories and files.
func (c *Root) FileIcon(e protocol.FileInfo) string {
	if e.Dir {
		return "▸"
	}
	return "▫"
}

// FileSize is a listing's size column: empty for directories.
func (c *Root) FileSize(e protocol.FileInfo) string {
	if e.Dir {
		return ""
	}
	return state.Size(e.Size)
}

// FileRowClass marks the previewed file.
func (c *Root) FileRowClass(e protocol.FileInfo) string {
	if p := c.FileList().Preview; p != nil && p.Path == e.Path {
		return "file selected"
	}
	return "file"
}

// FilesHint is what an empty directory says.
func (c *Root) FilesHint() string {
	f := c.FileList()
	switch {
	case !c.EngineReady:
		return "Waiting for the engine…"
	case !f.Loaded:
		return "Loading…"
	case len(f.Entries) == 0 && f.Dir == "/":
		return "No files yet. Upload a CSV or JSON file: it is kept in this browser's storage, and the wizard writes a CREATE TABLE ('connector' = 'filesystem') that reads it."
	case len(f.Entries) == 0:
		return "This directory is empty."
	}
	return ""
}

// UploadNotes are the wizard's notes, one paragraph.
func (c *Root) UploadNotes() string {
	if c.Upload == nil {
		return ""
	}
	return strings.Join(c.Upload.Notes, " ")
}

// UploadSummary says what was uploaded where.
func (c *Root) UploadSummary() string {
	u := c.Upload
	if u == nil {
		return ""
	}
	return "Saved " + u.FileName + " as " + u.Path + " (" + state.Size(int64(len(u.Data))) + ", " + u.Format + ", " +
		state.Count(int64(len(u.Columns))) + " columns). Check the inferred types, then insert the statement into the editor and run it."
}

// Warnings are the catalog's storage warnings: stored entries that were
// skipped.
func (c *Root) Warnings() []string {
	if c.Model.Catalog == nil {
		return nil
	}
	return c.Model.Catalog.Warnings
}

// Definition says where a table's definition lives.
func (c *Root) Definition(ci protocol.CatalogInfo, t protocol.TableInfo) string {
	if t.Definition != "" {
		return "definition: " + t.Definition
	}
	return c.Metadata(ci)
}

package state

import (
	"fmt"
	"path"
	"strings"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// PreviewBytes is how much of a file the Files panel previews.
const PreviewBytes = 4096

// PreviewLines is how many lines of it the preview shows.
const PreviewLines = 20

// Files is the state of the Files panel: the directory shown, its
// entries, the previewed file and the last problem.
type Files struct {
	Dir     string
	Entries []protocol.FileInfo
	Preview *FilePreview
	Err     string
	// Loaded is set once the engine answered a listing.
	Loaded bool
}

// FilePreview is the first lines of a file.
type FilePreview struct {
	Path      string
	Lines     []string
	Size      int64
	Truncated bool // more lines follow
}

// NewFiles shows the root directory.
func NewFiles() *Files { return &Files{Dir: "/"} }

// Apply takes a files or fileData message of the worker; it reports
// whether the message was one.
func (f *Files) Apply(msg *protocol.Message) bool {
	switch msg.Type {
	case protocol.TypeFiles:
		f.Err = ""
		if msg.Error != nil {
			f.Err = msg.Error.Message
		}
		if msg.Path != "" {
			f.Dir, f.Entries, f.Loaded = msg.Path, msg.Files, true
		}
		if f.Preview != nil && !f.listed(f.Preview.Path) && path.Dir(f.Preview.Path) == f.Dir {
			f.Preview = nil // deleted
		}
		return true
	case protocol.TypeFileData:
		if msg.Error != nil {
			f.Err = msg.Error.Message
			return true
		}
		f.Err = ""
		f.Preview = previewOf(msg)
		return true
	}
	return false
}

func (f *Files) listed(p string) bool {
	for _, e := range f.Entries {
		if e.Path == p {
			return true
		}
	}
	return false
}

func previewOf(msg *protocol.Message) *FilePreview {
	p := &FilePreview{Path: msg.Path, Size: msg.Size, Truncated: msg.Truncated}
	text := msg.Data
	if msg.Truncated {
		// The last line may be cut.
		if i := strings.LastIndexByte(text, '\n'); i >= 0 {
			text = text[:i+1]
		}
	}
	p.Lines = lines(text)
	if len(p.Lines) > PreviewLines {
		p.Lines, p.Truncated = p.Lines[:PreviewLines], true
	}
	return p
}

// Crumb is one step of the directory path above the listing.
type Crumb struct {
	Name, Path string
}

// Crumbs returns the path from the root to Dir.
func (f *Files) Crumbs() []Crumb {
	out := []Crumb{{Name: "/", Path: "/"}}
	if f.Dir == "/" || f.Dir == "" {
		return out
	}
	p := ""
	for _, part := range strings.Split(strings.Trim(f.Dir, "/"), "/") {
		p += "/" + part
		out = append(out, Crumb{Name: part, Path: p})
	}
	return out
}

// Parent is the directory above Dir ("" at the root).
func (f *Files) Parent() string {
	if f.Dir == "/" || f.Dir == "" {
		return ""
	}
	return path.Dir(f.Dir)
}

// Size formats a file size: 512 B, 1.5 KB, 2.0 MB.
func Size(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1024*1024:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1024*1024))
}

// PreviewText is the preview as one text block, with a last line saying
// how much more there is.
func (p *FilePreview) PreviewText() string {
	s := strings.Join(p.Lines, "\n")
	if p.Truncated {
		s += "\n… (" + Size(p.Size) + " in all)"
	}
	return s
}

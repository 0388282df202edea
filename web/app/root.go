// Package app holds the playground page's Vugu components. The page's
// logic lives in web/state; the browser side effects (the worker, the
// editor, the JS-owned result elements, localStorage) sit behind Actions,
// which wasm/app implements, so this package builds and is tested natively.
package app

//go:generate go tool vugugen -s -skip-go-mod -skip-main .
//go:generate gofmt -w 0_components_gen.go

import (
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/state"
	"github.com/vugu/vugu/js"
)

// Actions are what the page's controls do. The methods run on the render
// goroutine's event handlers with the render lock held.
type Actions interface {
	Run()
	RunAll()
	Stop()
	SetView(view string)
	Example(index string)
	Reset()
	// Mount* receive the JS-owned elements; they are called on every
	// render, so they must be idempotent.
	MountEditor(el js.Value)
	MountResults(el js.Value)
	MountTableau(el js.Value)
	MountGrid(el js.Value)
}

// Root is the whole page.
type Root struct {
	Act   Actions
	Model *state.Model

	Notice      string // "The engine stopped and was restarted; ...", "" when none
	EngineReady bool
	Ping        int
	Now         func() time.Time // time.Now unless a test sets it
}

func (c *Root) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Status is the status line.
func (c *Root) Status() string {
	if !c.EngineReady {
		return "Starting the engine…"
	}
	return c.Model.Status(c.now())
}

// EngineText says whether the engine worker is up.
func (c *Root) EngineText() string {
	if c.EngineReady {
		return "engine ready"
	}
	return "engine starting…"
}

// StopClass greys Stop out when nothing runs.
func (c *Root) StopClass() string {
	if c.Model.Running {
		return "danger"
	}
	return "danger idle"
}

// ViewClass marks the active view's button.
func (c *Root) ViewClass(view string) string {
	if c.Model.View == view {
		return "tab active"
	}
	return "tab"
}

// PaneClass hides the pane (tableau or grid) of the other views; both stay
// in the DOM because JS owns their contents.
func (c *Root) PaneClass(pane string) string {
	showTableau := c.Model.View == state.ViewTableau
	if (pane == "tableau") == showTableau {
		return pane
	}
	return pane + " hidden"
}

// HeadClass styles the op column header.
func (c *Root) HeadClass(h string) string {
	if h == "op" && c.Model.View == state.ViewChangelog {
		return "op"
	}
	return ""
}

// DroppedText says how many changes the bounded buffer dropped.
func (c *Root) DroppedText() string {
	n := c.Model.Dropped()
	if n == 0 {
		return ""
	}
	return "dropped " + state.Count(n) + " older changes (the buffer keeps " + state.Count(int64(c.Model.MaxRows)) + ")"
}

// DroppedClass hides #dropped when nothing was dropped.
func (c *Root) DroppedClass() string {
	if c.Model.Dropped() == 0 {
		return "dropped hidden"
	}
	return "dropped"
}

// NoticeClass hides an empty notice.
func (c *Root) NoticeClass() string {
	if c.Notice == "" {
		return "notice hidden"
	}
	return "notice"
}

// ErrorClass hides the error box when there is no error.
func (c *Root) ErrorClass() string {
	if c.Model.Err == nil {
		return "error hidden"
	}
	return "error"
}

// Catalogs returns the catalog snapshot's catalogs.
func (c *Root) Catalogs() []protocol.CatalogInfo {
	if c.Model.Catalog == nil {
		return nil
	}
	return c.Model.Catalog.Catalogs
}

// IsCurrent reports whether catalog.db is the session's current database.
func (c *Root) IsCurrent(catalog, db string) bool {
	cat := c.Model.Catalog
	return cat != nil && cat.CurrentCatalog == catalog && cat.CurrentDatabase == db
}

// Kind names a catalog object: table or view, temporary or not.
func (c *Root) Kind(t protocol.TableInfo) string {
	k := "table"
	if t.View {
		k = "view"
	}
	if t.Temporary {
		k = "temporary " + k
	}
	return k
}

// ColType is a column's type with its extras (computed, metadata).
func (c *Root) ColType(col protocol.ColumnInfo) string {
	if col.Extras != "" {
		return col.Type + " " + col.Extras
	}
	return col.Type
}

// Metadata says where a catalog keeps its tables' definitions.
func (c *Root) Metadata(ci protocol.CatalogInfo) string {
	where := ci.Storage
	if where == "" {
		where = "this tab's memory"
	}
	return "metadata: " + ci.Name + " (in " + where + ")"
}

// Data says where a table's rows live.
func (c *Root) Data(t protocol.TableInfo) string {
	switch {
	case t.Data != "" && t.Connector != "":
		return "data: " + t.Connector + ", " + t.Data
	case t.Data != "":
		return "data: " + t.Data
	case t.Connector != "":
		return "data: " + t.Connector
	}
	return "data: unknown"
}

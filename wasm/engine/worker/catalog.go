package worker

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// CatalogStorage says where a catalog keeps its metadata in the playground.
const CatalogStorage = "this tab's memory (generic_in_memory)"

// Snapshot describes sess's catalogs for the catalog panel: every table and
// view with its columns, and where its metadata and its data live.
func Snapshot(sess *engine.Session) protocol.Catalog {
	snap := sess.Catalog().Snapshot(!sess.IsBatch())
	out := protocol.Catalog{CurrentCatalog: snap.CurrentCatalog, CurrentDatabase: snap.CurrentDatabase,
		Catalogs: []protocol.CatalogInfo{}}
	specs := map[string]*connector.Spec{}
	for _, f := range sess.Connectors().Factories() {
		specs[f.Spec().Name] = f.Spec()
	}
	for _, c := range snap.Catalogs {
		ci := protocol.CatalogInfo{Name: c.Name, Type: c.Type, Storage: CatalogStorage, Databases: []protocol.DatabaseInfo{}}
		if c.Store != "" {
			ci.Storage = c.Store + " (" + c.Type + ")"
		}
		if c.Missing {
			// Only temporary objects live here; they are the session's.
			ci.Storage = "this tab's memory (temporary objects of the session)"
		}
		for _, d := range c.Databases {
			di := protocol.DatabaseInfo{Name: d.Name, Objects: []protocol.TableInfo{}}
			for _, o := range d.Objects {
				if o.Shadowed {
					// Flink resolves the name to the temporary object.
					continue
				}
				ti := tableInfo(o, specs)
				switch {
				case o.Temporary:
					ti.Definition = "this tab's memory (a temporary " + kindName(o.View) + " of the session)"
				case c.Store != "":
					ti.Definition = c.Store
				default:
					ti.Definition = "this tab's memory"
				}
				di.Objects = append(di.Objects, ti)
			}
			ci.Databases = append(ci.Databases, di)
		}
		out.Catalogs = append(out.Catalogs, ci)
	}
	return out
}

func tableInfo(o catalog.ObjectSnapshot, specs map[string]*connector.Spec) protocol.TableInfo {
	t := protocol.TableInfo{Name: o.Name, View: o.View, Temporary: o.Temporary,
		Columns: make([]protocol.ColumnInfo, len(o.Columns)), Options: o.Options}
	for i, c := range o.Columns {
		typ := c.Type
		if !c.Nullable {
			typ += " NOT NULL"
		}
		var extras []string
		if c.Extras != "" {
			extras = append(extras, c.Extras)
		}
		if c.Key != "" {
			extras = append(extras, c.Key)
		}
		if c.Watermark != "" {
			extras = append(extras, "WATERMARK AS "+c.Watermark)
		}
		t.Columns[i] = protocol.ColumnInfo{Name: c.Name, Type: typ, Extras: strings.Join(extras, ", ")}
	}
	if o.View {
		t.Data = "a view: its query runs when it is read; nothing is stored"
		return t
	}
	t.Connector = o.Options["connector"]
	spec := specs[t.Connector]
	if spec == nil {
		return t
	}
	// A connector's storage text may name the table's 'path' option.
	t.Data = strings.ReplaceAll(spec.Storage, "<path>", strings.TrimPrefix(o.Options["path"], "file://"))
	if spec.Name == "filesystem" {
		t.Bounded = "bounded"
		if _, ok := o.Options["source.monitor-interval"]; ok {
			t.Bounded = "unbounded (watches for new files)"
		}
	}
	if spec.Name == "datagen" {
		// Flink's planner calls datagen bounded exactly when it has a row
		// count; a sequence column still ends the stream when it runs out.
		t.Bounded = "unbounded"
		if _, ok := o.Options["number-of-rows"]; ok {
			t.Bounded = "bounded"
		} else if hasSequence(o.Options) {
			t.Bounded = "unbounded (ends when a sequence runs out)"
		}
	}
	return t
}

func kindName(view bool) string {
	if view {
		return "view"
	}
	return "table"
}

// hasSequence reports whether a datagen table has a sequence column.
func hasSequence(options map[string]string) bool {
	for k, v := range options {
		if strings.HasPrefix(k, "fields.") && strings.HasSuffix(k, ".kind") && v == "sequence" {
			return true
		}
	}
	return false
}

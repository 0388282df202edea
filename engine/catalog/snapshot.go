package catalog

import "sort"

// Snapshot is a read-only copy of the whole catalog state, for the
// playground's catalog panel: catalogs, their databases, and the tables and
// views in each, temporary ones included. Everything is sorted by name.
type Snapshot struct {
	CurrentCatalog  string
	CurrentDatabase string
	Catalogs        []CatalogSnapshot
}

// CatalogSnapshot describes one catalog.
type CatalogSnapshot struct {
	Name            string
	Type            string // generic_in_memory
	Comment         string
	DefaultDatabase string
	// Builtin marks default_catalog, which has no CREATE CATALOG statement.
	Builtin bool
	// Store is where a playground catalog keeps its definitions (the
	// store's Where); "" for catalogs that live in the session's memory.
	Store string
	// Missing marks a catalog that does not exist but holds temporary
	// objects (Flink allows creating them anywhere).
	Missing   bool
	Databases []DatabaseSnapshot
}

// DatabaseSnapshot describes one database.
type DatabaseSnapshot struct {
	Name       string
	Comment    string
	Properties map[string]string
	Missing    bool // exists only as the home of temporary objects
	Objects    []ObjectSnapshot
}

// ObjectSnapshot describes one table or view.
type ObjectSnapshot struct {
	Name      string
	View      bool
	Temporary bool
	// Shadowed marks a permanent object hidden by a temporary one of the
	// same name.
	Shadowed bool
	Comment  string
	Columns  []ColumnInfo
	Options  map[string]string // tables only
	Query    string            // views only: the original query text
}

// Snapshot returns a copy of the catalog state. streaming decides whether
// watermarked columns show as rowtime attributes, as in DESCRIBE.
func (m *Manager) Snapshot(streaming bool) Snapshot {
	snap := Snapshot{CurrentCatalog: m.currentC, CurrentDatabase: m.currentDB}
	type dbKey struct{ c, d string }
	dbs := map[dbKey]*DatabaseSnapshot{}
	cats := map[string]*CatalogSnapshot{}

	for name, c := range m.catalogs {
		cs := &CatalogSnapshot{Name: name, Type: InMemoryType, DefaultDatabase: c.defaultDB, Builtin: c.desc == nil}
		if c.persistent && m.store != nil {
			cs.Store = m.store.Where()
		}
		if c.desc != nil {
			if t, ok := c.desc.options[OptionType]; ok {
				cs.Type = t
			}
			if c.desc.comment != nil {
				cs.Comment = *c.desc.comment
			}
		}
		cats[name] = cs
		for dbName, db := range c.dbs {
			ds := &DatabaseSnapshot{Name: dbName, Comment: db.comment, Properties: cloneMap(db.props)}
			for objName, e := range db.objects {
				id := ObjectID{name, dbName, objName}
				o := objectSnapshot(Object{ID: id, Table: e.table, View: e.view}, streaming)
				o.Shadowed = m.temporary[id] != nil
				ds.Objects = append(ds.Objects, o)
			}
			dbs[dbKey{name, dbName}] = ds
		}
	}
	for id, e := range m.temporary {
		ds := dbs[dbKey{id.Catalog, id.Database}]
		if ds == nil {
			ds = &DatabaseSnapshot{Name: id.Database, Missing: true}
			dbs[dbKey{id.Catalog, id.Database}] = ds
		}
		if cats[id.Catalog] == nil {
			cats[id.Catalog] = &CatalogSnapshot{Name: id.Catalog, Missing: true}
		}
		ds.Objects = append(ds.Objects, objectSnapshot(Object{ID: id, Table: e.table, View: e.view, Temporary: true}, streaming))
	}
	for k, ds := range dbs {
		sort.Slice(ds.Objects, func(i, j int) bool {
			a, b := ds.Objects[i], ds.Objects[j]
			if a.Name != b.Name {
				return a.Name < b.Name
			}
			return a.Temporary && !b.Temporary
		})
		cs := cats[k.c]
		cs.Databases = append(cs.Databases, *ds)
	}
	for _, cs := range cats {
		sort.Slice(cs.Databases, func(i, j int) bool { return cs.Databases[i].Name < cs.Databases[j].Name })
		snap.Catalogs = append(snap.Catalogs, *cs)
	}
	sort.Slice(snap.Catalogs, func(i, j int) bool { return snap.Catalogs[i].Name < snap.Catalogs[j].Name })
	return snap
}

func objectSnapshot(o Object, streaming bool) ObjectSnapshot {
	cols, _ := ObjectColumns(o, streaming)
	s := ObjectSnapshot{Name: o.ID.Object, Temporary: o.Temporary, Columns: cols}
	if o.View != nil {
		s.View = true
		s.Comment = o.View.Comment
		s.Query = o.View.OriginalQuery
	} else {
		s.Comment = o.Table.Comment
		s.Options = cloneMap(o.Table.Options)
	}
	return s
}

package catalog

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// PlaygroundType is the catalog type whose databases, tables and views
// outlive the session: they are written through to the session's Store (a
// JSON file for the CLI, the browser's storage in the page). Flink has no
// such type; a script that uses it runs on Flink with a catalog that keeps
// its metadata elsewhere (hive, jdbc).
const PlaygroundType = "playground"

// Store keeps the definitions of playground catalogs as independent
// entries: one per catalog, database, table and view, each a small JSON
// document under a key (see the key functions below). Entries are
// independent so that one corrupt entry costs only itself: it is reported
// and skipped when loaded, and never rewritten or deleted unless the user
// replaces or drops that very object.
type Store interface {
	// Load returns every entry by key.
	Load() (map[string][]byte, error)
	// Put writes one entry; it has reached the store when Put returns.
	Put(key string, value []byte) error
	// Delete removes one entry; a missing key is not an error.
	Delete(key string) error
	// Where says where the definitions live, for the catalog panel: "this
	// browser's storage", "the file /home/me/catalog.json".
	Where() string
}

// record is a stored entry. Tables and views are stored as the DDL that
// recreates them (fully qualified, options unmasked), so loading one goes
// through the same validation as the user's statement.
type record struct {
	Kind     string            `json:"kind"` // catalog, database, table, view
	Catalog  string            `json:"catalog"`
	Database string            `json:"database,omitempty"`
	Name     string            `json:"name,omitempty"`
	Comment  *string           `json:"comment,omitempty"`
	Options  map[string]string `json:"options,omitempty"` // catalog options, database properties
	DDL      string            `json:"ddl,omitempty"`
}

// Record kinds.
const (
	kindCatalog  = "catalog"
	kindDatabase = "database"
	kindTable    = "table"
	kindView     = "view"
)

func escapeKey(parts ...string) string {
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

func catalogKey(c string) string      { return escapeKey(kindCatalog, c) }
func databaseKey(c, db string) string { return escapeKey(kindDatabase, c, db) }
func objectKey(id ObjectID) string    { return escapeKey("object", id.Catalog, id.Database, id.Object) }

// DefineFunc creates the table or view id from its stored DDL, as the
// statement would; the engine provides it, since only it can parse and bind
// SQL. DDL that names another object is an error.
type DefineFunc func(id ObjectID, ddl string) error

// SetStore connects the manager to a store: CREATE CATALOG with 'type' =
// 'playground' becomes possible, and the playground catalogs the store
// remembers are registered again with their databases, tables and views.
// Entries that cannot be restored become warnings (see Warnings).
func (m *Manager) SetStore(s Store, define DefineFunc) {
	m.store, m.define = s, define
	entries, err := s.Load()
	if err != nil {
		m.warn("The catalog store (%s) could not be read: %v", s.Where(), err)
		return
	}
	for _, key := range sortedKeys(entries) {
		r, err := decodeRecord(entries[key])
		if err != nil {
			m.warn("Skipped the stored entry %q in %s: %v", key, s.Where(), err)
			continue
		}
		if r.Kind != kindCatalog {
			continue
		}
		if _, ok := m.catalogs[r.Catalog]; ok {
			m.warn("Skipped the stored catalog %s: a catalog with this name already exists.", r.Catalog)
			continue
		}
		desc := &descriptor{options: cloneMap(r.Options), comment: r.Comment}
		if desc.options == nil {
			desc.options = map[string]string{}
		}
		c, err := initCatalog(desc, true)
		if err == nil && !c.persistent {
			err = fmt.Errorf("its type is not '%s'", PlaygroundType)
		}
		if err != nil {
			m.warn("Skipped the stored catalog %s: %s", r.Catalog, errText(err))
			continue
		}
		m.catalogs[r.Catalog] = c
		m.restore(r.Catalog, entries)
	}
}

// Warnings returns what went wrong while restoring stored definitions, in
// order; the CLI and the catalog panel show them.
func (m *Manager) Warnings() []string { return append([]string(nil), m.warnings...) }

// StoreWhere says where playground catalogs keep their definitions; ""
// when the session has no store.
func (m *Manager) StoreWhere() string {
	if m.store == nil {
		return ""
	}
	return m.store.Where()
}

func (m *Manager) warn(format string, args ...any) {
	m.warnings = append(m.warnings, fmt.Sprintf(format, args...))
}

func errText(err error) string {
	if e, ok := diag.As(err); ok {
		return e.Class + ": " + e.Msg
	}
	return err.Error()
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func decodeRecord(b []byte) (*record, error) {
	var r record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	switch r.Kind {
	case kindCatalog:
	case kindDatabase:
		if r.Database == "" {
			return nil, fmt.Errorf("a database entry without a database name")
		}
	case kindTable, kindView:
		if r.Database == "" || r.Name == "" || r.DDL == "" {
			return nil, fmt.Errorf("a %s entry without DDL", r.Kind)
		}
	default:
		return nil, fmt.Errorf("unknown entry kind %q", r.Kind)
	}
	if r.Catalog == "" {
		return nil, fmt.Errorf("an entry without a catalog name")
	}
	return &r, nil
}

// restore loads the databases, tables and views the store holds for the
// playground catalog name, which is registered and empty but for its
// default database. Views may read other views: they are defined in rounds
// until a round makes no progress.
func (m *Manager) restore(name string, entries map[string][]byte) {
	m.loading = true
	defer func() { m.loading = false }()
	c := m.catalogs[name]
	var objects []*record
	for _, key := range sortedKeys(entries) {
		r, err := decodeRecord(entries[key])
		if err != nil || r.Catalog != name {
			continue // corrupt entries were reported by SetStore
		}
		switch r.Kind {
		case kindDatabase:
			db := newDatabase("", r.Options)
			if r.Comment != nil {
				db.comment = *r.Comment
			}
			if old, ok := c.dbs[r.Database]; ok {
				db.objects = old.objects
			}
			c.dbs[r.Database] = db
		case kindTable, kindView:
			objects = append(objects, r)
		}
	}
	// Tables first, then views in rounds.
	sort.SliceStable(objects, func(i, j int) bool { return objects[i].Kind == kindTable && objects[j].Kind != kindTable })
	failed := map[*record]error{}
	for progress := true; progress && len(objects) > 0; {
		progress = false
		var left []*record
		for _, r := range objects {
			if _, ok := c.dbs[r.Database]; !ok {
				failed[r] = diag.Errorf(diag.NoPos, DatabaseNotExistException, "Database %s does not exist in Catalog %s.", r.Database, name)
				continue
			}
			if err := m.define(ObjectID{r.Catalog, r.Database, r.Name}, r.DDL); err != nil {
				failed[r] = err
				left = append(left, r)
				continue
			}
			delete(failed, r)
			progress = true
		}
		objects = left
	}
	var skipped []*record
	for r := range failed {
		skipped = append(skipped, r)
	}
	sort.Slice(skipped, func(i, j int) bool { return skipped[i].Name < skipped[j].Name })
	for _, r := range skipped {
		id := ObjectID{r.Catalog, r.Database, r.Name}
		m.warn("Skipped the stored %s %s: %s", r.Kind, id.Quoted(), errText(failed[r]))
	}
}

// ---------------------------------------------------------------- write-through

// persistent reports whether writes to catalog name go to the store.
func (m *Manager) persistent(name string) bool {
	c, ok := m.catalogs[name]
	return ok && c.persistent && m.store != nil && !m.loading
}

func (m *Manager) put(key string, r record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := m.store.Put(key, b); err != nil {
		return storeErr(m.store, err)
	}
	return nil
}

func (m *Manager) del(key string) error {
	if err := m.store.Delete(key); err != nil {
		return storeErr(m.store, err)
	}
	return nil
}

func storeErr(s Store, err error) error {
	return catalogErr("Could not save the catalog change to %s: %v", s.Where(), err)
}

func (m *Manager) saveCatalog(name string, c *memCatalog) error {
	return m.put(catalogKey(name), record{Kind: kindCatalog, Catalog: name, Options: c.desc.options, Comment: c.desc.comment})
}

func (m *Manager) saveDatabase(catalog, name string, db *database) error {
	var comment *string
	if db.comment != "" {
		comment = &db.comment
	}
	return m.put(databaseKey(catalog, name), record{Kind: kindDatabase, Catalog: catalog, Database: name, Comment: comment, Options: db.props})
}

func (m *Manager) saveObject(id ObjectID, e *entry) error {
	r := record{Kind: kindTable, Catalog: id.Catalog, Database: id.Database, Name: id.Object}
	if e.view != nil {
		r.Kind, r.DDL = kindView, CreateViewText(id, e.view, false)
	} else {
		r.DDL = storedTableDDL(id, e.table)
	}
	return m.put(objectKey(id), r)
}

// storedTableDDL is SHOW CREATE TABLE with the options as they are:
// SHOW CREATE hides sensitive values, the store must not.
func storedTableDDL(id ObjectID, t *Table) string {
	bare := *t
	bare.Options = nil
	text := CreateTableText(id, &bare, false)
	if len(t.Options) == 0 {
		return text
	}
	keys := make([]string, 0, len(t.Options))
	for k := range t.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	lines := make([]string, len(keys))
	for i, k := range keys {
		lines[i] = "  " + quoteString(k) + " = " + quoteString(t.Options[k])
	}
	return text + "WITH (\n" + strings.Join(lines, ",\n") + "\n)\n"
}

// dropDatabaseEntries removes a database's entry and those of its objects.
func (m *Manager) dropDatabaseEntries(catalog, name string, db *database) error {
	names := make([]string, 0, len(db.objects))
	for n := range db.objects {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := m.del(objectKey(ObjectID{catalog, name, n})); err != nil {
			return err
		}
	}
	return m.del(databaseKey(catalog, name))
}

// renameEntry writes a renamed object's entry and removes the old one.
func (m *Manager) renameEntry(id ObjectID, newName string, e *entry) error {
	to := ObjectID{id.Catalog, id.Database, newName}
	if err := m.saveObject(to, e); err != nil {
		return err
	}
	return m.del(objectKey(id))
}

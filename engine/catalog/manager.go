// Package catalog is Flink's catalog model: a Manager (Flink's
// CatalogManager) holding catalogs by name, the current catalog and
// database, and the session's temporary tables and views; generic_in_memory
// catalogs holding databases holding tables and views.
//
// Every error is a *diag.Error carrying the Java exception class and message
// that Flink's SQL client prints as the root cause, so callers can return
// them unchanged. Errors have no position; the statement layer adds one.
package catalog

import (
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// Built-in names, Flink's table.builtin-catalog-name and
// table.builtin-database-name.
const (
	BuiltinCatalog  = "default_catalog"
	BuiltinDatabase = "default_database"
)

// InMemoryType is Flink's in-memory catalog type. The other type a session
// can create is PlaygroundType, when it has a Store (store.go).
const InMemoryType = "generic_in_memory"

// Catalog option keys.
const (
	OptionType            = "type"
	OptionDefaultDatabase = "default-database"
	optionPropertyVersion = "property-version"
	// defaultInMemoryDatabase is GenericInMemoryCatalog.DEFAULT_DB.
	defaultInMemoryDatabase = "default"
)

// Exception classes of Flink's catalog layer that diag does not name.
const (
	DatabaseAlreadyExistException = "org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException"
	DatabaseNotExistException     = "org.apache.flink.table.catalog.exceptions.DatabaseNotExistException"
	DatabaseNotEmptyException     = "org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException"
	TableNotExistException        = "org.apache.flink.table.catalog.exceptions.TableNotExistException"
	CatalogNotExistException      = "org.apache.flink.table.api.CatalogNotExistException"
)

// Manager is the session's catalog state, Flink's CatalogManager. It is not
// safe for concurrent use.
type Manager struct {
	catalogs  map[string]*memCatalog
	currentC  string
	currentDB string
	temporary map[ObjectID]*entry
	// User-defined functions (function.go): temporary catalog functions by
	// their normalized identifier, temporary system functions by their
	// lower-case name; catalog functions live in their database.
	tempFunctions   map[ObjectID]*Function
	systemFunctions map[string]*Function

	// store keeps playground catalogs (store.go); nil when the session has
	// none. define recreates a stored table or view; loading is set while
	// it runs, so restoring writes nothing back.
	store    Store
	define   DefineFunc
	loading  bool
	warnings []string
}

// memCatalog is a generic_in_memory catalog.
type memCatalog struct {
	defaultDB string
	dbs       map[string]*database
	// desc is what CREATE CATALOG stored: its options and comment. The
	// built-in catalog has none, so DESCRIBE/SHOW CREATE/ALTER CATALOG
	// reject it, as in Flink where it is not in the catalog store.
	desc *descriptor
	// persistent marks a playground catalog: changes go to the store.
	persistent bool
}

type descriptor struct {
	options map[string]string
	comment *string
}

type database struct {
	comment string
	props   map[string]string
	objects map[string]*entry
	// functions are the catalog functions, by lower-case name; they live
	// for the session, also in a playground catalog.
	functions map[string]*Function
}

// entry is a table or a view.
type entry struct {
	table *Table
	view  *View
}

func (e *entry) clone() *entry {
	return &entry{table: e.table.Clone(), view: e.view.Clone()}
}

func newMemCatalog(defaultDB string, desc *descriptor) *memCatalog {
	return &memCatalog{
		defaultDB: defaultDB,
		dbs:       map[string]*database{defaultDB: newDatabase("", nil)},
		desc:      desc,
	}
}

func newDatabase(comment string, props map[string]string) *database {
	return &database{comment: comment, props: cloneMap(props), objects: map[string]*entry{}}
}

// NewManager returns a manager with Flink's built-in catalog
// default_catalog and its database default_database, both current.
func NewManager() *Manager {
	return &Manager{
		catalogs:  map[string]*memCatalog{BuiltinCatalog: newMemCatalog(BuiltinDatabase, nil)},
		currentC:  BuiltinCatalog,
		currentDB: BuiltinDatabase,
		temporary: map[ObjectID]*entry{},

		tempFunctions:   map[ObjectID]*Function{},
		systemFunctions: map[string]*Function{},
	}
}

func validation(format string, args ...any) *diag.Error {
	return diag.Errorf(diag.NoPos, diag.ValidationException, format, args...)
}

func catalogErr(format string, args ...any) *diag.Error {
	return diag.Errorf(diag.NoPos, diag.CatalogException, format, args...)
}

// CurrentCatalog returns the catalog names are qualified with.
func (m *Manager) CurrentCatalog() string { return m.currentC }

// CurrentDatabase returns the database names are qualified with.
func (m *Manager) CurrentDatabase() string { return m.currentDB }

// Qualify completes a name of one to three parts ([catalog.][database.]object)
// with the current catalog and database.
func (m *Manager) Qualify(parts []string) (ObjectID, error) {
	switch len(parts) {
	case 1:
		c, err := m.qualifyCatalog("")
		if err != nil {
			return ObjectID{}, err
		}
		db, err := m.qualifyDatabase("")
		if err != nil {
			return ObjectID{}, err
		}
		return ObjectID{c, db, parts[0]}, nil
	case 2:
		c, err := m.qualifyCatalog("")
		if err != nil {
			return ObjectID{}, err
		}
		return ObjectID{c, parts[0], parts[1]}, nil
	case 3:
		return ObjectID{parts[0], parts[1], parts[2]}, nil
	}
	return ObjectID{}, validation("Object identifier can not be null or empty and must have at most three parts, but was: %s", strings.Join(parts, "."))
}

func (m *Manager) qualifyCatalog(name string) (string, error) {
	if strings.TrimSpace(name) != "" {
		return name, nil
	}
	if strings.TrimSpace(m.currentC) == "" {
		return "", validation("A current catalog has not been set. Please use a fully qualified identifier (such as 'my_catalog.my_database.my_table') or set a current catalog using 'USE CATALOG my_catalog'.")
	}
	return m.currentC, nil
}

func (m *Manager) qualifyDatabase(name string) (string, error) {
	if strings.TrimSpace(name) != "" {
		return name, nil
	}
	if strings.TrimSpace(m.currentDB) == "" {
		return "", validation("A current database has not been set. Please use a fully qualified identifier (such as 'my_database.my_table' or 'my_catalog.my_database.my_table') or set a current database using 'USE my_database'.")
	}
	return m.currentDB, nil
}

// catalogOrErr is Flink's getCatalogOrThrowException.
func (m *Manager) catalogOrErr(name string) (*memCatalog, error) {
	c, ok := m.catalogs[name]
	if !ok {
		return nil, validation("Catalog %s does not exist", name)
	}
	return c, nil
}

// ---------------------------------------------------------------- catalogs

// HasCatalog reports whether a catalog exists.
func (m *Manager) HasCatalog(name string) bool {
	_, ok := m.catalogs[name]
	return ok
}

// ListCatalogs returns the catalog names, sorted.
func (m *Manager) ListCatalogs() []string {
	names := make([]string, 0, len(m.catalogs))
	for n := range m.catalogs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// UseCatalog makes a catalog current; its default database becomes the
// current database unless the catalog already was current.
func (m *Manager) UseCatalog(name string) error {
	c, ok := m.catalogs[name]
	if !ok {
		return catalogErr("A catalog with name [%s] does not exist.", name)
	}
	if name != m.currentC {
		m.currentC = name
		m.currentDB = c.defaultDB
	}
	return nil
}

// UseDatabase makes catalog.database current; an empty catalog means the
// current one.
func (m *Manager) UseDatabase(catalog, database string) error {
	if catalog == "" {
		catalog = m.currentC
	}
	if err := m.UseCatalog(catalog); err != nil {
		return err
	}
	c, err := m.catalogOrErr(m.currentC)
	if err != nil {
		return err
	}
	if _, ok := c.dbs[database]; !ok {
		return catalogErr("A database with name [%s] does not exist in the catalog: [%s].", database, m.currentC)
	}
	m.currentDB = database
	return nil
}

// CreateCatalog creates a catalog from its WITH options; 'type' must be
// generic_in_memory. An existing catalog is an error unless ifNotExists.
// comment is nil when the statement has no COMMENT.
func (m *Manager) CreateCatalog(name string, options map[string]string, comment *string, ifNotExists bool) error {
	if _, ok := m.catalogs[name]; ok {
		if ifNotExists {
			return nil
		}
		return catalogErr("Catalog %s already exists.", name)
	}
	desc := &descriptor{options: cloneMap(options), comment: comment}
	if desc.options == nil {
		desc.options = map[string]string{}
	}
	c, err := initCatalog(desc, m.store != nil)
	if err != nil {
		return err
	}
	if c.persistent {
		// Like a catalog over an existing metastore, a playground catalog
		// shows what the store already holds under its name.
		entries, err := m.store.Load()
		if err != nil {
			return storeErr(m.store, err)
		}
		if err := m.saveCatalog(name, c); err != nil {
			return err
		}
		m.catalogs[name] = c
		m.restore(name, entries)
		return nil
	}
	m.catalogs[name] = c
	return nil
}

// initCatalog validates a descriptor the way Flink's catalog factory
// discovery does and builds an empty catalog from it.
func initCatalog(desc *descriptor, withStore bool) (*memCatalog, error) {
	typ, ok := desc.options[OptionType]
	if !ok {
		return nil, validation("Catalog options do not contain an option key '%s' for discovering a catalog.", OptionType)
	}
	if typ != InMemoryType && (typ != PlaygroundType || !withStore) {
		available := InMemoryType
		hint := ""
		if withStore {
			available += "\n" + PlaygroundType
		} else if typ == PlaygroundType {
			hint = "\n\nA playground catalog needs a catalog store: the browser playground has one; start flinkplay sql with --catalog-file PATH."
		}
		return nil, validation("Could not find any factory for identifier '%s' that implements 'org.apache.flink.table.factories.CatalogFactory' in the classpath.\n\nAvailable factory identifiers are:\n\n%s%s", typ, available, hint)
	}
	var unsupported []string
	for k := range desc.options {
		if k != OptionType && k != OptionDefaultDatabase && k != optionPropertyVersion {
			unsupported = append(unsupported, k)
		}
	}
	if len(unsupported) > 0 {
		sort.Strings(unsupported)
		return nil, validation("Unsupported options found for '%s'.\n\nUnsupported options:\n\n%s\n\nSupported options:\n\n%s\n%s",
			typ, strings.Join(unsupported, "\n"), OptionDefaultDatabase, optionPropertyVersion)
	}
	db := defaultInMemoryDatabase
	if v, ok := desc.options[OptionDefaultDatabase]; ok {
		db = v
	}
	if strings.TrimSpace(db) == "" {
		return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "defaultDatabase cannot be null or empty")
	}
	c := newMemCatalog(db, desc)
	c.persistent = typ == PlaygroundType
	return c, nil
}

// alterCatalog applies change to a copy of the catalog's descriptor and,
// like Flink, replaces the catalog with a fresh one built from the new
// descriptor: a generic_in_memory catalog loses its databases and tables.
func (m *Manager) alterCatalog(name string, change func(*descriptor)) error {
	old, ok := m.catalogs[name]
	if !ok || old.desc == nil {
		return catalogErr("Catalog %s does not exist in the catalog store.", name)
	}
	desc := &descriptor{options: cloneMap(old.desc.options), comment: old.desc.comment}
	change(desc)
	c, err := initCatalog(desc, m.store != nil)
	if err != nil {
		return err
	}
	if old.persistent != c.persistent {
		// The definitions would have to move between the session's memory
		// and the store; drop the catalog and create it again instead.
		return catalogErr("Cannot change the type of catalog %s between '%s' and another type.", name, PlaygroundType)
	}
	if old.persistent {
		// The definitions live in the store, not in the catalog object:
		// reopening it with new options keeps them.
		for n, db := range old.dbs {
			c.dbs[n] = db
		}
	}
	if c.persistent {
		m.catalogs[name] = c
		if err := m.saveCatalog(name, c); err != nil {
			m.catalogs[name] = old
			return err
		}
		return nil
	}
	m.catalogs[name] = c
	return nil
}

// AlterCatalogOptions is ALTER CATALOG name SET (options).
func (m *Manager) AlterCatalogOptions(name string, set map[string]string) error {
	return m.alterCatalog(name, func(d *descriptor) {
		for k, v := range set {
			d.options[k] = v
		}
	})
}

// AlterCatalogReset is ALTER CATALOG name RESET (keys). The statement layer
// rejects empty key lists and 'type' first, as Flink's converter does.
func (m *Manager) AlterCatalogReset(name string, keys []string) error {
	return m.alterCatalog(name, func(d *descriptor) {
		for _, k := range keys {
			delete(d.options, k)
		}
	})
}

// AlterCatalogComment is ALTER CATALOG name COMMENT 'comment'.
func (m *Manager) AlterCatalogComment(name, comment string) error {
	return m.alterCatalog(name, func(d *descriptor) { d.comment = &comment })
}

// DropCatalog removes a catalog; the current catalog cannot be dropped.
func (m *Manager) DropCatalog(name string, ifExists bool) error {
	if _, ok := m.catalogs[name]; !ok {
		if ifExists {
			return nil
		}
		return catalogErr("Catalog %s does not exist.", name)
	}
	if name == m.currentC {
		return catalogErr("Cannot drop a catalog which is currently in use.")
	}
	if m.persistent(name) {
		// Only the registration goes; the databases and tables stay in
		// the store and come back with CREATE CATALOG of the same name.
		if err := m.del(catalogKey(name)); err != nil {
			return err
		}
	}
	delete(m.catalogs, name)
	return nil
}

// ---------------------------------------------------------------- databases

// DatabaseExists reports whether catalog.database exists.
func (m *Manager) DatabaseExists(catalog, database string) bool {
	c, ok := m.catalogs[catalog]
	if !ok {
		return false
	}
	_, ok = c.dbs[database]
	return ok
}

// ListDatabases returns the databases of a catalog ("" means the current
// one), sorted.
func (m *Manager) ListDatabases(catalog string) ([]string, error) {
	name, err := m.qualifyCatalog(catalog)
	if err != nil {
		return nil, err
	}
	c, err := m.catalogOrErr(name)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(c.dbs))
	for n := range c.dbs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}

// CreateDatabase creates catalog.database ("" catalog means the current one).
func (m *Manager) CreateDatabase(catalog, name, comment string, props map[string]string, ifNotExists bool) error {
	if catalog == "" {
		catalog = m.currentC
	}
	c, err := m.catalogOrErr(catalog)
	if err != nil {
		return err
	}
	if _, ok := c.dbs[name]; ok {
		if ifNotExists {
			return nil
		}
		return diag.Errorf(diag.NoPos, DatabaseAlreadyExistException, "Database %s already exists in Catalog %s.", name, catalog)
	}
	db := newDatabase(comment, props)
	if m.persistent(catalog) {
		if err := m.saveDatabase(catalog, name, db); err != nil {
			return err
		}
	}
	c.dbs[name] = db
	return nil
}

// AlterDatabase merges props into the properties of catalog.database.
func (m *Manager) AlterDatabase(catalog, name string, props map[string]string) error {
	if catalog == "" {
		catalog = m.currentC
	}
	c, ok := m.catalogs[catalog]
	if !ok {
		return validation("Catalog %s not exists", catalog)
	}
	db, ok := c.dbs[name]
	if !ok {
		return diag.Errorf(diag.NoPos, DatabaseNotExistException, "Database %s does not exist in Catalog %s.", name, catalog)
	}
	merged := cloneMap(db.props)
	if merged == nil {
		merged = map[string]string{}
	}
	for k, v := range props {
		merged[k] = v
	}
	if m.persistent(catalog) {
		next := *db
		next.props = merged
		if err := m.saveDatabase(catalog, name, &next); err != nil {
			return err
		}
	}
	db.props = merged
	return nil
}

// DropDatabase drops catalog.database. A database holding tables or views
// is an error unless cascade. The current database cannot be dropped.
func (m *Manager) DropDatabase(catalog, name string, ifExists, cascade bool) error {
	if catalog == "" {
		catalog = m.currentC
	}
	if catalog == m.currentC && name == m.currentDB {
		return validation("Cannot drop a database which is currently in use.")
	}
	c, ok := m.catalogs[catalog]
	if !ok {
		return diag.Errorf(diag.NoPos, CatalogNotExistException, "Catalog %s does not exist.", catalog)
	}
	db, ok := c.dbs[name]
	if !ok {
		if ifExists {
			return nil
		}
		return diag.Errorf(diag.NoPos, DatabaseNotExistException, "Database %s does not exist in Catalog %s.", name, catalog)
	}
	if (len(db.objects) > 0 || len(db.functions) > 0) && !cascade {
		return diag.Errorf(diag.NoPos, DatabaseNotEmptyException, "Database %s in catalog %s is not empty.", name, catalog)
	}
	if m.persistent(catalog) {
		if err := m.dropDatabaseEntries(catalog, name, db); err != nil {
			return err
		}
	}
	delete(c.dbs, name)
	return nil
}

// DatabaseInfo returns a database's comment and properties.
func (m *Manager) DatabaseInfo(catalog, name string) (comment string, props map[string]string, ok bool) {
	c, found := m.catalogs[catalog]
	if !found {
		return "", nil, false
	}
	db, found := c.dbs[name]
	if !found {
		return "", nil, false
	}
	return db.comment, cloneMap(db.props), true
}

// ---------------------------------------------------------------- tables and views

// Lookup finds a table or view; a temporary object shadows a permanent one
// of the same name.
func (m *Manager) Lookup(id ObjectID) (Object, bool) {
	if e, ok := m.temporary[id]; ok {
		return Object{ID: id, Table: e.table.Clone(), View: e.view.Clone(), Temporary: true}, true
	}
	if e := m.permanent(id); e != nil {
		return Object{ID: id, Table: e.table.Clone(), View: e.view.Clone()}, true
	}
	return Object{}, false
}

// IsTemporary reports whether a temporary table or view has this name.
func (m *Manager) IsTemporary(id ObjectID) bool {
	_, ok := m.temporary[id]
	return ok
}

func (m *Manager) permanent(id ObjectID) *entry {
	c, ok := m.catalogs[id.Catalog]
	if !ok {
		return nil
	}
	db, ok := c.dbs[id.Database]
	if !ok {
		return nil
	}
	return db.objects[id.Object]
}

// CreateTable registers a table. Temporary tables need no existing catalog
// or database, as in Flink.
func (m *Manager) CreateTable(id ObjectID, t *Table, temporary, ifNotExists bool) error {
	return m.create(id, &entry{table: t.Clone()}, temporary, ifNotExists)
}

// CreateView registers a view.
func (m *Manager) CreateView(id ObjectID, v *View, temporary, ifNotExists bool) error {
	return m.create(id, &entry{view: v.Clone()}, temporary, ifNotExists)
}

func (m *Manager) create(id ObjectID, e *entry, temporary, ifNotExists bool) error {
	if temporary {
		if _, ok := m.temporary[id]; ok {
			if ifNotExists {
				return nil
			}
			return validation("Temporary table '%s' already exists", id.Quoted())
		}
		m.temporary[id] = e
		return nil
	}
	db, err := m.permanentDB(id)
	if err != nil {
		return err
	}
	if _, ok := db.objects[id.Object]; ok {
		if ifNotExists {
			return nil
		}
		return diag.Errorf(diag.NoPos, diag.TableAlreadyExist, "Table (or view) %s already exists in Catalog %s.", id.path(), id.Catalog)
	}
	if m.persistent(id.Catalog) {
		if err := m.saveObject(id, e); err != nil {
			return err
		}
	}
	db.objects[id.Object] = e
	return nil
}

// permanentDB finds the database a permanent object lives in, with the
// errors Flink's CatalogManager.execute reports.
func (m *Manager) permanentDB(id ObjectID) (*database, error) {
	c, ok := m.catalogs[id.Catalog]
	if !ok {
		return nil, validation("Catalog %s does not exist.", id.Catalog)
	}
	db, ok := c.dbs[id.Database]
	if !ok {
		return nil, diag.Errorf(diag.NoPos, DatabaseNotExistException, "Database %s does not exist in Catalog %s.", id.Database, id.Catalog)
	}
	return db, nil
}

// DropTable drops a table (not a view).
func (m *Manager) DropTable(id ObjectID, temporary, ifExists bool) error {
	return m.drop(id, temporary, ifExists, false)
}

// DropView drops a view (not a table).
func (m *Manager) DropView(id ObjectID, temporary, ifExists bool) error {
	return m.drop(id, temporary, ifExists, true)
}

func (m *Manager) drop(id ObjectID, temporary, ifExists, view bool) error {
	kind := "Table"
	if view {
		kind = "View"
	}
	matches := func(e *entry) bool { return e != nil && (e.view != nil) == view }
	if temporary {
		if e := m.temporary[id]; matches(e) {
			delete(m.temporary, id)
			return nil
		}
		if ifExists {
			return nil
		}
		return validation("Temporary table or view with identifier '%s' does not exist.", id)
	}
	if matches(m.temporary[id]) {
		lower := strings.ToLower(kind)
		return validation("Temporary %s with identifier '%s' exists. Drop it first before removing the permanent %s.", lower, id.Quoted(), lower)
	}
	if e := m.permanent(id); matches(e) {
		if m.persistent(id.Catalog) {
			if err := m.del(objectKey(id)); err != nil {
				return err
			}
		}
		delete(m.catalogs[id.Catalog].dbs[id.Database].objects, id.Object)
		return nil
	}
	if ifExists {
		return nil
	}
	return validation("%s with identifier '%s' does not exist.", kind, id)
}

// AlterTable replaces the definition of a permanent table.
func (m *Manager) AlterTable(id ObjectID, t *Table) error {
	db, err := m.permanentDB(id)
	if err != nil {
		return err
	}
	e, ok := db.objects[id.Object]
	if !ok {
		return diag.Errorf(diag.NoPos, TableNotExistException, "Table (or view) %s does not exist in Catalog %s.", id.path(), id.Catalog)
	}
	if e.table == nil {
		return catalogErr("Table types don't match. Existing table is 'VIEW' and new table is 'TABLE'.")
	}
	next := &entry{table: t.Clone()}
	if m.persistent(id.Catalog) {
		if err := m.saveObject(id, next); err != nil {
			return err
		}
	}
	db.objects[id.Object] = next
	return nil
}

// RenameTable renames a permanent table or view within its database.
func (m *Manager) RenameTable(id ObjectID, newName string, ifExists bool) error {
	c, err := m.catalogOrErr(id.Catalog)
	if err != nil {
		return err
	}
	db, ok := c.dbs[id.Database]
	var e *entry
	if ok {
		e = db.objects[id.Object]
	}
	if e == nil {
		if ifExists {
			return nil
		}
		return diag.Errorf(diag.NoPos, TableNotExistException, "Table (or view) %s does not exist in Catalog %s.", id.path(), id.Catalog)
	}
	if _, taken := db.objects[newName]; taken {
		return diag.Errorf(diag.NoPos, diag.TableAlreadyExist, "Table (or view) %s.%s already exists in Catalog %s.", id.Database, newName, id.Catalog)
	}
	if m.persistent(id.Catalog) {
		if err := m.renameEntry(id, newName, e); err != nil {
			return err
		}
	}
	delete(db.objects, id.Object)
	db.objects[newName] = e
	return nil
}

// ListTables returns the tables and views, temporary and permanent, of a
// database ("" parts mean the current catalog and database), sorted and
// without duplicates.
func (m *Manager) ListTables(catalog, database string) ([]string, error) {
	return m.list(catalog, database, false)
}

// ListViews returns the views, temporary and permanent, of a database.
func (m *Manager) ListViews(catalog, database string) ([]string, error) {
	return m.list(catalog, database, true)
}

func (m *Manager) list(catalog, database string, viewsOnly bool) ([]string, error) {
	catalog, err := m.qualifyCatalog(catalog)
	if err != nil {
		return nil, err
	}
	database, err = m.qualifyDatabase(database)
	if err != nil {
		return nil, err
	}
	c, err := m.catalogOrErr(catalog)
	if err != nil {
		return nil, err
	}
	db, ok := c.dbs[database]
	if !ok {
		return nil, diag.Errorf(diag.NoPos, DatabaseNotExistException, "Database %s does not exist in Catalog %s.", database, catalog)
	}
	seen := map[string]bool{}
	for name, e := range db.objects {
		if !viewsOnly || e.view != nil {
			seen[name] = true
		}
	}
	for id, e := range m.temporary {
		if id.Catalog == catalog && id.Database == database && (!viewsOnly || e.view != nil) {
			seen[id.Object] = true
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}

package catalog

import (
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// Function is a user-defined function as CREATE FUNCTION declares it:
// Flink's CatalogFunction, a class name (or a Python function's path) and
// its language. The playground runs no JVM and no Python worker, so it
// keeps the declaration, lists it and drops it as Flink does, and a call
// fails as Flink's does when the class is not on its classpath.
type Function struct {
	Class    string
	Language string // JAVA, SCALA or PYTHON
	Jars     []string
}

// FunctionKind says where a user-defined function is registered, which is
// also the order Flink resolves a name in (after the built-in functions,
// which come between temporary system functions and the rest).
type FunctionKind uint8

// Function kinds.
const (
	TemporarySystemFunction FunctionKind = iota
	TemporaryCatalogFunction
	CatalogFunction
)

// ResolvedFunction is a user-defined function found by name.
type ResolvedFunction struct {
	Kind FunctionKind
	// ID is the function's identifier; for a temporary system function
	// only its Object is set.
	ID ObjectID
	Function
}

// NoJVM is the note of a user-defined function's error: why its class is
// never found here.
const NoJVM = "The playground runs SQL only: it keeps CREATE FUNCTION's declaration, but runs no JVM or Python code, so a user-defined function cannot be called here. On a Flink cluster, add the function's JAR (ADD JAR, or USING JAR) or Python files."

// ClassNotFound is what Flink's class loader says of a class it cannot
// find: every class here.
func ClassNotFound(pos int, class string) *diag.Error {
	e := diag.Errorf(pos, diag.ClassNotFound, "%s", class)
	e.Note = NoJVM
	return e
}

// CallError is the error of a call to f: the root cause Flink's SQL client
// prints when the function cannot be instantiated (its class for a JVM
// function, PyFlink's function factory, which is not on the SQL client's
// class path, for a Python one).
func (f Function) CallError(pos int) *diag.Error {
	if f.Language == "PYTHON" {
		return ClassNotFound(pos, "org.apache.flink.client.python.PythonFunctionFactory")
	}
	return ClassNotFound(pos, f.Class)
}

// normalizeFunction lower-cases a function name, as Flink's
// FunctionIdentifier.normalizeName does.
func normalizeFunction(id ObjectID) ObjectID {
	id.Object = strings.ToLower(id.Object)
	return id
}

// CreateFunction registers a catalog function (CREATE FUNCTION). Flink
// checks nothing of its class until it is called.
func (m *Manager) CreateFunction(id ObjectID, f Function, ifNotExists bool) error {
	n := normalizeFunction(id)
	c, ok := m.catalogs[id.Catalog]
	if !ok {
		return validation("Catalog %s not exists.", id.Catalog)
	}
	if _, ok := m.tempFunctions[n]; ok {
		if ifNotExists {
			return nil
		}
		return validation("Could not register catalog function. A temporary function '%s' does already exist. Please drop the temporary function first.", id)
	}
	db, ok := c.dbs[id.Database]
	if !ok {
		return diag.Errorf(diag.NoPos, DatabaseNotExistException, "Database %s does not exist in Catalog %s.", id.Database, id.Catalog)
	}
	if _, ok := db.functions[n.Object]; ok {
		if ifNotExists {
			return nil
		}
		return validation("Could not register catalog function. A function '%s' does already exist.", id)
	}
	if db.functions == nil {
		db.functions = map[string]*Function{}
	}
	db.functions[n.Object] = cloneFunction(f)
	return nil
}

// CreateTemporaryFunction registers a temporary catalog function. Flink
// loads a JVM function's class first; check says what that finds (nil
// when the class loads), and its error is the registration's cause.
func (m *Manager) CreateTemporaryFunction(id ObjectID, f Function, ifNotExists bool, check func() error) error {
	n := normalizeFunction(id)
	if _, ok := m.tempFunctions[n]; ok {
		if ifNotExists {
			return nil
		}
		return validation("Could not register temporary catalog function. A function '%s' does already exist.", id)
	}
	if check != nil {
		if err := check(); err != nil {
			return err
		}
	}
	m.tempFunctions[n] = cloneFunction(f)
	return nil
}

// CreateTemporarySystemFunction registers a temporary system function,
// which shadows a built-in function of the same name.
func (m *Manager) CreateTemporarySystemFunction(name string, f Function, ifNotExists bool, check func() error) error {
	n := strings.ToLower(name)
	if _, ok := m.systemFunctions[n]; ok {
		if ifNotExists {
			return nil
		}
		return validation("Could not register temporary system function. A function named '%s' does already exist.", name)
	}
	if check != nil {
		if err := check(); err != nil {
			return err
		}
	}
	m.systemFunctions[n] = cloneFunction(f)
	return nil
}

// DropFunction drops a catalog function; a temporary function of the
// same name must go first.
func (m *Manager) DropFunction(id ObjectID, ifExists bool) error {
	n := normalizeFunction(id)
	if _, ok := m.tempFunctions[n]; ok {
		return validation("Could not drop catalog function. A temporary function '%s' does already exist. Please drop the temporary function first.", id)
	}
	var db *database
	if c, ok := m.catalogs[id.Catalog]; ok {
		db = c.dbs[id.Database]
	}
	if db == nil || db.functions[n.Object] == nil {
		if ifExists {
			return nil
		}
		return validation("Could not drop catalog function. A function '%s' doesn't exist.", id)
	}
	delete(db.functions, n.Object)
	return nil
}

// FunctionNotExistException is the class of a catalog's error for a
// function it does not have.
const FunctionNotExistException = "org.apache.flink.table.catalog.exceptions.FunctionNotExistException"

// AlterFunction replaces a catalog function's class and language (ALTER
// FUNCTION), as Flink's in-memory catalog does: a temporary function of
// the same name is not looked at.
func (m *Manager) AlterFunction(id ObjectID, f Function, ifExists bool) error {
	n := normalizeFunction(id)
	var db *database
	if c, ok := m.catalogs[id.Catalog]; ok {
		db = c.dbs[id.Database]
	}
	if db == nil || db.functions[n.Object] == nil {
		if ifExists {
			return nil
		}
		return diag.Errorf(diag.NoPos, FunctionNotExistException, "Function %s.%s does not exist in Catalog %s.", id.Database, n.Object, id.Catalog)
	}
	old := db.functions[n.Object]
	g := cloneFunction(f)
	g.Jars = old.Jars
	db.functions[n.Object] = g
	return nil
}

// DropTemporaryFunction drops a temporary catalog function.
func (m *Manager) DropTemporaryFunction(id ObjectID, ifExists bool) error {
	n := normalizeFunction(id)
	if _, ok := m.tempFunctions[n]; !ok {
		if ifExists {
			return nil
		}
		return validation("Temporary catalog function %s doesn't exist", id.Quoted())
	}
	delete(m.tempFunctions, n)
	return nil
}

// DropTemporarySystemFunction drops a temporary system function.
func (m *Manager) DropTemporarySystemFunction(name string, ifExists bool) error {
	n := strings.ToLower(name)
	if _, ok := m.systemFunctions[n]; !ok {
		if ifExists {
			return nil
		}
		return validation("Could not drop temporary system function. A function named '%s' doesn't exist.", name)
	}
	delete(m.systemFunctions, n)
	return nil
}

// TemporarySystemFunction returns the temporary system function of a name.
func (m *Manager) TemporarySystemFunction(name string) (ResolvedFunction, bool) {
	f, ok := m.systemFunctions[strings.ToLower(name)]
	if !ok {
		return ResolvedFunction{}, false
	}
	return ResolvedFunction{Kind: TemporarySystemFunction, ID: ObjectID{Object: strings.ToLower(name)}, Function: *cloneFunction(*f)}, true
}

// LookupFunction finds the temporary catalog function or catalog function
// of a name of one to three parts, qualified with the current catalog and
// database; built-in and temporary system functions are the caller's.
func (m *Manager) LookupFunction(parts []string) (ResolvedFunction, bool) {
	id, err := m.Qualify(parts)
	if err != nil {
		return ResolvedFunction{}, false
	}
	n := normalizeFunction(id)
	if f, ok := m.tempFunctions[n]; ok {
		return ResolvedFunction{Kind: TemporaryCatalogFunction, ID: id, Function: *cloneFunction(*f)}, true
	}
	if c, ok := m.catalogs[id.Catalog]; ok {
		if db, ok := c.dbs[id.Database]; ok {
			if f, ok := db.functions[n.Object]; ok {
				return ResolvedFunction{Kind: CatalogFunction, ID: id, Function: *cloneFunction(*f)}, true
			}
		}
	}
	return ResolvedFunction{}, false
}

// UserFunctions lists what SHOW USER FUNCTIONS does: the temporary system
// functions, and the catalog and temporary catalog functions of the
// current catalog and database, by their lower-case names, sorted.
func (m *Manager) UserFunctions() []string {
	seen := map[string]bool{}
	for n := range m.systemFunctions {
		seen[n] = true
	}
	for id := range m.tempFunctions {
		if id.Catalog == m.currentC && id.Database == m.currentDB {
			seen[id.Object] = true
		}
	}
	if c, ok := m.catalogs[m.currentC]; ok {
		if db, ok := c.dbs[m.currentDB]; ok {
			for n := range db.functions {
				seen[n] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func cloneFunction(f Function) *Function {
	f.Jars = append([]string(nil), f.Jars...)
	return &f
}

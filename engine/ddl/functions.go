package ddl

import (
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// CREATE, ALTER, DROP and DESCRIBE FUNCTION, and the names SHOW FUNCTIONS lists.

// execCreateFunction registers a user-defined function as Flink does: a
// catalog function without looking at its class; a temporary one after
// loading a JVM function's class, which fails here.
func (s *Executor) execCreateFunction(st *sql.CreateFunction) (*Result, error) {
	lang := st.Language
	switch lang {
	case "":
		lang = "JAVA"
	case "SQL":
		return nil, diag.Errorf(st.LanguagePos, diag.UnsupportedOperation, "Unrecognized function language string SQL")
	}
	f := catalog.Function{Class: st.Class, Language: lang, Jars: st.Jars}
	var check func() error
	if lang != "PYTHON" {
		check = func() error { return catalog.ClassNotFound(st.ClassPos, st.Class) }
	}
	if st.System {
		return okResult(s.catalog.CreateTemporarySystemFunction(st.Name.Parts[0].Name, f, st.IfNotExists, check), st.Name.Pos())
	}
	id, err := s.qualify(st.Name)
	if err != nil {
		return nil, err
	}
	if st.Temporary {
		return okResult(s.catalog.CreateTemporaryFunction(id, f, st.IfNotExists, check), st.Name.Pos())
	}
	return okResult(s.catalog.CreateFunction(id, f, st.IfNotExists), st.Name.Pos())
}

// execAlterFunction is ALTER FUNCTION: Flink changes a catalog
// function's class without loading it, and refuses temporary functions.
func (s *Executor) execAlterFunction(st *sql.AlterFunction) (*Result, error) {
	if st.System {
		return nil, diag.Validation(st.Pos, "Alter temporary system function is not supported")
	}
	lang := st.Language
	switch lang {
	case "":
		lang = "JAVA"
	case "SQL":
		return nil, diag.Errorf(st.LanguagePos, diag.UnsupportedOperation, "Unrecognized function language string SQL")
	}
	id, err := s.qualify(st.Name)
	if err != nil {
		return nil, err
	}
	if st.Temporary {
		return nil, diag.Validation(st.Pos, "Alter temporary catalog function is not supported")
	}
	return okResult(s.catalog.AlterFunction(id, catalog.Function{Class: st.Class, Language: lang}, st.IfExists), st.Name.Pos())
}

// execDropFunction drops a user-defined function.
func (s *Executor) execDropFunction(st *sql.Drop) (*Result, error) {
	if st.System {
		parts := st.Name.Names()
		return okResult(s.catalog.DropTemporarySystemFunction(parts[len(parts)-1], st.IfExists), st.Name.Pos())
	}
	id, err := s.qualify(st.Name)
	if err != nil {
		return nil, err
	}
	if st.Temporary {
		return okResult(s.catalog.DropTemporaryFunction(id, st.IfExists), st.Name.Pos())
	}
	return okResult(s.catalog.DropFunction(id, st.IfExists), st.Name.Pos())
}

// describeFunction is DESCRIBE FUNCTION [EXTENDED] (Flink 2.x's
// DescribeFunctionOperation): a built-in function is a system function,
// not temporary; a user-defined one is resolved as a call resolves it,
// which loads its class, and so fails here as a call does.
func (s *Executor) describeFunction(st *sql.Describe) (*Result, error) {
	parts := st.Name.Names()
	name := parts[len(parts)-1]
	var user *catalog.ResolvedFunction
	if len(parts) == 1 {
		if f, ok := s.catalog.TemporarySystemFunction(name); ok {
			user = &f
		}
	}
	var builtin funcs.ModuleFunction
	isBuiltin := false
	if user == nil && len(parts) == 1 {
		builtin, isBuiltin = funcs.LookupCoreFunction(name)
	}
	if user == nil && !isBuiltin {
		if f, ok := s.catalog.LookupFunction(parts); ok {
			user = &f
		}
	}
	switch {
	case user != nil:
		return nil, user.CallError(st.Name.Pos())
	case !isBuiltin:
		return nil, diag.Validation(st.Name.Pos(), "Function with the identifier '%s' doesn't exist.", strings.Join(parts, "."))
	}
	row := func(k, v string) []types.Value { return []types.Value{types.StringValue(k), types.StringValue(v)} }
	rows := [][]types.Value{row("is system function", "true"), row("is temporary", "false")}
	if st.Extended {
		// the function identifier as written names the signatures
		rows = append(rows, row("kind", builtin.Kind), row("requirements", builtin.Requirements),
			row("is deterministic", builtin.Deterministic), row("supports constant folding", builtin.ConstantFolding),
			row("signature", builtin.SignatureAs(name)))
	}
	return tableResult([]types.Column{{Name: "info name", Type: types.String}, {Name: "info value", Type: types.String}}, rows), nil
}

// functionNames lists the built-in functions for SHOW FUNCTIONS, sorted as
// Java sorts strings (upper case before lower case).
func functionNames() []string {
	var out []string
	for _, f := range funcs.CoreModule() {
		out = append(out, f.Name)
	}
	sort.Strings(out)
	return out
}

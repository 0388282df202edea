package ddl

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Modules, as Flink's ModuleManager keeps them: the modules loaded, in
// load order, and the ones used, in resolution order. A session starts
// with core, loaded and used. core holds every built-in function: a
// session that does not use it calls none. 'dummy' is the test module of
// Flink's SQL client tests (module.q), which holds no function; like the
// test-only 'values' connector it loads but no list offers it.

// moduleFactories are the module factories of a Flink distribution.
var moduleFactories = []string{"core"}

// testModules load too, as in Flink's tests.
var testModules = []string{"dummy"}

type modules struct {
	loaded []string // load order
	used   []string // resolution order
}

func newModules() *modules { return &modules{loaded: []string{"core"}, used: []string{"core"}} }

func (m *modules) isLoaded(name string) bool { return indexOf(m.loaded, name) >= 0 }

// coreUsed reports whether the built-in functions resolve.
func (m *modules) coreUsed() bool { return indexOf(m.used, "core") >= 0 }

func (s *Executor) execLoadModule(st *sql.LoadModule) (*Result, error) {
	for _, o := range st.Options {
		if o.Key == "type" {
			return nil, diag.Validation(o.KeyPos, "Option 'type' = '%s' is not supported since module name is used to find module", o.Value)
		}
	}
	name := st.Name.Name
	if indexOf(moduleFactories, name) < 0 && indexOf(testModules, name) < 0 {
		return nil, diag.Validation(st.Name.Pos, "Could not find any factory for identifier '%s' that implements 'org.apache.flink.table.factories.ModuleFactory' in the classpath.\n\nAvailable factory identifiers are:\n\n%s", name, strings.Join(moduleFactories, "\n"))
	}
	if len(st.Options) > 0 {
		return nil, diag.Validation(st.Options[0].KeyPos, "Unsupported options found for '%s'.\n\nUnsupported options:\n\n%s\n\nSupported options:\n\n", name, st.Options[0].Key)
	}
	if s.modules.isLoaded(name) {
		return nil, diag.Validation(st.Name.Pos, "A module with name '%s' already exists", name)
	}
	s.modules.loaded = append(s.modules.loaded, name)
	s.modules.used = append(s.modules.used, name)
	return success(), nil
}

func (s *Executor) execUnloadModule(st *sql.UnloadModule) (*Result, error) {
	name := st.Name.Name
	i := indexOf(s.modules.loaded, name)
	if i < 0 {
		return nil, diag.Validation(st.Name.Pos, "No module with name '%s' exists", name)
	}
	s.modules.loaded = append(s.modules.loaded[:i:i], s.modules.loaded[i+1:]...)
	if j := indexOf(s.modules.used, name); j >= 0 {
		s.modules.used = append(s.modules.used[:j:j], s.modules.used[j+1:]...)
	}
	return success(), nil
}

func (s *Executor) execUseModules(st *sql.UseModules) (*Result, error) {
	var names []string
	for _, id := range st.Names {
		if indexOf(names, id.Name) >= 0 {
			return nil, diag.Validation(id.Pos, "Module '%s' appears more than once", id.Name)
		}
		if !s.modules.isLoaded(id.Name) {
			return nil, diag.Validation(id.Pos, "No module with name '%s' exists", id.Name)
		}
		names = append(names, id.Name)
	}
	s.modules.used = names
	return success(), nil
}

// showModules is SHOW [FULL] MODULES: the used modules in resolution
// order; FULL adds the loaded ones not used, in load order.
func (s *Executor) showModules(full bool) *Result {
	if !full {
		return stringsResult("module name", append([]string(nil), s.modules.used...))
	}
	var rows [][]types.Value
	for _, m := range s.modules.used {
		rows = append(rows, []types.Value{types.StringValue(m), types.BoolValue(true)})
	}
	for _, m := range s.modules.loaded {
		if indexOf(s.modules.used, m) < 0 {
			rows = append(rows, []types.Value{types.StringValue(m), types.BoolValue(false)})
		}
	}
	return tableResult([]types.Column{{Name: "module name", Type: types.String}, {Name: "used", Type: types.Bool}}, rows)
}

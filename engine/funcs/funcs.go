// Package funcs describes the built-in functions for people and tools: the
// name, the signatures, what each does and runnable examples. The engine's
// implementations (engine/expr) register the same names; docs/functions.md,
// the editor's autocomplete, the Worker's /api/functions and the coverage
// test against Flink's function list are all generated from these specs, so
// a function is documented exactly when it exists.
package funcs

import (
	"sort"
	"strings"
	"sync"
)

// Category groups functions as Flink's documentation does.
type Category string

// The categories of Flink's function list (sql_functions_1.20.yml).
const (
	Comparison      Category = "comparison"
	Logical         Category = "logical"
	Arithmetic      Category = "arithmetic"
	String          Category = "string"
	Temporal        Category = "temporal"
	Conditional     Category = "conditional"
	Conversion      Category = "conversion"
	Collection      Category = "collection"
	JSON            Category = "json"
	ValueConstruct  Category = "valueconstruction"
	ValueAccess     Category = "valueaccess"
	Grouping        Category = "grouping"
	HashFunctions   Category = "hashfunctions"
	Auxiliary       Category = "auxiliary"
	Aggregate       Category = "aggregate"
	CatalogFunction Category = "catalog"
)

// Example is a runnable example: SQL (an expression, or a whole SELECT) and
// the value Flink prints for it, as the SQL client's tableau shows a cell.
// Every example runs as a test.
type Example struct {
	SQL    string
	Result string
}

// Spec documents one function or operator.
type Spec struct {
	// Name is what SHOW FUNCTIONS and autocomplete use, upper case
	// ("UPPER", "JSON_VALUE"); operators use their symbol or keywords
	// ("||", "IS DISTINCT FROM").
	Name     string
	Category Category
	// Signatures are Flink's forms, as its documentation writes them:
	// "UPPER(string)", "value1 IS DISTINCT FROM value2".
	Signatures  []string
	Description string // what it does, in our words, one paragraph
	Examples    []Example
	// Call is true when SQL calls it as NAME(...): the editor completes it.
	Call bool
}

var (
	mu    sync.Mutex
	specs = map[string]*Spec{}
)

// Register adds a spec; packages register theirs from init functions. A
// name registered twice is a programming error and panics at start-up.
func Register(s Spec) {
	mu.Lock()
	defer mu.Unlock()
	key := strings.ToUpper(s.Name)
	if _, dup := specs[key]; dup {
		panic("funcs: " + key + " registered twice")
	}
	s.Name = key
	specs[key] = &s
}

// Lookup returns the spec of name (any case).
func Lookup(name string) (Spec, bool) {
	mu.Lock()
	defer mu.Unlock()
	s, ok := specs[strings.ToUpper(name)]
	if !ok {
		return Spec{}, false
	}
	return *s, true
}

// All returns every spec, sorted by category, then name.
func All() []Spec {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Spec, 0, len(specs))
	for _, s := range specs {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Category != out[j].Category {
			return out[i].Category < out[j].Category
		}
		return out[i].Name < out[j].Name
	})
	return out
}

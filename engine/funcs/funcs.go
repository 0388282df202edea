// Package funcs is the vocabulary that describes the built-in functions
// for people and tools: a Spec's name, category, signatures, description
// and runnable examples, and Flink's core module list. The function
// library (engine/library's registry) holds one Spec per function beside its
// implementation; docs/functions.md, the editor's autocomplete, the
// Worker's /api/functions and the coverage test against Flink's function
// list all read them, so a function is documented exactly when it exists.
package funcs

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

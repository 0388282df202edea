package funcs

// NotSupported is an entry of Flink's function list that the engine does
// not implement, with the reason. docs/functions.md prints the list, and
// the coverage test (engine/enginetest) fails for a function of Flink's
// list that is neither registered nor here, and for an entry here that is
// registered after all.
type NotSupported struct {
	Name     string // the name the coverage test derives from Flink's form (see docs/functions.md)
	Category Category
	Reason   string
}

// Why the entries below are missing.
const (
	reasonLater = "Not implemented yet."
)

// Unsupported lists what the engine does not do yet, sorted by category,
// then name.
var Unsupported = []NotSupported{}

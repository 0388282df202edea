package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnIsJson = &Function{
		Spec: funcs.Spec{Name: "IS JSON", Category: funcs.JSON,
			Signatures:  []string{"string IS [ NOT ] JSON [ { VALUE | SCALAR | ARRAY | OBJECT } ]"},
			Description: "TRUE when the string is valid JSON of the given type (VALUE, the default, is any JSON); never NULL: a NULL string is not JSON.",
			Examples: []funcs.Example{
				ex("'{}' IS JSON", "TRUE"),
				ex("'abc' IS JSON", "FALSE"),
				ex("'1' IS JSON SCALAR", "TRUE"),
				ex("'{}' IS JSON ARRAY", "FALSE"),
				ex("CAST(NULL AS STRING) IS JSON", "FALSE"),
			},
		},
	}
)

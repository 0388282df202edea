package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the catalog functions, which the planner binds to the
// session's catalog state (plan/catalogfuncs.go).

var (
	fnCurrentDatabase = &Function{
		Spec: funcs.Spec{Name: "CURRENT_DATABASE", Category: funcs.CatalogFunction, Call: true,
			Signatures:  []string{"CURRENT_DATABASE()"},
			Description: "The name of the session's current database, as USE set it: a constant of the statement, STRING NOT NULL.",
			Examples: []funcs.Example{
				{SQL: "CURRENT_DATABASE()", Result: "default_database"},
			},
		},
	}
)

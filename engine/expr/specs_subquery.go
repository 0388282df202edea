package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnExists = &Function{
		Spec: funcs.Spec{Name: "EXISTS", Category: funcs.Comparison,
			Signatures:  []string{"EXISTS (sub-query)"},
			Description: "TRUE when the subquery returns at least one row; it may refer to the outer query's columns. Supported as a condition of WHERE, planned as a semi join (NOT EXISTS: an anti join).",
			Examples: []funcs.Example{
				ex("SELECT COUNT(*) FROM (VALUES (1), (2)) AS t(x) WHERE EXISTS (SELECT 1 FROM (VALUES (2)) AS s(y) WHERE y = x)", "1"),
				ex("SELECT x FROM (VALUES (1), (2)) AS t(x) WHERE NOT EXISTS (SELECT 1 FROM (VALUES (2)) AS s(y) WHERE y = x)", "1"),
			},
		},
	}

	fnInSubquery = &Function{
		Spec: funcs.Spec{Name: "IN (SUBQUERY)", Category: funcs.Comparison,
			Signatures:  []string{"value IN (sub-query)"},
			Description: "TRUE when value equals a row of the one-column subquery. Supported as a condition of WHERE, planned as a semi join.",
			Examples: []funcs.Example{
				ex("SELECT x FROM (VALUES (1), (2)) AS t(x) WHERE x IN (SELECT 2)", "2"),
			},
		},
	}

	fnNotInSubquery = &Function{
		Spec: funcs.Spec{Name: "NOT IN (SUBQUERY)", Category: funcs.Comparison,
			Signatures:  []string{"value NOT IN (sub-query)"},
			Description: "TRUE when value equals no row of the one-column subquery; UNKNOWN, so not selected, when value or a row of the subquery is NULL. Supported as a condition of WHERE, planned as an anti join.",
			Examples: []funcs.Example{
				ex("SELECT x FROM (VALUES (1), (2)) AS t(x) WHERE x NOT IN (SELECT 2)", "1"),
				ex("SELECT x FROM (VALUES (1), (CAST(NULL AS INT))) AS t(x) WHERE x NOT IN (SELECT 2)", "1"),
			},
		},
	}
)

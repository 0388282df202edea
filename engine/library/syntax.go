package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The forms with syntax of their own that the planner binds: value
// access (array[i], map[key], row.field, row.*), the typed literals, the
// subquery predicates, IS JSON, and CURRENT_DATABASE(). These specs
// document them; without a Build SQL does not call them by name.

var (
	fnArrayIndex = &Function{
		Spec: funcs.Spec{Name: "ARRAY[INDEX]", Category: funcs.ValueAccess,
			Signatures:  []string{"array '[' INT ']'"},
			Description: "The element at a 1-based position; NULL when the position is out of range.",
			Examples: []funcs.Example{
				ex("ARRAY[10, 20, 30][2]", "20"),
				ex("ARRAY[10, 20, 30][5]", "<NULL>"),
			},
		},
	}

	fnDate = &Function{
		Spec: funcs.Spec{Name: "DATE", Category: funcs.Temporal,
			Signatures:  []string{"DATE string"},
			Description: "A DATE literal from 'yyyy-MM-dd'.",
			Examples: []funcs.Example{
				ex("DATE '2024-05-01'", "2024-05-01"),
			},
		},
	}

	fnInterval = &Function{
		Spec: funcs.Spec{Name: "INTERVAL", Category: funcs.Temporal,
			Signatures:  []string{"INTERVAL string range"},
			Description: "An interval literal: a day-time interval (DAY, HOUR, MINUTE, SECOND and their TO forms) or a year-month interval (YEAR, MONTH, YEAR TO MONTH), printed as Flink prints intervals.",
			Examples: []funcs.Example{
				ex("INTERVAL '3' DAY", "+3 00:00:00.000"),
				ex("INTERVAL '1-2' YEAR TO MONTH", "+1-02"),
			},
		},
	}

	fnMapKey = &Function{
		Spec: funcs.Spec{Name: "MAP[KEY]", Category: funcs.ValueAccess,
			Signatures:  []string{"map '[' value ']'"},
			Description: "The value of a key; NULL when the map has no such key.",
			Examples: []funcs.Example{
				ex("MAP['a', 1, 'b', 2]['b']", "2"),
			},
		},
	}

	fnRowField = &Function{
		Spec: funcs.Spec{Name: "ROW.FIELD", Category: funcs.ValueAccess,
			Signatures:  []string{"tableName.compositeType.field"},
			Description: "A field of a ROW column, by name; the result column is named after the field.",
			Examples: []funcs.Example{
				ex("SELECT t.r.b FROM (VALUES (CAST(ROW(1, 'x') AS ROW<a INT, b STRING>))) AS t(r)", "x"),
			},
		},
	}

	fnTime = &Function{
		Spec: funcs.Spec{Name: "TIME", Category: funcs.Temporal,
			Signatures:  []string{"TIME string"},
			Description: "A TIME(0) literal from 'HH:mm:ss'; a fraction makes TIME(p).",
			Examples: []funcs.Example{
				ex("TIME '12:34:56'", "12:34:56"),
			},
		},
	}

	fnTimestamp = &Function{
		Spec: funcs.Spec{Name: "TIMESTAMP", Category: funcs.Temporal,
			Signatures:  []string{"TIMESTAMP string"},
			Description: "A TIMESTAMP literal from 'yyyy-MM-dd HH:mm:ss[.SSSSSSSSS]', its precision that of the fraction written.",
			Examples: []funcs.Example{
				ex("TIMESTAMP '2024-05-01 12:34:56.789'", "2024-05-01 12:34:56.789"),
			},
		},
	}
)

// ROW.* and CURRENT_DATABASE() are bound by the planner (plan/rowstar.go,
// plan/catalogfuncs.go): their specs document them.
var (
	fnRowStar = &Function{
		Spec: funcs.Spec{Name: "ROW.*", Category: funcs.ValueAccess,
			Signatures: []string{"tableName.compositeType.*", "compositeType.*"},
			Description: "In a select list, the fields of a ROW column as columns of their own, named as the fields (one level: " +
				"a nested ROW stays one column). Written with the table's name or alias, or without it when no table has the column's name.",
			Examples: []funcs.Example{
				ex("SELECT t.r.* FROM (SELECT CAST(ROW(42) AS ROW<answer INT>) AS r) AS t", "42"),
			},
		},
	}
	fnCurrentDatabase = &Function{
		Spec: funcs.Spec{Name: "CURRENT_DATABASE", Category: funcs.CatalogFunction, Call: true,
			Signatures:  []string{"CURRENT_DATABASE()"},
			Description: "The name of the session's current database, as USE set it: a constant of the statement, STRING NOT NULL.",
			Examples: []funcs.Example{
				ex("CURRENT_DATABASE()", "default_database"),
			},
		},
	}
)

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

package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of value access (Flink's "valueaccess" category): array[i],
// map[key], row.field and row.*, which the planner builds from their
// syntax, and the functions of funcs_collection.go.

var (
	fnArrayIndex = &Function{
		Spec: funcs.Spec{Name: "ARRAY[INDEX]", Category: funcs.ValueAccess,
			Signatures:  []string{"array '[' INT ']'"},
			Description: "The element at a 1-based position; NULL when the position is out of range.",
			Examples: []funcs.Example{
				{SQL: "ARRAY[10, 20, 30][2]", Result: "20"},
				{SQL: "ARRAY[10, 20, 30][5]", Result: "<NULL>"},
			},
		},
	}

	fnItem = &Function{
		Spec: funcs.Spec{Name: "ITEM", Category: funcs.ValueAccess,
			Signatures:  []string{"array[index]", "map[key]"},
			Description: "Subscript: the element of an array at a 1-based index (NULL past either end; a constant index below 1 is an error), or the value of a map key (NULL when the key is absent).",
			Examples: []funcs.Example{
				{SQL: "ARRAY[10, 20][2]", Result: "20"},
				{SQL: "ARRAY[10, 20][3]", Result: "<NULL>"},
				{SQL: "MAP['a', 1]['a']", Result: "1"},
			},
		},
		Min: 2, Max: 2, Build: buildItem,
	}

	fnMapKey = &Function{
		Spec: funcs.Spec{Name: "MAP[KEY]", Category: funcs.ValueAccess,
			Signatures:  []string{"map '[' value ']'"},
			Description: "The value of a key; NULL when the map has no such key.",
			Examples: []funcs.Example{
				{SQL: "MAP['a', 1, 'b', 2]['b']", Result: "2"},
			},
		},
	}

	fnRowStar = &Function{
		Spec: funcs.Spec{Name: "ROW.*", Category: funcs.ValueAccess,
			Signatures: []string{"tableName.compositeType.*", "compositeType.*"},
			Description: "In a select list, the fields of a ROW column as columns of their own, named as the fields (one level: " +
				"a nested ROW stays one column). Written with the table's name or alias, or without it when no table has the column's name.",
			Examples: []funcs.Example{
				{SQL: "SELECT t.r.* FROM (SELECT CAST(ROW(42) AS ROW<answer INT>) AS r) AS t", Result: "42"},
			},
		},
	}

	fnRowField = &Function{
		Spec: funcs.Spec{Name: "ROW.FIELD", Category: funcs.ValueAccess,
			Signatures:  []string{"tableName.compositeType.field"},
			Description: "A field of a ROW column, by name; the result column is named after the field.",
			Examples: []funcs.Example{
				{SQL: "SELECT t.r.b FROM (VALUES (CAST(ROW(1, 'x') AS ROW<a INT, b STRING>))) AS t(r)", Result: "x"},
			},
		},
	}
)

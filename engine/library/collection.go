package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the collection functions (Flink's "collection" category);
// their code is in funcs_collection.go.

var (
	fnArrayAppend = &Function{
		Spec: funcs.Spec{Name: "ARRAY_APPEND", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_APPEND(array, element)"},
			Description: "The array with the element added at its end (a NULL element is added too); NULL when the array is NULL.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_APPEND(ARRAY[1, 2], 3)", Result: "[1, 2, 3]"},
			},
		},
		Min: 2, Max: 2, Build: buildArrayAppend,
	}

	fnArrayConcat = &Function{
		Spec: funcs.Spec{Name: "ARRAY_CONCAT", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_CONCAT(array1, ...)"},
			Description: "The arrays joined end to end; NULL when any is NULL.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_CONCAT(ARRAY[1], ARRAY[2, 3])", Result: "[1, 2, 3]"},
			},
		},
		Min: 1, Max: -1, Build: buildArrayConcat,
	}

	fnArrayContains = &Function{
		Spec: funcs.Spec{Name: "ARRAY_CONTAINS", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_CONTAINS(haystack, needle)"},
			Description: "Whether the array holds the value; a NULL needle looks for a NULL element. NULL when the array is NULL.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_CONTAINS(ARRAY[1, 2], 2)", Result: "TRUE"},
				{SQL: "ARRAY_CONTAINS(ARRAY[1, NULL], CAST(NULL AS INT))", Result: "TRUE"},
			},
		},
		Min: 2, Max: 2, Build: buildArrayNeedle,
	}

	fnArrayDistinct = &Function{
		Spec: funcs.Spec{Name: "ARRAY_DISTINCT", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_DISTINCT(haystack)"},
			Description: "The array without repeated elements, first occurrences kept in order.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_DISTINCT(ARRAY[1, 2, 1, NULL, NULL])", Result: "[1, 2, NULL]"},
			},
		},
		Min: 1, Max: 1, Build: buildArrayUnary,
	}

	fnArrayExcept = &Function{
		Spec: funcs.Spec{Name: "ARRAY_EXCEPT", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_EXCEPT(array1, array2)"},
			Description: "The distinct elements of array1 that array2 does not hold, order of array1 kept.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_EXCEPT(ARRAY[1, 2, 2, 3], ARRAY[3])", Result: "[1, 2]"},
			},
		},
		Min: 2, Max: 2, Build: buildArraySetOp,
	}

	fnArrayIntersect = &Function{
		Spec: funcs.Spec{Name: "ARRAY_INTERSECT", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_INTERSECT(array1, array2)"},
			Description: "The distinct elements of array1 that array2 also holds, order of array1 kept.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_INTERSECT(ARRAY[1, 2, 2, 3], ARRAY[2, 3, 4])", Result: "[2, 3]"},
			},
		},
		Min: 2, Max: 2, Build: buildArraySetOp,
	}

	fnArrayJoin = &Function{
		Spec: funcs.Spec{Name: "ARRAY_JOIN", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_JOIN(array, delimiter[, nullReplacement])"},
			Description: "The string elements joined by the delimiter; NULL elements are skipped, or replaced by nullReplacement when given.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_JOIN(ARRAY['a', NULL, 'c'], '-')", Result: "a-c"},
				{SQL: "ARRAY_JOIN(ARRAY['a', NULL, 'c'], '-', '?')", Result: "a-?-c"},
			},
		},
		Min: 2, Max: 3, Build: buildArrayJoin,
	}

	fnArrayMax = &Function{
		Spec: funcs.Spec{Name: "ARRAY_MAX", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_MAX(array)"},
			Description: "The largest non-NULL element; NULL for an empty or all-NULL array.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_MAX(ARRAY[1, 5, NULL])", Result: "5"},
			},
		},
		Min: 1, Max: 1, Build: buildArrayMinMax,
	}

	fnArrayMin = &Function{
		Spec: funcs.Spec{Name: "ARRAY_MIN", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_MIN(array)"},
			Description: "The smallest non-NULL element; NULL for an empty or all-NULL array.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_MIN(ARRAY['b', 'a'])", Result: "a"},
			},
		},
		Min: 1, Max: 1, Build: buildArrayMinMax,
	}

	fnArrayPosition = &Function{
		Spec: funcs.Spec{Name: "ARRAY_POSITION", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_POSITION(haystack, needle)"},
			Description: "The 1-based position of the first element equal to the needle, 0 when there is none; NULL when either argument is NULL.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_POSITION(ARRAY[5, 6, 5], 5)", Result: "1"},
				{SQL: "ARRAY_POSITION(ARRAY[5, 6], 7)", Result: "0"},
			},
		},
		Min: 2, Max: 2, Build: buildArrayNeedle,
	}

	fnArrayPrepend = &Function{
		Spec: funcs.Spec{Name: "ARRAY_PREPEND", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_PREPEND(array, element)"},
			Description: "The array with the element added at its start (a NULL element is added too); NULL when the array is NULL.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_PREPEND(ARRAY[1, 2], 0)", Result: "[0, 1, 2]"},
			},
		},
		Min: 2, Max: 2, Build: buildArrayAppend,
	}

	fnArrayRemove = &Function{
		Spec: funcs.Spec{Name: "ARRAY_REMOVE", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_REMOVE(haystack, needle)"},
			Description: "The array without the elements equal to the needle (a NULL needle removes NULLs), order kept.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_REMOVE(ARRAY[1, 2, 1], 1)", Result: "[2]"},
			},
		},
		Min: 2, Max: 2, Build: buildArrayNeedle,
	}

	fnArrayReverse = &Function{
		Spec: funcs.Spec{Name: "ARRAY_REVERSE", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_REVERSE(haystack)"},
			Description: "The array in reverse order.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_REVERSE(ARRAY['a', 'b', 'c'])", Result: "[c, b, a]"},
			},
		},
		Min: 1, Max: 1, Build: buildArrayUnary,
	}

	fnArraySlice = &Function{
		Spec: funcs.Spec{Name: "ARRAY_SLICE", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_SLICE(array, start_offset[, end_offset])"},
			Description: "The elements from start_offset to end_offset, both inclusive and 1-based; negative offsets count from the end, 0 means the start, a missing end means the last element. Empty when the range is empty.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_SLICE(ARRAY[1, 2, 3, 4], 2, 3)", Result: "[2, 3]"},
				{SQL: "ARRAY_SLICE(ARRAY[1, 2, 3, 4], -2)", Result: "[3, 4]"},
			},
		},
		Min: 2, Max: 3, Build: buildArraySlice,
	}

	fnArraySort = &Function{
		Spec: funcs.Spec{Name: "ARRAY_SORT", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_SORT(array[, ascending_order[, null_first]])"},
			Description: "The array sorted, ascending by default; NULLs go first when ascending and last when descending unless null_first says otherwise.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_SORT(ARRAY[3, NULL, 1])", Result: "[NULL, 1, 3]"},
				{SQL: "ARRAY_SORT(ARRAY[3, NULL, 1], FALSE)", Result: "[3, 1, NULL]"},
			},
		},
		Min: 1, Max: 3, Build: buildArraySort,
	}

	fnArrayUnion = &Function{
		Spec: funcs.Spec{Name: "ARRAY_UNION", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ARRAY_UNION(array1, array2)"},
			Description: "The distinct elements of both arrays, in order of first appearance.",
			Examples: []funcs.Example{
				{SQL: "ARRAY_UNION(ARRAY[1, 2], ARRAY[2, 3])", Result: "[1, 2, 3]"},
			},
		},
		Min: 2, Max: 2, Build: buildArraySetOp,
	}

	fnCardinality = &Function{
		Spec: funcs.Spec{Name: "CARDINALITY", Category: funcs.Collection, Call: true,
			Signatures:  []string{"CARDINALITY(array)", "CARDINALITY(map)"},
			Description: "The number of elements of an array or entries of a map.",
			Examples: []funcs.Example{
				{SQL: "CARDINALITY(ARRAY[1, 2, 3])", Result: "3"},
				{SQL: "CARDINALITY(MAP['a', 1])", Result: "1"},
			},
		},
		Min: 1, Max: 1, Build: buildCardinality,
	}

	fnElement = &Function{
		Spec: funcs.Spec{Name: "ELEMENT", Category: funcs.Collection, Call: true,
			Signatures:  []string{"ELEMENT(array)"},
			Description: "The only element of a one-element array; NULL for an empty array; an error for more than one element.",
			Examples: []funcs.Example{
				{SQL: "ELEMENT(ARRAY['x'])", Result: "x"},
			},
		},
		Min: 1, Max: 1, Build: buildElement,
	}

	fnMapEntries = &Function{
		Spec: funcs.Spec{Name: "MAP_ENTRIES", Category: funcs.Collection, Call: true,
			Signatures:  []string{"MAP_ENTRIES(map)"},
			Description: "The entries of the map as an array of ROW<key, value>.",
			Examples: []funcs.Example{
				{SQL: "MAP_ENTRIES(MAP['a', 1])", Result: "[(a, 1)]"},
			},
		},
		Min: 1, Max: 1, Build: buildMapParts,
	}

	fnMapFromArrays = &Function{
		Spec: funcs.Spec{Name: "MAP_FROM_ARRAYS", Category: funcs.Collection, Call: true,
			Signatures:  []string{"MAP_FROM_ARRAYS(array_of_keys, array_of_values)"},
			Description: "A map pairing the keys with the values by position; arrays of different lengths are an error.",
			Examples: []funcs.Example{
				{SQL: "MAP_FROM_ARRAYS(ARRAY['a', 'b'], ARRAY[1, 2])", Result: "{a=1, b=2}"},
			},
		},
		Min: 2, Max: 2, Build: buildMapFromArrays,
	}

	fnMapKeys = &Function{
		Spec: funcs.Spec{Name: "MAP_KEYS", Category: funcs.Collection, Call: true,
			Signatures:  []string{"MAP_KEYS(map)"},
			Description: "The keys of the map as an array.",
			Examples: []funcs.Example{
				{SQL: "MAP_KEYS(MAP['a', 1, 'b', 2])", Result: "[a, b]"},
			},
		},
		Min: 1, Max: 1, Build: buildMapParts,
	}

	fnMapUnion = &Function{
		Spec: funcs.Spec{Name: "MAP_UNION", Category: funcs.Collection, Call: true,
			Signatures:  []string{"MAP_UNION(map1, ...)"},
			Description: "The maps merged; for a key in several maps the value of the last one wins. NULL when any map is NULL.",
			Examples: []funcs.Example{
				{SQL: "MAP_UNION(MAP['a', 1, 'b', 2], MAP['b', 3])", Result: "{a=1, b=3}"},
			},
		},
		Min: 1, Max: -1, Build: buildMapUnion,
	}

	fnMapValues = &Function{
		Spec: funcs.Spec{Name: "MAP_VALUES", Category: funcs.Collection, Call: true,
			Signatures:  []string{"MAP_VALUES(map)"},
			Description: "The values of the map as an array.",
			Examples: []funcs.Example{
				{SQL: "MAP_VALUES(MAP['a', 1, 'b', 2])", Result: "[1, 2]"},
			},
		},
		Min: 1, Max: 1, Build: buildMapParts,
	}

	fnSplit = &Function{
		Spec: funcs.Spec{Name: "SPLIT", Category: funcs.Collection, Call: true,
			Signatures:  []string{"SPLIT(string, delimiter)"},
			Description: "The parts of the string between occurrences of the whole delimiter, empty parts included; an empty delimiter splits every character.",
			Examples: []funcs.Example{
				{SQL: "SPLIT('a,b,,c', ',')", Result: "[a, b, , c]"},
				{SQL: "SPLIT('abc', '')", Result: "[a, b, c]"},
			},
		},
		Min: 2, Max: 2, Build: buildSplit,
	}
)

package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the JSON functions (Flink's "json" category); their code
// is in funcs_json.go and funcs_variant.go, IS JSON is the planner's.

var (
	fnIsJson = &Function{
		Spec: funcs.Spec{Name: "IS JSON", Category: funcs.JSON,
			Signatures:  []string{"string IS [ NOT ] JSON [ { VALUE | SCALAR | ARRAY | OBJECT } ]"},
			Description: "TRUE when the string is valid JSON of the given type (VALUE, the default, is any JSON); never NULL: a NULL string is not JSON.",
			Examples: []funcs.Example{
				{SQL: "'{}' IS JSON", Result: "TRUE"},
				{SQL: "'abc' IS JSON", Result: "FALSE"},
				{SQL: "'1' IS JSON SCALAR", Result: "TRUE"},
				{SQL: "'{}' IS JSON ARRAY", Result: "FALSE"},
				{SQL: "CAST(NULL AS STRING) IS JSON", Result: "FALSE"},
			},
		},
	}

	fnJson = &Function{
		Spec: funcs.Spec{Name: "JSON", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON(value)"},
			Description: "A string of JSON, put into the JSON that JSON_OBJECT (as a value) or JSON_ARRAY builds as JSON, not as a string, written as Flink writes JSON (compact, object keys sorted); NULL for a NULL, empty or blank string; an error for text that is not JSON. Anywhere else it is refused. Not in Flink 1.20; Flink 2.1 adds it.",
			Examples: []funcs.Example{
				{SQL: "JSON_OBJECT('K' VALUE JSON('{\"K2\": 42}'))", Result: "{\"K\":{\"K2\":42}}"},
				{SQL: "JSON_ARRAY(JSON('[1, 2]'), JSON(''))", Result: "[[1,2]]"},
			},
		},
	}

	fnJsonArray = &Function{
		Spec: funcs.Spec{Name: "JSON_ARRAY", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_ARRAY([value]* [ { NULL | ABSENT } ON NULL ])"},
			Description: "A JSON array of the values; NULLs are left out (ABSENT ON NULL, the default) or written as null (NULL ON NULL). A value made by JSON_ARRAY or JSON_OBJECT is inserted as JSON, not as a string.",
			Examples: []funcs.Example{
				{SQL: "JSON_ARRAY()", Result: "[]"},
				{SQL: "JSON_ARRAY(1, '2')", Result: "[1,\"2\"]"},
				{SQL: "JSON_ARRAY(JSON_ARRAY(1))", Result: "[[1]]"},
				{SQL: "JSON_ARRAY(CAST(NULL AS STRING) NULL ON NULL)", Result: "[null]"},
				{SQL: "JSON_ARRAY(CAST(NULL AS STRING) ABSENT ON NULL)", Result: "[]"},
			},
		},
		Min: 0, Max: -1, Build: buildJSONArray,
	}

	fnJsonExists = &Function{
		Spec: funcs.Spec{Name: "JSON_EXISTS", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_EXISTS(jsonValue, path [ { TRUE | FALSE | UNKNOWN | ERROR } ON ERROR ])"},
			Description: "TRUE when the JSON path finds a value (not JSON null) in the JSON string. A path is strict unless it starts with lax; in lax mode a missing value is just FALSE, in strict mode it is an error, handled by ON ERROR (FALSE by default).",
			Examples: []funcs.Example{
				{SQL: "JSON_EXISTS('{\"a\": true}', '$.a')", Result: "TRUE"},
				{SQL: "JSON_EXISTS('{\"a\": true}', '$.b')", Result: "FALSE"},
				{SQL: "JSON_EXISTS('{\"a\": [{ \"b\": 1 }]}', '$.a[0].b')", Result: "TRUE"},
				{SQL: "JSON_EXISTS('{\"a\": true}', 'strict $.b' TRUE ON ERROR)", Result: "TRUE"},
			},
		},
		Min: 2, Max: -1, Build: buildJSONExists,
	}

	fnJsonObject = &Function{
		Spec: funcs.Spec{Name: "JSON_OBJECT", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_OBJECT([[KEY] key VALUE value]* [ { NULL | ABSENT } ON NULL ])"},
			Description: "A JSON object of the key-value pairs (keys are strings); NULL values are written as null (NULL ON NULL, the default) or left out (ABSENT ON NULL). A value made by JSON_OBJECT or JSON_ARRAY is inserted as JSON, not as a string.",
			Examples: []funcs.Example{
				{SQL: "JSON_OBJECT()", Result: "{}"},
				{SQL: "JSON_OBJECT('K1' VALUE 'V1', 'K2' VALUE 'V2')", Result: "{\"K1\":\"V1\",\"K2\":\"V2\"}"},
				{SQL: "JSON_OBJECT(KEY 'K1' VALUE CAST(NULL AS STRING) NULL ON NULL)", Result: "{\"K1\":null}"},
				{SQL: "JSON_OBJECT(KEY 'K1' VALUE CAST(NULL AS STRING) ABSENT ON NULL)", Result: "{}"},
				{SQL: "JSON_OBJECT(KEY 'K1' VALUE JSON_OBJECT(KEY 'K2' VALUE 'V'))", Result: "{\"K1\":{\"K2\":\"V\"}}"},
			},
		},
		Min: 0, Max: -1, Build: buildJSONObject,
	}

	fnJsonQuery = &Function{
		Spec: funcs.Spec{Name: "JSON_QUERY", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_QUERY(jsonValue, path [RETURNING <dataType>] [ { WITHOUT | WITH CONDITIONAL | WITH UNCONDITIONAL } [ ARRAY ] WRAPPER ] [ { NULL | EMPTY ARRAY | EMPTY OBJECT | ERROR } ON EMPTY ] [ { NULL | EMPTY ARRAY | EMPTY OBJECT | ERROR } ON ERROR ])"},
			Description: "The object or array the JSON path finds in the JSON string, as JSON text (RETURNING STRING, the default) or as ARRAY<STRING>. A wrapper puts the result in an array (CONDITIONAL: unless it is one). Nothing found (or, in lax mode, a scalar) is handled by ON EMPTY, errors by ON ERROR; both default to NULL.",
			Examples: []funcs.Example{
				{SQL: "JSON_QUERY('{\"a\": {\"b\": [1, 2]}}', '$.a')", Result: "{\"b\":[1,2]}"},
				{SQL: "JSON_QUERY('{\"a\": 1}', '$.a')", Result: "<NULL>"},
				{SQL: "JSON_QUERY('[{\"b\": 1}, {\"b\": 2}]', '$[*].b')", Result: "[1,2]"},
				{SQL: "JSON_QUERY('{\"a\": 1}', '$.a' WITH WRAPPER)", Result: "[1]"},
				{SQL: "JSON_QUERY('{\"a\": 1}', 'lax $.b' EMPTY OBJECT ON EMPTY)", Result: "{}"},
			},
		},
		Min: 2, Max: -1, Build: buildJSONQuery,
	}

	fnJsonQuote = &Function{
		Spec: funcs.Spec{Name: "JSON_QUOTE", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_QUOTE(string)"},
			Description: "The string as a JSON string literal: wrapped in double quotes, with `\"`, `\\`, `/`, backspace, form feed, newline, carriage return and tab escaped, and every character outside ASCII written as a lower-case `\\u` escape of its code (a character beyond U+FFFF as its code point, then its low surrogate, as Flink's implementation does). Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				{SQL: "JSON_QUOTE('say \"hi\"')", Result: "\"say \\\"hi\\\"\""},
				{SQL: "JSON_QUOTE('a/b')", Result: "\"a\\/b\""},
				{SQL: "JSON_QUOTE('é')", Result: "\"\\u00e9\""},
			},
		},
		Min: 1, Max: 1, Build: buildJSONQuote,
	}

	fnJsonString = &Function{
		Spec: funcs.Spec{Name: "JSON_STRING", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_STRING(value)"},
			Description: "The value serialized as JSON: strings quoted, numbers and booleans as they are, timestamps as ISO-8601 strings, bytes as base64, arrays, maps and rows as JSON arrays and objects; NULL for NULL.",
			Examples: []funcs.Example{
				{SQL: "JSON_STRING(1)", Result: "1"},
				{SQL: "JSON_STRING(TRUE)", Result: "true"},
				{SQL: "JSON_STRING('Hello, World!')", Result: "\"Hello, World!\""},
				{SQL: "JSON_STRING(CAST(NULL AS INT))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 1, Build: buildJSONString,
	}

	fnJsonUnquote = &Function{
		Spec: funcs.Spec{Name: "JSON_UNQUOTE", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_UNQUOTE(string)"},
			Description: "The inverse of JSON_QUOTE: a string that is a JSON string literal loses its quotes and has its escapes (`\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t`, `\\uXXXX`) resolved; anything else (other JSON values, invalid JSON) is returned unchanged. Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				{SQL: "JSON_UNQUOTE('\"say \\\"hi\\\"\"')", Result: "say \"hi\""},
				{SQL: "JSON_UNQUOTE('\"\\u00e9\"')", Result: "é"},
				{SQL: "JSON_UNQUOTE('[1, 2]')", Result: "[1, 2]"},
				{SQL: "JSON_UNQUOTE('\"open')", Result: "\"open"},
			},
		},
		Min: 1, Max: 1, Build: buildJSONUnquote,
	}

	fnJsonValue = &Function{
		Spec: funcs.Spec{Name: "JSON_VALUE", Category: funcs.JSON, Call: true,
			Signatures:  []string{"JSON_VALUE(jsonValue, path [RETURNING <dataType>] [ { NULL | ERROR | DEFAULT <defaultExpr> } ON EMPTY ] [ { NULL | ERROR | DEFAULT <defaultExpr> } ON ERROR ])"},
			Description: "The scalar the JSON path finds in the JSON string, as STRING or as the RETURNING type (STRING, BOOLEAN, INT or DOUBLE; as in Flink the JSON value must already be of that Java class). Nothing found (or, in lax mode, an object or array) is handled by ON EMPTY, errors by ON ERROR; both default to NULL.",
			Examples: []funcs.Example{
				{SQL: "JSON_VALUE('{\"a\": true}', '$.a')", Result: "true"},
				{SQL: "JSON_VALUE('{\"a\": 1.50}', '$.a')", Result: "1.5"},
				{SQL: "JSON_VALUE('{\"a\": [1]}', '$.a')", Result: "<NULL>"},
				{SQL: "JSON_VALUE('{\"a\": 1}', '$.a' RETURNING INT)", Result: "1"},
				{SQL: "JSON_VALUE('{}', 'lax $.a' DEFAULT 'none' ON EMPTY)", Result: "none"},
			},
		},
		Min: 2, Max: -1, Build: buildJSONValue,
	}

	fnParseJson = &Function{
		Spec: funcs.Spec{Name: "PARSE_JSON", Category: funcs.JSON, Call: true,
			Signatures:  []string{"PARSE_JSON(json_string)", "PARSE_JSON(json_string, allow_duplicate_keys)"},
			Description: "The JSON text as a VARIANT, Flink's type of semi-structured data: objects (their keys sorted), arrays, strings, booleans, JSON null, and numbers stored as the smallest integer type that holds them, else as an exact DECIMAL, else as a DOUBLE (with an exponent). A VARIANT prints as compact JSON. Text that is not JSON, or has a key twice (unless allow_duplicate_keys is TRUE, which keeps the last), fails the query; what follows the first JSON value is ignored. Not in Flink 1.20; Flink 2.1 adds it.",
			Examples: []funcs.Example{
				{SQL: "PARSE_JSON('{\"b\": 1, \"a\": [1.50, \"x\"]}')", Result: "{\"a\":[1.5,\"x\"],\"b\":1}"},
				{SQL: "PARSE_JSON('1e10')", Result: "1.0E10"},
				{SQL: "PARSE_JSON('{\"a\": 1, \"a\": 2}', TRUE)", Result: "{\"a\":2}"},
				{SQL: "PARSE_JSON('{\"a\": {\"b\": [10, 20]}}')['a']['b'][2]", Result: "20"},
			},
		},
		Min: 1, Max: 2, Build: buildParseJSON,
	}

	fnTryParseJson = &Function{
		Spec: funcs.Spec{Name: "TRY_PARSE_JSON", Category: funcs.JSON, Call: true,
			Signatures:  []string{"TRY_PARSE_JSON(json_string)", "TRY_PARSE_JSON(json_string, allow_duplicate_keys)"},
			Description: "PARSE_JSON, but NULL where PARSE_JSON fails. Not in Flink 1.20; Flink 2.1 adds it.",
			Examples: []funcs.Example{
				{SQL: "TRY_PARSE_JSON('[1, 2]')", Result: "[1,2]"},
				{SQL: "TRY_PARSE_JSON('{')", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 2, Build: buildParseJSON,
	}
)

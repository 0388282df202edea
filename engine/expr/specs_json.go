package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the JSON functions (json.go, jsonpath.go, funcs_json.go).
func init() {
	for _, s := range jsonSpecs {
		funcs.Register(s)
	}
}

var jsonSpecs = []funcs.Spec{
	{Name: "IS JSON", Category: funcs.JSON, Signatures: []string{"string IS [ NOT ] JSON [ { VALUE | SCALAR | ARRAY | OBJECT } ]"},
		Description: "TRUE when the string is valid JSON of the given type (VALUE, the default, is any JSON); never NULL: a NULL string is not JSON.",
		Examples: []funcs.Example{ex("'{}' IS JSON", "TRUE"), ex("'abc' IS JSON", "FALSE"), ex("'1' IS JSON SCALAR", "TRUE"),
			ex("'{}' IS JSON ARRAY", "FALSE"), ex("CAST(NULL AS STRING) IS JSON", "FALSE")}},
	{Name: "JSON_EXISTS", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_EXISTS(jsonValue, path [ { TRUE | FALSE | UNKNOWN | ERROR } ON ERROR ])"},
		Description: "TRUE when the JSON path finds a value (not JSON null) in the JSON string. A path is strict unless it starts with lax; " +
			"in lax mode a missing value is just FALSE, in strict mode it is an error, handled by ON ERROR (FALSE by default).",
		Examples: []funcs.Example{ex(`JSON_EXISTS('{"a": true}', '$.a')`, "TRUE"), ex(`JSON_EXISTS('{"a": true}', '$.b')`, "FALSE"),
			ex(`JSON_EXISTS('{"a": [{ "b": 1 }]}', '$.a[0].b')`, "TRUE"), ex(`JSON_EXISTS('{"a": true}', 'strict $.b' TRUE ON ERROR)`, "TRUE")}},
	{Name: "JSON_VALUE", Category: funcs.JSON, Call: true,
		Signatures: []string{"JSON_VALUE(jsonValue, path [RETURNING <dataType>] [ { NULL | ERROR | DEFAULT <defaultExpr> } ON EMPTY ] [ { NULL | ERROR | DEFAULT <defaultExpr> } ON ERROR ])"},
		Description: "The scalar the JSON path finds in the JSON string, as STRING or as the RETURNING type (STRING, BOOLEAN, INT or DOUBLE; " +
			"as in Flink the JSON value must already be of that Java class). Nothing found (or, in lax mode, an object or array) " +
			"is handled by ON EMPTY, errors by ON ERROR; both default to NULL.",
		Examples: []funcs.Example{ex(`JSON_VALUE('{"a": true}', '$.a')`, "true"), ex(`JSON_VALUE('{"a": 1.50}', '$.a')`, "1.5"),
			ex(`JSON_VALUE('{"a": [1]}', '$.a')`, "<NULL>"), ex(`JSON_VALUE('{"a": 1}', '$.a' RETURNING INT)`, "1"),
			ex(`JSON_VALUE('{}', 'lax $.a' DEFAULT 'none' ON EMPTY)`, "none")}},
	{Name: "JSON_QUERY", Category: funcs.JSON, Call: true,
		Signatures: []string{"JSON_QUERY(jsonValue, path [RETURNING <dataType>] [ { WITHOUT | WITH CONDITIONAL | WITH UNCONDITIONAL } [ ARRAY ] WRAPPER ] [ { NULL | EMPTY ARRAY | EMPTY OBJECT | ERROR } ON EMPTY ] [ { NULL | EMPTY ARRAY | EMPTY OBJECT | ERROR } ON ERROR ])"},
		Description: "The object or array the JSON path finds in the JSON string, as JSON text (RETURNING STRING, the default) or as " +
			"ARRAY<STRING>. A wrapper puts the result in an array (CONDITIONAL: unless it is one). Nothing found (or, in lax mode, " +
			"a scalar) is handled by ON EMPTY, errors by ON ERROR; both default to NULL.",
		Examples: []funcs.Example{ex(`JSON_QUERY('{"a": {"b": [1, 2]}}', '$.a')`, `{"b":[1,2]}`), ex(`JSON_QUERY('{"a": 1}', '$.a')`, "<NULL>"),
			ex(`JSON_QUERY('[{"b": 1}, {"b": 2}]', '$[*].b')`, "[1,2]"), ex(`JSON_QUERY('{"a": 1}', '$.a' WITH WRAPPER)`, "[1]"),
			ex(`JSON_QUERY('{"a": 1}', 'lax $.b' EMPTY OBJECT ON EMPTY)`, "{}")}},
	{Name: "JSON_STRING", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_STRING(value)"},
		Description: "The value serialized as JSON: strings quoted, numbers and booleans as they are, timestamps as ISO-8601 strings, " +
			"bytes as base64, arrays, maps and rows as JSON arrays and objects; NULL for NULL.",
		Examples: []funcs.Example{ex("JSON_STRING(1)", "1"), ex("JSON_STRING(TRUE)", "true"), ex("JSON_STRING('Hello, World!')", `"Hello, World!"`),
			ex("JSON_STRING(CAST(NULL AS INT))", "<NULL>")}},
	{Name: "JSON_ARRAY", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_ARRAY([value]* [ { NULL | ABSENT } ON NULL ])"},
		Description: "A JSON array of the values; NULLs are left out (ABSENT ON NULL, the default) or written as null (NULL ON NULL). " +
			"A value made by JSON_ARRAY or JSON_OBJECT is inserted as JSON, not as a string.",
		Examples: []funcs.Example{ex("JSON_ARRAY()", "[]"), ex("JSON_ARRAY(1, '2')", `[1,"2"]`), ex("JSON_ARRAY(JSON_ARRAY(1))", "[[1]]"),
			ex("JSON_ARRAY(CAST(NULL AS STRING) NULL ON NULL)", "[null]"), ex("JSON_ARRAY(CAST(NULL AS STRING) ABSENT ON NULL)", "[]")}},
	{Name: "JSON_OBJECT", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_OBJECT([[KEY] key VALUE value]* [ { NULL | ABSENT } ON NULL ])"},
		Description: "A JSON object of the key-value pairs (keys are strings); NULL values are written as null (NULL ON NULL, the default) " +
			"or left out (ABSENT ON NULL). A value made by JSON_OBJECT or JSON_ARRAY is inserted as JSON, not as a string.",
		Examples: []funcs.Example{ex("JSON_OBJECT()", "{}"), ex("JSON_OBJECT('K1' VALUE 'V1', 'K2' VALUE 'V2')", `{"K1":"V1","K2":"V2"}`),
			ex("JSON_OBJECT(KEY 'K1' VALUE CAST(NULL AS STRING) NULL ON NULL)", `{"K1":null}`),
			ex("JSON_OBJECT(KEY 'K1' VALUE CAST(NULL AS STRING) ABSENT ON NULL)", "{}"),
			ex("JSON_OBJECT(KEY 'K1' VALUE JSON_OBJECT(KEY 'K2' VALUE 'V'))", `{"K1":{"K2":"V"}}`)}},
}

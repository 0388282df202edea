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
	{Name: "JSON_EXISTS", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_EXISTS(jsonValue, path)"},
		Description: "TRUE when the JSON path finds a value (not JSON null) in the JSON string; FALSE when it does not, or on an error " +
			"(the default FALSE ON ERROR). The ON ERROR clause is not supported yet.",
		Examples: []funcs.Example{ex(`JSON_EXISTS('{"a": true}', '$.a')`, "TRUE"), ex(`JSON_EXISTS('{"a": true}', '$.b')`, "FALSE"),
			ex(`JSON_EXISTS('{"a": [{ "b": 1 }]}', '$.a[0].b')`, "TRUE")}},
	{Name: "JSON_VALUE", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_VALUE(jsonValue, path)"},
		Description: "The scalar the JSON path finds in the JSON string, as a STRING; NULL when it finds nothing, an object or an array, " +
			"or on an error (the default NULL ON EMPTY and NULL ON ERROR). RETURNING, ON EMPTY and ON ERROR are not supported yet.",
		Examples: []funcs.Example{ex(`JSON_VALUE('{"a": true}', '$.a')`, "true"), ex(`JSON_VALUE('{"a": 1.50}', '$.a')`, "1.5"),
			ex(`JSON_VALUE('{"a": [1]}', '$.a')`, "<NULL>")}},
	{Name: "JSON_QUERY", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_QUERY(jsonValue, path)"},
		Description: "The object or array the JSON path finds in the JSON string, as JSON text; NULL when it finds nothing or a scalar, " +
			"or on an error (WITHOUT ARRAY WRAPPER, NULL ON EMPTY, NULL ON ERROR). RETURNING, wrappers, ON EMPTY and ON ERROR are not supported yet.",
		Examples: []funcs.Example{ex(`JSON_QUERY('{"a": {"b": [1, 2]}}', '$.a')`, `{"b":[1,2]}`), ex(`JSON_QUERY('{"a": 1}', '$.a')`, "<NULL>"),
			ex(`JSON_QUERY('[{"b": 1}, {"b": 2}]', '$[*].b')`, "[1,2]")}},
	{Name: "JSON_STRING", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_STRING(value)"},
		Description: "The value serialized as JSON: strings quoted, numbers and booleans as they are, timestamps as ISO-8601 strings, " +
			"bytes as base64, arrays, maps and rows as JSON arrays and objects; NULL for NULL.",
		Examples: []funcs.Example{ex("JSON_STRING(1)", "1"), ex("JSON_STRING(TRUE)", "true"), ex("JSON_STRING('Hello, World!')", `"Hello, World!"`),
			ex("JSON_STRING(CAST(NULL AS INT))", "<NULL>")}},
	{Name: "JSON_ARRAY", Category: funcs.JSON, Call: true, Signatures: []string{"JSON_ARRAY([value]*)"},
		Description: "A JSON array of the values, leaving out NULLs (the default ABSENT ON NULL); the result of a nested JSON_ARRAY is " +
			"inserted as JSON. The ON NULL clause is not supported yet.",
		Examples: []funcs.Example{ex("JSON_ARRAY()", "[]"), ex("JSON_ARRAY(1, '2')", `[1,"2"]`), ex("JSON_ARRAY(JSON_ARRAY(1))", "[[1]]"),
			ex("JSON_ARRAY(CAST(NULL AS STRING))", "[]")}},
}

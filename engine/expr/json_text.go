package expr

// AppendJSONString appends s as a JSON string literal, escaped as Flink's
// JSON functions escape it; JSON_OBJECTAGG writes its keys with it.
func AppendJSONString(dst []byte, s string) []byte { return appendJSONString(dst, s) }

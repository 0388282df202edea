package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// Specs of literal forms and access operators that the parser and binder
// implement (they have no build function of their own here).
func init() {
	for _, s := range []funcs.Spec{
		{Name: "DATE", Category: funcs.Temporal, Signatures: []string{"DATE string"},
			Description: "A DATE literal from 'yyyy-MM-dd'.",
			Examples:    []funcs.Example{ex("DATE '2024-05-01'", "2024-05-01")}},
		{Name: "TIME", Category: funcs.Temporal, Signatures: []string{"TIME string"},
			Description: "A TIME(0) literal from 'HH:mm:ss'; a fraction makes TIME(p).",
			Examples:    []funcs.Example{ex("TIME '12:34:56'", "12:34:56")}},
		{Name: "TIMESTAMP", Category: funcs.Temporal, Signatures: []string{"TIMESTAMP string"},
			Description: "A TIMESTAMP literal from 'yyyy-MM-dd HH:mm:ss[.SSSSSSSSS]', its precision that of the fraction written.",
			Examples:    []funcs.Example{ex("TIMESTAMP '2024-05-01 12:34:56.789'", "2024-05-01 12:34:56.789")}},
		{Name: "INTERVAL", Category: funcs.Temporal, Signatures: []string{"INTERVAL string range"},
			Description: "An interval literal: a day-time interval (DAY, HOUR, MINUTE, SECOND and their TO forms) or a year-month interval (YEAR, MONTH, YEAR TO MONTH), printed as Flink prints intervals.",
			Examples:    []funcs.Example{ex("INTERVAL '3' DAY", "+3 00:00:00.000"), ex("INTERVAL '1-2' YEAR TO MONTH", "+1-02")}},
		{Name: "TO_TIMESTAMP_LTZ", Category: funcs.Temporal, Call: true, Signatures: []string{"TO_TIMESTAMP_LTZ(numeric[, precision])", "TO_TIMESTAMP_LTZ(string1[, string2[, string3]])"},
			Description: "The instant numeric units of 10^-precision seconds after the epoch (precision 0 to 9, default 3: milliseconds), as a TIMESTAMP_LTZ(max(3, precision)) shown in 'table.local-time-zone'; " +
				"or the string string1 read by the DateTimeFormatter pattern string2 (default 'yyyy-MM-dd HH:mm:ss') as a wall clock of the zone string3 (default 'UTC'), with the precision of the pattern's longest run of S, NULL when it does not parse. " +
				"Flink 1.20 had precisions 0 and 3 only; the rest are Flink 2.x's.",
			Examples: []funcs.Example{ex("TO_TIMESTAMP_LTZ(0, 3) = TO_TIMESTAMP_LTZ(0, 0)", "TRUE"),
				ex("TO_TIMESTAMP_LTZ(1234567890123456789, 9)", "2009-02-13 23:31:30.123456789"),
				ex("TO_TIMESTAMP_LTZ('2023-01-01 00:00:00', 'yyyy-MM-dd HH:mm:ss', 'Asia/Shanghai')", "2022-12-31 16:00:00.000")}},
		{Name: "ARRAY[INDEX]", Category: funcs.ValueAccess, Signatures: []string{"array '[' INT ']'"},
			Description: "The element at a 1-based position; NULL when the position is out of range.",
			Examples:    []funcs.Example{ex("ARRAY[10, 20, 30][2]", "20"), ex("ARRAY[10, 20, 30][5]", "<NULL>")}},
		{Name: "MAP[KEY]", Category: funcs.ValueAccess, Signatures: []string{"map '[' value ']'"},
			Description: "The value of a key; NULL when the map has no such key.",
			Examples:    []funcs.Example{ex("MAP['a', 1, 'b', 2]['b']", "2")}},
		{Name: "ROW.FIELD", Category: funcs.ValueAccess, Signatures: []string{"tableName.compositeType.field"},
			Description: "A field of a ROW column, by name; the result column is named after the field.",
			Examples:    []funcs.Example{ex("SELECT t.r.b FROM (VALUES (CAST(ROW(1, 'x') AS ROW<a INT, b STRING>))) AS t(r)", "x")}},
	} {
		funcs.Register(s)
	}
}

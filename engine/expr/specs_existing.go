package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the operators and functions that existed before the
// function library was split into families (comparison, logic, arithmetic,
// CAST, CASE and the first functions of funcs.go). New functions register
// their specs in their family's file.
//
// A family file that documents one of these itself wins: its init runs
// first (Go initializes a package's files in name order, and the family
// files sort before this one), and the entry here is skipped.
func init() {
	for _, s := range existingSpecs {
		if _, done := funcs.Lookup(s.Name); done {
			continue
		}
		funcs.Register(s)
	}
}

func ex(sql, result string) funcs.Example { return funcs.Example{SQL: sql, Result: result} }

var existingSpecs = []funcs.Spec{
	// comparison
	{Name: "=", Category: funcs.Comparison, Signatures: []string{"value1 = value2"},
		Description: "TRUE when both values are equal, UNKNOWN (NULL) when either is NULL.",
		Examples:    []funcs.Example{ex("1 = 1", "TRUE"), ex("1 = CAST(NULL AS INT)", "<NULL>")}},
	{Name: "<>", Category: funcs.Comparison, Signatures: []string{"value1 <> value2"},
		Description: "TRUE when the values differ, UNKNOWN (NULL) when either is NULL.",
		Examples:    []funcs.Example{ex("2 <> 2", "FALSE")}},
	{Name: ">", Category: funcs.Comparison, Signatures: []string{"value1 > value2"},
		Description: "TRUE when value1 is greater than value2, UNKNOWN (NULL) when either is NULL.",
		Examples:    []funcs.Example{ex("3 > 2", "TRUE")}},
	{Name: ">=", Category: funcs.Comparison, Signatures: []string{"value1 >= value2"},
		Description: "TRUE when value1 is greater than or equal to value2, UNKNOWN (NULL) when either is NULL.",
		Examples:    []funcs.Example{ex("3 >= 4", "FALSE")}},
	{Name: "<", Category: funcs.Comparison, Signatures: []string{"value1 < value2"},
		Description: "TRUE when value1 is less than value2, UNKNOWN (NULL) when either is NULL.",
		Examples:    []funcs.Example{ex("1 < 2", "TRUE")}},
	{Name: "<=", Category: funcs.Comparison, Signatures: []string{"value1 <= value2"},
		Description: "TRUE when value1 is less than or equal to value2, UNKNOWN (NULL) when either is NULL.",
		Examples:    []funcs.Example{ex("2 <= 2", "TRUE")}},
	{Name: "IS NULL", Category: funcs.Comparison, Signatures: []string{"value IS NULL"},
		Description: "TRUE when the value is NULL; never NULL itself.",
		Examples:    []funcs.Example{ex("CAST(NULL AS INT) IS NULL", "TRUE")}},
	{Name: "IS NOT NULL", Category: funcs.Comparison, Signatures: []string{"value IS NOT NULL"},
		Description: "TRUE when the value is not NULL; never NULL itself.",
		Examples:    []funcs.Example{ex("1 IS NOT NULL", "TRUE")}},
	{Name: "LIKE", Category: funcs.Comparison, Signatures: []string{"string1 LIKE string2 [ ESCAPE char ]"},
		Description: "TRUE when string1 matches the pattern string2, where % matches any run of characters and _ exactly one; " +
			"an escape character makes the next % or _ literal. NULL when either string is NULL.",
		Examples: []funcs.Example{ex("'Flink' LIKE 'F%'", "TRUE"), ex("'50%' LIKE '50!%' ESCAPE '!'", "TRUE")}},
	{Name: "NOT LIKE", Category: funcs.Comparison, Signatures: []string{"string1 NOT LIKE string2 [ ESCAPE char ]"},
		Description: "The negation of LIKE.",
		Examples:    []funcs.Example{ex("'Flink' NOT LIKE '_link'", "FALSE")}},
	{Name: "IN", Category: funcs.Comparison, Signatures: []string{"value1 IN (value2 [, value3]*)"},
		Description: "TRUE when value1 equals one of the listed values; UNKNOWN (NULL) when it equals none and the list holds a NULL.",
		Examples:    []funcs.Example{ex("2 IN (1, 2, 3)", "TRUE"), ex("4 IN (1, NULL)", "<NULL>")}},
	{Name: "NOT IN", Category: funcs.Comparison, Signatures: []string{"value1 NOT IN (value2 [, value3]*)"},
		Description: "The negation of IN: UNKNOWN (NULL) when the list holds a NULL and value1 equals none of the others.",
		Examples:    []funcs.Example{ex("2 NOT IN (1, 3)", "TRUE")}},

	// logical
	{Name: "OR", Category: funcs.Logical, Signatures: []string{"boolean1 OR boolean2"},
		Description: "TRUE when either is TRUE; UNKNOWN (NULL) when neither is TRUE and one is UNKNOWN.",
		Examples:    []funcs.Example{ex("TRUE OR FALSE", "TRUE"), ex("FALSE OR NULL", "<NULL>")}},
	{Name: "AND", Category: funcs.Logical, Signatures: []string{"boolean1 AND boolean2"},
		Description: "TRUE when both are TRUE; FALSE when either is FALSE, else UNKNOWN (NULL).",
		Examples:    []funcs.Example{ex("TRUE AND NULL", "<NULL>"), ex("FALSE AND NULL", "FALSE")}},
	{Name: "NOT", Category: funcs.Logical, Signatures: []string{"NOT boolean"},
		Description: "Negates a boolean; NOT UNKNOWN is UNKNOWN.",
		Examples:    []funcs.Example{ex("NOT TRUE", "FALSE")}},
	// arithmetic
	{Name: "+ (UNARY)", Category: funcs.Arithmetic, Signatures: []string{"+ numeric"},
		Description: "Returns the number unchanged.",
		Examples:    []funcs.Example{ex("+5", "5")}},
	{Name: "- (UNARY)", Category: funcs.Arithmetic, Signatures: []string{"- numeric"},
		Description: "Negates a number or an interval; integers wrap around as in Java.",
		Examples:    []funcs.Example{ex("-(3)", "-3")}},
	{Name: "+", Category: funcs.Arithmetic, Signatures: []string{"numeric1 + numeric2"},
		Description: "Adds two numbers, in their common type; integers wrap around on overflow as in Java.",
		Examples:    []funcs.Example{ex("1 + 2", "3"), ex("2147483647 + 1", "-2147483648")}},
	{Name: "-", Category: funcs.Arithmetic, Signatures: []string{"numeric1 - numeric2"},
		Description: "Subtracts numeric2 from numeric1, in their common type.",
		Examples:    []funcs.Example{ex("5 - 7", "-2")}},
	{Name: "*", Category: funcs.Arithmetic, Signatures: []string{"numeric1 * numeric2"},
		Description: "Multiplies two numbers, in their common type.",
		Examples:    []funcs.Example{ex("2 * 3", "6")}},
	{Name: "/", Category: funcs.Arithmetic, Signatures: []string{"numeric1 / numeric2"},
		Description: "Divides numeric1 by numeric2: integer division for two integers, DECIMAL division with Flink's scale rules otherwise.",
		Examples:    []funcs.Example{ex("7 / 2", "3"), ex("7.0 / 2", "3.500000000000")}},
	{Name: "%", Category: funcs.Arithmetic, Signatures: []string{"numeric1 % numeric2"},
		Description: "The remainder of numeric1 divided by numeric2, with the sign of numeric1.",
		Examples:    []funcs.Example{ex("7 % 3", "1"), ex("-7 % 3", "-1")}},
	{Name: "ABS", Category: funcs.Arithmetic, Signatures: []string{"ABS(numeric)"}, Call: true,
		Description: "The absolute value of a number or an interval, in the argument's type.",
		Examples:    []funcs.Example{ex("ABS(-4)", "4")}},
	{Name: "MOD", Category: funcs.Arithmetic, Signatures: []string{"MOD(numeric1, numeric2)"}, Call: true,
		Description: "The remainder of numeric1 divided by numeric2, as %; both must be exact numbers.",
		Examples:    []funcs.Example{ex("MOD(7, 3)", "1")}},

	// string
	{Name: "||", Category: funcs.String, Signatures: []string{"string1 || string2"},
		Description: "Concatenates two strings (or two byte strings); NULL when either is NULL.",
		Examples:    []funcs.Example{ex("'Fl' || 'ink'", "Flink")}},
	{Name: "CHAR_LENGTH", Category: funcs.String, Signatures: []string{"CHAR_LENGTH(string)"}, Call: true,
		Description: "The number of characters (Unicode code points) of a string.",
		Examples:    []funcs.Example{ex("CHAR_LENGTH('Flink')", "5"), ex("CHAR_LENGTH('größe')", "5")}},
	{Name: "CHARACTER_LENGTH", Category: funcs.String, Signatures: []string{"CHARACTER_LENGTH(string)"}, Call: true,
		Description: "The same as CHAR_LENGTH.",
		Examples:    []funcs.Example{ex("CHARACTER_LENGTH('Flink')", "5")}},
	{Name: "UPPER", Category: funcs.String, Signatures: []string{"UPPER(string)"}, Call: true,
		Description: "The string in upper case.",
		Examples:    []funcs.Example{ex("UPPER('Flink')", "FLINK")}},
	{Name: "LOWER", Category: funcs.String, Signatures: []string{"LOWER(string)"}, Call: true,
		Description: "The string in lower case.",
		Examples:    []funcs.Example{ex("LOWER('Flink')", "flink")}},
	{Name: "LTRIM", Category: funcs.String, Signatures: []string{"LTRIM(string)"}, Call: true,
		Description: "Removes the leading spaces of a string.",
		Examples:    []funcs.Example{ex("LTRIM('  Flink ')", "Flink ")}},
	{Name: "RTRIM", Category: funcs.String, Signatures: []string{"RTRIM(string)"}, Call: true,
		Description: "Removes the trailing spaces of a string.",
		Examples:    []funcs.Example{ex("RTRIM('  Flink  ')", "  Flink")}},
	{Name: "SUBSTRING", Category: funcs.String, Call: true,
		Signatures: []string{"SUBSTRING(string FROM integer1 [ FOR integer2 ])", "SUBSTRING(string, integer1 [, integer2 ])"},
		Description: "The part of a string that starts at character integer1 (1-based; a negative start counts from the end) " +
			"and is integer2 characters long, or runs to the end.",
		Examples: []funcs.Example{ex("SUBSTRING('Flink' FROM 2 FOR 3)", "lin"), ex("SUBSTRING('Flink', -3)", "ink")}},
	{Name: "SUBSTR", Category: funcs.String, Signatures: []string{"SUBSTR(string, integer1 [, integer2 ])"}, Call: true,
		Description: "The same as SUBSTRING(string, integer1 [, integer2]).",
		Examples:    []funcs.Example{ex("SUBSTR('Flink', 2)", "link")}},
	{Name: "CONCAT", Category: funcs.String, Signatures: []string{"CONCAT(string1, string2, ...)"}, Call: true,
		Description: "Concatenates its arguments; NULL when any is NULL.",
		Examples:    []funcs.Example{ex("CONCAT('a', 'b', 'c')", "abc"), ex("CONCAT('a', CAST(NULL AS STRING))", "<NULL>")}},
	{Name: "REGEXP", Category: funcs.String, Signatures: []string{"REGEXP(string1, string2)"}, Call: true,
		Description: "TRUE when some part of string1 matches the regular expression string2 (Java syntax, see above).",
		Examples:    []funcs.Example{ex("REGEXP('Flink', 'l.n')", "TRUE")}},

	// conditional
	{Name: "COALESCE", Category: funcs.Conditional, Signatures: []string{"COALESCE(value1 [, value2]*)"}, Call: true,
		Description: "The first argument that is not NULL, or NULL when all are.",
		Examples:    []funcs.Example{ex("COALESCE(NULL, 5)", "5")}},
	{Name: "IF", Category: funcs.Conditional, Signatures: []string{"IF(condition, true_value, false_value)"}, Call: true,
		Description: "true_value when the condition is TRUE, else (FALSE or UNKNOWN) false_value.",
		Examples:    []funcs.Example{ex("IF(1 < 2, 'yes', 'no')", "yes")}},
	{Name: "NULLIF", Category: funcs.Conditional, Signatures: []string{"NULLIF(value1, value2)"}, Call: true,
		Description: "NULL when value1 equals value2, else value1.",
		Examples:    []funcs.Example{ex("NULLIF(3, 3)", "<NULL>"), ex("NULLIF(3, 4)", "3")}},

	// conversion
	// aggregate
	{Name: "COUNT", Category: funcs.Aggregate, Signatures: []string{"COUNT(*)", "COUNT([ ALL ] expression)", "COUNT(DISTINCT expression1 [, expression2]*)"}, Call: true,
		Description: "The number of input rows, or of rows where the expression is not NULL.",
		Examples:    []funcs.Example{ex("SELECT COUNT(*) FROM (VALUES (1), (2), (4)) AS t(x)", "3")}},
	{Name: "SUM", Category: funcs.Aggregate, Signatures: []string{"SUM([ ALL | DISTINCT ] expression)"}, Call: true,
		Description: "The sum of the expression over the input rows, NULLs left out; NULL when there are none.",
		Examples:    []funcs.Example{ex("SELECT SUM(x) FROM (VALUES (1), (2), (4)) AS t(x)", "7")}},
	{Name: "MIN", Category: funcs.Aggregate, Signatures: []string{"MIN([ ALL | DISTINCT ] expression)"}, Call: true,
		Description: "The smallest value of the expression over the input rows, NULLs left out.",
		Examples:    []funcs.Example{ex("SELECT MIN(x) FROM (VALUES (1), (2), (4)) AS t(x)", "1")}},
	{Name: "MAX", Category: funcs.Aggregate, Signatures: []string{"MAX([ ALL | DISTINCT ] expression)"}, Call: true,
		Description: "The largest value of the expression over the input rows, NULLs left out.",
		Examples:    []funcs.Example{ex("SELECT MAX(x) FROM (VALUES (1), (2), (4)) AS t(x)", "4")}},
	{Name: "AVG", Category: funcs.Aggregate, Signatures: []string{"AVG([ ALL | DISTINCT ] expression)"}, Call: true,
		Description: "The average of the expression over the input rows, NULLs left out, in the expression's type (integer average for integers).",
		Examples:    []funcs.Example{ex("SELECT AVG(x) FROM (VALUES (1), (2), (4)) AS t(x)", "2")}},
}

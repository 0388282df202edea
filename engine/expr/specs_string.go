package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the string functions of funcs_string.go, funcs_regexp.go,
// funcs_charset.go and funcs_url.go.
func init() {
	for _, s := range stringSpecs {
		funcs.Register(s)
	}
}

var stringSpecs = []funcs.Spec{
	{Name: "POSITION", Category: funcs.String, Call: true, Signatures: []string{"POSITION(string1 IN string2)"},
		Description: "The 1-based character position of the first occurrence of string1 in string2, 0 when there is none (1 for an empty string1).",
		Examples:    []funcs.Example{ex("POSITION('in' IN 'Flink')", "3"), ex("POSITION('x' IN 'Flink')", "0")}},
	{Name: "LOCATE", Category: funcs.String, Call: true, Signatures: []string{"LOCATE(string1, string2[, integer])"},
		Description: "The 1-based character position of the first occurrence of string1 in string2 at or after position integer (1 by default), 0 when there is none.",
		Examples:    []funcs.Example{ex("LOCATE('l', 'hello')", "3"), ex("LOCATE('l', 'hello', 4)", "4"), ex("LOCATE('z', 'hello')", "0")}},
	{Name: "INSTR", Category: funcs.String, Call: true,
		Signatures: []string{"INSTR(string1, string2)", "INSTR(string1, string2, start)", "INSTR(string1, string2, start, nth)"},
		Description: "The 1-based character position of the nth (default 1st) occurrence of string2 in string1, searching from position start " +
			"(default 1; a negative start searches backwards from that position counted from the end); 0 when there is none. nth must be positive.",
		Examples: []funcs.Example{ex("INSTR('abcabc', 'bc')", "2"), ex("INSTR('abcabc', 'bc', 1, 2)", "5"), ex("INSTR('abcabc', 'bc', -1, 1)", "5")}},
	{Name: "LEFT", Category: funcs.String, Call: true, Signatures: []string{"LEFT(string, integer)"},
		Description: "The leftmost integer characters of the string; an empty string when integer is not positive.",
		Examples:    []funcs.Example{ex("LEFT('Flink', 3)", "Fli"), ex("LEFT('Flink', -1)", "")}},
	{Name: "RIGHT", Category: funcs.String, Call: true, Signatures: []string{"RIGHT(string, integer)"},
		Description: "The rightmost integer characters of the string; an empty string when integer is not positive.",
		Examples:    []funcs.Example{ex("RIGHT('Flink', 3)", "ink"), ex("RIGHT('Flink', 9)", "Flink")}},
	{Name: "LPAD", Category: funcs.String, Call: true, Signatures: []string{"LPAD(string1, integer, string2)"},
		Description: "string1 padded on the left with repetitions of string2 to integer characters, or cut to integer characters when longer. " +
			"NULL when integer is negative or string2 is empty.",
		Examples: []funcs.Example{ex("LPAD('hi', 4, '??')", "??hi"), ex("LPAD('hi', 1, '??')", "h"), ex("LPAD('hi', -1, '?')", "<NULL>")}},
	{Name: "RPAD", Category: funcs.String, Call: true, Signatures: []string{"RPAD(string1, integer, string2)"},
		Description: "string1 padded on the right with repetitions of string2 to integer characters, or cut to integer characters when longer. " +
			"NULL when integer is negative or string2 is empty.",
		Examples: []funcs.Example{ex("RPAD('hi', 5, 'xy')", "hixyx"), ex("RPAD('hi', 1, '??')", "h")}},
	{Name: "REPEAT", Category: funcs.String, Call: true, Signatures: []string{"REPEAT(string, int)"},
		Description: "The string repeated int times; an empty string when int is not positive.",
		Examples:    []funcs.Example{ex("REPEAT('ab', 3)", "ababab"), ex("REPEAT('ab', 0)", "")}},
	{Name: "REVERSE", Category: funcs.String, Call: true, Signatures: []string{"REVERSE(string)"},
		Description: "The characters of the string in reverse order.",
		Examples:    []funcs.Example{ex("REVERSE('Flink')", "knilF")}},
	{Name: "REPLACE", Category: funcs.String, Call: true, Signatures: []string{"REPLACE(string1, string2, string3)"},
		Description: "string1 with every occurrence of string2 replaced by string3 (an empty string2 matches between all characters).",
		Examples:    []funcs.Example{ex("REPLACE('hello world', 'o', '0')", "hell0 w0rld"), ex("REPLACE('abc', '', '-')", "-a-b-c-")}},
	{Name: "SPLIT_INDEX", Category: funcs.String, Call: true,
		Signatures: []string{"SPLIT_INDEX(string1, string2, integer1)", "SPLIT_INDEX(string1, character_code, integer1)"},
		Description: "Splits string1 at every string2 (or at the character with the given code, 1 to 255), keeping empty parts, and " +
			"returns the part at 0-based index integer1; NULL when there is no such part or the index is negative.",
		Examples: []funcs.Example{ex("SPLIT_INDEX('a,b,,c', ',', 1)", "b"), ex("SPLIT_INDEX('a,b,,c', ',', 2)", ""),
			ex("SPLIT_INDEX('a,b', ',', 5)", "<NULL>"), ex("SPLIT_INDEX('a b', 32, 1)", "b")}},
	{Name: "INITCAP", Category: funcs.String, Call: true, Signatures: []string{"INITCAP(string)"},
		Description: "The string with the first letter of each word in upper case and the other letters in lower case; " +
			"a word is a run of ASCII letters and digits.",
		Examples: []funcs.Example{ex("INITCAP('hello wORLD 1st')", "Hello World 1st")}},
	{Name: "CONCAT_WS", Category: funcs.String, Call: true, Signatures: []string{"CONCAT_WS(string1, string2, string3, ...)"},
		Description: "Concatenates string2, string3, ... with string1 between them, leaving out NULL strings; NULL only when string1 is NULL.",
		Examples: []funcs.Example{ex("CONCAT_WS('-', 'a', 'b', 'c')", "a-b-c"), ex("CONCAT_WS('-', 'a', CAST(NULL AS STRING), 'c')", "a-c"),
			ex("CONCAT_WS(CAST(NULL AS STRING), 'a')", "<NULL>")}},
	{Name: "TO_BASE64", Category: funcs.String, Call: true, Signatures: []string{"TO_BASE64(string)"},
		Description: "The base64 encoding of the string's UTF-8 bytes (or of a byte string).",
		Examples:    []funcs.Example{ex("TO_BASE64('hello world')", "aGVsbG8gd29ybGQ=")}},
	{Name: "FROM_BASE64", Category: funcs.String, Call: true, Signatures: []string{"FROM_BASE64(string)"},
		Description: "Decodes a base64 string into a string; input that is not base64 is an error.",
		Examples:    []funcs.Example{ex("FROM_BASE64('aGVsbG8gd29ybGQ=')", "hello world")}},
	{Name: "ASCII", Category: funcs.String, Call: true, Signatures: []string{"ASCII(string)"},
		Description: "The numeric value of the first byte of the string (as a signed byte), 0 for an empty string.",
		Examples:    []funcs.Example{ex("ASCII('abc')", "97"), ex("ASCII('')", "0")}},
	{Name: "CHR", Category: funcs.String, Call: true, Signatures: []string{"CHR(integer)"},
		Description: "The character whose code is integer modulo 256 (Latin-1); an empty string for a negative integer.",
		Examples:    []funcs.Example{ex("CHR(65)", "A"), ex("CHR(321)", "A"), ex("CHR(233)", "é")}},
	{Name: "OVERLAY", Category: funcs.String, Call: true, Signatures: []string{"OVERLAY(string1 PLACING string2 FROM integer1 [ FOR integer2 ])"},
		Description: "string1 with integer2 characters (default: the length of string2) from position integer1 replaced by string2; " +
			"string1 unchanged when integer1 is outside it.",
		Examples: []funcs.Example{ex("OVERLAY('This is an old string' PLACING ' new' FROM 10 FOR 5)", "This is a new string"),
			ex("OVERLAY('abcdef' PLACING 'XY' FROM 3)", "abXYef")}},
	{Name: "REGEXP_EXTRACT", Category: funcs.String, Call: true, Signatures: []string{"REGEXP_EXTRACT(string1, string2[, integer])"},
		Description: "The text matched by group integer (default 0, the whole match) of the first match of the regular expression string2 " +
			"in string1; NULL when nothing matches, the group does not exist or did not take part, or the pattern is invalid.",
		Examples: []funcs.Example{ex("REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)', 2)", "bar"), ex("REGEXP_EXTRACT('foothebar', 'x(.*)')", "<NULL>")}},
	{Name: "REGEXP_REPLACE", Category: funcs.String, Call: true, Signatures: []string{"REGEXP_REPLACE(string1, string2, string3)"},
		Description: "string1 with every match of the regular expression string2 replaced by string3, taken literally ($ and \\ are not special); " +
			"NULL for an invalid pattern.",
		Examples: []funcs.Example{ex("REGEXP_REPLACE('foobar', 'oo|ar', '')", "fb"), ex("REGEXP_REPLACE('a1b22', '[0-9]+', '#')", "a#b#")}},
	{Name: "ENCODE", Category: funcs.String, Call: true, Signatures: []string{"ENCODE(string1, string2)"},
		Description: "The bytes of string1 in the charset string2: 'US-ASCII', 'ISO-8859-1', 'UTF-8', 'UTF-16BE', 'UTF-16LE' or 'UTF-16'.",
		Examples:    []funcs.Example{ex("ENCODE('hé', 'UTF-8')", "x'68c3a9'"), ex("ENCODE('hé', 'US-ASCII')", "x'683f'")}},
	{Name: "DECODE", Category: funcs.String, Call: true, Signatures: []string{"DECODE(binary, string)"},
		Description: "Decodes bytes in the charset string (as ENCODE lists them) into a string.",
		Examples:    []funcs.Example{ex("DECODE(X'68C3A9', 'UTF-8')", "hé"), ex("DECODE(ENCODE('Flink', 'UTF-16'), 'UTF-16')", "Flink")}},
	{Name: "PARSE_URL", Category: funcs.String, Call: true, Signatures: []string{"PARSE_URL(string1, string2[, string3])"},
		Description: "The part string2 of the URL string1: HOST, PATH, QUERY, REF, PROTOCOL, AUTHORITY, FILE or USERINFO; with string3, " +
			"the value of the query parameter string3. NULL when the URL or the part is not valid.",
		Examples: []funcs.Example{ex("PARSE_URL('http://facebook.com/path1/p.php?k1=v1&k2=v2#Ref1', 'HOST')", "facebook.com"),
			ex("PARSE_URL('http://facebook.com/path1/p.php?k1=v1&k2=v2#Ref1', 'QUERY', 'k1')", "v1")}},
}

package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the string functions (Flink's "string" category); their
// code is in funcs.go and the funcs_*.go files of their families.

var (
	fnAscii = &Function{
		Spec: funcs.Spec{Name: "ASCII", Category: funcs.String, Call: true,
			Signatures:  []string{"ASCII(string)"},
			Description: "The numeric value of the first byte of the string (as a signed byte), 0 for an empty string.",
			Examples: []funcs.Example{
				{SQL: "ASCII('abc')", Result: "97"},
				{SQL: "ASCII('')", Result: "0"},
			},
		},
		Min: 1, Max: 1, Build: buildASCII,
	}

	fnBtrim = &Function{
		Spec: funcs.Spec{Name: "BTRIM", Category: funcs.String, Call: true,
			Signatures:  []string{"BTRIM(str[, trimStr])"},
			Description: "Removes from both ends of str every character that occurs in trimStr (a space by default). A Flink 2.x function.",
			Examples: []funcs.Example{
				{SQL: "BTRIM('  www.apache.org  ')", Result: "www.apache.org"},
				{SQL: "BTRIM('/www.apache.org/', '/')", Result: "www.apache.org"},
			},
		},
		Min: 1, Max: 2, Build: buildBtrim,
	}

	fnCharacterLength = &Function{
		Spec: funcs.Spec{Name: "CHARACTER_LENGTH", Category: funcs.String, Call: true,
			Signatures:  []string{"CHARACTER_LENGTH(string)"},
			Description: "The same as CHAR_LENGTH.",
			Examples: []funcs.Example{
				{SQL: "CHARACTER_LENGTH('Flink')", Result: "5"},
			},
		},
		Min: 1, Max: 1, Build: buildCharLength,
	}

	fnCharLength = &Function{
		Spec: funcs.Spec{Name: "CHAR_LENGTH", Category: funcs.String, Call: true,
			Signatures:  []string{"CHAR_LENGTH(string)"},
			Description: "The number of characters (Unicode code points) of a string.",
			Examples: []funcs.Example{
				{SQL: "CHAR_LENGTH('Flink')", Result: "5"},
				{SQL: "CHAR_LENGTH('größe')", Result: "5"},
			},
		},
		Min: 1, Max: 1, Build: buildCharLength,
	}

	fnChr = &Function{
		Spec: funcs.Spec{Name: "CHR", Category: funcs.String, Call: true,
			Signatures:  []string{"CHR(integer)"},
			Description: "The character whose code is integer modulo 256 (Latin-1); an empty string for a negative integer.",
			Examples: []funcs.Example{
				{SQL: "CHR(65)", Result: "A"},
				{SQL: "CHR(321)", Result: "A"},
				{SQL: "CHR(233)", Result: "é"},
			},
		},
		Min: 1, Max: 1, Build: buildChr,
	}

	fnConcat = &Function{
		Spec: funcs.Spec{Name: "CONCAT", Category: funcs.String, Call: true,
			Signatures:  []string{"CONCAT(string1, string2, ...)"},
			Description: "Concatenates its arguments; NULL when any is NULL.",
			Examples: []funcs.Example{
				{SQL: "CONCAT('a', 'b', 'c')", Result: "abc"},
				{SQL: "CONCAT('a', CAST(NULL AS STRING))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: -1, Build: buildConcat,
	}

	fnConcatWs = &Function{
		Spec: funcs.Spec{Name: "CONCAT_WS", Category: funcs.String, Call: true,
			Signatures:  []string{"CONCAT_WS(string1, string2, string3, ...)"},
			Description: "Concatenates string2, string3, ... with string1 between them, leaving out NULL strings; NULL only when string1 is NULL.",
			Examples: []funcs.Example{
				{SQL: "CONCAT_WS('-', 'a', 'b', 'c')", Result: "a-b-c"},
				{SQL: "CONCAT_WS('-', 'a', CAST(NULL AS STRING), 'c')", Result: "a-c"},
				{SQL: "CONCAT_WS(CAST(NULL AS STRING), 'a')", Result: "<NULL>"},
			},
		},
		Min: 1, Max: -1, Build: buildConcatWs,
	}

	fnDecode = &Function{
		Spec: funcs.Spec{Name: "DECODE", Category: funcs.String, Call: true,
			Signatures:  []string{"DECODE(binary, string)"},
			Description: "Decodes bytes in the charset string (as ENCODE lists them) into a string.",
			Examples: []funcs.Example{
				{SQL: "DECODE(X'68C3A9', 'UTF-8')", Result: "hé"},
				{SQL: "DECODE(ENCODE('Flink', 'UTF-16'), 'UTF-16')", Result: "Flink"},
			},
		},
		Min: 2, Max: 2, Build: buildDecode,
	}

	fnElt = &Function{
		Spec: funcs.Spec{Name: "ELT", Category: funcs.String, Call: true,
			Signatures:  []string{"ELT(index, expr[, exprs]*)"},
			Description: "The index-th expression (1-based); NULL when index is out of range or NULL. A Flink 2.x function.",
			Examples: []funcs.Example{
				{SQL: "ELT(2, 'a', 'b', 'c')", Result: "b"},
				{SQL: "ELT(4, 'a', 'b', 'c')", Result: "<NULL>"},
			},
		},
		Min: 2, Max: -1, Build: buildElt,
	}

	fnEncode = &Function{
		Spec: funcs.Spec{Name: "ENCODE", Category: funcs.String, Call: true,
			Signatures:  []string{"ENCODE(string1, string2)"},
			Description: "The bytes of string1 in the charset string2: 'US-ASCII', 'ISO-8859-1', 'UTF-8', 'UTF-16BE', 'UTF-16LE' or 'UTF-16'.",
			Examples: []funcs.Example{
				{SQL: "ENCODE('hé', 'UTF-8')", Result: "x'68c3a9'"},
				{SQL: "ENCODE('hé', 'US-ASCII')", Result: "x'683f'"},
			},
		},
		Min: 2, Max: 2, Build: buildEncode,
	}

	fnEndswith = &Function{
		Spec: funcs.Spec{Name: "ENDSWITH", Category: funcs.String, Call: true,
			Signatures:  []string{"ENDSWITH(expr, endExpr)"},
			Description: "TRUE when the string (or byte string) expr ends with endExpr; TRUE for an empty endExpr. A Flink 2.x function.",
			Examples: []funcs.Example{
				{SQL: "ENDSWITH('Flink', 'ink')", Result: "TRUE"},
			},
		},
		Min: 2, Max: 2, Build: buildStartsEnds,
	}

	fnFromBase64 = &Function{
		Spec: funcs.Spec{Name: "FROM_BASE64", Category: funcs.String, Call: true,
			Signatures:  []string{"FROM_BASE64(string)"},
			Description: "Decodes a base64 string into a string; input that is not base64 is an error.",
			Examples: []funcs.Example{
				{SQL: "FROM_BASE64('aGVsbG8gd29ybGQ=')", Result: "hello world"},
			},
		},
		Min: 1, Max: 1, Build: buildBase64,
	}

	fnInitcap = &Function{
		Spec: funcs.Spec{Name: "INITCAP", Category: funcs.String, Call: true,
			Signatures:  []string{"INITCAP(string)"},
			Description: "The string with the first letter of each word in upper case and the other letters in lower case; a word is a run of ASCII letters and digits.",
			Examples: []funcs.Example{
				{SQL: "INITCAP('hello wORLD 1st')", Result: "Hello World 1st"},
			},
		},
		Min: 1, Max: 1, Build: buildInitcap,
	}

	fnInstr = &Function{
		Spec: funcs.Spec{Name: "INSTR", Category: funcs.String, Call: true,
			Signatures:  []string{"INSTR(string1, string2)", "INSTR(string1, string2, start)", "INSTR(string1, string2, start, nth)"},
			Description: "The 1-based character position of the nth (default 1st) occurrence of string2 in string1, searching from position start (default 1; a negative start searches backwards from that position counted from the end); 0 when there is none. nth must be positive.",
			Examples: []funcs.Example{
				{SQL: "INSTR('abcabc', 'bc')", Result: "2"},
				{SQL: "INSTR('abcabc', 'bc', 1, 2)", Result: "5"},
				{SQL: "INSTR('abcabc', 'bc', -1, 1)", Result: "5"},
			},
		},
		Min: 2, Max: 4, Build: buildInstr,
	}

	fnLeft = &Function{
		Spec: funcs.Spec{Name: "LEFT", Category: funcs.String, Call: true,
			Signatures:  []string{"LEFT(string, integer)"},
			Description: "The leftmost integer characters of the string; an empty string when integer is not positive.",
			Examples: []funcs.Example{
				{SQL: "LEFT('Flink', 3)", Result: "Fli"},
				{SQL: "LEFT('Flink', -1)", Result: ""},
			},
		},
		Min: 2, Max: 2, Build: buildLeftRight,
	}

	fnLocate = &Function{
		Spec: funcs.Spec{Name: "LOCATE", Category: funcs.String, Call: true,
			Signatures:  []string{"LOCATE(string1, string2[, integer])"},
			Description: "The 1-based character position of the first occurrence of string1 in string2 at or after position integer (1 by default), 0 when there is none.",
			Examples: []funcs.Example{
				{SQL: "LOCATE('l', 'hello')", Result: "3"},
				{SQL: "LOCATE('l', 'hello', 4)", Result: "4"},
				{SQL: "LOCATE('z', 'hello')", Result: "0"},
			},
		},
		Min: 2, Max: 3, Build: buildLocate,
	}

	fnLower = &Function{
		Spec: funcs.Spec{Name: "LOWER", Category: funcs.String, Call: true,
			Signatures:  []string{"LOWER(string)"},
			Description: "The string in lower case.",
			Examples: []funcs.Example{
				{SQL: "LOWER('Flink')", Result: "flink"},
			},
		},
		Min: 1, Max: 1, Build: buildCase,
	}

	fnLpad = &Function{
		Spec: funcs.Spec{Name: "LPAD", Category: funcs.String, Call: true,
			Signatures:  []string{"LPAD(string1, integer, string2)"},
			Description: "string1 padded on the left with repetitions of string2 to integer characters, or cut to integer characters when longer. NULL when integer is negative or string2 is empty.",
			Examples: []funcs.Example{
				{SQL: "LPAD('hi', 4, '??')", Result: "??hi"},
				{SQL: "LPAD('hi', 1, '??')", Result: "h"},
				{SQL: "LPAD('hi', -1, '?')", Result: "<NULL>"},
			},
		},
		Min: 3, Max: 3, Build: buildPad,
	}

	fnLtrim = &Function{
		Spec: funcs.Spec{Name: "LTRIM", Category: funcs.String, Call: true,
			Signatures:  []string{"LTRIM(string)"},
			Description: "Removes the leading spaces of a string.",
			Examples: []funcs.Example{
				{SQL: "LTRIM('  Flink ')", Result: "Flink "},
			},
		},
		Min: 1, Max: 1, Build: buildTrim,
	}

	fnOverlay = &Function{
		Spec: funcs.Spec{Name: "OVERLAY", Category: funcs.String, Call: true,
			Signatures:  []string{"OVERLAY(string1 PLACING string2 FROM integer1 [ FOR integer2 ])"},
			Description: "string1 with integer2 characters (default: the length of string2) from position integer1 replaced by string2; string1 unchanged when integer1 is outside it.",
			Examples: []funcs.Example{
				{SQL: "OVERLAY('This is an old string' PLACING ' new' FROM 10 FOR 5)", Result: "This is a new string"},
				{SQL: "OVERLAY('abcdef' PLACING 'XY' FROM 3)", Result: "abXYef"},
			},
		},
		Min: 3, Max: 4, Build: buildOverlay,
	}

	fnParseUrl = &Function{
		Spec: funcs.Spec{Name: "PARSE_URL", Category: funcs.String, Call: true,
			Signatures:  []string{"PARSE_URL(string1, string2[, string3])"},
			Description: "The part string2 of the URL string1: HOST, PATH, QUERY, REF, PROTOCOL, AUTHORITY, FILE or USERINFO; with string3, the value of the query parameter string3. NULL when the URL or the part is not valid.",
			Examples: []funcs.Example{
				{SQL: "PARSE_URL('http://facebook.com/path1/p.php?k1=v1&k2=v2#Ref1', 'HOST')", Result: "facebook.com"},
				{SQL: "PARSE_URL('http://facebook.com/path1/p.php?k1=v1&k2=v2#Ref1', 'QUERY', 'k1')", Result: "v1"},
			},
		},
		Min: 2, Max: 3, Build: buildParseURL,
	}

	fnPosition = &Function{
		Spec: funcs.Spec{Name: "POSITION", Category: funcs.String, Call: true,
			Signatures:  []string{"POSITION(string1 IN string2)"},
			Description: "The 1-based character position of the first occurrence of string1 in string2, 0 when there is none (1 for an empty string1).",
			Examples: []funcs.Example{
				{SQL: "POSITION('in' IN 'Flink')", Result: "3"},
				{SQL: "POSITION('x' IN 'Flink')", Result: "0"},
			},
		},
		Min: 2, Max: 2, Build: buildPosition,
	}

	fnPrintf = &Function{
		Spec: funcs.Spec{Name: "PRINTF", Category: funcs.String, Call: true,
			Signatures:  []string{"PRINTF(format[, obj]*)"},
			Description: "Formats the objects with a printf-style format string, as Java's java.util.Formatter does (Locale.US): %s, %d, %x, %o, %f, %e, %g, %a, %b, %c, %h, %t, %n and %% with flags, width, precision and argument indices. A NULL object prints as null; a NULL format, or a format that does not fit its objects, gives NULL. Objects are Flink's internal values: a DATE prints as its number of days since 1970-01-01, a TIMESTAMP as 2024-07-30T10:24, a DECIMAL only with %s. %t reads a BIGINT as milliseconds since the epoch in UTC. %h of a string, DECIMAL or TIMESTAMP, and %s of BYTES or a collection (Java prints an object identity there) give NULL. Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				{SQL: "PRINTF('%s has %d rows', 'orders', 42)", Result: "orders has 42 rows"},
				{SQL: "PRINTF('%08.3f|%-5s|%x', CAST(3.14159 AS DOUBLE), 'ab', 255)", Result: "0003.142|ab   |ff"},
				{SQL: "PRINTF('%.2f', 3.14159)", Result: "<NULL>"},
				{SQL: "PRINTF('%,d', 1234567)", Result: "1,234,567"},
				{SQL: "PRINTF('%s %s', 1)", Result: "<NULL>"},
				{SQL: "PRINTF('%2$s %1$s', 'a', 'b')", Result: "b a"},
			},
		},
		Min: 1, Max: -1, Build: buildPrintf,
	}

	fnRegexp = &Function{
		Spec: funcs.Spec{Name: "REGEXP", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP(string1, string2)"},
			Description: "TRUE when some part of string1 matches the regular expression string2 (Java syntax, see above).",
			Examples: []funcs.Example{
				{SQL: "REGEXP('Flink', 'l.n')", Result: "TRUE"},
			},
		},
		Min: 2, Max: 2, Build: buildRegexp,
	}

	fnRegexpCount = &Function{
		Spec: funcs.Spec{Name: "REGEXP_COUNT", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_COUNT(str, regex)"},
			Description: "The number of matches of the regular expression in str. A Flink 2.x function.",
			Examples: []funcs.Example{
				{SQL: "REGEXP_COUNT('Flink SQL', '[A-Z]')", Result: "4"},
			},
		},
		Min: 2, Max: 2, Build: buildRegexpMatch,
	}

	fnRegexpExtract = &Function{
		Spec: funcs.Spec{Name: "REGEXP_EXTRACT", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_EXTRACT(string1, string2[, integer])"},
			Description: "The text matched by group integer (default 0, the whole match) of the first match of the regular expression string2 in string1; NULL when nothing matches, the group does not exist or did not take part, or the pattern is invalid.",
			Examples: []funcs.Example{
				{SQL: "REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)', 2)", Result: "bar"},
				{SQL: "REGEXP_EXTRACT('foothebar', 'x(.*)')", Result: "<NULL>"},
			},
		},
		Min: 2, Max: 3, Build: buildRegexpExtract,
	}

	fnRegexpExtractAll = &Function{
		Spec: funcs.Spec{Name: "REGEXP_EXTRACT_ALL", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_EXTRACT_ALL(string, regex)", "REGEXP_EXTRACT_ALL(string, regex, extractIndex)"},
			Description: "Every match of regex in string, each as the text of group extractIndex (1 by default; 0 is the whole match), as an ARRAY<STRING>; an element is NULL when its group took no part in the match. NULL when an argument is NULL, the regex is invalid, or extractIndex is negative or larger than the number of groups. An empty match right after a match is skipped (RE2's rule; Java reports it). Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				{SQL: "REGEXP_EXTRACT_ALL('k1=v1;k2=v2', '(\\w+)=(\\w+)', 2)", Result: "[v1, v2]"},
				{SQL: "REGEXP_EXTRACT_ALL('a1b22', '\\d+', 0)", Result: "[1, 22]"},
				{SQL: "REGEXP_EXTRACT_ALL('a1b22', '\\d+')", Result: "<NULL>"},
			},
		},
		Min: 2, Max: 3, Build: buildRegexpExtractAll,
	}

	fnRegexpInstr = &Function{
		Spec: funcs.Spec{Name: "REGEXP_INSTR", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_INSTR(str, regex)"},
			Description: "The 1-based position of the first match of the regular expression in str, 0 when there is none. A Flink 2.x function.",
			Examples: []funcs.Example{
				{SQL: "REGEXP_INSTR('hello world', 'o')", Result: "5"},
				{SQL: "REGEXP_INSTR('hello', 'z')", Result: "0"},
			},
		},
		Min: 2, Max: 2, Build: buildRegexpMatch,
	}

	fnRegexpReplace = &Function{
		Spec: funcs.Spec{Name: "REGEXP_REPLACE", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_REPLACE(string1, string2, string3)"},
			Description: "string1 with every match of the regular expression string2 replaced by string3, taken literally ($ and \\ are not special); NULL for an invalid pattern.",
			Examples: []funcs.Example{
				{SQL: "REGEXP_REPLACE('foobar', 'oo|ar', '')", Result: "fb"},
				{SQL: "REGEXP_REPLACE('a1b22', '[0-9]+', '#')", Result: "a#b#"},
			},
		},
		Min: 3, Max: 3, Build: buildRegexpReplace,
	}

	fnRegexpSubstr = &Function{
		Spec: funcs.Spec{Name: "REGEXP_SUBSTR", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_SUBSTR(str, regex)"},
			Description: "The first match of the regular expression in str, NULL when there is none. A Flink 2.x function.",
			Examples: []funcs.Example{
				{SQL: "REGEXP_SUBSTR('abc123def', '[0-9]+')", Result: "123"},
			},
		},
		Min: 2, Max: 2, Build: buildRegexpMatch,
	}

	fnRepeat = &Function{
		Spec: funcs.Spec{Name: "REPEAT", Category: funcs.String, Call: true,
			Signatures:  []string{"REPEAT(string, int)"},
			Description: "The string repeated int times; an empty string when int is not positive.",
			Examples: []funcs.Example{
				{SQL: "REPEAT('ab', 3)", Result: "ababab"},
				{SQL: "REPEAT('ab', 0)", Result: ""},
			},
		},
		Min: 2, Max: 2, Build: buildRepeat,
	}

	fnReplace = &Function{
		Spec: funcs.Spec{Name: "REPLACE", Category: funcs.String, Call: true,
			Signatures:  []string{"REPLACE(string1, string2, string3)"},
			Description: "string1 with every occurrence of string2 replaced by string3 (an empty string2 matches between all characters).",
			Examples: []funcs.Example{
				{SQL: "REPLACE('hello world', 'o', '0')", Result: "hell0 w0rld"},
				{SQL: "REPLACE('abc', '', '-')", Result: "-a-b-c-"},
			},
		},
		Min: 3, Max: 3, Build: buildReplace,
	}

	fnReverse = &Function{
		Spec: funcs.Spec{Name: "REVERSE", Category: funcs.String, Call: true,
			Signatures:  []string{"REVERSE(string)"},
			Description: "The characters of the string in reverse order.",
			Examples: []funcs.Example{
				{SQL: "REVERSE('Flink')", Result: "knilF"},
			},
		},
		Min: 1, Max: 1, Build: buildReverse,
	}

	fnRight = &Function{
		Spec: funcs.Spec{Name: "RIGHT", Category: funcs.String, Call: true,
			Signatures:  []string{"RIGHT(string, integer)"},
			Description: "The rightmost integer characters of the string; an empty string when integer is not positive.",
			Examples: []funcs.Example{
				{SQL: "RIGHT('Flink', 3)", Result: "ink"},
				{SQL: "RIGHT('Flink', 9)", Result: "Flink"},
			},
		},
		Min: 2, Max: 2, Build: buildLeftRight,
	}

	fnRpad = &Function{
		Spec: funcs.Spec{Name: "RPAD", Category: funcs.String, Call: true,
			Signatures:  []string{"RPAD(string1, integer, string2)"},
			Description: "string1 padded on the right with repetitions of string2 to integer characters, or cut to integer characters when longer. NULL when integer is negative or string2 is empty.",
			Examples: []funcs.Example{
				{SQL: "RPAD('hi', 5, 'xy')", Result: "hixyx"},
				{SQL: "RPAD('hi', 1, '??')", Result: "h"},
			},
		},
		Min: 3, Max: 3, Build: buildPad,
	}

	fnRtrim = &Function{
		Spec: funcs.Spec{Name: "RTRIM", Category: funcs.String, Call: true,
			Signatures:  []string{"RTRIM(string)"},
			Description: "Removes the trailing spaces of a string.",
			Examples: []funcs.Example{
				{SQL: "RTRIM('  Flink  ')", Result: "  Flink"},
			},
		},
		Min: 1, Max: 1, Build: buildTrim,
	}

	fnSplitIndex = &Function{
		Spec: funcs.Spec{Name: "SPLIT_INDEX", Category: funcs.String, Call: true,
			Signatures:  []string{"SPLIT_INDEX(string1, string2, integer1)", "SPLIT_INDEX(string1, character_code, integer1)"},
			Description: "Splits string1 at every string2 (or at the character with the given code, 1 to 255), keeping empty parts, and returns the part at 0-based index integer1; NULL when there is no such part or the index is negative.",
			Examples: []funcs.Example{
				{SQL: "SPLIT_INDEX('a,b,,c', ',', 1)", Result: "b"},
				{SQL: "SPLIT_INDEX('a,b,,c', ',', 2)", Result: ""},
				{SQL: "SPLIT_INDEX('a,b', ',', 5)", Result: "<NULL>"},
				{SQL: "SPLIT_INDEX('a b', 32, 1)", Result: "b"},
			},
		},
		Min: 3, Max: 3, Build: buildSplitIndex,
	}

	fnStartswith = &Function{
		Spec: funcs.Spec{Name: "STARTSWITH", Category: funcs.String, Call: true,
			Signatures:  []string{"STARTSWITH(expr, startExpr)"},
			Description: "TRUE when the string (or byte string) expr starts with startExpr; TRUE for an empty startExpr. A Flink 2.x function.",
			Examples: []funcs.Example{
				{SQL: "STARTSWITH('Flink', 'Fl')", Result: "TRUE"},
				{SQL: "STARTSWITH('Flink', 'link')", Result: "FALSE"},
			},
		},
		Min: 2, Max: 2, Build: buildStartsEnds,
	}

	fnStrToMap = &Function{
		Spec: funcs.Spec{Name: "STR_TO_MAP", Category: funcs.String, Call: true,
			Signatures:  []string{"STR_TO_MAP(string1[, string2, string3])"},
			Description: "A MAP<STRING, STRING> from string1 split into pairs at the regular expression string2 (default ',') and each pair into key and value at the first match of string3 (default '='); a pair without string3 maps to NULL. Entries print in the order of Java's HashMap, as in Flink.",
			Examples: []funcs.Example{
				{SQL: "STR_TO_MAP('a=1,b=2,c=3')", Result: "{a=1, b=2, c=3}"},
				{SQL: "STR_TO_MAP('k1:v1;k2:v2', ';', ':')", Result: "{k1=v1, k2=v2}"},
				{SQL: "STR_TO_MAP('x')", Result: "{x=NULL}"},
				{SQL: "STR_TO_MAP('b=1,a=2')", Result: "{a=2, b=1}"},
			},
		},
		Min: 1, Max: 3, Build: buildStrToMap,
	}

	fnSubstr = &Function{
		Spec: funcs.Spec{Name: "SUBSTR", Category: funcs.String, Call: true,
			Signatures:  []string{"SUBSTR(string, integer1 [, integer2 ])"},
			Description: "The same as SUBSTRING(string, integer1 [, integer2]).",
			Examples: []funcs.Example{
				{SQL: "SUBSTR('Flink', 2)", Result: "link"},
			},
		},
		Min: 2, Max: 3, Build: buildSubstring,
	}

	fnSubstring = &Function{
		Spec: funcs.Spec{Name: "SUBSTRING", Category: funcs.String, Call: true,
			Signatures:  []string{"SUBSTRING(string FROM integer1 [ FOR integer2 ])", "SUBSTRING(string, integer1 [, integer2 ])"},
			Description: "The part of a string that starts at character integer1 (1-based; a negative start counts from the end) and is integer2 characters long, or runs to the end.",
			Examples: []funcs.Example{
				{SQL: "SUBSTRING('Flink' FROM 2 FOR 3)", Result: "lin"},
				{SQL: "SUBSTRING('Flink', -3)", Result: "ink"},
			},
		},
		Min: 2, Max: 3, Build: buildSubstring,
	}

	fnToBase64 = &Function{
		Spec: funcs.Spec{Name: "TO_BASE64", Category: funcs.String, Call: true,
			Signatures:  []string{"TO_BASE64(string)"},
			Description: "The base64 encoding of the string's UTF-8 bytes (or of a byte string).",
			Examples: []funcs.Example{
				{SQL: "TO_BASE64('hello world')", Result: "aGVsbG8gd29ybGQ="},
			},
		},
		Min: 1, Max: 1, Build: buildBase64,
	}

	fnTranslate = &Function{
		Spec: funcs.Spec{Name: "TRANSLATE", Category: funcs.String, Call: true,
			Signatures:  []string{"TRANSLATE(expr, fromStr, toStr)"},
			Description: "expr with each character of fromStr replaced by the character at the same place in toStr, or removed when toStr is shorter. A Flink 2.x function.",
			Examples: []funcs.Example{
				{SQL: "TRANSLATE('www.apache.org', 'wapcheorg', ' APCHEcom')", Result: "   .APACHE.com"},
				{SQL: "TRANSLATE('Flink', 'Fk', 'f')", Result: "flin"},
			},
		},
		Min: 3, Max: 3, Build: buildTranslate,
	}

	fnTrim = &Function{
		Spec: funcs.Spec{Name: "TRIM", Category: funcs.String, Call: true,
			Signatures:  []string{"TRIM([ BOTH | LEADING | TRAILING ] string1 FROM string2)", "TRIM(string)"},
			Description: "Removes from the start (LEADING), the end (TRAILING) or both ends (BOTH, the default) of string2 every character that occurs in string1 (a space when left out).",
			Examples: []funcs.Example{
				{SQL: "TRIM('  Flink  ')", Result: "Flink"},
				{SQL: "TRIM(BOTH 'xy' FROM 'xyFlinkyx')", Result: "Flink"},
				{SQL: "TRIM(LEADING 'x' FROM 'xxFlinkxx')", Result: "Flinkxx"},
				{SQL: "TRIM(TRAILING FROM '  Flink  ')", Result: "  Flink"},
			},
		},
		Min: 1, Max: 3, Build: buildTrimFrom,
	}

	fnUpper = &Function{
		Spec: funcs.Spec{Name: "UPPER", Category: funcs.String, Call: true,
			Signatures:  []string{"UPPER(string)"},
			Description: "The string in upper case.",
			Examples: []funcs.Example{
				{SQL: "UPPER('Flink')", Result: "FLINK"},
			},
		},
		Min: 1, Max: 1, Build: buildCase,
	}

	fnUrlDecode = &Function{
		Spec: funcs.Spec{Name: "URL_DECODE", Category: funcs.String, Call: true,
			Signatures:  []string{"URL_DECODE(string)", "URL_DECODE(string, recursive)"},
			Description: "Decodes application/x-www-form-urlencoded text as Java's URLDecoder does: `+` becomes a space and runs of `%XX` are read as UTF-8. NULL when an escape is malformed. With recursive TRUE it decodes again until the text no longer changes (at most 10 times), keeping the last good result. Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				{SQL: "URL_DECODE('a+b%26c%3Dd%2F%C3%A9')", Result: "a b&c=d/é"},
				{SQL: "URL_DECODE('100%')", Result: "<NULL>"},
				{SQL: "URL_DECODE('%2541', TRUE)", Result: "A"},
				{SQL: "URL_DECODE('%2541')", Result: "%41"},
			},
		},
		Min: 1, Max: 2, Build: buildURLDecode,
	}

	fnUrlEncode = &Function{
		Spec: funcs.Spec{Name: "URL_ENCODE", Category: funcs.String, Call: true,
			Signatures:  []string{"URL_ENCODE(string)"},
			Description: "The string in application/x-www-form-urlencoded form, UTF-8, as Java's URLEncoder writes it: letters, digits and `.-*_` stay, a space becomes `+`, every other byte `%XX` with upper-case hex. Not in Flink 1.20; Flink 2.0 adds it.",
			Examples: []funcs.Example{
				{SQL: "URL_ENCODE('a b&c=d/é')", Result: "a+b%26c%3Dd%2F%C3%A9"},
				{SQL: "URL_ENCODE('~*')", Result: "%7E*"},
			},
		},
		Min: 1, Max: 1, Build: buildURLEncode,
	}

	fnOpConcat = &Function{
		Spec: funcs.Spec{Name: "||", Category: funcs.String,
			Signatures:  []string{"string1 || string2"},
			Description: "Concatenates two strings (or two byte strings); NULL when either is NULL.",
			Examples: []funcs.Example{
				{SQL: "'Fl' || 'ink'", Result: "Flink"},
			},
		},
	}
)

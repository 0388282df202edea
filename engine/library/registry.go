package library

import (
	"cmp"
	"slices"
	"strings"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/funcs"
)

// Function is one built-in function or operator: its documentation
// (funcs.Spec: name, category, signatures, description, examples, every
// example run as a test) and, for what SQL calls by name, its arity and
// Build, which checks the argument types with Flink's messages, decides
// the result type and returns the expression that evaluates it. Each
// function's Function sits in the file that implements it.
//
// A Function without Build is implemented by the planner (an operator
// with syntax of its own, CAST, CASE, an aggregate or window function,
// a subquery predicate): the spec documents it, and SQL does not call it
// through Func.
type Function struct {
	funcs.Spec
	// Min and Max bound the number of arguments; Max -1 means unbounded.
	Min, Max int
	// Build makes a call of the function; name is the upper-case name
	// the call used (several names may share one Build).
	Build func(name string, args []expr.Expr, pos int) (expr.Expr, error)
	// Agg is, for an aggregate or window function, its kind (aggkind.go):
	// what the planner's rules ask of it (may it merge, does it rank).
	Agg AggKind
	// Aggregate is, for an aggregate or window function, its type rule
	// and its accumulator (funcs_aggregate.go).
	Aggregate *Aggregate
}

// registry is every built-in function and operator, sorted by name: the
// one list of the function library. A new function goes into its file
// (by Flink's category) and into this list.
var registry = []*Function{
	fnOpMod,               // %
	fnOpTimes,             // *
	fnOpPlus,              // +
	fnOpUnaryPlus,         // + (UNARY)
	fnOpMinus,             // -
	fnOpUnaryMinus,        // - (UNARY)
	fnOpDivide,            // /
	fnOpLess,              // <
	fnOpLessOrEqual,       // <=
	fnOpNotEqual,          // <>
	fnOpEqual,             // =
	fnOpGreater,           // >
	fnOpGreaterOrEqual,    // >=
	fnAbs,                 // ABS
	fnAcos,                // ACOS
	fnAnd,                 // AND
	fnArray,               // ARRAY
	fnArrayIndex,          // ARRAY[INDEX]
	fnArrayAgg,            // ARRAY_AGG
	fnArrayAppend,         // ARRAY_APPEND
	fnArrayConcat,         // ARRAY_CONCAT
	fnArrayContains,       // ARRAY_CONTAINS
	fnArrayDistinct,       // ARRAY_DISTINCT
	fnArrayExcept,         // ARRAY_EXCEPT
	fnArrayIntersect,      // ARRAY_INTERSECT
	fnArrayJoin,           // ARRAY_JOIN
	fnArrayMax,            // ARRAY_MAX
	fnArrayMin,            // ARRAY_MIN
	fnArrayPosition,       // ARRAY_POSITION
	fnArrayPrepend,        // ARRAY_PREPEND
	fnArrayRemove,         // ARRAY_REMOVE
	fnArrayReverse,        // ARRAY_REVERSE
	fnArraySlice,          // ARRAY_SLICE
	fnArraySort,           // ARRAY_SORT
	fnArrayUnion,          // ARRAY_UNION
	fnAscii,               // ASCII
	fnAsin,                // ASIN
	fnAtan,                // ATAN
	fnAtan2,               // ATAN2
	fnAvg,                 // AVG
	fnBetween,             // BETWEEN
	fnBin,                 // BIN
	fnBtrim,               // BTRIM
	fnCardinality,         // CARDINALITY
	fnCase,                // CASE
	fnCast,                // CAST
	fnCeil,                // CEIL
	fnCeiling,             // CEILING
	fnCharacterLength,     // CHARACTER_LENGTH
	fnCharLength,          // CHAR_LENGTH
	fnChr,                 // CHR
	fnCoalesce,            // COALESCE
	fnCollect,             // COLLECT
	fnConcat,              // CONCAT
	fnConcatWs,            // CONCAT_WS
	fnConvertTz,           // CONVERT_TZ
	fnCos,                 // COS
	fnCosh,                // COSH
	fnCot,                 // COT
	fnCount,               // COUNT
	fnCumeDist,            // CUME_DIST
	fnCurrentDatabase,     // CURRENT_DATABASE
	fnCurrentDate,         // CURRENT_DATE
	fnCurrentRowTimestamp, // CURRENT_ROW_TIMESTAMP
	fnCurrentTime,         // CURRENT_TIME
	fnCurrentTimestamp,    // CURRENT_TIMESTAMP
	fnCurrentWatermark,    // CURRENT_WATERMARK
	fnDate,                // DATE
	fnDateFormat,          // DATE_FORMAT
	fnDayofmonth,          // DAYOFMONTH
	fnDayofweek,           // DAYOFWEEK
	fnDayofyear,           // DAYOFYEAR
	fnDecode,              // DECODE
	fnDegrees,             // DEGREES
	fnDenseRank,           // DENSE_RANK
	fnE,                   // E
	fnElement,             // ELEMENT
	fnElt,                 // ELT
	fnEncode,              // ENCODE
	fnEndswith,            // ENDSWITH
	fnExists,              // EXISTS
	fnExp,                 // EXP
	fnExtract,             // EXTRACT
	fnFirstValue,          // FIRST_VALUE
	fnFloor,               // FLOOR
	fnFromBase64,          // FROM_BASE64
	fnFromUnixtime,        // FROM_UNIXTIME
	fnGreatest,            // GREATEST
	fnGrouping,            // GROUPING
	fnGroupingId,          // GROUPING_ID
	fnGroupId,             // GROUP_ID
	fnHex,                 // HEX
	fnHour,                // HOUR
	fnIf,                  // IF
	fnIfnull,              // IFNULL
	fnIn,                  // IN
	fnInSubquery,          // IN (SUBQUERY)
	fnInitcap,             // INITCAP
	fnInstr,               // INSTR
	fnInterval,            // INTERVAL
	fnIsDistinctFrom,      // IS DISTINCT FROM
	fnIsFalse,             // IS FALSE
	fnIsJson,              // IS JSON
	fnIsNotDistinctFrom,   // IS NOT DISTINCT FROM
	fnIsNotFalse,          // IS NOT FALSE
	fnIsNotNull,           // IS NOT NULL
	fnIsNotTrue,           // IS NOT TRUE
	fnIsNotUnknown,        // IS NOT UNKNOWN
	fnIsNull,              // IS NULL
	fnIsTrue,              // IS TRUE
	fnIsUnknown,           // IS UNKNOWN
	fnIsAlpha,             // IS_ALPHA
	fnIsDecimal,           // IS_DECIMAL
	fnIsDigit,             // IS_DIGIT
	fnItem,                // ITEM
	fnJson,                // JSON
	fnJsonArray,           // JSON_ARRAY
	fnJsonArrayagg,        // JSON_ARRAYAGG
	fnJsonExists,          // JSON_EXISTS
	fnJsonObject,          // JSON_OBJECT
	fnJsonObjectagg,       // JSON_OBJECTAGG
	fnJsonQuery,           // JSON_QUERY
	fnJsonQuote,           // JSON_QUOTE
	fnJsonString,          // JSON_STRING
	fnJsonUnquote,         // JSON_UNQUOTE
	fnJsonValue,           // JSON_VALUE
	fnLag,                 // LAG
	fnLastValue,           // LAST_VALUE
	fnLead,                // LEAD
	fnLeast,               // LEAST
	fnLeft,                // LEFT
	fnLike,                // LIKE
	fnListagg,             // LISTAGG
	fnLn,                  // LN
	fnLocaltime,           // LOCALTIME
	fnLocaltimestamp,      // LOCALTIMESTAMP
	fnLocate,              // LOCATE
	fnLog,                 // LOG
	fnLog10,               // LOG10
	fnLog2,                // LOG2
	fnLower,               // LOWER
	fnLpad,                // LPAD
	fnLtrim,               // LTRIM
	fnMap,                 // MAP
	fnMapKey,              // MAP[KEY]
	fnMapEntries,          // MAP_ENTRIES
	fnMapFromArrays,       // MAP_FROM_ARRAYS
	fnMapKeys,             // MAP_KEYS
	fnMapUnion,            // MAP_UNION
	fnMapValues,           // MAP_VALUES
	fnMax,                 // MAX
	fnMd5,                 // MD5
	fnMin,                 // MIN
	fnMinute,              // MINUTE
	fnMod,                 // MOD
	fnMonth,               // MONTH
	fnNot,                 // NOT
	fnNotBetween,          // NOT BETWEEN
	fnNotIn,               // NOT IN
	fnNotInSubquery,       // NOT IN (SUBQUERY)
	fnNotLike,             // NOT LIKE
	fnNotSimilarTo,        // NOT SIMILAR TO
	fnNow,                 // NOW
	fnNtile,               // NTILE
	fnNullif,              // NULLIF
	fnOr,                  // OR
	fnOverlaps,            // OVERLAPS
	fnOverlay,             // OVERLAY
	fnParseJson,           // PARSE_JSON
	fnParseUrl,            // PARSE_URL
	fnPercentRank,         // PERCENT_RANK
	fnPi,                  // PI
	fnPosition,            // POSITION
	fnPower,               // POWER
	fnPrintf,              // PRINTF
	fnQuarter,             // QUARTER
	fnRadians,             // RADIANS
	fnRand,                // RAND
	fnRandInteger,         // RAND_INTEGER
	fnRank,                // RANK
	fnRegexp,              // REGEXP
	fnRegexpCount,         // REGEXP_COUNT
	fnRegexpExtract,       // REGEXP_EXTRACT
	fnRegexpExtractAll,    // REGEXP_EXTRACT_ALL
	fnRegexpInstr,         // REGEXP_INSTR
	fnRegexpReplace,       // REGEXP_REPLACE
	fnRegexpSubstr,        // REGEXP_SUBSTR
	fnRepeat,              // REPEAT
	fnReplace,             // REPLACE
	fnReverse,             // REVERSE
	fnRight,               // RIGHT
	fnRound,               // ROUND
	fnRow,                 // ROW
	fnRowStar,             // ROW.*
	fnRowField,            // ROW.FIELD
	fnRowNumber,           // ROW_NUMBER
	fnRpad,                // RPAD
	fnRtrim,               // RTRIM
	fnSecond,              // SECOND
	fnSha1,                // SHA1
	fnSha2,                // SHA2
	fnSha224,              // SHA224
	fnSha256,              // SHA256
	fnSha384,              // SHA384
	fnSha512,              // SHA512
	fnSign,                // SIGN
	fnSimilarTo,           // SIMILAR TO
	fnSin,                 // SIN
	fnSinh,                // SINH
	fnSplit,               // SPLIT
	fnSplitIndex,          // SPLIT_INDEX
	fnSqrt,                // SQRT
	fnStartswith,          // STARTSWITH
	fnStddevPop,           // STDDEV_POP
	fnStddevSamp,          // STDDEV_SAMP
	fnStrToMap,            // STR_TO_MAP
	fnSubstr,              // SUBSTR
	fnSubstring,           // SUBSTRING
	fnSum,                 // SUM
	fnTan,                 // TAN
	fnTanh,                // TANH
	fnTime,                // TIME
	fnTimestamp,           // TIMESTAMP
	fnTimestampadd,        // TIMESTAMPADD
	fnTimestampdiff,       // TIMESTAMPDIFF
	fnToBase64,            // TO_BASE64
	fnToDate,              // TO_DATE
	fnToTimestamp,         // TO_TIMESTAMP
	fnToTimestampLtz,      // TO_TIMESTAMP_LTZ
	fnTranslate,           // TRANSLATE
	fnTrim,                // TRIM
	fnTruncate,            // TRUNCATE
	fnTryCast,             // TRY_CAST
	fnTryParseJson,        // TRY_PARSE_JSON
	fnTypeof,              // TYPEOF
	fnUnhex,               // UNHEX
	fnUnixTimestamp,       // UNIX_TIMESTAMP
	fnUpper,               // UPPER
	fnUrlDecode,           // URL_DECODE
	fnUrlEncode,           // URL_ENCODE
	fnUuid,                // UUID
	fnVariance,            // VARIANCE
	fnVarPop,              // VAR_POP
	fnVarSamp,             // VAR_SAMP
	fnWeek,                // WEEK
	fnYear,                // YEAR
	fnOpConcat,            // ||
}

// byName indexes registry by upper-case name.
var byName = func() map[string]*Function {
	m := make(map[string]*Function, len(registry))
	for i, f := range registry {
		if i > 0 && registry[i-1].Name >= f.Name {
			panic("expr: registry not sorted at " + f.Name)
		}
		m[f.Name] = f
	}
	return m
}()

// Functions returns the specs of every built-in function and operator,
// sorted by category, then name: docs/functions.md, the editor's
// autocomplete and the Worker's /api/functions come from it.
func Functions() []funcs.Spec {
	out := make([]funcs.Spec, len(registry))
	for i, f := range registry {
		out[i] = f.Spec
	}
	sortSpecs(out)
	return out
}

// Lookup returns the spec of the function or operator name (any case).
func Lookup(name string) (funcs.Spec, bool) {
	f, ok := byName[strings.ToUpper(name)]
	if !ok {
		return funcs.Spec{}, false
	}
	return f.Spec, true
}

func sortSpecs(s []funcs.Spec) {
	slices.SortFunc(s, func(a, b funcs.Spec) int {
		return cmp.Or(cmp.Compare(a.Category, b.Category), cmp.Compare(a.Name, b.Name))
	})
}

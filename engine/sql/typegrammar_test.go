package sql

import (
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

func TestParseType(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // Flink's summary string of the parsed type
	}{
		{"char default", "CHAR", "CHAR(1)"},
		{"char", "char(10)", "CHAR(10)"},
		{"character varying", "CHARACTER VARYING(5)", "VARCHAR(5)"},
		{"varchar default is STRING", "VARCHAR", "STRING"},
		{"varchar", "VARCHAR(32)", "VARCHAR(32)"},
		{"varchar max", "VARCHAR(2147483647)", "STRING"},
		{"character set ignored", "VARCHAR(3) CHARACTER SET utf8", "VARCHAR(3)"},
		{"string", "STRING", "STRING"},
		{"boolean", "BOOLEAN", "BOOLEAN"},
		{"binary default", "BINARY", "BINARY(1)"},
		{"binary", "BINARY(4)", "BINARY(4)"},
		{"binary varying", "BINARY VARYING(4)", "VARBINARY(4)"},
		{"varbinary default is BYTES", "VARBINARY", "BYTES"},
		{"varbinary", "VARBINARY(8)", "VARBINARY(8)"},
		{"bytes", "BYTES", "BYTES"},
		{"decimal default", "DECIMAL", "DECIMAL(10, 0)"},
		{"dec precision", "DEC(5)", "DECIMAL(5, 0)"},
		{"numeric", "NUMERIC(38, 18)", "DECIMAL(38, 18)"},
		{"tinyint", "TINYINT", "TINYINT"},
		{"smallint", "SMALLINT", "SMALLINT"},
		{"int", "INT", "INT"},
		{"integer", "integer", "INT"},
		{"bigint", "BIGINT", "BIGINT"},
		{"float", "FLOAT", "FLOAT"},
		{"double", "DOUBLE", "DOUBLE"},
		{"double precision", "DOUBLE PRECISION", "DOUBLE"},
		{"date", "DATE", "DATE"},
		{"time default", "TIME", "TIME(0)"},
		{"time precision kept as declared", "TIME(3)", "TIME(3)"},
		{"time without time zone", "TIME WITHOUT TIME ZONE", "TIME(0)"},
		{"timestamp default", "TIMESTAMP", "TIMESTAMP(6)"},
		{"timestamp", "TIMESTAMP(3)", "TIMESTAMP(3)"},
		{"timestamp without time zone", "TIMESTAMP(9) WITHOUT TIME ZONE", "TIMESTAMP(9)"},
		{"timestamp with local time zone", "TIMESTAMP WITH LOCAL TIME ZONE", "TIMESTAMP_LTZ(6)"},
		{"timestamp(p) with local time zone", "TIMESTAMP(3) WITH LOCAL TIME ZONE", "TIMESTAMP_LTZ(3)"},
		{"timestamp_ltz default", "TIMESTAMP_LTZ", "TIMESTAMP_LTZ(6)"},
		{"timestamp_ltz", "TIMESTAMP_LTZ(0)", "TIMESTAMP_LTZ(0)"},
		{"interval year", "INTERVAL YEAR", "INTERVAL YEAR(2)"},
		{"interval year to month", "INTERVAL YEAR(4) TO MONTH", "INTERVAL YEAR(4) TO MONTH"},
		{"interval month", "INTERVAL MONTH", "INTERVAL MONTH"},
		{"interval day", "INTERVAL DAY", "INTERVAL DAY(2)"},
		{"interval day to hour", "INTERVAL DAY(3) TO HOUR", "INTERVAL DAY(3) TO HOUR"},
		{"interval day to minute", "INTERVAL DAY TO MINUTE", "INTERVAL DAY(2) TO MINUTE"},
		{"interval day to second", "INTERVAL DAY(1) TO SECOND(3)", "INTERVAL DAY(1) TO SECOND(3)"},
		{"interval day to second default", "INTERVAL DAY TO SECOND", "INTERVAL DAY(2) TO SECOND(6)"},
		{"interval hour", "INTERVAL HOUR", "INTERVAL HOUR"},
		{"interval hour to minute", "INTERVAL HOUR TO MINUTE", "INTERVAL HOUR TO MINUTE"},
		{"interval hour to second", "INTERVAL HOUR TO SECOND(2)", "INTERVAL HOUR TO SECOND(2)"},
		{"interval minute", "INTERVAL MINUTE", "INTERVAL MINUTE"},
		{"interval minute to second", "INTERVAL MINUTE TO SECOND", "INTERVAL MINUTE TO SECOND(6)"},
		{"interval second", "INTERVAL SECOND", "INTERVAL SECOND(6)"},
		{"interval second fraction", "INTERVAL SECOND(2, 3)", "INTERVAL SECOND(3)"},
		{"interval plural unit", "INTERVAL DAYS", "INTERVAL DAY(2)"},
		{"array", "ARRAY<INT>", "ARRAY<INT>"},
		{"array not null element", "ARRAY<INT NOT NULL> NOT NULL", "ARRAY<INT NOT NULL> NOT NULL"},
		{"postfix array", "INT ARRAY", "ARRAY<INT>"},
		{"postfix array of not null", "INT NOT NULL ARRAY NOT NULL", "ARRAY<INT NOT NULL> NOT NULL"},
		{"postfix nested", "STRING ARRAY MULTISET", "MULTISET<ARRAY<STRING>>"},
		{"multiset", "MULTISET<STRING>", "MULTISET<STRING>"},
		{"postfix multiset", "BIGINT MULTISET", "MULTISET<BIGINT>"},
		{"map", "MAP<STRING, INT NOT NULL>", "MAP<STRING, INT NOT NULL>"},
		{"nested generics", "MAP<STRING, ARRAY<ROW<a INT>>>", "MAP<STRING, ARRAY<ROW<`a` INT>>>"},
		{"row angle", "ROW<a INT NOT NULL 'first', `b c` STRING>", "ROW<`a` INT NOT NULL 'first', `b c` STRING>"},
		{"row paren", "ROW(a INT, b VARCHAR(3) NULL)", "ROW<`a` INT, `b` VARCHAR(3)>"},
		{"row empty", "ROW<>", "ROW<>"},
		{"row empty paren", "ROW()", "ROW<>"},
		{"not null", "INT NOT NULL", "INT NOT NULL"},
		{"explicit null", "INT NULL", "INT"},
		{"null type", "NULL", "NULL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseType(tc.src, 0, len(tc.src))
			if err != nil {
				t.Fatalf("ParseType(%q): %v", tc.src, err)
			}
			if got.String() != tc.want {
				t.Errorf("ParseType(%q) = %s, want %s", tc.src, got, tc.want)
			}
		})
	}
}

func TestParseTypeOffsets(t *testing.T) {
	src := "CAST(x AS DECIMAL(5, 2))"
	got, err := ParseType(src, 10, 23)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(types.DecimalOf(5, 2)) {
		t.Errorf("got %s", got)
	}
	if _, err := ParseType(src, 10, 30); err == nil {
		t.Error("an end past the text should fail")
	}
}

func TestNormalizeType(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"time", "TIME(3)", "TIME(0)"},
		{"year-month", "INTERVAL YEAR(4) TO MONTH", "INTERVAL MONTH"},
		{"day-time", "INTERVAL DAY TO MINUTE", "INTERVAL SECOND(3)"},
		{"nested", "MAP<TIME(2), ARRAY<ROW<i INTERVAL HOUR NOT NULL>>>", "MAP<TIME(0), ARRAY<ROW<`i` INTERVAL SECOND(3) NOT NULL>>>"},
		{"unchanged", "TIMESTAMP(3)", "TIMESTAMP(3)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			typ, err := ParseType(tc.src, 0, len(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := NormalizeType(typ).String(); got != tc.want {
				t.Errorf("NormalizeType(%s) = %s, want %s", tc.src, got, tc.want)
			}
		})
	}
}

func TestParseTypeErrors(t *testing.T) {
	tests := []struct {
		name, src, class, msg string
		pos                   int
	}{
		{"char zero", "CHAR(0)", diag.ValidationException, "Character string length must be between 1 and 2147483647 (both inclusive).", 5},
		{"varchar zero", "VARCHAR(0)", diag.ValidationException, "Variable character string length must be between 1 and 2147483647 (both inclusive).", 8},
		{"binary zero", "BINARY(0)", diag.ValidationException, "Binary string length must be between 1 and 2147483647 (both inclusive).", 7},
		{"varbinary zero", "VARBINARY(0)", diag.ValidationException, "Variable binary string length must be between 1 and 2147483647 (both inclusive).", 10},
		{"decimal precision", "DECIMAL(39)", diag.ValidationException, "Decimal precision must be between 1 and 38 (both inclusive).", 8},
		{"decimal zero", "DECIMAL(0, 0)", diag.ValidationException, "Decimal precision must be between 1 and 38 (both inclusive).", 8},
		{"decimal scale", "DECIMAL(5, 6)", diag.ValidationException, "Decimal scale must be between 0 and the precision 5 (both inclusive).", 11},
		{"time precision", "TIME(10)", diag.ValidationException, "Time precision must be between 0 and 9 (both inclusive).", 5},
		{"timestamp precision", "TIMESTAMP(10)", diag.ValidationException, "Timestamp precision must be between 0 and 9 (both inclusive).", 10},
		{"timestamp_ltz precision", "TIMESTAMP_LTZ(10)", diag.ValidationException, "Timestamp with local time zone precision must be between 0 and 9 (both inclusive).", 14},
		{"ltz precision", "TIMESTAMP(12) WITH LOCAL TIME ZONE", diag.ValidationException, "Timestamp with local time zone precision must be between 0 and 9 (both inclusive).", 10},
		{"year precision", "INTERVAL YEAR(5)", diag.ValidationException, "Year precision of year-month intervals must be between 1 and 4 (both inclusive).", 14},
		{"day precision", "INTERVAL DAY(7)", diag.ValidationException, "Day precision of day-time intervals must be between 1 and 6 (both inclusive).", 13},
		{"fraction precision", "INTERVAL DAY TO SECOND(10)", diag.ValidationException, "Fractional precision of day-time intervals must be between 0 and 9 (both inclusive).", 23},
		{"too long", "VARCHAR(2147483648)", diag.ParseException, "Numeric literal '2147483648' out of range", 8},
		{"unknown", "FOO", diag.SqlValidatorException, "Unknown identifier 'FOO'", 0},
		{"unknown quoted", "`my type`", diag.SqlValidatorException, "Unknown identifier 'my type'", 0},
		{"real", "REAL", diag.TableException, "Type is not supported: REAL", 0},
		{"time with local time zone", "TIME WITH LOCAL TIME ZONE", diag.TableException, "Type is not supported: TIME_WITH_LOCAL_TIME_ZONE", 0},
		{"duplicate row field", "ROW<a INT, a STRING>", diag.ValidationException, "Field names must be unique. Found duplicates: [a]", 11},
		{"with time zone", "TIMESTAMP WITH TIME ZONE", diag.ParseException, "Encountered \"TIME\" at line 1, column 16.\nWas expecting:\n    \"LOCAL\" ...", 15},
		{"reserved word", "SELECT", diag.ParseException, "", 0},
		{"unclosed", "ARRAY<INT", diag.ParseException, "", 9},
		{"string precision", "STRING(3)", diag.ParseException, "", 6},
		{"trailing", "INT INT", diag.ParseException, "", 4},
		{"empty", "", diag.ParseException, "", 0},
		{"map missing comma", "MAP<INT>", diag.ParseException, "", 7},
		{"interval to wrong unit", "INTERVAL YEAR TO DAY", diag.ParseException, "", 17},
		{"raw", "RAW('a', 'b')", diag.UnsupportedOperation, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseType(tc.src, 0, len(tc.src))
			if err == nil {
				t.Fatalf("ParseType(%q) succeeded", tc.src)
			}
			e, ok := diag.As(err)
			if !ok {
				t.Fatalf("%v is %T", err, err)
			}
			if e.Class != tc.class {
				t.Errorf("class = %s, want %s (%s)", e.Class, tc.class, e.Msg)
			}
			if tc.msg != "" && e.Msg != tc.msg {
				t.Errorf("message\n got %q\nwant %q", e.Msg, tc.msg)
			}
			if e.Pos != tc.pos {
				t.Errorf("pos = %d, want %d (%s)", e.Pos, tc.pos, e.Msg)
			}
		})
	}
}

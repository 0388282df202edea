package format

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The files in testdata/ are verbatim result blocks of Flink's SQL client
// tests (shared/flink/q/*.q): the table and its footer.

func golden(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Skipf("time zone %s not available: %v", name, err)
	}
	return loc
}

func utcMillis(y int, mo time.Month, d, h, mi, s, ms int) int64 {
	return time.Date(y, mo, d, h, mi, s, ms*1e6, time.UTC).UnixMilli()
}

type kindRow struct {
	kind stream.Kind
	vals []types.Value
}

// printStream prints rows with a StreamPrinter as the SQL client's
// streaming tableau mode does, footer included.
func printStream(t *testing.T, s types.Schema, o Options, rows []kindRow) string {
	t.Helper()
	var buf bytes.Buffer
	p := NewStreamPrinter(&buf, s, o)
	if err := p.Header(); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := p.Row(r.kind, r.vals); err != nil {
			t.Fatal(err)
		}
	}
	if len(rows) > 0 {
		if err := p.Border(); err != nil {
			t.Fatal(err)
		}
	}
	buf.WriteString(ReceivedFooter(len(rows), false) + "\n")
	return buf.String()
}

// printBatch formats rows and prints them with content-inferred widths, as
// the SQL client's batch tableau mode does, footer included.
func printBatch(t *testing.T, s types.Schema, o Options, rows [][]types.Value) string {
	t.Helper()
	var cells [][]string
	var scratch [][]byte
	for _, r := range rows {
		scratch = FormatRow(scratch, r, s, o)
		row := make([]string, len(scratch))
		for i, c := range scratch {
			row[i] = string(c)
		}
		cells = append(cells, row)
	}
	var buf bytes.Buffer
	if err := PrintTable(&buf, s.Names(), nil, cells, o); err != nil {
		t.Fatal(err)
	}
	buf.WriteString(RowsFooter(len(rows)) + "\n")
	return buf.String()
}

// printStatic prints string cells as SHOW and DESCRIBE results print.
func printStatic(t *testing.T, header []string, rows [][]string) string {
	t.Helper()
	var buf bytes.Buffer
	o := Options{MaxColumnWidth: NoMaxColumnWidth, NullAsEmpty: true}
	if err := PrintTable(&buf, header, nil, rows, o); err != nil {
		t.Fatal(err)
	}
	buf.WriteString(RowsFooter(len(rows)) + "\n")
	return buf.String()
}

func col(name string, t types.Type) types.Column { return types.Column{Name: name, Type: t} }

func TestGoldenStreaming(t *testing.T) {
	ts9 := func(y int, mo time.Month, d, h, mi, s, ms int, nanos int32) types.Value {
		return types.TimestampValue(utcMillis(y, mo, d, h, mi, s, ms), nanos)
	}
	groupBy := types.Schema{Columns: []types.Column{
		col("id", types.Int32.WithNullable(false)), col("cnt", types.Int64.WithNullable(false)),
		col("uv", types.Int64.WithNullable(false)), col("max_ts", types.TimestampOf(9)),
	}}
	row := func(k stream.Kind, id, cnt, uv int64, ts types.Value) kindRow {
		return kindRow{k, []types.Value{types.IntValue(id), types.IntValue(cnt), types.IntValue(uv), ts}}
	}
	timestamps := types.Schema{Columns: []types.Column{
		col("time0", types.TimeOf(0).WithNullable(false)), col("ts0", types.TimestampOf(0).WithNullable(false)),
		col("ts3", types.TimestampOf(3).WithNullable(false)), col("ts9", types.TimestampOf(9).WithNullable(false)),
		col("ts_ltz0", types.TimestampLTZOf(3).WithNullable(false)), col("ts_ltz3", types.TimestampLTZOf(3).WithNullable(false)),
		col("ts_ltz9", types.TimestampLTZOf(9).WithNullable(false)),
	}}
	tsRow := func(h, ms3, ms9 int, nanos int32) kindRow {
		ts0 := types.TimestampValue(utcMillis(2021, 4, 13, h, 12, 11, 0), 0)
		ts3 := types.TimestampValue(utcMillis(2021, 4, 13, h, 12, 11, ms3), 0)
		ts9 := types.TimestampValue(utcMillis(2021, 4, 13, h, 12, 11, ms9), nanos)
		// CAST(ts9 AS TIMESTAMP_LTZ(9)) reads the wall clock in the session zone.
		ltz9 := types.TimestampValue(utcMillis(2021, 4, 13, h-8, 12, 11, ms9), nanos)
		return kindRow{stream.Insert, []types.Value{
			types.IntValue(72731000), ts0, ts3, ts9,
			types.TimestampValue(1000, 0), types.TimestampValue(1, 0), ltz9,
		}}
	}
	userData := types.Schema{Columns: []types.Column{
		col("name", types.CharN(36).WithNullable(false)), col("dob", types.TimestampOf(3).WithNullable(false)),
		col("isHappy", types.Bool.WithNullable(false)),
	}}
	user := func(name string, y int, mo time.Month, d, h, mi int, happy bool) kindRow {
		return kindRow{stream.Insert, []types.Value{
			types.StringValue(name), types.TimestampValue(utcMillis(y, mo, d, h, mi, 11, 123), 0), types.BoolValue(happy),
		}}
	}
	users := []kindRow{
		user("30b5c1bb-0ac0-43d3-b812-fcb649fd2b07", 2001, 1, 13, 20, 11, true),
		user("91170c98-2cc5-4935-9ea6-12b72d32fb3c", 1994, 2, 14, 21, 12, true),
		user("8b012d93-6ece-48ad-a2ea-aa75ef7b1d60", 1979, 3, 15, 22, 13, false),
		user("09969d9e-d584-11eb-b8bc-0242ac130003", 1985, 4, 16, 23, 14, true),
	}
	tests := []struct {
		name   string
		schema types.Schema
		opts   Options
		rows   []kindRow
	}{
		{"select_groupby_streaming", groupBy, Options{RowKind: true}, []kindRow{
			row(stream.Insert, 1, 1, 1, ts9(2021, 4, 13, 20, 12, 11, 123, 456789)),
			row(stream.Insert, 2, 1, 1, ts9(2021, 4, 13, 19, 12, 11, 123, 456789)),
			row(stream.UpdateBefore, 2, 1, 1, ts9(2021, 4, 13, 19, 12, 11, 123, 456789)),
			row(stream.UpdateAfter, 2, 2, 1, ts9(2021, 4, 13, 21, 12, 11, 123, 456789)),
		}},
		{"select_timestamps_shanghai_streaming", timestamps,
			Options{RowKind: true, Zone: zone(t, "Asia/Shanghai")},
			[]kindRow{tsRow(20, 123, 123, 456789), tsRow(21, 1, 100, 0)}},
		{"select_userdata_streaming_30", userData, Options{RowKind: true}, users},
		{"select_userdata_streaming_10", userData, Options{RowKind: true, MaxColumnWidth: 10}, users},
		{"select_userdata_streaming_40", userData, Options{RowKind: true, MaxColumnWidth: 40}, users},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := printStream(t, tt.schema, tt.opts, tt.rows)
			if want := golden(t, tt.name); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestGoldenBatch(t *testing.T) {
	groupBy := types.Schema{Columns: []types.Column{
		col("id", types.Int32.WithNullable(false)), col("cnt", types.Int64.WithNullable(false)),
		col("uv", types.Int64.WithNullable(false)),
	}}
	i := types.IntValue
	timestamps := types.Schema{Columns: []types.Column{
		col("time0", types.TimeOf(0)), col("ts0", types.TimestampOf(0)), col("ts3", types.TimestampOf(3)),
		col("ts9", types.TimestampOf(9)), col("ts_ltz0", types.TimestampLTZOf(3)),
		col("ts_ltz3", types.TimestampLTZOf(3)), col("ts_ltz9", types.TimestampLTZOf(9)),
	}}
	tsRow := func(h, ms3, ms9 int, nanos int32) []types.Value {
		ts := func(ms int, nanos int32) types.Value {
			return types.TimestampValue(utcMillis(2021, 4, 13, h, 12, 11, ms), nanos)
		}
		return []types.Value{i(72731000), ts(0, 0), ts(ms3, 0), ts(ms9, nanos),
			types.TimestampValue(1000, 0), types.TimestampValue(1, 0), ts(ms9, nanos)}
	}
	userData := types.Schema{Columns: []types.Column{
		col("name", types.CharN(36)), col("dob", types.TimestampOf(3)), col("isHappy", types.Bool),
	}}
	user := func(name string, y int, mo time.Month, d, h, mi int, happy bool) []types.Value {
		return []types.Value{types.StringValue(name),
			types.TimestampValue(utcMillis(y, mo, d, h, mi, 11, 123), 0), types.BoolValue(happy)}
	}
	users := [][]types.Value{
		user("30b5c1bb-0ac0-43d3-b812-fcb649fd2b07", 2001, 1, 13, 20, 11, true),
		user("91170c98-2cc5-4935-9ea6-12b72d32fb3c", 1994, 2, 14, 21, 12, true),
		user("8b012d93-6ece-48ad-a2ea-aa75ef7b1d60", 1979, 3, 15, 22, 13, false),
		user("09969d9e-d584-11eb-b8bc-0242ac130003", 1985, 4, 16, 23, 14, true),
	}
	intervals := types.Schema{Columns: []types.Column{
		col("dayInterval", types.Type{Kind: types.IntervalDayTime, Res: types.ResDay, Precision: 2, Scale: 6}),
		col("yearInterval", types.Type{Kind: types.IntervalYearMonth, Res: types.ResYear, Precision: 2}),
	}}
	tests := []struct {
		name   string
		schema types.Schema
		opts   Options
		rows   [][]types.Value
	}{
		{"select_groupby_batch", groupBy, Options{}, [][]types.Value{{i(1), i(1), i(1)}, {i(2), i(2), i(1)}}},
		{"select_timestamps_utc_batch", timestamps, Options{Zone: time.UTC},
			[][]types.Value{tsRow(20, 123, 123, 456789), tsRow(21, 1, 100, 0)}},
		{"select_userdata_batch_30", userData, Options{}, users},
		{"select_userdata_batch_10", userData, Options{MaxColumnWidth: 10}, users},
		{"select_userdata_batch_40", userData, Options{MaxColumnWidth: 40}, users},
		{"select_intervals_batch", intervals, Options{}, [][]types.Value{{i(86400000), i(12)}}},
		{"select_multiline_batch", types.Schema{Columns: []types.Column{col("EXPR$0", types.CharN(2))}},
			Options{}, [][]types.Value{{types.StringValue(";\n")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := printBatch(t, tt.schema, tt.opts, tt.rows)
			if want := golden(t, tt.name); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestGoldenStatic(t *testing.T) {
	describe := [][]string{
		{"user", "BIGINT", "FALSE", "", "", ""},
		{"product", "VARCHAR(32)", "TRUE", "", "", ""},
		{"amount", "INT", "TRUE", "", "", ""},
		{"ts", "TIMESTAMP(3) *ROWTIME*", "TRUE", "", "", ""},
		{"ptime", "TIMESTAMP_LTZ(3) *PROCTIME*", "FALSE", "", "", ""},
	}
	columns := [][]string{
		{"user", "BIGINT", "FALSE", "PRI(user)", "", ""},
		{"product", "VARCHAR(32)", "TRUE", "", "", ""},
		{"amount", "INT", "TRUE", "", "", ""},
		{"ts", "TIMESTAMP(3) *ROWTIME*", "TRUE", "", "", "`ts` - INTERVAL '1' SECOND"},
		{"ptime", "TIMESTAMP_LTZ(3) *PROCTIME*", "FALSE", "", "AS PROCTIME()", ""},
	}
	describeHeader := []string{"name", "type", "null", "key", "extras", "watermark"}
	createView := "CREATE TEMPORARY VIEW `default_catalog`.`default_database`.`v1` (\n" +
		"  `user`,\n  `product`,\n  `amount`,\n  `ts`,\n  `ptime`\n)\n" +
		"AS SELECT `orders`.`user`, `orders`.`product`, `orders`.`amount`, `orders`.`ts`, `orders`.`ptime`\n" +
		"FROM `default_catalog`.`default_database`.`orders` AS `orders`\n"
	createTable := "CREATE TABLE `default_catalog`.`default_database`.`orders` (\n" +
		"  `user` BIGINT NOT NULL,\n  `product` VARCHAR(32),\n  `amount` INT,\n  `ts` TIMESTAMP(3),\n" +
		"  `ptime` AS PROCTIME(),\n  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,\n" +
		"  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED\n)\nWITH (\n  'connector' = 'datagen'\n)\n"
	tests := []struct {
		name   string
		header []string
		rows   [][]string
	}{
		{"show_tables", []string{"table name"}, [][]string{{"orders"}, {"v1"}, {"v2"}}},
		{"show_views", []string{"view name"}, [][]string{{"v1"}, {"v2"}}},
		{"describe_view", describeHeader, describe},
		{"show_columns", describeHeader, columns},
		{"show_create_view", []string{"result"}, [][]string{{createView}}},
		{"show_create_table", []string{"result"}, [][]string{{createTable}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := printStatic(t, tt.header, tt.rows)
			if want := golden(t, tt.name); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestSeedLayout(t *testing.T) {
	// The example of DESIGN.md and REFERENCE.md §2.5.
	s := types.Schema{Columns: []types.Column{col("id", types.Int32), col("name", types.String)}}
	hex100 := strings.Repeat("ac2be66685e79f7152901d0d61a", 4)[:100]
	got := printStream(t, s, Options{RowKind: true}, []kindRow{
		{stream.Insert, []types.Value{types.IntValue(549674300), types.StringValue(hex100)}},
		{stream.Insert, []types.Value{types.IntValue(-1947211570), types.StringValue("5f3e8c")}},
		{stream.Insert, []types.Value{types.NullValue, types.NullValue}},
	})
	want := `+----+-------------+--------------------------------+
| op |          id |                           name |
+----+-------------+--------------------------------+
| +I |   549674300 | ac2be66685e79f7152901d0d61a... |
| +I | -1947211570 |                         5f3e8c |
| +I |      <NULL> |                         <NULL> |
+----+-------------+--------------------------------+
Received a total of 3 rows
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestTableauStyle mirrors the cases of Flink's TableauStyleTest: NULLs,
// extreme numbers, truncation and CJK text, with and without the op column.
func TestTableauStyle(t *testing.T) {
	s := types.Schema{Columns: []types.Column{
		col("boolean", types.Bool), col("int", types.Int32), col("bigint", types.Int64),
		col("varchar", types.String), col("decimal(10, 5)", types.DecimalOf(10, 5)),
		col("timestamp", types.TimestampOf(6)),
	}}
	i, str, null := types.IntValue, types.StringValue, types.NullValue
	ts := func(d, ms int, nanos int32) types.Value {
		return types.TimestampValue(utcMillis(2020, 3, d, 18, 39, 14, ms), nanos)
	}
	rows := []kindRow{
		{stream.Insert, []types.Value{null, i(1), i(2), str("abc"), i(123000), ts(1, 0, 0)}},
		{stream.Insert, []types.Value{types.BoolValue(false), null, i(0), str(""), i(100000), ts(1, 100, 0)}},
		{stream.Delete, []types.Value{types.BoolValue(true), i(2147483647), null, str("abcdefg"), i(1234500000), ts(1, 120, 0)}},
		{stream.Insert, []types.Value{types.BoolValue(false), i(-2147483648), i(9223372036854775807), null, i(1234506789), ts(1, 123, 0)}},
		{stream.Insert, []types.Value{types.BoolValue(true), i(100), i(-9223372036854775808), str("abcdefg111"), null, ts(1, 123, 456000)}},
		{stream.UpdateBefore, []types.Value{null, i(-1), i(-1), str("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"), i(-1234506789), null}},
		{stream.UpdateAfter, []types.Value{null, i(-1), i(-1), str("这是一段中文"), i(-1234506789), ts(4, 0, 0)}},
		{stream.Delete, []types.Value{null, i(-1), i(-1), str("これは日本語をテストするための文です"), i(-1234506789), ts(4, 0, 0)}},
	}
	t.Run("type inferred with nulls", func(t *testing.T) {
		var buf bytes.Buffer
		p := NewStreamPrinter(&buf, s, Options{})
		_ = p.Header()
		for _, r := range rows {
			if err := p.Row(r.kind, r.vals); err != nil {
				t.Fatal(err)
			}
		}
		_ = p.Border()
		want := `+---------+-------------+----------------------+--------------------------------+----------------+----------------------------+
| boolean |         int |               bigint |                        varchar | decimal(10, 5) |                  timestamp |
+---------+-------------+----------------------+--------------------------------+----------------+----------------------------+
|  <NULL> |           1 |                    2 |                            abc |        1.23000 | 2020-03-01 18:39:14.000000 |
|   FALSE |      <NULL> |                    0 |                                |        1.00000 | 2020-03-01 18:39:14.100000 |
|    TRUE |  2147483647 |               <NULL> |                        abcdefg |    12345.00000 | 2020-03-01 18:39:14.120000 |
|   FALSE | -2147483648 |  9223372036854775807 |                         <NULL> |    12345.06789 | 2020-03-01 18:39:14.123000 |
|    TRUE |         100 | -9223372036854775808 |                     abcdefg111 |         <NULL> | 2020-03-01 18:39:14.123456 |
|  <NULL> |          -1 |                   -1 | abcdefghijklmnopqrstuvwxyza... |   -12345.06789 |                     <NULL> |
|  <NULL> |          -1 |                   -1 |                   这是一段中文 |   -12345.06789 | 2020-03-04 18:39:14.000000 |
|  <NULL> |          -1 |                   -1 |  これは日本語をテストするた... |   -12345.06789 | 2020-03-04 18:39:14.000000 |
+---------+-------------+----------------------+--------------------------------+----------------+----------------------------+
`
		if got := buf.String(); got != want {
			t.Errorf("got:\n%s\nwant:\n%s", got, want)
		}
	})
	t.Run("type inferred, row kind, null as empty", func(t *testing.T) {
		var buf bytes.Buffer
		p := NewStreamPrinter(&buf, s, Options{RowKind: true, NullAsEmpty: true})
		_ = p.Header()
		for _, r := range rows {
			if err := p.Row(r.kind, r.vals); err != nil {
				t.Fatal(err)
			}
		}
		_ = p.Border()
		want := `+----+---------+-------------+----------------------+--------------------------------+----------------+----------------------------+
| op | boolean |         int |               bigint |                        varchar | decimal(10, 5) |                  timestamp |
+----+---------+-------------+----------------------+--------------------------------+----------------+----------------------------+
| +I |         |           1 |                    2 |                            abc |        1.23000 | 2020-03-01 18:39:14.000000 |
| +I |   FALSE |             |                    0 |                                |        1.00000 | 2020-03-01 18:39:14.100000 |
| -D |    TRUE |  2147483647 |                      |                        abcdefg |    12345.00000 | 2020-03-01 18:39:14.120000 |
| +I |   FALSE | -2147483648 |  9223372036854775807 |                                |    12345.06789 | 2020-03-01 18:39:14.123000 |
| +I |    TRUE |         100 | -9223372036854775808 |                     abcdefg111 |                | 2020-03-01 18:39:14.123456 |
| -U |         |          -1 |                   -1 | abcdefghijklmnopqrstuvwxyza... |   -12345.06789 |                            |
| +U |         |          -1 |                   -1 |                   这是一段中文 |   -12345.06789 | 2020-03-04 18:39:14.000000 |
| -D |         |          -1 |                   -1 |  これは日本語をテストするた... |   -12345.06789 | 2020-03-04 18:39:14.000000 |
+----+---------+-------------+----------------------+--------------------------------+----------------+----------------------------+
`
		if got := buf.String(); got != want {
			t.Errorf("got:\n%s\nwant:\n%s", got, want)
		}
	})
	t.Run("content inferred, row kind, null as empty", func(t *testing.T) {
		o := Options{RowKind: true, NullAsEmpty: true}
		var cells [][]string
		var kinds []stream.Kind
		var scratch [][]byte
		for _, r := range rows[:3] {
			scratch = FormatRow(scratch, r.vals, s, o)
			row := make([]string, len(scratch))
			for i, c := range scratch {
				row[i] = string(c)
			}
			cells = append(cells, row)
			kinds = append(kinds, r.kind)
		}
		var buf bytes.Buffer
		if err := PrintTable(&buf, s.Names(), kinds, cells, o); err != nil {
			t.Fatal(err)
		}
		want := `+----+---------+------------+--------+---------+----------------+----------------------------+
| op | boolean |        int | bigint | varchar | decimal(10, 5) |                  timestamp |
+----+---------+------------+--------+---------+----------------+----------------------------+
| +I |         |          1 |      2 |     abc |        1.23000 | 2020-03-01 18:39:14.000000 |
| +I |   FALSE |            |      0 |         |        1.00000 | 2020-03-01 18:39:14.100000 |
| -D |    TRUE | 2147483647 |        | abcdefg |    12345.00000 | 2020-03-01 18:39:14.120000 |
+----+---------+------------+--------+---------+----------------+----------------------------+
`
		if got := buf.String(); got != want {
			t.Errorf("got:\n%s\nwant:\n%s", got, want)
		}
	})
}

func TestColumnWidthsByType(t *testing.T) {
	tests := []struct {
		name string
		cols []types.Column
		opts Options
		want []int
	}{
		{"integers", []types.Column{col("a", types.Int8), col("b", types.Int16), col("c", types.Int32), col("d", types.Int64)},
			Options{}, []int{6, 6, 11, 20}},
		{"integers null as empty", []types.Column{col("a", types.Int8), col("b", types.Bool)},
			Options{NullAsEmpty: true}, []int{4, 5}},
		{"decimal and date", []types.Column{col("d", types.DecimalOf(10, 5)), col("e", types.DateType)},
			Options{}, []int{12, 10}},
		{"times", []types.Column{col("a", types.TimeOf(0)), col("b", types.TimeOf(3)), col("c", types.TimeOf(9))},
			Options{}, []int{8, 12, 18}},
		{"timestamps", []types.Column{col("a", types.TimestampOf(0)), col("b", types.TimestampOf(1)),
			col("c", types.TimestampLTZOf(4)), col("d", types.TimestampOf(6)), col("e", types.TimestampLTZOf(7))},
			Options{}, []int{19, 23, 26, 26, 29}},
		{"variable width types take the max width", []types.Column{col("s", types.String), col("f", types.Float64),
			col("b", types.Bytes), col("a", types.ArrayOf(types.Int32)), col("i", types.Type{Kind: types.IntervalDayTime})},
			Options{MaxColumnWidth: 12}, []int{12, 12, 12, 12, 12}},
		{"fixed width not capped", []types.Column{col("ts", types.TimestampOf(3)), col("s", types.String)},
			Options{MaxColumnWidth: 10}, []int{23, 10}},
		{"long name wins", []types.Column{col("a_rather_long_column_name", types.Int32)}, Options{}, []int{25}},
		{"name measured in UTF-16 units", []types.Column{col("名字名字名字名字", types.Bool)}, Options{}, []int{8}},
		{"op column first", []types.Column{col("id", types.Int32)}, Options{RowKind: true}, []int{2, 11}},
		{"default max width", []types.Column{col("s", types.String)}, Options{MaxColumnWidth: 0}, []int{30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ColumnWidthsByType(types.Schema{Columns: tt.cols}, tt.opts)
			if !equalInts(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestColumnWidthsByContent(t *testing.T) {
	tests := []struct {
		name   string
		header []string
		rows   [][]string
		opts   Options
		want   []int
	}{
		{"names and cells", []string{"id", "cnt"}, [][]string{{"1", "12345"}}, Options{}, []int{2, 5}},
		{"capped", []string{"s"}, [][]string{{strings.Repeat("x", 50)}}, Options{}, []int{30}},
		{"uncapped", []string{"s"}, [][]string{{strings.Repeat("x", 50)}}, Options{MaxColumnWidth: NoMaxColumnWidth}, []int{50}},
		{"cells by display width", []string{"s"}, [][]string{{"这是一段中文"}}, Options{}, []int{12}},
		{"op column", []string{"a"}, [][]string{{"1"}}, Options{RowKind: true}, []int{2, 1}},
		{"short row", []string{"a", "b"}, [][]string{{"123"}}, Options{}, []int{3, 1}},
		{"long row", []string{"a"}, [][]string{{"1", "extra"}}, Options{}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ColumnWidthsByContent(tt.header, tt.rows, tt.opts)
			if !equalInts(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCells(t *testing.T) {
	tests := []struct {
		name   string
		schema types.Schema
		opts   Options
		row    []types.Value
		want   string
	}{
		{"header truncated when a wide name overflows",
			types.Schema{Columns: []types.Column{col("是否快乐", types.Bool)}}, Options{},
			[]types.Value{types.BoolValue(true)},
			"+--------+\n|  是... |\n+--------+\n|   TRUE |\n+--------+\n"},
		{"wide cell cut with padding",
			types.Schema{Columns: []types.Column{col("s", types.String)}}, Options{MaxColumnWidth: 8},
			[]types.Value{types.StringValue("中文中文中文")},
			"+----------+\n|        s |\n+----------+\n|  中文... |\n+----------+\n"},
		{"cell exactly at width is not cut",
			types.Schema{Columns: []types.Column{col("s", types.String)}}, Options{MaxColumnWidth: 6},
			[]types.Value{types.StringValue("abcdef")},
			"+--------+\n|      s |\n+--------+\n| abcdef |\n+--------+\n"},
		{"one past width is cut",
			types.Schema{Columns: []types.Column{col("s", types.String)}}, Options{MaxColumnWidth: 6},
			[]types.Value{types.StringValue("abcdefg")},
			"+--------+\n|      s |\n+--------+\n| abc... |\n+--------+\n"},
		{"tiny max width still prints the mark",
			types.Schema{Columns: []types.Column{col("s", types.String)}}, Options{MaxColumnWidth: 1, NullAsEmpty: true},
			[]types.Value{types.StringValue("abc")},
			"+---+\n| s |\n+---+\n| ... |\n+---+\n"},
		{"ltz in zone",
			types.Schema{Columns: []types.Column{col("t", types.TimestampLTZOf(0))}}, Options{Zone: zone(t, "Asia/Kolkata")},
			[]types.Value{types.TimestampValue(0, 0)},
			"+---------------------+\n|                   t |\n+---------------------+\n| 1970-01-01 05:30:00 |\n+---------------------+\n"},
		{"nested values",
			types.Schema{Columns: []types.Column{col("m", types.MapOf(types.String, types.ArrayOf(types.Int32)))}}, Options{},
			[]types.Value{{X: &types.MapValue{Keys: []types.Value{types.StringValue("k")},
				Vals: []types.Value{{X: &types.ArrayValue{Elems: []types.Value{types.IntValue(1), types.NullValue}}}}}}},
			"+--------------------------------+\n|                              m |\n+--------------------------------+\n|                  {k=[1, NULL]} |\n+--------------------------------+\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := NewStreamPrinter(&buf, tt.schema, tt.opts)
			if err := p.Header(); err != nil {
				t.Fatal(err)
			}
			if err := p.Row(stream.Insert, tt.row); err != nil {
				t.Fatal(err)
			}
			if err := p.Border(); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestPrintTableEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := PrintTable(&buf, []string{"table name"}, nil, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 0 {
		t.Errorf("PrintTable wrote %q for no rows, want nothing", buf.String())
	}
}

func TestErrors(t *testing.T) {
	s := types.Schema{Columns: []types.Column{col("a", types.Int32)}}
	p := NewStreamPrinter(&bytes.Buffer{}, s, Options{})
	if err := p.Row(stream.Insert, nil); err == nil {
		t.Error("Row with too few values: want an error")
	}
	if err := PrintTable(&bytes.Buffer{}, []string{"a"}, nil, [][]string{{"1"}}, Options{RowKind: true}); err == nil {
		t.Error("PrintTable without row kinds: want an error")
	}
}

func TestFooters(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"empty", RowsFooter(0), "Empty set"},
		{"one", RowsFooter(1), "1 row in set"},
		{"two", RowsFooter(2), "2 rows in set"},
		{"received none", ReceivedFooter(0, false), "Received a total of 0 row"},
		{"received one", ReceivedFooter(1, false), "Received a total of 1 row"},
		{"received many", ReceivedFooter(4, false), "Received a total of 4 rows"},
		{"terminated", ReceivedFooter(3, true), "Query terminated, received a total of 3 rows"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

func TestFormatRowReusesBuffers(t *testing.T) {
	s := types.Schema{Columns: []types.Column{col("a", types.Int32), col("b", types.String)}}
	row := []types.Value{types.IntValue(42), types.NullValue}
	cells := FormatRow(nil, row, s, Options{})
	if got := string(cells[0]) + "|" + string(cells[1]); got != "42|<NULL>" {
		t.Fatalf("FormatRow = %q", got)
	}
	allocs := testing.AllocsPerRun(100, func() {
		cells = FormatRow(cells, row, s, Options{})
	})
	if allocs != 0 {
		t.Errorf("allocs per FormatRow = %v, want 0", allocs)
	}
	if cells = FormatRow(cells, row, s, Options{NullAsEmpty: true}); len(cells[1]) != 0 {
		t.Errorf("NullAsEmpty cell = %q", cells[1])
	}
}

func TestStreamPrinterNoAlloc(t *testing.T) {
	s := types.Schema{Columns: []types.Column{col("id", types.Int32), col("name", types.String), col("ts", types.TimestampOf(3))}}
	p := NewStreamPrinter(discard{}, s, Options{RowKind: true})
	row := []types.Value{types.IntValue(7), types.StringValue(strings.Repeat("a1", 50)), types.TimestampValue(0, 0)}
	_ = p.Row(stream.Insert, row)
	if allocs := testing.AllocsPerRun(100, func() { _ = p.Row(stream.UpdateAfter, row) }); allocs != 0 {
		t.Errorf("allocs per row = %v, want 0", allocs)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func BenchmarkStreamPrinterSeed(b *testing.B) {
	s := types.Schema{Columns: []types.Column{col("id", types.Int32), col("name", types.String)}}
	p := NewStreamPrinter(discard{}, s, Options{RowKind: true})
	name := []byte(strings.Repeat("ac2be66685e79f7152901d0d61a", 4)[:100])
	row := []types.Value{types.IntValue(549674300), types.BytesValue(name)}
	n := 0
	for b.Loop() {
		row[0].I = int64(n * 2654435761)
		if err := p.Row(stream.Insert, row); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "rows/s")
}

// TestQueryEnd checks the endings of CliTableauResultView (the SQL
// client's streaming and batch results: a border only at the end of a
// streaming result with rows, and on Ctrl-C only the terminated footer)
// and of TableResult.print() (REFERENCE.md §2.3).
func TestQueryEnd(t *testing.T) {
	tests := []struct {
		s                  Style
		n                  int
		cancelled, limited bool
		want               End
	}{
		{Changelog, 0, false, false, End{Rows: true, Footer: "Received a total of 0 row"}},
		{Changelog, 3, false, false, End{Rows: true, Border: true, Footer: "Received a total of 3 rows"}},
		{Changelog, 3, true, false, End{Rows: true, Footer: "Query terminated, received a total of 3 rows"}},
		{Changelog, 1, false, true, End{Rows: true, Footer: "Query terminated, received a total of 1 row"}},
		{Table, 0, false, false, End{Footer: "Empty set"}},
		{Table, 2, false, false, End{Rows: true, Footer: "2 rows in set"}},
		{Table, 2, true, false, End{Footer: "Query terminated, received a total of 0 row"}},
		{Table, 2, false, true, End{Rows: true, Footer: "Query terminated, received a total of 2 rows"}},
		{Print, 0, false, false, End{Rows: true, Footer: "Empty set"}},
		{Print, 4, false, false, End{Rows: true, Border: true, Footer: "4 rows in set"}},
		{Print, 4, true, false, End{Rows: true, Border: true}},
		{Print, 0, false, true, End{Rows: true}},
	}
	for _, tt := range tests {
		if got := QueryEnd(tt.s, tt.n, tt.cancelled, tt.limited); got != tt.want {
			t.Errorf("QueryEnd(%d, %d, %v, %v) = %+v, want %+v", tt.s, tt.n, tt.cancelled, tt.limited, got, tt.want)
		}
	}
}

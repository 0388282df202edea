package state

import (
	"strings"
	"testing"
)

func TestInferUpload(t *testing.T) {
	tests := []struct {
		name, file, content string
		table, format       string
		cols                string // name TYPE, ...
		data                string // "" means unchanged
		options             string
		err                 string
	}{
		{
			name: "csv with header and every type", file: "Orders 2024.csv",
			content: "id,big,price,ratio,ok,day,at,note\n" +
				"1,3000000000,12.50,1e3,true,2024-01-02,2024-01-02 10:00:00,hello\n" +
				"2,4,7,0.5,FALSE,2024-02-29,2024-01-02 10:00:01.123,\n" +
				",,,,,,,\"with, comma\"\n",
			table: "orders_2024", format: "csv",
			cols: "id INT, big BIGINT, price DECIMAL(4, 2), ratio DOUBLE, ok BOOLEAN, day DATE, at TIMESTAMP(3), note STRING",
			data: "1,3000000000,12.50,1e3,true,2024-01-02,2024-01-02 10:00:00,hello\n" +
				"2,4,7,0.5,FALSE,2024-02-29,2024-01-02 10:00:01.123,\n" +
				",,,,,,,\"with, comma\"\n",
			// Empty numbers would fail Flink's csv format: they read as NULL.
			options: "csv.null-literal=",
		},
		{
			name: "a value past the first thousand rows widens the type", file: "w.csv",
			content: "n\n" + strings.Repeat("1\n", 1500) + "3000000000\n2.5\n",
			table:   "w", format: "csv", cols: "n DECIMAL(11, 1)",
			data: strings.Repeat("1\n", 1500) + "3000000000\n2.5\n",
		},
		{
			name: "empty text cells need no null literal", file: "s.csv",
			content: "id,name\n1,\n2,b\n",
			table:   "s", format: "csv", cols: "id INT, name STRING", data: "1,\n2,b\n",
		},
		{
			name: "csv without header", file: "2024.csv", content: "1,a\n2,b\n",
			table: "t_2024", format: "csv", cols: "f0 INT, f1 STRING",
		},
		{
			name: "not a date, ISO timestamps, huge numbers", file: "x.csv",
			content: "d,ts,n\n2024-02-30,2024-01-01T00:00:00,123456789012345678901234567890\n",
			table:   "x", format: "csv", cols: "d STRING, ts STRING, n DECIMAL(30, 0)",
			data: "2024-02-30,2024-01-01T00:00:00,123456789012345678901234567890\n",
		},
		{
			name: "header with a quoted newline", file: "q.csv", content: "\"a\nb\",c\n1,2\n",
			table: "q", format: "csv", cols: "a\nb INT, c INT", data: "1,2\n",
		},
		{
			name: "json lines", file: "events.jsonl",
			content: `{"id": 1, "user": "a", "score": 1.5, "ok": true, "at": "2024-01-01 00:00:00", "tags": ["x"]}` + "\n" +
				`{"id": 5000000000, "user": null, "score": 2, "extra": "late", "at": "2024-01-01 00:00:01.5"}` + "\n",
			table: "events", format: "json",
			cols: "id BIGINT, user STRING, score DOUBLE, ok BOOLEAN, at TIMESTAMP(3), tags STRING, extra STRING",
		},
		{
			name: "json array, ISO timestamps, mixed kinds", file: "a.json",
			content: `[{"t": "2024-01-01T10:00:00", "m": 1}, {"t": "2024-01-01T10:00:00.25", "m": "one"}]`,
			table:   "a", format: "json", cols: "t TIMESTAMP(3), m STRING",
			data:    `{"t":"2024-01-01T10:00:00","m":1}` + "\n" + `{"t":"2024-01-01T10:00:00.25","m":"one"}` + "\n",
			options: "json.timestamp-format.standard=ISO-8601",
		},
		{name: "json that is no object", file: "b.json", content: "{\"a\": 1}\n[1]\n", err: "b.json: line 2 is not a JSON object"},
		{name: "empty csv", file: "e.csv", content: "", err: "e.csv: the file is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := InferUpload(tt.file, tt.content)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var cols []string
			for _, c := range u.Columns {
				cols = append(cols, c.Name+" "+c.Type)
			}
			if got := strings.Join(cols, ", "); got != tt.cols {
				t.Errorf("columns:\ngot  %s\nwant %s", got, tt.cols)
			}
			if u.Table != tt.table || u.Format != tt.format {
				t.Errorf("table %q format %q", u.Table, u.Format)
			}
			want := tt.data
			if want == "" {
				want = tt.content
			}
			if u.Data != want {
				t.Errorf("data:\ngot  %q\nwant %q", u.Data, want)
			}
			var opts []string
			for _, o := range u.Options {
				opts = append(opts, o[0]+"="+o[1])
			}
			if got := strings.Join(opts, ","); got != tt.options {
				t.Errorf("options %q, want %q", got, tt.options)
			}
		})
	}
}

func TestUploadDDL(t *testing.T) {
	u, err := InferUpload("my orders.csv", "id,name\n1,x\n")
	if err != nil {
		t.Fatal(err)
	}
	want := "CREATE TABLE `my_orders` (\n  `id` INT,\n  `name` STRING\n) WITH (\n" +
		"  'connector' = 'filesystem',\n  'path' = '/uploads/my orders.csv',\n  'format' = 'csv'\n);\n"
	if got := u.DDL(); got != want {
		t.Errorf("DDL:\ngot  %q\nwant %q", got, want)
	}
}

func TestInsertAt(t *testing.T) {
	tests := []struct{ name, script, before string }{
		{"before the first query", SeedSQL, "SELECT * FROM MySource;"},
		{"with the comment above the query", "CREATE TABLE a (x INT);\n-- look\nSELECT 1;\n", "-- look\nSELECT 1;"},
		{"after DDL alone", "CREATE CATALOG c WITH ('type' = 'playground');\nUSE CATALOG c;\n", ""},
		{"an empty script", "", ""},
		{"a query first", "SELECT 1;\n", "SELECT 1;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := InsertAt(tt.script)
			if got := strings.TrimSpace(tt.script[at:]); got != tt.before {
				t.Errorf("inserts before %q, want before %q", got, tt.before)
			}
		})
	}
}

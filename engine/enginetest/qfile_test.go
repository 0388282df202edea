package enginetest

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLexStateAtEnd(t *testing.T) {
	tests := []struct {
		name string
		sql  string
		want lexState
	}{
		{"plain", "SELECT 1;", stateDefault},
		{"open string", "SELECT ';", stateQuoted},
		{"closed string", "SELECT ';\n';", stateDefault},
		{"escaped quote", "SELECT 'it''s';", stateDefault},
		{"open block comment", "SELECT /*;", stateComment},
		{"closed block comment", "SELECT /*;\n'*/ 1;", stateDefault},
		{"line comment", "SELECT --;", stateLineComment},
		{"line comment ended", "SELECT --;\n1;", stateDefault},
		{"hint", "SELECT /*+ OPTIONS(';') */ 1;", stateDefault},
		{"open quoted identifier", "SELECT `a;", stateIdent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lexStateAtEnd(tt.sql); got != tt.want {
				t.Errorf("lexStateAtEnd(%q) = %d, want %d", tt.sql, got, tt.want)
			}
		})
	}
}

func TestParseQ(t *testing.T) {
	t.Run("inline", func(t *testing.T) {
		text := "# c\n\nSELECT ';\n';\n+--------+\n!ok\n\nSELECT --;\n1;\nx\n!ok\n-- comment\nDROP VIEW v;\n[INFO] Execute statement succeeded.\n!info\nSELECT 2;\n"
		got := ParseQ(text, false)
		want := []QStatement{
			{Line: 3, SQL: "SELECT ';\n';", Expected: "+--------+", Tag: "ok"},
			{Line: 8, SQL: "SELECT --;\n1;", Expected: "x", Tag: "ok"},
			{Line: 12, SQL: "-- comment\nDROP VIEW v;", Expected: "[INFO] Execute statement succeeded.", Tag: "info"},
		}
		if len(got) != len(want) {
			t.Fatalf("got %d statements %+v, want %d", len(got), got, len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("statement %d = %+v, want %+v", i, got[i], want[i])
			}
		}
	})
	t.Run("multi", func(t *testing.T) {
		text := "EXECUTE STATEMENT SET\nBEGIN\nINSERT INTO a VALUES (1);\nEND;\n!output\n[INFO] done\n!info\n"
		got := ParseQ(text, true)
		if len(got) != 1 || got[0].SQL != "EXECUTE STATEMENT SET\nBEGIN\nINSERT INTO a VALUES (1);\nEND;" || got[0].Tag != "info" {
			t.Errorf("got %+v", got)
		}
	})
	// The statement counts of Flink's scripts (REFERENCE.md §3.3).
	counts := map[string]int{
		"sql-client__sql__catalog_database.q":    133,
		"sql-client__sql__insert.q":              10,
		"sql-client__sql__select.q":              36,
		"sql-client__sql__select_batch.q":        14,
		"sql-client__sql__statement_set.q":       22,
		"sql-client__sql__table.q":               98,
		"sql-client__sql__view.q":                45,
		"sql-client__sql_multi__statement_set.q": 22,
	}
	for file, n := range counts {
		t.Run(file, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join(qDir, file))
			if err != nil {
				t.Skipf("Flink's scripts are not available: %v", err)
			}
			got := ParseQ(string(text), filepath.Base(file) == "sql-client__sql_multi__statement_set.q")
			if len(got) != n {
				t.Errorf("%d statements, want %d", len(got), n)
			}
		})
	}
}

func TestOutputTag(t *testing.T) {
	tests := []struct{ out, want string }{
		{"[INFO] Execute statement succeeded.\n", "info"},
		{"[ERROR] Could not execute SQL statement. Reason:\nx\n", "error"},
		{"+---+\n| a |\n", "ok"},
		{"", "ok"},
		{"[INFO] Submitting\n[INFO] submitted\nJob ID: 1\n", "info"},
	}
	for _, tt := range tests {
		if got := outputTag(tt.out); got != tt.want {
			t.Errorf("outputTag(%q) = %q, want %q", tt.out, got, tt.want)
		}
	}
}

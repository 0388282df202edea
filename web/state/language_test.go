package state

import (
	"os"
	"testing"
)

func TestLanguageOf(t *testing.T) {
	seed, err := os.ReadFile("../../../shared/seed/my_job.py")
	if err != nil {
		t.Skip("no seed program:", err)
	}
	python := []string{
		string(seed),
		"import pyflink\n",
		"# a comment first\nfrom pyflink.table import TableEnvironment\n",
		"#!/usr/bin/env python3\nprint('hi')\n",
		"def main():\n    pass\n",
		"class Job(object):\n    pass\n",
		"from . import x\n",
	}
	for _, s := range python {
		if !IsPython(s) {
			t.Errorf("%q: not Python", s)
		}
	}
	sqlScripts := []string{
		SeedSQL,
		"SELECT a\nFROM t\nWHERE x IN (SELECT y FROM u);\n",
		"SELECT *\nfrom imports;\n",
		"-- import data\nCREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n",
		"SELECT 'import os' AS s;\n",
		"  import x\n", // an indented import is no program's first line: stays SQL
		"CREATE FUNCTION def AS 'x';\n",
	}
	for _, s := range sqlScripts {
		if IsPython(s) {
			t.Errorf("%q: taken for Python", s)
		}
	}
	for _, ex := range Examples {
		if got := IsPython(ex.SQL); got != ex.Python {
			t.Errorf("example %q: IsPython %v, want %v", ex.Name, got, ex.Python)
		}
	}
}

package state

import (
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
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

// pythonLineRE is the regular expression that pythonLine writes out.
var pythonLineRE = regexp.MustCompile(`(?m)^(?:import[ \t]+[A-Za-z_][\w.]*|from[ \t]+(?:\.+[ \t]*|\.*[A-Za-z_][\w.]*[ \t]+)import\b|(?:async[ \t]+)?def[ \t]+[A-Za-z_]\w*[ \t]*\(|class[ \t]+[A-Za-z_]\w*[ \t]*[:(]|#!.*python)`)

// TestPythonLine: LanguageOf agrees with the regular expression on
// random texts built from the pieces that matter to it.
func TestPythonLine(t *testing.T) {
	pieces := []string{"import", "from", "def", "class", "async", "#!", "python", " ", "\t", "\n", "\r\n", ".", "..", "_",
		"a", "Z", "9", "x.y", "(", ":", "pyflink", "é", "-", "importx", "#", "!"}
	r := rand.New(rand.NewPCG(7, 7))
	for range 200000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		want := protocol.LanguageSQL
		if pythonLineRE.MatchString(s) {
			want = protocol.LanguagePython
		}
		if got := LanguageOf(s); got != want {
			t.Fatalf("LanguageOf(%q) = %s, the regular expression says %s", s, got, want)
		}
	}
}

func FuzzPythonLine(f *testing.F) {
	f.Add("from . import x")
	f.Add("async def f(")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := LanguageOf(s) == protocol.LanguagePython, pythonLineRE.MatchString(s); got != want {
			t.Fatalf("LanguageOf(%q) Python = %v, the regular expression says %v", s, got, want)
		}
	})
}

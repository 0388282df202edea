package enginetest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/format"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/library"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// flinkFunctionList is Flink 1.20's list of built-in functions, outside the
// repository; the coverage test skips when it is absent.
const flinkFunctionList = "../../../shared/flink/sql_functions_1.20.yml"

// functionsDoc is the generated function reference; -update rewrites it.
const functionsDoc = "../../docs/functions.md"

// flinkForm is one SQL form of Flink's list ("REPEAT(string, int)").
type flinkForm struct {
	Category string // the list's category key ("string", "hashfunctions")
	Form     string
	Key      string // the Spec name or NotSupported name that covers it
	Line     int
}

// readFlinkForms reads the `sql:` forms of the list. The file is simple
// YAML: a top-level key per category, then items `- sql: FORM` where FORM
// is a plain or quoted scalar or a `|` block of one form per line.
func readFlinkForms(path string) ([]flinkForm, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []flinkForm
	var category string
	var block []string // lines of an open `sql: |` block
	blockLine := 0
	inBlock := false
	flush := func() {
		if inBlock {
			for _, form := range blockForms(block) {
				out = append(out, flinkForm{Category: category, Form: form, Line: blockLine})
			}
		}
		inBlock, block = false, nil
	}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		trimmed := strings.TrimSpace(text)
		indent := len(text) - len(strings.TrimLeft(text, " "))
		if inBlock {
			if trimmed == "" || indent > 4 {
				block = append(block, trimmed)
				continue
			}
			flush()
		}
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		case indent == 0 && strings.HasSuffix(trimmed, ":"):
			category = strings.TrimSuffix(trimmed, ":")
		case strings.HasPrefix(trimmed, "- sql:"):
			v := strings.TrimSpace(strings.TrimPrefix(trimmed, "- sql:"))
			if v == "|" {
				inBlock, blockLine = true, line
				continue
			}
			if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
				v = v[1 : len(v)-1]
			}
			out = append(out, flinkForm{Category: category, Form: v, Line: line})
		}
	}
	flush()
	for i := range out {
		out[i].Key = formKey(out[i].Form)
	}
	return out, sc.Err()
}

var callForm = regexp.MustCompile(`^([A-Z][A-Z0-9_]*)\s*\(`)

// blockForms splits a `|` block: each line that is a call is a form of its
// own (LOG(x) and LOG(b, x)); otherwise the block is one form (CASE ...
// END), named by its first line.
func blockForms(lines []string) []string {
	var calls []string
	for _, l := range lines {
		if callForm.MatchString(l) {
			calls = append(calls, l)
		}
	}
	if len(calls) > 0 {
		return calls
	}
	for _, l := range lines {
		if l != "" {
			return []string{l}
		}
	}
	return nil
}

// keyOverrides name the forms the general rule of formKey cannot.
var keyOverrides = map[string]string{
	"+ numeric":                                 "+ (UNARY)",
	"- numeric":                                 "- (UNARY)",
	"value IN (sub-query)":                      "IN (SUBQUERY)",
	"value NOT IN (sub-query)":                  "NOT IN (SUBQUERY)",
	"array '[' INT ']'":                         "ARRAY[INDEX]",
	"map ‘[’ value ‘]’":                         "MAP[KEY]",
	"tableName.compositeType.field":             "ROW.FIELD",
	"tableName.compositeType.*":                 "ROW.*",
	"(value1 [, value2]*)":                      "ROW",
	"**implicit** constructor with parenthesis": "ROW",
}

var optionalPart = regexp.MustCompile(`\[[^\[\]]*\]`)

// formKey names a form: a call's function name (REPEAT), or an operator's
// symbols and keywords up to its next operand ("IS NOT DISTINCT FROM",
// "NOT BETWEEN", "||"), optional parts left out.
func formKey(form string) string {
	if k, ok := keyOverrides[form]; ok {
		return k
	}
	if m := callForm.FindStringSubmatch(form); m != nil {
		return m[1]
	}
	s := form
	for {
		t := optionalPart.ReplaceAllString(s, " ")
		if t == s {
			break
		}
		s = t
	}
	var run []string
	for _, tok := range strings.Fields(s) {
		if isOperatorToken(tok) {
			run = append(run, tok)
			continue
		}
		if len(run) > 0 {
			break
		}
	}
	return strings.Join(run, " ")
}

func isOperatorToken(tok string) bool {
	upper, symbol := true, true
	for _, r := range tok {
		if !(r >= 'A' && r <= 'Z' || r == '_') {
			upper = false
		}
		if !strings.ContainsRune("=<>!+-*/%|", r) {
			symbol = false
		}
	}
	return upper || symbol
}

func TestFormKey(t *testing.T) {
	for _, c := range []struct{ form, want string }{
		{"REPEAT(string, int)", "REPEAT"},
		{"value1 = value2", "="},
		{"value1 <> value2", "<>"},
		{"string1 || string2", "||"},
		{"value IS NOT NULL", "IS NOT NULL"},
		{"value1 IS NOT DISTINCT FROM value2", "IS NOT DISTINCT FROM"},
		{"value1 NOT BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3", "NOT BETWEEN"},
		{"string1 NOT LIKE string2 [ ESCAPE char ]", "NOT LIKE"},
		{"IS JSON [ { VALUE | SCALAR | ARRAY | OBJECT } ]", "IS JSON"},
		{"(timepoint1, temporal1) OVERLAPS (timepoint2, temporal2)", "OVERLAPS"},
		{"INTERVAL string range", "INTERVAL"},
		{"LOCALTIME", "LOCALTIME"},
		{"CASE value", "CASE"},
		{"- numeric", "- (UNARY)"},
		{"EXISTS (sub-query)", "EXISTS"},
		{"value IN (sub-query)", "IN (SUBQUERY)"},
		{"ARRAY ‘[’ value1 [, value2 ]* ‘]’", "ARRAY"},
	} {
		if got := formKey(c.form); got != c.want {
			t.Errorf("formKey(%q) = %q, want %q", c.form, got, c.want)
		}
	}
}

// TestFunctionCoverage fails for every form of Flink's function list that
// no Spec covers and docs/functions.md does not list as not supported, and
// for a "not supported" entry that is registered after all.
func TestFunctionCoverage(t *testing.T) {
	forms, err := readFlinkForms(flinkFunctionList)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s is absent", flinkFunctionList)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(forms) < 200 {
		t.Fatalf("read only %d forms from %s", len(forms), flinkFunctionList)
	}
	unsupported := map[string]bool{}
	for _, u := range funcs.Unsupported {
		if unsupported[u.Name] {
			t.Errorf("%q is listed twice as not supported", u.Name)
		}
		unsupported[u.Name] = true
		if _, ok := library.Lookup(u.Name); ok {
			t.Errorf("%q is implemented: remove it from funcs.Unsupported", u.Name)
		}
		if u.Reason == "" {
			t.Errorf("%q is listed as not supported without a reason", u.Name)
		}
	}
	seen := map[string]bool{}
	var missing []string
	for _, f := range forms {
		if f.Key == "" {
			t.Errorf("%s:%d: no name for the form %q: add it to keyOverrides", flinkFunctionList, f.Line, f.Form)
			continue
		}
		seen[f.Key] = true
		if _, ok := library.Lookup(f.Key); ok || unsupported[f.Key] {
			continue
		}
		missing = append(missing, fmt.Sprintf("{Name: %q, Category: %q, Reason: reasonLater}, // %s", f.Key, f.Category, f.Form))
	}
	if len(missing) > 0 {
		t.Errorf("%d forms of Flink's list are neither implemented (a funcs.Spec) nor in funcs.Unsupported:\n%s",
			len(missing), strings.Join(missing, "\n"))
	}
	for _, u := range funcs.Unsupported {
		if !seen[u.Name] {
			t.Errorf("funcs.Unsupported lists %q, which is not a name of Flink's list", u.Name)
		}
	}
}

// TestFunctionExamples runs every example of every Spec as SELECT <example>
// (or as written when it is a whole query) in a fresh session and compares
// the one cell of the final result with what the example says Flink prints.
func TestFunctionExamples(t *testing.T) {
	specs := library.Functions()
	if len(specs) == 0 {
		t.Fatal("no function specs registered")
	}
	for _, s := range specs {
		if len(s.Examples) == 0 {
			t.Errorf("%s has no example", s.Name)
		}
		if s.Description == "" || len(s.Signatures) == 0 {
			t.Errorf("%s needs a description and a signature", s.Name)
		}
		for _, ex := range s.Examples {
			got, err := runExample(ex.SQL)
			if err != nil {
				got = "ERROR: " + err.Error()
			}
			if got != ex.Result {
				t.Errorf("%s example %s\n got: %s\nwant: %s", s.Name, ex.SQL, got, ex.Result)
			}
		}
	}
}

// runExample returns the text of the single cell of the final table of a
// query, as the tableau prints a cell (without the column-width cut).
func runExample(q string) (string, error) {
	if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(q)), "SELECT") {
		q = "SELECT " + q
	}
	seed := Seed
	s := engine.NewSession(engine.Config{Clock: NewVirtualClock(Epoch), Zone: time.UTC, Seed: &seed})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := s.Execute(ctx, q)
	if err != nil {
		return "", err
	}
	defer res.Close()
	if res.Kind != engine.ResultQuery {
		return "", errors.New("not a query")
	}
	if n := len(res.Schema.Columns); n != 1 {
		return "", fmt.Errorf("%d columns; an example has one", n)
	}
	var rows []string // the materialized result, by cell text
	var cell [][]byte
	for {
		b, err := res.Next(ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			break
		}
		if err != nil {
			return "", err
		}
		for i := 0; i < b.Len(); i++ {
			cell = format.FormatRow(cell, b.Row(i), res.Schema, format.Options{Zone: time.UTC})
			text := string(cell[0])
			switch b.Kinds[i] {
			case stream.Insert, stream.UpdateAfter:
				rows = append(rows, text)
			default:
				for k := len(rows) - 1; k >= 0; k-- {
					if rows[k] == text {
						rows = append(rows[:k], rows[k+1:]...)
						break
					}
				}
			}
		}
	}
	if len(rows) != 1 {
		return "", fmt.Errorf("%d rows; an example has one: %q", len(rows), rows)
	}
	return rows[0], nil
}

// TestFunctionsDoc keeps docs/functions.md what the specs and the list of
// unsupported functions make of it; -update rewrites it.
func TestFunctionsDoc(t *testing.T) {
	want := functionsPage()
	got, err := os.ReadFile(functionsDoc)
	if *update {
		if string(got) != want {
			if err := os.WriteFile(functionsDoc, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("rewrote %s", functionsDoc)
		}
		return
	}
	if err != nil {
		t.Fatalf("%v (go test ./engine/enginetest -run TestFunctionsDoc -update writes it)", err)
	}
	if string(got) != want {
		t.Errorf("%s is stale: go test ./engine/enginetest -run TestFunctionsDoc -update\n%s", functionsDoc, diffText(string(got), want))
	}
}

var categoryTitles = map[funcs.Category]string{
	funcs.Comparison: "Comparison", funcs.Logical: "Logical", funcs.Arithmetic: "Arithmetic",
	funcs.String: "String", funcs.Temporal: "Temporal", funcs.Conditional: "Conditional",
	funcs.Conversion: "Type conversion", funcs.Collection: "Collection", funcs.JSON: "JSON",
	funcs.ValueConstruct: "Value construction", funcs.ValueAccess: "Value access",
	funcs.Grouping: "Grouping", funcs.HashFunctions: "Hash", funcs.Auxiliary: "Auxiliary",
	funcs.Aggregate: "Aggregate", funcs.CatalogFunction: "Catalog",
}

func categoryTitle(c funcs.Category) string {
	if t, ok := categoryTitles[c]; ok {
		return t
	}
	return string(c)
}

func functionsPage() string {
	var b strings.Builder
	b.WriteString("<!-- Generated by `go test ./engine/enginetest -run TestFunctionsDoc -update` from the function specs (engine/funcs). DO NOT EDIT. -->\n\n")
	b.WriteString("# Built-in functions\n\n")
	b.WriteString("The functions and operators the engine implements, with Flink 1.20's semantics. Every example below runs as a test\n")
	b.WriteString("(`go test ./engine/enginetest -run TestFunctionExamples`) and shows the cell Flink prints for `SELECT <example>`.\n")
	b.WriteString("A test reads Flink's list of built-in functions and fails for any function that is neither here nor under\n")
	b.WriteString("[Not supported](#not-supported).\n\n")
	b.WriteString("Regular expressions (REGEXP, REGEXP_EXTRACT, REGEXP_REPLACE) follow Java's syntax where Go's RE2 engine can express\n")
	b.WriteString("it. RE2 has no backreferences (`\\1` in a pattern), lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), possessive\n")
	b.WriteString("quantifiers or atomic groups: a pattern using them fails with an error that says so, where Flink would run it.\n\n")
	specs := library.Functions()
	var cat funcs.Category = "-"
	for _, s := range specs {
		if s.Category != cat {
			cat = s.Category
			fmt.Fprintf(&b, "## %s\n\n", categoryTitle(cat))
		}
		fmt.Fprintf(&b, "### %s\n\n", mdEscape(s.Name))
		for _, sig := range s.Signatures {
			fmt.Fprintf(&b, "    %s\n", sig)
		}
		b.WriteString("\n")
		b.WriteString(s.Description)
		b.WriteString("\n\n")
		if len(s.Examples) > 0 {
			b.WriteString("| example | result |\n| --- | --- |\n")
			for _, ex := range s.Examples {
				fmt.Fprintf(&b, "| `%s` | `%s` |\n", mdCell(ex.SQL), mdCell(ex.Result))
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("## Not supported\n\n")
	b.WriteString("Functions and operators of Flink 1.20's list that the engine does not implement. A name is the function's, or\n")
	b.WriteString("for an operator its symbols and keywords.\n\n")
	if len(funcs.Unsupported) == 0 {
		b.WriteString("None: the engine implements every function and operator of the list.\n")
		return b.String()
	}
	b.WriteString("| category | name | reason |\n| --- | --- | --- |\n")
	un := append([]funcs.NotSupported(nil), funcs.Unsupported...)
	sort.SliceStable(un, func(i, j int) bool {
		if un[i].Category != un[j].Category {
			return un[i].Category < un[j].Category
		}
		return un[i].Name < un[j].Name
	})
	for _, u := range un {
		fmt.Fprintf(&b, "| %s | `%s` | %s |\n", categoryTitle(u.Category), mdCell(u.Name), mdCell(u.Reason))
	}
	return b.String()
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "<", "&lt;").Replace(s)
}

func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

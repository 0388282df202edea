package state

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"time"
)

// UploadDir is where the Files panel puts uploaded files.
const UploadDir = "/uploads"

// MaxUpload bounds an uploaded file: it crosses postMessage as one string
// and lives in the browser's storage.
const MaxUpload = 32 << 20

// Upload is what the upload wizard knows of an uploaded file: where it
// goes, how Flink reads it (format, columns with inferred types), and the
// CREATE TABLE that reads it.
type Upload struct {
	FileName string // as the user's file was called
	Path     string // in the virtual file system
	Format   string // csv or json
	Table    string
	Columns  []InferredColumn
	// Options are format options the file needs, in order.
	Options [][2]string
	// Data is what is written to Path: the file as uploaded, but without a
	// CSV header line (Flink's csv format has no header option) and with a
	// JSON array turned into one object a line (what Flink's json format
	// reads).
	Data string
	// Notes say what the wizard changed or assumed, for the dialog.
	Notes []string
}

// InferredColumn is a column the wizard derived.
type InferredColumn struct {
	Name string
	Type string // a Flink type: INT, BIGINT, DOUBLE, DECIMAL(p, s), BOOLEAN, DATE, TIMESTAMP(3), STRING
}

// InferUpload reads an uploaded file (its name decides the format: .json,
// .jsonl and .ndjson are JSON, everything else CSV) and derives a table
// for it.
func InferUpload(fileName, content string) (*Upload, error) {
	base := path.Base(strings.ReplaceAll(fileName, "\\", "/"))
	if base == "." || base == "/" || base == "" {
		base = "upload.csv"
	}
	if len(content) > MaxUpload {
		return nil, fmt.Errorf("%s is larger than %d MB, the most the playground keeps in the browser", base, MaxUpload>>20)
	}
	u := &Upload{FileName: base, Path: UploadDir + "/" + safeFileName(base), Table: tableName(base)}
	ext := strings.ToLower(path.Ext(base))
	var err error
	switch ext {
	case ".json", ".jsonl", ".ndjson":
		u.Format = "json"
		err = u.inferJSON(content)
	default:
		u.Format = "csv"
		err = u.inferCSV(content)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", base, err)
	}
	return u, nil
}

// safeFileName keeps a file name usable as one path element.
func safeFileName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < ' ' {
			return '_'
		}
		return r
	}, name)
	name = strings.TrimLeft(name, ".")
	if name == "" {
		return "upload"
	}
	return name
}

// tableName turns a file name into a table name: orders-2024.csv is
// orders_2024.
func tableName(file string) string {
	name := strings.TrimSuffix(file, path.Ext(file))
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := strings.Trim(b.String(), "_")
	if s == "" {
		return "uploaded"
	}
	if s[0] >= '0' && s[0] <= '9' {
		s = "t_" + s
	}
	return s
}

// Script is what the wizard puts into the editor: the CREATE TABLE and a
// query that reads the file back.
func (u *Upload) Script() string {
	return u.DDL() + "SELECT * FROM " + quoteIdent(u.Table) + ";\n"
}

// InsertAt returns where in script the wizard's statements go so that Run
// script reaches them: before the first statement that is not a session
// change (a query, an INSERT, ... which may never end), after the DDL,
// USE and SET before it, or at the end of a script of those alone.
func InsertAt(script string) int {
	for _, sp := range Statements(script) {
		if !IsDDL(script[sp.Start:sp.End]) {
			// At the start of its line, so that a comment above it stays
			// with it.
			return lineStartOfBlock(script, sp.Start)
		}
	}
	return len(script)
}

// lineStartOfBlock returns the start of the line of off, moved up over the
// comment lines right above it.
func lineStartOfBlock(s string, off int) int {
	start := strings.LastIndexByte(s[:off], '\n') + 1
	for start > 0 {
		prev := strings.LastIndexByte(s[:start-1], '\n') + 1
		if !strings.HasPrefix(strings.TrimSpace(s[prev:start-1]), "--") {
			break
		}
		start = prev
	}
	return start
}

// DDL is the CREATE TABLE the wizard writes into the editor.
func (u *Upload) DDL() string {
	var b strings.Builder
	b.WriteString("CREATE TABLE " + quoteIdent(u.Table) + " (\n")
	for i, c := range u.Columns {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("  " + quoteIdent(c.Name) + " " + c.Type)
	}
	b.WriteString("\n) WITH (\n")
	opts := append([][2]string{{"connector", "filesystem"}, {"path", u.Path}, {"format", u.Format}}, u.Options...)
	for i, o := range opts {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("  " + quoteString(o[0]) + " = " + quoteString(o[1]))
	}
	b.WriteString("\n);\n")
	return b.String()
}

func quoteIdent(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }

func quoteString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// ---------------------------------------------------------------- CSV

func (u *Upload) inferCSV(content string) error {
	content = strings.TrimPrefix(content, "\ufeff")
	r := csv.NewReader(strings.NewReader(content))
	r.FieldsPerRecord = -1
	// Every record is looked at, not a sample: a value past the sample
	// that does not fit the type would make the table fail to read back.
	var first []string
	var guesses []typeGuess // of the records after the first
	var empty []bool        // a column has an empty cell after the first record
	var lengths []int       // the records' field counts after the first, with their first line
	var lines []int
	n := 0
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("not a CSV file: %v", err)
		}
		n++
		if n == 1 {
			first = rec
			continue
		}
		for len(guesses) < len(rec) {
			guesses, empty = append(guesses, typeGuess{}), append(empty, false)
		}
		for i, cell := range rec {
			guesses[i].add(cell, false)
			if cell == "" {
				empty[i] = true
			}
		}
		if len(lengths) == 0 || lengths[len(lengths)-1] != len(rec) {
			line, _ := r.FieldPos(0)
			lengths, lines = append(lengths, len(rec)), append(lines, line)
		}
	}
	if n == 0 {
		return errors.New("the file is empty")
	}
	header := n > 1 && isHeader(first)
	width := len(first)
	for _, l := range lengths {
		width = max(width, l)
	}
	for len(guesses) < width {
		guesses, empty = append(guesses, typeGuess{}), append(empty, false)
	}
	if !header {
		for i, cell := range first {
			guesses[i].add(cell, false)
			if cell == "" {
				empty[i] = true
			}
		}
		lengths, lines = append([]int{len(first)}, lengths...), append([]int{1}, lines...)
	}
	nulls := false
	for i := 0; i < width; i++ {
		name := "f" + strconv.Itoa(i)
		if header && i < len(first) {
			name = strings.TrimSpace(first[i])
		}
		typ := guesses[i].result()
		if strings.HasPrefix(typ, "TIMESTAMP") && guesses[i].isoT {
			// Flink's csv format reads timestamps as 2024-01-01 12:00:00.
			typ = "STRING"
		}
		if empty[i] && typ != "STRING" {
			nulls = true
		}
		u.Columns = append(u.Columns, InferredColumn{Name: name, Type: typ})
	}
	u.Data = content
	if header {
		u.Data = dropFirstRecord(content)
		u.Notes = append(u.Notes, "The header line was removed from the stored file: Flink's csv format has no header option. The column names come from it.")
	} else {
		u.Notes = append(u.Notes, "The first line looks like data, not a header: the columns are named f0, f1, ...")
	}
	if nulls {
		// Flink's csv format reads an empty cell as an empty string, which
		// a number, a boolean or a date cannot be: it fails the query.
		u.Options = append(u.Options, [2]string{"csv.null-literal", ""})
		u.Notes = append(u.Notes, "Empty cells read as NULL ('csv.null-literal' = ''): without it Flink fails on an empty number, boolean or date. An empty text cell is NULL too.")
	}
	for k, l := range lengths {
		if l < width {
			u.Notes = append(u.Notes, fmt.Sprintf("Line %d has %d of the %d fields: Flink's csv format fails on it ('Row length mismatch') unless 'csv.ignore-parse-errors' is set.", lines[k], l, width))
			break
		}
	}
	return nil
}

// isHeader reports whether a CSV record looks like a header: every cell
// is a distinct, non-empty name that is not a value of a typed column.
func isHeader(rec []string) bool {
	seen := map[string]bool{}
	for _, c := range rec {
		c = strings.TrimSpace(c)
		if c == "" || seen[c] {
			return false
		}
		seen[c] = true
		var t typeGuess
		t.add(c, false)
		if t.result() != "STRING" {
			return false
		}
	}
	return true
}

// dropFirstRecord returns content without its first CSV record, which may
// span lines when quoted.
func dropFirstRecord(content string) string {
	r := csv.NewReader(strings.NewReader(content))
	r.FieldsPerRecord = -1
	if _, err := r.Read(); err != nil {
		return content
	}
	return content[r.InputOffset():]
}

// ---------------------------------------------------------------- JSON

func (u *Upload) inferJSON(content string) error {
	trimmed := strings.TrimSpace(strings.TrimPrefix(content, "\ufeff"))
	if trimmed == "" {
		return errors.New("the file is empty")
	}
	var objects []map[string]any
	var order []string
	seen := map[string]bool{}
	addKeys := func(raw []byte) error {
		// Keys in the order the file has them.
		dec := json.NewDecoder(bytes.NewReader(raw))
		if _, err := dec.Token(); err != nil {
			return err
		}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			k, _ := tok.(string)
			if !seen[k] {
				seen[k] = true
				order = append(order, k)
			}
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return err
			}
		}
		return nil
	}
	decodeObject := func(raw []byte, where string) error {
		var obj map[string]any
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&obj); err != nil || obj == nil {
			return fmt.Errorf("%s is not a JSON object", where)
		}
		objects = append(objects, obj)
		return addKeys(raw)
	}
	var lines []string
	if strings.HasPrefix(trimmed, "[") {
		var arr []json.RawMessage
		if err := json.Unmarshal([]byte(trimmed), &arr); err != nil {
			return fmt.Errorf("not a JSON array: %v", err)
		}
		for i, raw := range arr {
			if err := decodeObject(raw, "element "+strconv.Itoa(i+1)); err != nil {
				return err
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, raw); err != nil {
				return err
			}
			lines = append(lines, compact.String())
		}
		u.Data = strings.Join(lines, "\n") + "\n"
		u.Notes = append(u.Notes, "The JSON array was stored as one object a line: that is what Flink's json format reads.")
	} else {
		for i, line := range strings.Split(content, "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			if err := decodeObject([]byte(line), "line "+strconv.Itoa(i+1)); err != nil {
				return err
			}
		}
		u.Data = content
	}
	if len(order) == 0 {
		return errors.New("no JSON object with fields")
	}
	iso := false
	for _, k := range order {
		var t typeGuess
		for _, o := range objects {
			t.addJSON(o[k])
		}
		typ := t.result()
		if strings.HasPrefix(typ, "TIMESTAMP") && t.isoT {
			iso = true
		}
		u.Columns = append(u.Columns, InferredColumn{Name: k, Type: typ})
	}
	if iso {
		u.Options = append(u.Options, [2]string{"json.timestamp-format.standard", "ISO-8601"})
	}
	return nil
}

// ---------------------------------------------------------------- types

// The value shapes below are scanned by hand rather than with package
// regexp: app.wasm then links neither it nor the Unicode tables it
// initialises, which the page would pay for at every start.

// digits returns the length of the run of ASCII digits at the start of s.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// sign drops one leading + or -.
func sign(s string) string {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		return s[1:]
	}
	return s
}

// decimalParts splits [+-]digits[.digits] into its integer and fraction
// digits; ok is false for any other shape.
func decimalParts(v string) (intPart, frac string, ok bool) {
	s := sign(v)
	n := digits(s)
	if n == 0 {
		return "", "", false
	}
	intPart, s = s[:n], s[n:]
	if s == "" {
		return intPart, "", true
	}
	if s[0] != '.' {
		return "", "", false
	}
	m := digits(s[1:])
	if m == 0 || m != len(s)-1 {
		return "", "", false
	}
	return intPart, s[1:], true
}

// isDouble reports whether v is [+-](digits[.digits]|.digits)[(e|E)[+-]digits].
func isDouble(v string) bool {
	s := sign(v)
	n := digits(s)
	s = s[n:]
	if s != "" && s[0] == '.' {
		m := digits(s[1:])
		if n == 0 && m == 0 {
			return false
		}
		s = s[1+m:]
	} else if n == 0 {
		return false
	}
	if s != "" && (s[0] == 'e' || s[0] == 'E') {
		s = sign(s[1:])
		m := digits(s)
		if m == 0 {
			return false
		}
		s = s[m:]
	}
	return s == ""
}

// isDate reports whether s is dddd-dd-dd.
func isDate(s string) bool {
	return len(s) == 10 && digits(s) == 4 && s[4] == '-' && digits(s[5:]) == 2 && s[7] == '-' && digits(s[8:]) == 2
}

// isClock reports whether s is dd:dd:dd.
func isClock(s string) bool {
	return len(s) == 8 && digits(s) == 2 && s[2] == ':' && digits(s[3:]) == 2 && s[5] == ':' && digits(s[6:]) == 2
}

// timestampParts splits dddd-dd-dd(T| )dd:dd:dd[.d{1,9}] into its date,
// separator, clock and fraction.
func timestampParts(v string) (date, sep, clock, frac string, ok bool) {
	if len(v) < 19 || !isDate(v[:10]) || v[10] != ' ' && v[10] != 'T' || !isClock(v[11:19]) {
		return "", "", "", "", false
	}
	rest := v[19:]
	if rest != "" {
		n := digits(rest[1:])
		if rest[0] != '.' || n < 1 || n > 9 || n != len(rest)-1 {
			return "", "", "", "", false
		}
		frac = rest[1:]
	}
	return v[:10], v[10:11], v[11:19], frac, true
}

// typeGuess narrows a column's type value by value. Empty cells (NULL)
// say nothing.
type typeGuess struct {
	seen                           bool
	notBool, notInt, notBigint     bool
	notDecimal, notDouble, notDate bool
	notTS                          bool
	intDigits, scale, tsFrac       int
	sqlTS, isoT                    bool // timestamp spellings seen
	jsonText                       bool // a JSON string was seen: not a number or boolean
	jsonNumber, jsonFraction       bool
	jsonOther                      bool // objects, arrays, mixed kinds
}

func (t *typeGuess) add(v string, fromJSONString bool) {
	if v == "" {
		return
	}
	t.seen = true
	if !strings.EqualFold(v, "true") && !strings.EqualFold(v, "false") || fromJSONString {
		t.notBool = true
	}
	if _, err := strconv.ParseInt(v, 10, 32); err != nil || fromJSONString {
		t.notInt = true
	}
	if _, err := strconv.ParseInt(v, 10, 64); err != nil || fromJSONString {
		t.notBigint = true
	}
	if intPart, frac, ok := decimalParts(v); ok && !fromJSONString {
		t.intDigits = max(t.intDigits, len(strings.TrimLeft(intPart, "0")), 1)
		t.scale = max(t.scale, len(frac))
	} else {
		t.notDecimal = true
	}
	if !isDouble(v) || fromJSONString {
		t.notDouble = true
	}
	if _, err := time.Parse("2006-01-02", v); err != nil || !isDate(v) {
		t.notDate = true
	}
	if date, sep, clock, frac, ok := timestampParts(v); ok {
		if _, err := time.Parse("2006-01-02 15:04:05", date+" "+clock); err != nil {
			t.notTS = true
		}
		if sep == "T" {
			t.isoT = true
		} else {
			t.sqlTS = true
		}
		t.tsFrac = max(t.tsFrac, len(frac))
	} else {
		t.notTS = true
	}
}

func (t *typeGuess) addJSON(v any) {
	switch v := v.(type) {
	case nil:
	case bool:
		t.seen = true
		t.notInt, t.notBigint, t.notDecimal, t.notDouble, t.notDate, t.notTS = true, true, true, true, true, true
		if t.jsonText || t.jsonNumber {
			t.jsonOther = true
		}
	case json.Number:
		t.seen = true
		t.jsonNumber = true
		if t.jsonText {
			t.jsonOther = true
		}
		s := v.String()
		t.add(s, false)
		t.notBool = true
		if strings.ContainsAny(s, ".eE") {
			t.jsonFraction = true
		}
	case string:
		t.seen = true
		if t.jsonNumber {
			t.jsonOther = true
		}
		t.jsonText = true
		t.add(v, true)
		if v == "" {
			t.notDate, t.notTS = true, true
		}
	default:
		t.seen = true
		t.jsonOther = true
	}
}

func (t *typeGuess) result() string {
	switch {
	case !t.seen || t.jsonOther:
		return "STRING"
	case !t.notBool:
		return "BOOLEAN"
	case t.jsonNumber && t.jsonFraction && !t.notDouble:
		// JSON numbers with a fraction are doubles.
		return "DOUBLE"
	case !t.notInt:
		return "INT"
	case !t.notBigint:
		return "BIGINT"
	case !t.notDecimal && t.intDigits+t.scale <= 38:
		return fmt.Sprintf("DECIMAL(%d, %d)", t.intDigits+t.scale, t.scale)
	case !t.notDouble:
		return "DOUBLE"
	case !t.notDate:
		return "DATE"
	case !t.notTS && !(t.sqlTS && t.isoT):
		return fmt.Sprintf("TIMESTAMP(%d)", max(3, t.tsFrac))
	}
	return "STRING"
}

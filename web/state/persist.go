package state

import (
	"encoding/json"
	"strings"
)

// Storage keys of what survives a reload (localStorage).
const (
	KeyScript = "flinkplay.script"
	KeyDDL    = "flinkplay.ddl"
	// KeyFilename is the name of the .py file the editor's program was
	// opened from, for its tracebacks and exports ("" when none).
	KeyFilename = "flinkplay.filename"
)

// IsDDL reports whether a statement changes the session, so that it is
// replayed into a new engine after a reload or restart: CREATE, DROP,
// ALTER, USE, SET, RESET, LOAD and UNLOAD. Queries, INSERTs and SHOW or
// DESCRIBE are not.
func IsDDL(sql string) bool {
	first := firstWord(sql)
	switch strings.ToUpper(first) {
	case "CREATE", "DROP", "ALTER", "USE", "SET", "RESET", "LOAD", "UNLOAD":
		return true
	}
	return false
}

// firstWord returns the first word of sql after comments and spaces.
func firstWord(sql string) string {
	sp := Statements(sql)
	if len(sp) == 0 {
		return ""
	}
	s := sql[sp[0].Start:]
	end := 0
	for end < len(s) && isWord(s[end]) {
		end++
	}
	return s[:end]
}

// EncodeDDL returns the stored form of the session's DDL statements.
func EncodeDDL(ddl []string) string {
	if len(ddl) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(ddl) // []string always marshals
	return string(b)
}

// DecodeDDL reads the stored form; anything unreadable is no DDL.
func DecodeDDL(s string) []string {
	var ddl []string
	if json.Unmarshal([]byte(s), &ddl) != nil {
		return nil
	}
	return ddl
}

// ReplayScript joins DDL statements into one script, each ended by ';'.
func ReplayScript(ddl []string) string {
	var b strings.Builder
	for _, d := range ddl {
		d = strings.TrimRight(strings.TrimSpace(d), ";")
		if strings.TrimSpace(d) == "" {
			continue
		}
		b.WriteString(d)
		b.WriteString(";\n")
	}
	return b.String()
}

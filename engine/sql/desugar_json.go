package sql

import "strings"

// jsonCall handles the SQL/JSON functions, whose clauses are keywords
// inside the parentheses:
//
//	JSON_EXISTS(x, path [{TRUE|FALSE|UNKNOWN|ERROR} ON ERROR])
//	JSON_VALUE(x, path [RETURNING type] [{NULL|ERROR|DEFAULT e} ON EMPTY] [{NULL|ERROR|DEFAULT e} ON ERROR])
//	JSON_QUERY(x, path [RETURNING type] [WITHOUT [ARRAY] WRAPPER | WITH [CONDITIONAL|UNCONDITIONAL] [ARRAY] WRAPPER]
//	           [{NULL|EMPTY ARRAY|EMPTY OBJECT|ERROR} ON EMPTY] [... ON ERROR])
//	JSON_OBJECT([[KEY] k VALUE v [, ...]] [{NULL|ABSENT} ON NULL])
//	JSON_ARRAY([v [, ...]] [{NULL|ABSENT} ON NULL])
//	JSON_OBJECTAGG([KEY] k VALUE v [{NULL|ABSENT} ON NULL]), JSON_ARRAYAGG(v [{NULL|ABSENT} ON NULL])
//
// Each becomes a call whose arguments are the operands followed by the
// clauses as Symbol arguments ("ON EMPTY", "ON ERROR" preceded by their
// behavior, "WRAPPER" preceded by its kind, "RETURNING" followed by
// CAST(NULL AS type)); DEFAULT e passes e after the DEFAULT symbol.
// JSON_OBJECT and JSON_ARRAY start with their ON NULL symbol (ABSENT for
// JSON_ARRAY and NULL for JSON_OBJECT when left out), and JSON_OBJECT
// passes key, value, key, value, ...
func (ds *desugarer) jsonCall(i, j int, u string) (int, error) {
	ds.openItems(i)
	t := ds.tok(i)
	lp := i + 1
	rp := ds.match[lp]
	n := ds.newIdent(identEntry{kind: idFunc, name: u, pos: t.Pos, parts: []Ident{{Name: t.Val, Pos: t.Pos}}, overPos: -1})
	ds.emit(identText(n)+"(", i)
	first := true
	sep := func(k int) {
		if !first {
			ds.emit(",", k)
		}
		first = false
	}
	symbol := func(name string, k int) {
		sep(k)
		ds.emitLeaf(&Symbol{Pos: ds.tok(k).Pos, Name: name}, k)
	}
	operand := func(lo, hi int) error {
		if lo >= hi {
			return ds.encountered(lo)
		}
		sep(lo)
		return ds.seq(lo, hi, false, false)
	}
	switch u {
	case "JSON_OBJECT", "JSON_ARRAY", "JSON_OBJECTAGG", "JSON_ARRAYAGG":
		end, onNull := rp, "NULL"
		if u == "JSON_ARRAY" || u == "JSON_ARRAYAGG" {
			onNull = "ABSENT"
		}
		if k := rp - 3; k > lp && (ds.tok(k).Is("NULL") || ds.tok(k).Is("ABSENT")) && ds.tok(k+1).Is("ON") && ds.tok(k+2).Is("NULL") {
			end, onNull = k, strings.ToUpper(ds.tok(k).Val)
		}
		symbol(onNull+" ON NULL", lp)
		for lo := lp + 1; lo < end; {
			hi := ds.depth0(lo, end, isPunct(","))
			if u == "JSON_ARRAY" || u == "JSON_ARRAYAGG" {
				if err := operand(lo, hi); err != nil {
					return 0, err
				}
			} else {
				k := lo
				if ds.tok(k).Is("KEY") {
					k++
				}
				v := ds.depth0(k, hi, isWord("VALUE"))
				if v == hi {
					return 0, ds.encountered(hi)
				}
				if err := operand(k, v); err != nil {
					return 0, err
				}
				if err := operand(v+1, hi); err != nil {
					return 0, err
				}
			}
			if hi == end {
				break
			}
			lo = hi + 1
			if lo == end {
				return 0, ds.encountered(end)
			}
		}
		ds.emit(")", rp)
		return rp + 1, nil
	}
	comma := ds.depth0(lp+1, rp, isPunct(","))
	if comma == rp {
		return 0, ds.encountered(rp)
	}
	if err := operand(lp+1, comma); err != nil {
		return 0, err
	}
	clause := rp
	for k := comma + 1; k < rp; k++ {
		if ds.jsonClauseStart(k) {
			clause = k
			break
		}
		if tk := ds.tok(k); (tk.IsPunct("(") || tk.IsPunct("[")) && ds.match[k] > k {
			k = ds.match[k]
		}
	}
	if err := operand(comma+1, clause); err != nil {
		return 0, err
	}
	for k := clause; k < rp; {
		tk := ds.tok(k)
		switch {
		case tk.Is("RETURNING"):
			end := k + 1
			for end < rp && !ds.jsonClauseStart(end) {
				if ds.tok(end).IsPunct("(") {
					end = ds.match[end]
				}
				end++
			}
			if end == k+1 {
				return 0, ds.encountered(end)
			}
			symbol("RETURNING", k)
			sep(k + 1)
			ds.emit("`"+markerPref+"cast`(", k+1)
			ds.emitLeaf(&Literal{Pos: ds.tok(k + 1).Pos, Kind: NullLit}, k+1)
			ds.emit(",", k+1)
			ds.emitLeaf(&castInfo{pos: tk.Pos, typeStart: ds.tok(k + 1).Pos, typeEnd: ds.tok(end - 1).End}, k+1)
			ds.emit(")", end-1)
			k = end
		case tk.Is("WITHOUT") || tk.Is("WITH"):
			kind := "WITHOUT"
			m := k + 1
			if tk.Is("WITH") {
				kind = "WITH UNCONDITIONAL"
				if w := ds.tok(m); w.Is("CONDITIONAL") || w.Is("UNCONDITIONAL") {
					kind = "WITH " + strings.ToUpper(w.Val)
					m++
				}
			}
			if ds.tok(m).Is("ARRAY") {
				m++
			}
			if !ds.tok(m).Is("WRAPPER") {
				return 0, ds.encountered(m)
			}
			symbol(kind, k)
			symbol("WRAPPER", m)
			k = m + 1
		case tk.Is("DEFAULT"):
			on := ds.depth0(k+1, rp, isWord("ON"))
			if on == rp || on == k+1 || !(ds.tok(on+1).Is("EMPTY") || ds.tok(on+1).Is("ERROR")) {
				return 0, ds.encountered(on)
			}
			symbol("DEFAULT", k)
			if err := operand(k+1, on); err != nil {
				return 0, err
			}
			symbol("ON "+strings.ToUpper(ds.tok(on+1).Val), on)
			k = on + 2
		default:
			m := k
			behavior := strings.ToUpper(tk.Val)
			if tk.Is("EMPTY") && (ds.tok(k+1).Is("ARRAY") || ds.tok(k+1).Is("OBJECT")) {
				behavior += " " + strings.ToUpper(ds.tok(k+1).Val)
				m++
			}
			if !(tk.Is("NULL") || tk.Is("ERROR") || tk.Is("TRUE") || tk.Is("FALSE") || tk.Is("UNKNOWN") || tk.Is("EMPTY")) ||
				!ds.tok(m+1).Is("ON") || !(ds.tok(m+2).Is("EMPTY") || ds.tok(m+2).Is("ERROR")) {
				return 0, ds.encountered(k)
			}
			symbol(behavior, k)
			symbol("ON "+strings.ToUpper(ds.tok(m+2).Val), m+1)
			k = m + 3
		}
	}
	ds.emit(")", rp)
	return rp + 1, nil
}

// jsonClauseStart reports whether token k starts a clause of JSON_VALUE,
// JSON_QUERY or JSON_EXISTS after the path.
func (ds *desugarer) jsonClauseStart(k int) bool {
	t := ds.tok(k)
	if t.Kind != Word {
		return false
	}
	switch strings.ToUpper(t.Val) {
	case "RETURNING", "DEFAULT", "WITH", "WITHOUT":
		return true
	case "NULL", "ERROR", "TRUE", "FALSE", "UNKNOWN":
		return ds.tok(k + 1).Is("ON")
	case "EMPTY":
		return ds.tok(k+1).Is("ON") || ds.tok(k+1).Is("ARRAY") || ds.tok(k+1).Is("OBJECT")
	}
	return false
}

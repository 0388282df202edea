package sql

import (
	"reflect"
	"strings"
)

// treeDiff returns where two syntax trees differ, "" when they do not. It
// ignores what the unparse is free to change without changing meaning:
// positions, the source text nodes keep as written (a select item's text,
// a CAST's type text, an interval's units as spelt), whether an identifier
// was written in backticks, the case of a function's name (Flink looks
// functions up ignoring case), and how a pattern
// quantifier was spelt. What it compares is then what a parse of the
// unparsed text must give back for the unparse to keep the meaning: the
// operators and their operands, so a lost parenthesis shows.
func treeDiff(a, b any) string {
	return valueDiff(reflect.ValueOf(a), reflect.ValueOf(b), "")
}

func valueDiff(a, b reflect.Value, path string) string {
	if a.IsValid() != b.IsValid() {
		return path + ": one side is missing"
	}
	if !a.IsValid() {
		return ""
	}
	if a.Type() != b.Type() {
		return path + ": " + a.Type().String() + " against " + b.Type().String()
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": nil against non-nil"
			}
			return ""
		}
		return valueDiff(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		t := a.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if ignoredField(t, f.Name) {
				continue
			}
			p := path + "." + f.Name
			if f.Name == "Name" && (t == reflect.TypeFor[Call]() || t == reflect.TypeFor[TableFunc]()) {
				if !strings.EqualFold(a.Field(i).String(), b.Field(i).String()) {
					return p + ": " + a.Field(i).String() + " against " + b.Field(i).String()
				}
				continue
			}
			if d := valueDiff(a.Field(i), b.Field(i), p); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return path + ": " + itoa(a.Len()) + " elements against " + itoa(b.Len())
		}
		for i := range a.Len() {
			if d := valueDiff(a.Index(i), b.Index(i), path+"["+itoa(i)+"]"); d != "" {
				return d
			}
		}
		return ""
	case reflect.String:
		if a.String() != b.String() {
			return path + ": " + a.String() + " against " + b.String()
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return path + ": booleans differ"
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return path + ": " + itoa(int(a.Int())) + " against " + itoa(int(b.Int()))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if a.Uint() != b.Uint() {
			return path + ": " + itoa(int(a.Uint())) + " against " + itoa(int(b.Uint()))
		}
	case reflect.Float32, reflect.Float64:
		if a.Float() != b.Float() {
			return path + ": floats differ"
		}
	default:
		return path + ": cannot compare a " + a.Kind().String()
	}
	return ""
}

// ignoredField reports whether treeDiff skips field name of struct t.
func ignoredField(t reflect.Type, name string) bool {
	switch {
	case name == "Pos" || strings.HasSuffix(name, "Pos"):
		return true
	case name == "Quoted" || name == "TypeText" || name == "UnitText" || name == "ExprText" || strings.HasSuffix(name, "QueryText"):
		return true
	case t == reflect.TypeFor[SelectItem]() && name == "Text", t == reflect.TypeFor[CompilePlan]() && name == "Text":
		return true
	case t == reflect.TypeFor[PatternNode]() && name == "Quant":
		return true
	}
	return false
}

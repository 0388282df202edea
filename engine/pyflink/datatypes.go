package pyflink

import (
	"fmt"
	"strings"

	"github.com/go-python/gpython/py"
)

var dataTypeType = newType("pyflink.table.types", "DataType")

// dataType is a DataTypes value: how SQL spells it (for CAST and DDL), how
// Java's DataType.toString() prints it (column names of casts), and how
// PyFlink's str() and repr() print it.
type dataType struct {
	sql      string // e.g. INT, VARCHAR(10), DECIMAL(10, 2), ARRAY<INT>
	java     string // e.g. INT, STRING, DECIMAL(10, 2)
	pyName   string // str(): the class name without Type, upper case
	repr     string // repr() without the nullability
	nullable bool
	// fields of a ROW type, for from_elements' schema
	fieldNames []string
	fieldTypes []*dataType
}

func (t *dataType) Type() *py.Type { return dataTypeType }

func (t *dataType) M__str__() (py.Object, error) { return py.String(t.pyName), nil }

func (t *dataType) M__repr__() (py.Object, error) {
	n := "true"
	if !t.nullable {
		n = "false"
	}
	if strings.HasSuffix(t.repr, "(") {
		return py.String(t.repr + n + ")"), nil
	}
	return py.String(t.repr + ", " + n + ")"), nil
}

// sqlType is the type as SQL writes it, NOT NULL included.
func (t *dataType) sqlType() string {
	if t.nullable {
		return t.sql
	}
	return t.sql + " NOT NULL"
}

// javaType is Java's DataType.toString().
func (t *dataType) javaType() string {
	if t.nullable {
		return t.java
	}
	return t.java + " NOT NULL"
}

func (t *dataType) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "not_null", "nullable":
		return method(name, func(py.Tuple, py.StringDict) (py.Object, error) {
			c := *t
			c.nullable = name == "nullable"
			return &c, nil
		}), nil
	case "field_names":
		return method(name, func(py.Tuple, py.StringDict) (py.Object, error) {
			return py.NewListFromStrings(t.fieldNames), nil
		}), nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '%s'", t.pyName, name)
}

func simpleType(sql, pyName, repr string) *dataType {
	return &dataType{sql: sql, java: sql, pyName: pyName, repr: repr + "(", nullable: true}
}

// nullableArg reads the nullable=True argument of a factory.
func nullableArg(args py.Tuple, kw py.StringDict, i int) bool {
	if v := argument(args, kw, i, "nullable"); v != nil {
		return v != py.False
	}
	return true
}

func intArg(fn string, args py.Tuple, kw py.StringDict, i int, name string, def int) (int, error) {
	v := argument(args, kw, i, name)
	if v == nil {
		if def < 0 {
			return 0, py.ExceptionNewf(py.TypeError, "%s() missing 1 required positional argument: '%s'", fn, name)
		}
		return def, nil
	}
	n, ok := v.(py.Int)
	if !ok {
		return 0, py.ExceptionNewf(py.TypeError, "%s() argument '%s' must be int, not %s", fn, name, v.Type().Name)
	}
	return int(n), nil
}

func typeArg(fn string, args py.Tuple, kw py.StringDict, i int, name string) (*dataType, error) {
	v := argument(args, kw, i, name)
	t, ok := v.(*dataType)
	if !ok {
		got := "nothing"
		if v != nil {
			got = v.Type().Name
		}
		return nil, py.ExceptionNewf(py.TypeError, "%s() argument '%s' must be a DataType, not %s", fn, name, got)
	}
	return t, nil
}

// dataTypesClass is DataTypes: its factories.
func dataTypesClass() *object {
	o := &object{typ: newType("pyflink.table.types", "DataTypes"), attrs: py.StringDict{}}
	plain := func(name, sql, pyName, repr string) {
		o.attrs[name] = method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			t := simpleType(sql, pyName, repr)
			t.nullable = nullableArg(args, kw, 0)
			return t, nil
		})
	}
	plain("BOOLEAN", "BOOLEAN", "BOOLEAN", "BooleanType")
	plain("TINYINT", "TINYINT", "TINYINT", "TinyIntType")
	plain("SMALLINT", "SMALLINT", "SMALLINT", "SmallIntType")
	plain("INT", "INT", "INT", "IntType")
	plain("BIGINT", "BIGINT", "BIGINT", "BigIntType")
	plain("FLOAT", "FLOAT", "FLOAT", "FloatType")
	plain("DOUBLE", "DOUBLE", "DOUBLE", "DoubleType")
	plain("DATE", "DATE", "DATE", "DateType")
	plain("NULL", "NULL", "NULL", "NullType")
	o.attrs["STRING"] = method("STRING", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		return &dataType{sql: "STRING", java: "STRING", pyName: "VARCHAR", repr: "VarCharType(2147483647", nullable: nullableArg(args, kw, 0)}, nil
	})
	o.attrs["BYTES"] = method("BYTES", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		return &dataType{sql: "BYTES", java: "BYTES", pyName: "VARBINARY", repr: "VarBinaryType(2147483647", nullable: nullableArg(args, kw, 0)}, nil
	})
	sized := func(name, pyName, repr string) {
		o.attrs[name] = method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			n, err := intArg(name, args, kw, 0, "length", -1)
			if err != nil {
				return nil, err
			}
			s := fmt.Sprintf("%s(%d)", name, n)
			return &dataType{sql: s, java: s, pyName: pyName, repr: fmt.Sprintf("%s(%d", repr, n), nullable: nullableArg(args, kw, 1)}, nil
		})
	}
	sized("CHAR", "CHAR", "CharType")
	sized("VARCHAR", "VARCHAR", "VarCharType")
	sized("BINARY", "BINARY", "BinaryType")
	sized("VARBINARY", "VARBINARY", "VarBinaryType")
	o.attrs["DECIMAL"] = method("DECIMAL", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		p, err := intArg("DECIMAL", args, kw, 0, "precision", -1)
		if err != nil {
			return nil, err
		}
		s, err := intArg("DECIMAL", args, kw, 1, "scale", -1)
		if err != nil {
			return nil, err
		}
		text := fmt.Sprintf("DECIMAL(%d, %d)", p, s)
		return &dataType{sql: text, java: text, pyName: "DECIMAL", repr: fmt.Sprintf("DecimalType(%d, %d", p, s), nullable: nullableArg(args, kw, 2)}, nil
	})
	precise := func(name, sqlName, pyName, repr string, def int) {
		o.attrs[name] = method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			p, err := intArg(name, args, kw, 0, "precision", def)
			if err != nil {
				return nil, err
			}
			s := fmt.Sprintf("%s(%d)", sqlName, p)
			return &dataType{sql: s, java: s, pyName: pyName, repr: fmt.Sprintf("%s(%d", repr, p), nullable: nullableArg(args, kw, 1)}, nil
		})
	}
	precise("TIME", "TIME", "TIME", "TimeType", 0)
	precise("TIMESTAMP", "TIMESTAMP", "TIMESTAMP", "TimestampType", 6)
	precise("TIMESTAMP_LTZ", "TIMESTAMP_LTZ", "LOCALZONEDTIMESTAMP", "LocalZonedTimestampType", 6)
	precise("TIMESTAMP_WITH_LOCAL_TIME_ZONE", "TIMESTAMP_LTZ", "LOCALZONEDTIMESTAMP", "LocalZonedTimestampType", 6)
	o.attrs["ARRAY"] = method("ARRAY", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		e, err := typeArg("ARRAY", args, kw, 0, "element_type")
		if err != nil {
			return nil, err
		}
		r, _ := e.M__repr__()
		return &dataType{sql: "ARRAY<" + e.sqlType() + ">", java: "ARRAY<" + e.javaType() + ">", pyName: "ARRAY",
			repr: "ArrayType(" + string(r.(py.String)), nullable: nullableArg(args, kw, 1)}, nil
	})
	o.attrs["MAP"] = method("MAP", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		k, err := typeArg("MAP", args, kw, 0, "key_type")
		if err != nil {
			return nil, err
		}
		v, err := typeArg("MAP", args, kw, 1, "value_type")
		if err != nil {
			return nil, err
		}
		kr, _ := k.M__repr__()
		vr, _ := v.M__repr__()
		return &dataType{sql: "MAP<" + k.sqlType() + ", " + v.sqlType() + ">", java: "MAP<" + k.javaType() + ", " + v.javaType() + ">",
			pyName: "MAP", repr: "MapType(" + string(kr.(py.String)) + ", " + string(vr.(py.String)), nullable: nullableArg(args, kw, 2)}, nil
	})
	o.attrs["FIELD"] = method("FIELD", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		name, err := stringArg("FIELD", args, kw, 0, "name")
		if err != nil {
			return nil, err
		}
		t, err := typeArg("FIELD", args, kw, 1, "data_type")
		if err != nil {
			return nil, err
		}
		return &rowField{name: name, typ: t}, nil
	})
	o.attrs["ROW"] = method("ROW", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		t := &dataType{pyName: "ROW", nullable: nullableArg(args, kw, 1)}
		var sqlFields, javaFields, reprs []string
		if v := argument(args, kw, 0, "row_fields"); v != nil {
			err := py.Iterate(v, func(f py.Object) bool {
				rf, ok := f.(*rowField)
				if !ok {
					return true
				}
				t.fieldNames = append(t.fieldNames, rf.name)
				t.fieldTypes = append(t.fieldTypes, rf.typ)
				sqlFields = append(sqlFields, quoteIdent(rf.name)+" "+rf.typ.sqlType())
				javaFields = append(javaFields, quoteIdent(rf.name)+" "+rf.typ.javaType())
				r, _ := rf.typ.M__repr__()
				reprs = append(reprs, "RowField("+rf.name+", "+string(r.(py.String))+", ...)")
				return false
			})
			if err != nil {
				return nil, err
			}
		}
		t.sql = "ROW<" + strings.Join(sqlFields, ", ") + ">"
		t.java = "ROW<" + strings.Join(javaFields, ", ") + ">"
		t.repr = "RowType(" + strings.Join(reprs, ",")
		return t, nil
	})
	return o
}

var rowFieldType = newType("pyflink.table.types", "RowField")

type rowField struct {
	name string
	typ  *dataType
}

func (f *rowField) Type() *py.Type { return rowFieldType }
func (f *rowField) M__str__() (py.Object, error) {
	return py.String("RowField(" + f.name + ", " + f.typ.pyName + ")"), nil
}

// quoteIdent quotes a name for SQL.
func quoteIdent(name string) string { return "`" + strings.ReplaceAll(name, "`", "``") + "`" }

// String makes gpython's % formatting print a DataType as str() does.
func (t *dataType) String() string { return t.pyName }

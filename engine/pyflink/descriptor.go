package pyflink

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/go-python/gpython/py"
)

var (
	tableDescriptorType = newType("pyflink.table.table_descriptor", "TableDescriptor")
	schemaType          = newType("pyflink.table.schema", "Schema")
)

// descriptor is a TableDescriptor: the CREATE TABLE it stands for.
type descriptor struct {
	connector   string
	schema      *schema
	options     map[string]string
	partitioned []string
	comment     string
}

func (d *descriptor) Type() *py.Type { return tableDescriptorType }

// ddl is the CREATE [TEMPORARY] TABLE statement of the descriptor.
func (d *descriptor) ddl(path string, temporary, ifNotExists bool) string {
	var b strings.Builder
	b.WriteString("CREATE ")
	if temporary {
		b.WriteString("TEMPORARY ")
	}
	b.WriteString("TABLE ")
	if ifNotExists {
		b.WriteString("IF NOT EXISTS ")
	}
	b.WriteString(path)
	if d.schema != nil && len(d.schema.items) > 0 {
		b.WriteString(" (" + strings.Join(d.schema.items, ", ") + ")")
	}
	if d.comment != "" {
		b.WriteString(" COMMENT '" + sqlString(d.comment) + "'")
	}
	if len(d.partitioned) > 0 {
		keys := make([]string, len(d.partitioned))
		for i, k := range d.partitioned {
			keys[i] = quoteIdent(k)
		}
		b.WriteString(" PARTITIONED BY (" + strings.Join(keys, ", ") + ")")
	}
	opts := map[string]string{"connector": d.connector}
	for k, v := range d.options {
		opts[k] = v
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	pairs := make([]string, len(keys))
	for i, k := range keys {
		pairs[i] = "'" + sqlString(k) + "' = '" + sqlString(opts[k]) + "'"
	}
	b.WriteString(" WITH (" + strings.Join(pairs, ", ") + ")")
	return b.String()
}

// optionValue is an option's value as TableDescriptor.option takes it:
// PyFlink converts only str values (an int is refused by Java).
func optionValue(v py.Object) (string, error) {
	switch x := v.(type) {
	case py.String:
		return string(x), nil
	case py.Bool:
		if x {
			return "true", nil
		}
		return "false", nil
	case py.Int:
		return strconv.FormatInt(int64(x), 10), nil
	}
	return "", py.ExceptionNewf(py.TypeError, "option values are str, not %s", v.Type().Name)
}

// tableDescriptorClass is TableDescriptor.for_connector(...) and its
// builder.
func tableDescriptorClass() *object {
	return &object{typ: tableDescriptorType, attrs: py.StringDict{
		"for_connector": method("for_connector", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			c, err := stringArg("for_connector", args, kw, 0, "connector")
			if err != nil {
				return nil, err
			}
			d := &descriptor{connector: c, options: map[string]string{}}
			b := &object{typ: newType("pyflink.table.table_descriptor", "Builder"), attrs: py.StringDict{}}
			step := func(name string, f func(args py.Tuple, kw py.StringDict) error) {
				b.attrs[name] = method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
					return b, f(args, kw)
				})
			}
			step("schema", func(args py.Tuple, kw py.StringDict) error {
				s, ok := argument(args, kw, 0, "schema").(*schema)
				if !ok {
					return py.ExceptionNewf(py.TypeError, "schema() takes a Schema")
				}
				d.schema = s
				return nil
			})
			step("option", func(args py.Tuple, kw py.StringDict) error {
				k, err := stringArg("option", args, kw, 0, "key")
				if err != nil {
					return err
				}
				v, err := optionValue(argument(args, kw, 1, "value"))
				if err != nil {
					return err
				}
				d.options[k] = v
				return nil
			})
			step("format", func(args py.Tuple, kw py.StringDict) error {
				f, err := stringArg("format", args, kw, 0, "format")
				if err != nil {
					return err
				}
				d.options["format"] = f
				return nil
			})
			step("partitioned_by", func(args py.Tuple, kw py.StringDict) error {
				for _, a := range args {
					s, ok := a.(py.String)
					if !ok {
						return py.ExceptionNewf(py.TypeError, "partitioned_by() takes column names")
					}
					d.partitioned = append(d.partitioned, string(s))
				}
				return nil
			})
			step("comment", func(args py.Tuple, kw py.StringDict) (err error) {
				d.comment, err = stringArg("comment", args, kw, 0, "comment")
				return err
			})
			b.attrs["build"] = method("build", func(py.Tuple, py.StringDict) (py.Object, error) { return d, nil })
			return b, nil
		}),
	}}
}

// schema is a Schema: its column definitions as DDL writes them.
type schema struct {
	items []string
}

func (s *schema) Type() *py.Type { return schemaType }

// schemaClass is Schema.new_builder() and its builder.
func schemaClass() *object {
	return &object{typ: schemaType, attrs: py.StringDict{
		"new_builder": method("new_builder", func(py.Tuple, py.StringDict) (py.Object, error) {
			s := &schema{}
			b := &object{typ: newType("pyflink.table.schema", "Builder"), attrs: py.StringDict{}}
			step := func(name string, f func(args py.Tuple, kw py.StringDict) error) {
				b.attrs[name] = method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
					return b, f(args, kw)
				})
			}
			step("column", func(args py.Tuple, kw py.StringDict) error {
				name, err := stringArg("column", args, kw, 0, "column_name")
				if err != nil {
					return err
				}
				var typ string
				switch t := argument(args, kw, 1, "data_type").(type) {
				case *dataType:
					typ = t.sqlType()
				case py.String:
					typ = string(t)
				default:
					return py.ExceptionNewf(py.TypeError, "column() takes a DataType or a type string")
				}
				s.items = append(s.items, quoteIdent(name)+" "+typ)
				return nil
			})
			step("column_by_expression", func(args py.Tuple, kw py.StringDict) error {
				name, err := stringArg("column_by_expression", args, kw, 0, "column_name")
				if err != nil {
					return err
				}
				var text string
				switch e := argument(args, kw, 1, "expr").(type) {
				case py.String:
					text = string(e)
				case *expression:
					text = e.render(nil)
				default:
					return py.ExceptionNewf(py.TypeError, "column_by_expression() takes an SQL string or an Expression")
				}
				s.items = append(s.items, quoteIdent(name)+" AS "+text)
				return nil
			})
			step("column_by_metadata", func(args py.Tuple, kw py.StringDict) error {
				name, err := stringArg("column_by_metadata", args, kw, 0, "column_name")
				if err != nil {
					return err
				}
				t, err := typeArg("column_by_metadata", args, kw, 1, "data_type")
				if err != nil {
					return err
				}
				item := quoteIdent(name) + " " + t.sqlType() + " METADATA"
				if key, ok := argument(args, kw, 2, "metadata_key").(py.String); ok {
					item += " FROM '" + sqlString(string(key)) + "'"
				}
				if argument(args, kw, 3, "is_virtual") == py.True {
					item += " VIRTUAL"
				}
				s.items = append(s.items, item)
				return nil
			})
			step("watermark", func(args py.Tuple, kw py.StringDict) error {
				col, err := stringArg("watermark", args, kw, 0, "column_name")
				if err != nil {
					return err
				}
				var text string
				switch e := argument(args, kw, 1, "watermark_expr").(type) {
				case py.String:
					text = string(e)
				case *expression:
					text = e.render(nil)
				default:
					return py.ExceptionNewf(py.TypeError, "watermark() takes an SQL string or an Expression")
				}
				s.items = append(s.items, "WATERMARK FOR "+quoteIdent(col)+" AS "+text)
				return nil
			})
			step("primary_key", func(args py.Tuple, kw py.StringDict) error {
				var cols []string
				for _, a := range args {
					c, ok := a.(py.String)
					if !ok {
						return py.ExceptionNewf(py.TypeError, "primary_key() takes column names")
					}
					cols = append(cols, quoteIdent(string(c)))
				}
				s.items = append(s.items, "PRIMARY KEY ("+strings.Join(cols, ", ")+") NOT ENFORCED")
				return nil
			})
			b.attrs["build"] = method("build", func(py.Tuple, py.StringDict) (py.Object, error) { return s, nil })
			return b, nil
		}),
	}}
}

// targetPath reads an INSERT target: a table path, or a TableDescriptor,
// registered as an anonymous temporary table as Flink does.
func (e *tableEnv) targetPath(fn string, args py.Tuple, kw py.StringDict, i int) (string, error) {
	switch v := argument(args, kw, i, "table_path_or_descriptor").(type) {
	case py.String:
		return quotePath(string(v)), nil
	case *descriptor:
		name := e.anonymous()
		if _, err := e.execute(v.ddl(name, true, false), "createTemporaryTable"); err != nil {
			return "", err
		}
		return name, nil
	}
	return "", py.ExceptionNewf(py.TypeError, "%s() takes a table path or a TableDescriptor", fn)
}

// anonymous names an anonymous table as Flink's Table API does.
func (e *tableEnv) anonymous() string {
	e.r.mu.Lock()
	defer e.r.mu.Unlock()
	n := e.r.unnamed
	e.r.unnamed++
	return quoteIdent(fmt.Sprintf("*anonymous_%d*", n))
}

// fromElements is from_elements(elements, schema=None): a VALUES query
// typed as PyFlink infers Python values (int BIGINT, float DOUBLE, str
// STRING, bool BOOLEAN), columns _1, _2, ... unless named.
func (e *tableEnv) fromElements(args py.Tuple, kw py.StringDict) (py.Object, error) {
	elems := argument(args, kw, 0, "elements")
	if elems == nil {
		return nil, py.ExceptionNewf(py.TypeError, "from_elements() missing 1 required positional argument: 'elements'")
	}
	var rows [][]py.Object
	err := py.Iterate(elems, func(o py.Object) bool {
		switch v := o.(type) {
		case py.Tuple:
			rows = append(rows, v)
		case *py.List:
			rows = append(rows, v.Items)
		case *row:
			rows = append(rows, v.values)
		default:
			rows = append(rows, []py.Object{o})
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, py.ExceptionNewf(py.ValueError, "can not infer schema from empty dataset")
	}
	width := len(rows[0])
	var names []string
	var declared []*dataType
	switch s := argument(args, kw, 1, "schema").(type) {
	case nil, py.NoneType:
	case *py.List:
		for _, n := range s.Items {
			str, ok := n.(py.String)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "schema names must be str")
			}
			names = append(names, string(str))
		}
	case *dataType:
		names, declared = s.fieldNames, s.fieldTypes
	default:
		return nil, py.ExceptionNewf(py.TypeError, "schema should be a list of names or a DataType, not %s", s.Type().Name)
	}
	for i := len(names); i < width; i++ {
		names = append(names, "_"+strconv.Itoa(i+1))
	}
	types := make([]string, width)
	nullable := make([]bool, width)
	for c := 0; c < width; c++ {
		nullable[c] = true
		if c < len(declared) {
			types[c] = declared[c].sqlType()
			nullable[c] = declared[c].nullable
			continue
		}
		for _, r := range rows {
			if c < len(r) && r[c] != py.None {
				types[c] = inferType(r[c])
				break
			}
		}
		if types[c] == "" {
			types[c] = "STRING"
		}
	}
	tuples := make([]string, len(rows))
	for i, r := range rows {
		if len(r) != width {
			return nil, py.ExceptionNewf(py.ValueError, "Length of object (%d) does not match with length of fields (%d)", len(r), width)
		}
		cells := make([]string, width)
		for c, v := range r {
			lit, err := litExpr(v)
			if err != nil {
				return nil, err
			}
			// the columns are nullable as PyFlink types them: TRY_CAST
			// is, where a CAST of a literal is NOT NULL
			fn := "CAST("
			if nullable[c] {
				fn = "TRY_CAST("
			}
			cells[c] = fn + lit.render(nil) + " AS " + types[c] + ")"
		}
		tuples[i] = "(" + strings.Join(cells, ", ") + ")"
	}
	cols := make([]string, width)
	for i, n := range names[:width] {
		cols[i] = quoteIdent(n)
	}
	q := "SELECT * FROM (VALUES " + strings.Join(tuples, ", ") + ") AS `$$T_VALUES`(" + strings.Join(cols, ", ") + ")"
	return e.newTable(q, "fromValues")
}

func inferType(v py.Object) string {
	switch v.(type) {
	case py.Bool:
		return "BOOLEAN"
	case py.Int, *py.BigInt:
		return "BIGINT"
	case py.Float:
		return "DOUBLE"
	case py.Bytes:
		return "BYTES"
	}
	return "STRING"
}

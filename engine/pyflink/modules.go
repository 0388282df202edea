package pyflink

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/go-python/gpython/py"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// The exceptions of PyFlink (pyflink.util.exceptions) and py4j: a Java
// exception whose class PyFlink maps becomes that Python class, with the
// Java text as its message; any other stays py4j's Py4JJavaError.
var (
	py4jErrorType     = pyException(py.ExceptionType, "py4j.protocol", "Py4JError")
	py4jJavaErrorType = pyException(py4jErrorType, "py4j.protocol", "Py4JJavaError")
	javaExceptionType = pyException(py.ExceptionType, "pyflink.util.exceptions", "JavaException")
	// mappedExceptions are PyFlink's exception_mapping: Java class to the
	// Python class raised for it.
	mappedExceptions   = map[string]*py.Type{}
	moduleNotFoundType = pyException(py.ImportError, "builtins", "ModuleNotFoundError")
)

func init() {
	// gpython's classes have no __name__ (type(e).__name__ is how
	// programs name an exception they caught).
	if _, ok := py.TypeType.Dict["__name__"]; !ok {
		py.TypeType.Dict["__name__"] = &py.Property{
			Fget: func(self py.Object) (py.Object, error) {
				if t, ok := self.(*py.Type); ok {
					return py.String(t.Name), nil
				}
				return nil, py.ExceptionNewf(py.AttributeError, "__name__")
			},
			Doc: "the class's name",
		}
	}
	for _, java := range []string{
		"org.apache.flink.table.api.TableException",
		"org.apache.flink.table.catalog.exceptions.CatalogException",
		"org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException",
		"org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException",
		"org.apache.flink.table.catalog.exceptions.DatabaseNotExistException",
		"org.apache.flink.table.catalog.exceptions.FunctionAlreadyExistException",
		"org.apache.flink.table.catalog.exceptions.FunctionNotExistException",
		"org.apache.flink.table.catalog.exceptions.PartitionAlreadyExistsException",
		"org.apache.flink.table.catalog.exceptions.PartitionNotExistException",
		"org.apache.flink.table.catalog.exceptions.PartitionSpecInvalidException",
		"org.apache.flink.table.catalog.exceptions.TableAlreadyExistException",
		"org.apache.flink.table.catalog.exceptions.TableNotExistException",
		"org.apache.flink.table.catalog.exceptions.TableNotPartitionedException",
		"org.apache.flink.table.catalog.exceptions.ModelAlreadyExistException",
		"org.apache.flink.table.catalog.exceptions.ModelNotExistException",
	} {
		name := java[strings.LastIndexByte(java, '.')+1:]
		mappedExceptions[java] = pyException(javaExceptionType, "pyflink.util.exceptions", name)
	}
}

func pyException(base *py.Type, module, name string) *py.Type {
	t := base.NewType(name, "", nil, nil)
	t.Dict["__module__"] = py.String(module)
	return readyType(t)
}

// readyType computes a new type's method resolution order, which
// gpython's NewType leaves to its init-time TypeMakeReady: without it
// `except Exception` does not catch a PyFlink exception, and isinstance
// sees no base class. NewType copies the base's flags, READY among them,
// and makes the base the new type's type (so type(e).__name__ failed).
func readyType(t *py.Type) *py.Type {
	// NewType makes the base the new type's metatype: a class is a type.
	t.ObjectType = py.TypeType
	if len(t.Bases) == 1 {
		if b, ok := t.Bases[0].(*py.Type); ok {
			t.Base = b
		}
	}
	t.Flags &^= py.TPFLAGS_READY | py.TPFLAGS_READYING
	if err := t.Ready(); err != nil {
		panic(fmt.Sprintf("pyflink: type %s: %v", t.Name, err))
	}
	return t
}

func moduleNotFound(name string) error {
	return py.ExceptionNewf(moduleNotFoundType, "No module named '%s'", name)
}

// javaError turns an engine error into the exception PyFlink raises when
// the Java call (call, on the Java object o<id>) throws it.
func (r *run) javaError(err error, id int, call string) error {
	text := diag.Wrap(err).Reason()
	for java, t := range mappedExceptions {
		if strings.HasPrefix(text, java+":") || text == java {
			return py.ExceptionNewf(t, "%s", text)
		}
	}
	return py.ExceptionNewf(py4jJavaErrorType, "An error occurred while calling o%d.%s.\n: %s", id, call, text)
}

// topLevel is the exception a TableEnvironment call throws for an error of
// statement stmt, where the SQL client shows its root cause: Flink's parser
// wraps the parser's exception in SqlParserException ("SQL parse failed.
// ..."), or SqlParserEOFException for an unexpected end, and its validator
// wraps Calcite's in ValidationException ("SQL validation failed. From line
// 1, column 15 to line 1, column 21: ..."). Other errors are thrown as they
// are.
func topLevel(err error, stmt string) error {
	e, ok := diag.As(err)
	if !ok {
		return err
	}
	switch e.Class {
	case diag.ParseException:
		msg := e.Msg
		// The engine parses a statement as the SQL client passes it, ended
		// by ';'; executeSql's has no ';', and its end is Calcite's <EOF>,
		// at the statement's last column.
		if body := strings.TrimRight(stmt, " \t\r\n"); !strings.HasSuffix(body, ";") {
			l, c := diag.LineCol(body, len(body))
			at := fmt.Sprintf(`Encountered ";" at line %d, column %d.`, l, c)
			if strings.HasPrefix(msg, at) {
				msg = fmt.Sprintf(`Encountered "<EOF>" at line %d, column %d.`, l, max(c-1, 1)) + msg[len(at):]
				e = &diag.Error{Pos: e.Pos, Class: e.Class, Msg: msg}
			}
		}
		if strings.Contains(e.Msg, `Encountered "<EOF>"`) {
			return &diag.Error{Pos: e.Pos, Class: "org.apache.flink.table.api.SqlParserEOFException", Msg: e.Msg}
		}
		return &diag.Error{Pos: e.Pos, Class: "org.apache.flink.table.api.SqlParserException", Msg: "SQL parse failed. " + e.Msg}
	case diag.SqlValidatorException:
		msg := e.Msg
		if e.Pos >= 0 && e.Pos < len(stmt) {
			end := nodeEnd(stmt, e.Pos)
			l1, c1 := diag.LineCol(stmt, e.Pos)
			l2, c2 := diag.LineCol(stmt, end)
			msg = fmt.Sprintf("From line %d, column %d to line %d, column %d: %s", l1, c1, l2, c2, msg)
		}
		return &diag.Error{Pos: e.Pos, Class: diag.ValidationException, Msg: "SQL validation failed. " + msg}
	case "org.apache.flink.table.catalog.exceptions.TableAlreadyExistException":
		// CatalogManager.createTable wraps the catalog's exception.
		if m := tableExists.FindStringSubmatch(e.Msg); m != nil {
			return &diag.Error{Pos: e.Pos, Class: diag.ValidationException,
				Msg: "Could not execute CreateTable in path " + quoteIdentifier(m[3], m[1], m[2])}
		}
	}
	return err
}

// tableExists is a catalog's TableAlreadyExistException message.
var tableExists = regexp.MustCompile(`^Table \(or view\) (.+)\.([^.]+) already exists in Catalog (.+)\.$`)

// quoteIdentifier is an ObjectIdentifier as Flink prints it:
// `cat`.`db`.`name`.
func quoteIdentifier(parts ...string) string {
	for i, p := range parts {
		parts[i] = "`" + strings.ReplaceAll(p, "`", "``") + "`"
	}
	return strings.Join(parts, ".")
}

// nodeEnd is the offset of the last character of the SQL node starting at
// pos, as Calcite's positions span it: a (dotted, quoted) identifier, with
// its call's arguments when one follows, or a literal.
func nodeEnd(s string, pos int) int {
	i := pos
	word := func(c byte) bool {
		return c == '_' || c == '$' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
	}
	for i < len(s) {
		switch c := s[i]; {
		case c == '`' || c == '\'':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return len(s) - 1
			}
			i += j + 2
		case word(c):
			i++
		default:
			goto done
		}
	}
done:
	if i == pos {
		return pos
	}
	j := i
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r') {
		j++
	}
	if j < len(s) && s[j] == '(' {
		depth := 0
		for k := j; k < len(s); k++ {
			switch s[k] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					return k
				}
			case '\'':
				if q := strings.IndexByte(s[k+1:], '\''); q >= 0 {
					k += q + 1
				}
			}
		}
	}
	return i - 1
}

// modules are the pyflink modules of a run, and py4j's exceptions.
func (r *run) modules() map[string]*py.ModuleImpl {
	envSettings := r.environmentSettingsClass()
	tableEnv := r.tableEnvironmentClass(false)
	streamTableEnv := r.tableEnvironmentClass(true)
	rowCls := rowClass()
	rowKinds := &object{typ: rowKindType, attrs: py.StringDict{}}
	for k, name := range rowKindNames {
		rowKinds.attrs[name] = rowKind(k)
	}
	execEnv := r.executionEnvironmentClass()
	modes := &object{typ: runtimeModeType, attrs: py.StringDict{
		"STREAMING": runtimeMode("STREAMING"), "BATCH": runtimeMode("BATCH"), "AUTOMATIC": runtimeMode("AUTOMATIC")}}
	exceptions := py.StringDict{"JavaException": javaExceptionType}
	for _, t := range mappedExceptions {
		exceptions[t.Name] = t
	}
	m := func(name string, globals py.StringDict) *py.ModuleImpl {
		return &py.ModuleImpl{Info: py.ModuleInfo{Name: name}, Globals: globals}
	}
	dataTypes := dataTypesClass()
	exprs := expressionsModule()
	windows := windowModule()
	table := py.StringDict{
		"DataTypes":              dataTypes,
		"TableDescriptor":        tableDescriptorClass(),
		"Schema":                 schemaClass(),
		"EnvironmentSettings":    envSettings,
		"TableEnvironment":       tableEnv,
		"StreamTableEnvironment": streamTableEnv,
		"Row":                    rowCls,
		"RowKind":                rowKinds,
	}
	common := py.StringDict{"Row": rowCls, "RowKind": rowKinds}
	datastream := py.StringDict{"StreamExecutionEnvironment": execEnv, "RuntimeExecutionMode": modes}
	return map[string]*py.ModuleImpl{
		"pyflink":                   m("pyflink", py.StringDict{}),
		"pyflink.table":             m("pyflink.table", table),
		"pyflink.table.expressions": m("pyflink.table.expressions", exprs),
		"pyflink.table.window":      m("pyflink.table.window", windows),
		"pyflink.table.types":       m("pyflink.table.types", py.StringDict{"DataTypes": dataTypes, "Row": rowCls, "RowKind": rowKinds}),
		"pyflink.common":            m("pyflink.common", common),
		"pyflink.datastream":        m("pyflink.datastream", datastream),
		"pyflink.util":              m("pyflink.util", py.StringDict{}),
		"pyflink.util.exceptions":   m("pyflink.util.exceptions", exceptions),
		"py4j":                      m("py4j", py.StringDict{}),
		"py4j.protocol":             m("py4j.protocol", py.StringDict{"Py4JError": py4jErrorType, "Py4JJavaError": py4jJavaErrorType}),
		"logging":                   m("logging", r.loggingModule(func() *interp { return r.interp })),
		"pyflink.table.udf":         m("pyflink.table.udf", udfModule()),
	}
}

var (
	executionEnvType = newType("pyflink.datastream.stream_execution_environment", "StreamExecutionEnvironment")
	runtimeModeType  = newType("pyflink.datastream.execution_mode", "RuntimeExecutionMode")
)

type runtimeModeObject struct{ name string }

func (m *runtimeModeObject) Type() *py.Type { return runtimeModeType }
func (m *runtimeModeObject) M__repr__() (py.Object, error) {
	return py.String(fmt.Sprintf("<RuntimeExecutionMode.%s>", m.name)), nil
}

func runtimeMode(name string) py.Object { return &runtimeModeObject{name: name} }

// executionEnvironmentClass is StreamExecutionEnvironment: the playground
// runs one task, so parallelism and checkpointing settings are kept and
// read back but change nothing; the runtime mode chooses streaming or
// batch for a StreamTableEnvironment made over it.
func (r *run) executionEnvironmentClass() *object {
	return &object{typ: executionEnvType, attrs: py.StringDict{
		"get_execution_environment": method("get_execution_environment", func(py.Tuple, py.StringDict) (py.Object, error) {
			env := &object{typ: executionEnvType, attrs: py.StringDict{"__batch": py.False}}
			parallelism := py.Object(py.Int(1))
			self := func(f func(args py.Tuple)) *py.Method {
				return method("", func(args py.Tuple, _ py.StringDict) (py.Object, error) {
					f(args)
					return env, nil
				})
			}
			env.attrs["set_parallelism"] = self(func(args py.Tuple) {
				if len(args) > 0 {
					parallelism = args[0]
				}
			})
			env.attrs["get_parallelism"] = method("get_parallelism", func(py.Tuple, py.StringDict) (py.Object, error) {
				return parallelism, nil
			})
			env.attrs["set_runtime_mode"] = self(func(args py.Tuple) {
				if len(args) > 0 {
					if m, ok := args[0].(*runtimeModeObject); ok {
						env.attrs["__batch"] = py.NewBool(m.name == "BATCH")
					}
				}
			})
			env.attrs["enable_checkpointing"] = self(func(py.Tuple) {})
			return env, nil
		}),
	}}
}

// udfModule is pyflink.table.udf: its decorators refuse, with a clear
// message, what the playground cannot run yet (Python code inside a job).
func udfModule() py.StringDict {
	g := py.StringDict{}
	for _, name := range []string{"udf", "udtf", "udaf", "udtaf"} {
		fn := name
		g[fn] = method(fn, func(py.Tuple, py.StringDict) (py.Object, error) {
			return nil, py.ExceptionNewf(py.NotImplementedError,
				"Python user-defined functions (%s) do not run in the playground yet: a job here runs only SQL; "+
					"use a built-in function (docs/functions.md) or run the program on Flink", fn)
		})
	}
	for _, name := range []string{"ScalarFunction", "TableFunction", "AggregateFunction", "TableAggregateFunction"} {
		g[name] = newType("pyflink.table.udf", name)
	}
	return g
}

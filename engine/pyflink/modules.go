package pyflink

import (
	"fmt"
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

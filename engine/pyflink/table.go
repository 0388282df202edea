package pyflink

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/go-python/gpython/py"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// object is a PyFlink object made in Go: its Python type and its
// attributes, methods included (closures over the run's state).
type object struct {
	typ   *py.Type
	attrs py.StringDict
}

func (o *object) Type() *py.Type         { return o.typ }
func (o *object) GetDict() py.StringDict { return o.attrs }

func (o *object) M__repr__() (py.Object, error) {
	return py.String(fmt.Sprintf("<%s object>", qualifiedName(o.typ))), nil
}

// newType makes a class of module mod.
func newType(mod, name string) *py.Type {
	t := py.NewType(name, "")
	t.Dict["__module__"] = py.String(mod)
	return readyType(t)
}

// method makes a Python method of f, which gets the call's positional and
// keyword arguments.
func method(name string, f func(args py.Tuple, kw py.StringDict) (py.Object, error)) *py.Method {
	return py.MustNewMethod(name, func(_ py.Object, args py.Tuple, kw py.StringDict) (py.Object, error) {
		return f(args, kw)
	}, 0, "")
}

// argument returns the i-th positional or the named argument, or nil.
func argument(args py.Tuple, kw py.StringDict, i int, name string) py.Object {
	if i < len(args) {
		return args[i]
	}
	if v, ok := kw[name]; ok {
		return v
	}
	return nil
}

// stringArg is a str argument.
func stringArg(fn string, args py.Tuple, kw py.StringDict, i int, name string) (string, error) {
	v := argument(args, kw, i, name)
	if v == nil {
		return "", py.ExceptionNewf(py.TypeError, "%s() missing 1 required positional argument: '%s'", fn, name)
	}
	s, ok := v.(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "%s() argument '%s' must be str, not %s", fn, name, v.Type().Name)
	}
	return string(s), nil
}

var (
	environmentSettingsType = newType("pyflink.table.environment_settings", "EnvironmentSettings")
	settingsBuilderType     = newType("pyflink.table.environment_settings", "Builder")
	tableEnvironmentType    = newType("pyflink.table.table_environment", "TableEnvironment")
	streamTableEnvType      = newType("pyflink.table.table_environment", "StreamTableEnvironment")
	tableConfigType         = newType("pyflink.table.table_config", "TableConfig")
	tableResultType         = newType("pyflink.table.table_result", "TableResult")
	tableType               = newType("pyflink.table.table", "Table")
	statementSetType        = newType("pyflink.table.statement_set", "StatementSet")
	jobClientType           = newType("pyflink.common.job_client", "JobClient")
	resultKindType          = newType("pyflink.table.result_kind", "ResultKind")
)

// settings is an EnvironmentSettings.
func (r *run) settings(batch bool) *object {
	return &object{typ: environmentSettingsType, attrs: py.StringDict{
		"is_streaming_mode": method("is_streaming_mode", func(py.Tuple, py.StringDict) (py.Object, error) {
			return py.NewBool(!batch), nil
		}),
		"__batch": py.NewBool(batch),
	}}
}

func isBatchSettings(o py.Object) (bool, error) {
	s, ok := o.(*object)
	if !ok || s.typ != environmentSettingsType {
		return false, py.ExceptionNewf(py.TypeError, "environment_settings must be an EnvironmentSettings, not %s", o.Type().Name)
	}
	return s.attrs["__batch"] == py.True, nil
}

// environmentSettingsClass is the EnvironmentSettings class: its static
// factories.
func (r *run) environmentSettingsClass() *object {
	builder := func() *object {
		batch := false
		b := &object{typ: settingsBuilderType, attrs: py.StringDict{}}
		b.attrs["in_streaming_mode"] = method("in_streaming_mode", func(py.Tuple, py.StringDict) (py.Object, error) {
			batch = false
			return b, nil
		})
		b.attrs["in_batch_mode"] = method("in_batch_mode", func(py.Tuple, py.StringDict) (py.Object, error) {
			batch = true
			return b, nil
		})
		b.attrs["build"] = method("build", func(py.Tuple, py.StringDict) (py.Object, error) {
			return r.settings(batch), nil
		})
		return b
	}
	return &object{typ: environmentSettingsType, attrs: py.StringDict{
		"in_streaming_mode": method("in_streaming_mode", func(py.Tuple, py.StringDict) (py.Object, error) {
			return r.settings(false), nil
		}),
		"in_batch_mode": method("in_batch_mode", func(py.Tuple, py.StringDict) (py.Object, error) {
			return r.settings(true), nil
		}),
		"new_instance": method("new_instance", func(py.Tuple, py.StringDict) (py.Object, error) {
			return builder(), nil
		}),
	}}
}

// tableEnvironmentClass is TableEnvironment (or StreamTableEnvironment):
// create makes a TableEnvironment over a new session.
func (r *run) tableEnvironmentClass(stream bool) *object {
	typ := tableEnvironmentType
	if stream {
		typ = streamTableEnvType
	}
	return &object{typ: typ, attrs: py.StringDict{
		"create": method("create", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			batch := false
			if stream {
				// StreamTableEnvironment.create(stream_execution_environment=None, environment_settings=None)
				if env, ok := argument(args, kw, 0, "stream_execution_environment").(*object); ok {
					if m, ok := env.attrs["__batch"]; ok && m == py.True {
						batch = true
					}
				}
				if s := argument(args, kw, 1, "environment_settings"); s != nil && s != py.None {
					b, err := isBatchSettings(s)
					if err != nil {
						return nil, err
					}
					batch = b
				}
			} else {
				s := argument(args, kw, 0, "environment_settings")
				if s == nil {
					return nil, py.ExceptionNewf(py.TypeError, "create() missing 1 required positional argument: 'environment_settings'")
				}
				b, err := isBatchSettings(s)
				if err != nil {
					return nil, err
				}
				batch = b
			}
			return r.newTableEnv(typ, batch), nil
		}),
	}}
}

// tableEnv is a TableEnvironment: a session of the engine.
type tableEnv struct {
	object
	r      *run
	sess   *engine.Session
	javaID int
	// setKeys are the configuration keys the program set, in order
	setKeys []string
	// runtimeMode is 'execution.runtime-mode' as the program set it
	// after the TableEnvironment was made ("" when it did not)
	runtimeMode string
	batch       bool
}

func (r *run) javaObject() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nextID++
	return r.nextID
}

func (r *run) newTableEnv(typ *py.Type, batch bool) *tableEnv {
	cfg := r.opts.Config
	cfg.Batch = batch
	t := &tableEnv{object: object{typ: typ, attrs: py.StringDict{}}, r: r, sess: engine.NewSession(cfg), javaID: r.javaObject(), batch: batch}
	r.mu.Lock()
	r.envs = append(r.envs, t)
	r.mu.Unlock()
	a := t.attrs
	a["execute_sql"] = method("execute_sql", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		stmt, err := stringArg("execute_sql", args, kw, 0, "stmt")
		if err != nil {
			return nil, err
		}
		return t.executeSQL(stmt, "executeSql")
	})
	a["sql_query"] = method("sql_query", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		q, err := stringArg("sql_query", args, kw, 0, "query")
		if err != nil {
			return nil, err
		}
		return t.sqlQuery(q)
	})
	a["from_path"] = method("from_path", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		path, err := stringArg("from_path", args, kw, 0, "path")
		if err != nil {
			return nil, err
		}
		return t.newTable("SELECT * FROM "+quotePath(path), "from")
	})
	a["create_temporary_view"] = method("create_temporary_view", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		path, err := stringArg("create_temporary_view", args, kw, 0, "view_path")
		if err != nil {
			return nil, err
		}
		tbl, ok := argument(args, kw, 1, "table").(*table)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "create_temporary_view() needs a Table")
		}
		if _, err := t.execute("CREATE TEMPORARY VIEW "+quotePath(path)+" AS "+tbl.query, "createTemporaryView"); err != nil {
			return nil, err
		}
		return py.None, nil
	})
	a["get_config"] = method("get_config", func(py.Tuple, py.StringDict) (py.Object, error) {
		return t.config(), nil
	})
	a["from_elements"] = method("from_elements", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		return t.fromElements(args, kw)
	})
	createTable := func(name string, temporary bool) {
		a[name] = method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			path, err := stringArg(name, args, kw, 0, "path")
			if err != nil {
				return nil, err
			}
			d, ok := argument(args, kw, 1, "descriptor").(*descriptor)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "%s() takes a TableDescriptor", name)
			}
			ifNotExists := argument(args, kw, 2, "ignoreIfExists") == py.True
			if _, err := t.execute(d.ddl(quotePath(path), temporary, ifNotExists), "createTable"); err != nil {
				return nil, err
			}
			return py.None, nil
		})
	}
	createTable("create_temporary_table", true)
	createTable("create_table", false)
	a["from_descriptor"] = method("from_descriptor", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		d, ok := argument(args, kw, 0, "descriptor").(*descriptor)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "from_descriptor() takes a TableDescriptor")
		}
		name := t.anonymous()
		if _, err := t.execute(d.ddl(name, true, false), "createTemporaryTable"); err != nil {
			return nil, err
		}
		return t.newTable("SELECT * FROM "+name, "from")
	})
	a["explain_sql"] = method("explain_sql", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		stmt, err := stringArg("explain_sql", args, kw, 0, "stmt")
		if err != nil {
			return nil, err
		}
		res, err := t.execute("EXPLAIN "+stmt, "explainSql")
		if err != nil {
			return nil, err
		}
		return py.String(res.Rows[0][0].Str()), nil
	})
	a["create_statement_set"] = method("create_statement_set", func(py.Tuple, py.StringDict) (py.Object, error) {
		return t.statementSet(), nil
	})
	a["list_tables"] = method("list_tables", func(py.Tuple, py.StringDict) (py.Object, error) {
		return t.listing("SHOW TABLES", "listTables")
	})
	a["list_views"] = method("list_views", func(py.Tuple, py.StringDict) (py.Object, error) {
		return t.listing("SHOW VIEWS", "listViews")
	})
	for name, stmt := range map[string]string{"list_catalogs": "SHOW CATALOGS", "list_databases": "SHOW DATABASES",
		"list_functions": "SHOW FUNCTIONS", "list_user_defined_functions": "SHOW USER FUNCTIONS", "list_modules": "SHOW MODULES",
		"get_current_catalog": "SHOW CURRENT CATALOG", "get_current_database": "SHOW CURRENT DATABASE"} {
		name, stmt := name, stmt
		call := javaName(name)
		a[name] = method(name, func(py.Tuple, py.StringDict) (py.Object, error) {
			l, err := t.listing(stmt, call)
			if err != nil || !strings.HasPrefix(name, "get_") {
				return l, err
			}
			items := l.(*py.List).Items
			if len(items) == 0 {
				return py.None, nil
			}
			return items[0], nil
		})
	}
	for name, stmt := range map[string]string{"use_catalog": "USE CATALOG ", "use_database": "USE "} {
		name, stmt := name, stmt
		a[name] = method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			n, err := stringArg(name, args, kw, 0, strings.TrimPrefix(name, "use_")+"_name")
			if err != nil {
				return nil, err
			}
			if _, err := t.execute(stmt+quoteIdent(n), javaName(name)); err != nil {
				return nil, err
			}
			return py.None, nil
		})
	}
	for name, kind := range map[string]string{"drop_temporary_view": "TEMPORARY VIEW", "drop_temporary_table": "TEMPORARY TABLE",
		"drop_view": "VIEW", "drop_table": "TABLE"} {
		name, kind := name, kind
		a[name] = method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			path, err := stringArg(name, args, kw, 0, "path")
			if err != nil {
				return nil, err
			}
			// PyFlink returns whether it dropped something
			if _, err := t.execute("DROP "+kind+" "+quotePath(path), javaName(name)); err != nil {
				return py.False, nil
			}
			return py.True, nil
		})
	}
	return t
}

// javaName is the Java method a PyFlink method calls: get_current_catalog
// is getCurrentCatalog.
func javaName(name string) string {
	parts := strings.Split(name, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// quotePath quotes each part of a table path for SQL.
func quotePath(path string) string {
	parts := strings.Split(path, ".")
	for i, p := range parts {
		parts[i] = "`" + strings.ReplaceAll(p, "`", "``") + "`"
	}
	return strings.Join(parts, ".")
}

// execute runs one statement, turning an engine error into the Python
// exception PyFlink raises for it; call names the Java method in it.
func (t *tableEnv) execute(stmt, call string) (*engine.Result, error) {
	res, err := t.sess.Execute(t.r.ctx, stmt)
	if err != nil {
		return nil, t.r.javaError(topLevel(err, stmt), t.javaID, call)
	}
	if mode := t.runtimeMode; mode != "" && (res.Kind == engine.ResultQuery || res.Kind == engine.ResultInsert) {
		want := "streaming"
		if t.batch {
			want = "batch"
		}
		if mode != want {
			res.Close()
			return nil, t.r.javaError(diag.Errorf(diag.NoPos, "java.lang.IllegalArgumentException",
				"Mismatch between configured runtime mode and actual runtime mode. Currently, the 'execution.runtime-mode' can only be set when instantiating the table environment. Subsequent changes are not supported. Please instantiate a new TableEnvironment if necessary."),
				t.javaID, call)
		}
	}
	return res, nil
}

func (t *tableEnv) executeSQL(stmt, call string) (py.Object, error) {
	res, err := t.execute(stmt, call)
	if err != nil {
		return nil, err
	}
	return t.r.tableResult(t, res, stmt)
}

func (t *tableEnv) listing(stmt, call string) (py.Object, error) {
	res, err := t.execute(stmt, call)
	if err != nil {
		return nil, err
	}
	var out []py.Object
	for _, row := range res.Rows {
		out = append(out, py.String(row[0].Str()))
	}
	return py.NewListFromItems(out), nil
}

// config is TableConfig: set and get run SET and read the session's
// settings.
func (t *tableEnv) config() *object {
	c := &object{typ: tableConfigType, attrs: py.StringDict{}}
	c.attrs["set"] = method("set", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		key, err := stringArg("set", args, kw, 0, "key")
		if err != nil {
			return nil, err
		}
		value, err := stringArg("set", args, kw, 1, "value")
		if err != nil {
			return nil, err
		}
		if err := t.setConfig(key, value); err != nil {
			return nil, err
		}
		return c, nil
	})
	c.attrs["get_configuration"] = method("get_configuration", func(py.Tuple, py.StringDict) (py.Object, error) {
		return t.configuration(), nil
	})
	c.attrs["get"] = t.settingGetter("get")
	return c
}

func sqlString(s string) string { return strings.ReplaceAll(s, "'", "''") }

// setConfig sets a key of the session's configuration (SET), and keeps
// it in the order the program set it.
func (t *tableEnv) setConfig(key, value string) error {
	if key == keyRuntimeMode {
		// the mode is fixed when the TableEnvironment is made; the
		// setting is kept and checked when a statement is planned
		t.runtimeMode = strings.ToLower(value)
		t.remember(key)
		return nil
	}
	if _, err := t.execute("SET '"+sqlString(key)+"' = '"+sqlString(value)+"'", "set"); err != nil {
		return err
	}
	t.remember(key)
	return nil
}

const keyRuntimeMode = "execution.runtime-mode"

func (t *tableEnv) remember(key string) {
	t.forget(key)
	t.setKeys = append(t.setKeys, key)
}

func (t *tableEnv) forget(key string) {
	for i, k := range t.setKeys {
		if k == key {
			t.setKeys = append(t.setKeys[:i], t.setKeys[i+1:]...)
			return
		}
	}
}

// setting is a configuration value as the TableConfig reads it.
func (t *tableEnv) setting(key string) (string, bool) {
	if key == keyRuntimeMode && t.runtimeMode != "" {
		return t.runtimeMode, true
	}
	return t.sess.Setting(key)
}

var configurationType = newType("pyflink.common.configuration", "Configuration")

// settingGetter is TableConfig.get and Configuration.get_string: a
// setting's value, or the default given, or None.
func (t *tableEnv) settingGetter(name string) *py.Method {
	return method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		key, err := stringArg(name, args, kw, 0, "key")
		if err != nil {
			return nil, err
		}
		if v, ok := t.setting(key); ok {
			return py.String(v), nil
		}
		if d := argument(args, kw, 1, "default_value"); d != nil {
			return d, nil
		}
		return py.None, nil
	})
}

// configuration is TableConfig.get_configuration(): the keys the program
// set, over the session.
func (t *tableEnv) configuration() *configObject {
	c := &configObject{object: object{typ: configurationType, attrs: py.StringDict{}}, env: t}
	c.attrs["get_string"] = t.settingGetter("get_string")
	c.attrs["set_string"] = method("set_string", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		key, err := stringArg("set_string", args, kw, 0, "key")
		if err != nil {
			return nil, err
		}
		value, err := stringArg("set_string", args, kw, 1, "value")
		if err != nil {
			return nil, err
		}
		return c, t.setConfig(key, value)
	})
	c.attrs["remove_config"] = method("remove_config", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		key, err := stringArg("remove_config", args, kw, 0, "key")
		if err != nil {
			return nil, err
		}
		_, had := t.setting(key)
		if key == keyRuntimeMode {
			t.runtimeMode = ""
		} else if _, err := t.execute("RESET '"+sqlString(key)+"'", "removeKey"); err != nil {
			return nil, err
		}
		t.forget(key)
		return py.NewBool(had), nil
	})
	c.attrs["contains_key"] = method("contains_key", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		key, err := stringArg("contains_key", args, kw, 0, "key")
		if err != nil {
			return nil, err
		}
		_, ok := t.setting(key)
		return py.NewBool(ok), nil
	})
	c.attrs["to_dict"] = method("to_dict", func(py.Tuple, py.StringDict) (py.Object, error) {
		d := py.NewStringDict()
		for _, k := range t.setKeys {
			if v, ok := t.setting(k); ok {
				d[k] = py.String(v)
			}
		}
		return d, nil
	})
	return c
}

// configObject is a Configuration; str() prints it as Java does.
type configObject struct {
	object
	env *tableEnv
}

func (c *configObject) M__str__() (py.Object, error) {
	return py.String(c.env.configurationText()), nil
}

// configurationText is Java's Configuration.toString(): its HashMap of the
// keys set, in the order a java.util.HashMap iterates them.
func (t *tableEnv) configurationText() string {
	var keys, vals []string
	for _, k := range t.setKeys {
		if v, ok := t.setting(k); ok {
			keys = append(keys, k)
			vals = append(vals, v)
		}
	}
	order := javaHashMapOrder(keys)
	parts := make([]string, len(order))
	for i, j := range order {
		parts[i] = keys[j] + "=" + vals[j]
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// javaHashMapOrder is the order a java.util.HashMap, filled with keys in
// the given order, iterates them: by bucket of the spread String.hashCode,
// in insertion order within a bucket, the table doubling from 16 buckets
// past three quarters full.
func javaHashMapOrder(keys []string) []int {
	n := 16
	for float64(len(keys)) > float64(n)*0.75 {
		n *= 2
	}
	bucket := func(k string) int {
		var h int32
		for _, r := range utf16Units(k) {
			h = 31*h + int32(r)
		}
		u := uint32(h)
		return int((u ^ (u >> 16)) & uint32(n-1))
	}
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return bucket(keys[order[a]]) < bucket(keys[order[b]]) })
	return order
}

func utf16Units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// statementSet collects INSERTs and runs them as one job.
func (t *tableEnv) statementSet() *object {
	var inserts []string
	s := &object{typ: statementSetType, attrs: py.StringDict{}}
	s.attrs["add_insert_sql"] = method("add_insert_sql", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		stmt, err := stringArg("add_insert_sql", args, kw, 0, "stmt")
		if err != nil {
			return nil, err
		}
		inserts = append(inserts, strings.TrimRight(strings.TrimSpace(stmt), ";"))
		return s, nil
	})
	s.attrs["add_insert"] = method("add_insert", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		path, err := t.targetPath("add_insert", args, kw, 0)
		if err != nil {
			return nil, err
		}
		tb, ok := argument(args, kw, 1, "table").(*table)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "add_insert() needs a Table")
		}
		insert := "INSERT INTO "
		if o := argument(args, kw, 2, "overwrite"); o == py.True {
			insert = "INSERT OVERWRITE "
		}
		inserts = append(inserts, insert+path+" "+tb.query)
		return s, nil
	})
	s.attrs["execute"] = method("execute", func(py.Tuple, py.StringDict) (py.Object, error) {
		if len(inserts) == 0 {
			return nil, t.r.javaError(diag.Errorf(diag.NoPos, diag.TableException, "No operators defined in streaming topology. Cannot generate StreamGraph."), t.javaID, "execute")
		}
		stmt := "EXECUTE STATEMENT SET BEGIN " + strings.Join(inserts, "; ") + "; END"
		inserts = nil
		return t.executeSQL(stmt, "execute")
	})
	s.attrs["explain"] = method("explain", func(py.Tuple, py.StringDict) (py.Object, error) {
		res, err := t.execute("EXPLAIN STATEMENT SET BEGIN "+strings.Join(inserts, "; ")+"; END", "explain")
		if err != nil {
			return nil, err
		}
		return py.String(res.Rows[0][0].Str()), nil
	})
	return s
}

// tableResult is a TableResult.
type tableResult struct {
	object
	env      *tableEnv
	res      *engine.Result
	stmt     string // the SQL it comes from
	consumed bool
}

func (r *run) tableResult(t *tableEnv, res *engine.Result, stmt string) (py.Object, error) {
	tr := &tableResult{object: object{typ: tableResultType, attrs: py.StringDict{}}, env: t, res: res, stmt: stmt}
	if res.Kind == engine.ResultInsert && res.Job != nil {
		// execute_sql submits the job and returns, as PyFlink does.
		res.Job.Run(nil)
		if r.opts.Jobs != nil {
			r.opts.Jobs(res.Job)
		}
	}
	a := tr.attrs
	a["print"] = method("print", func(py.Tuple, py.StringDict) (py.Object, error) {
		return py.None, tr.print()
	})
	a["wait"] = method("wait", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		if ms, ok := argument(args, kw, 0, "timeout_ms").(py.Int); ok && res.Job != nil {
			select {
			case <-res.Job.Done():
			case <-time.After(time.Duration(ms) * time.Millisecond):
				return nil, r.javaError(diag.Errorf(diag.NoPos, "java.util.concurrent.TimeoutException", ""), t.javaID, "await")
			case <-r.ctx.Done():
				return nil, r.ctx.Err()
			}
		}
		return py.None, tr.wait()
	})
	a["get_table_schema"] = method("get_table_schema", func(py.Tuple, py.StringDict) (py.Object, error) {
		return tableSchema(resultSchema(res)), nil
	})
	a["get_resolved_schema"] = a["get_table_schema"]
	a["collect"] = method("collect", func(py.Tuple, py.StringDict) (py.Object, error) {
		return tr.collect()
	})
	a["get_job_client"] = method("get_job_client", func(py.Tuple, py.StringDict) (py.Object, error) {
		if res.Job == nil {
			return py.None, nil
		}
		return r.jobClient(res.Job), nil
	})
	a["get_result_kind"] = method("get_result_kind", func(py.Tuple, py.StringDict) (py.Object, error) {
		if res.Kind == engine.ResultInfo || (res.Kind == engine.ResultTable && len(res.Schema.Columns) == 1 && res.Schema.Columns[0].Name == "result" && len(res.Rows) == 1 && res.Rows[0][0].Str() == "OK") {
			return resultKind("SUCCESS"), nil
		}
		return resultKind("SUCCESS_WITH_CONTENT"), nil
	})
	return tr, nil
}

// resultSchema is the schema a TableResult has: its rows', or one -1
// column per sink of an INSERT, or "result" of a statement.
func resultSchema(res *engine.Result) types.Schema {
	switch {
	case res.Kind == engine.ResultInsert:
		return jobResult(res).Schema
	case len(res.Schema.Columns) > 0:
		return res.Schema
	}
	return types.Schema{Columns: []types.Column{{Name: "result", Type: types.String}}}
}

func resultKind(name string) py.Object {
	return &object{typ: resultKindType, attrs: py.StringDict{"name": py.String(name)}}
}

func (r *run) jobClient(j *engine.Job) *object {
	return &object{typ: jobClientType, attrs: py.StringDict{
		"get_job_id": method("get_job_id", func(py.Tuple, py.StringDict) (py.Object, error) {
			return py.String(j.ID), nil
		}),
		"cancel": method("cancel", func(py.Tuple, py.StringDict) (py.Object, error) {
			j.Stop()
			return py.None, nil
		}),
	}}
}

// once marks the result consumed: PyFlink allows one of print and collect.
func (tr *tableResult) once() error {
	if tr.consumed && tr.res.Kind == engine.ResultQuery {
		return tr.env.r.javaError(diag.Errorf(diag.NoPos, "java.lang.IllegalStateException",
			"The result can only be accessed once."), tr.env.javaID, "print")
	}
	tr.consumed = true
	return nil
}

// print prints the result as TableResult.print() does.
func (tr *tableResult) print() error {
	if err := tr.once(); err != nil {
		return err
	}
	r := tr.env.r
	o := r.opts.Print
	o.Style = client.TableResult
	o.PrintTimeCost = false
	o = o.ForSession(tr.env.sess)
	res := tr.res
	if res.Kind == engine.ResultInsert && res.Job != nil {
		// the job runs already: wait for it, then print its row of -1
		// per sink, as raw content (TableResultImpl has no print style
		// for it)
		if err := tr.wait(); err != nil {
			return err
		}
		cells := make([]string, len(jobResult(res).Schema.Columns))
		for i := range cells {
			cells[i] = "-1"
		}
		_, err := io.WriteString(r.opts.Stdout, strings.Join(cells, ", ")+"\n")
		return err
	}
	var err error
	if r.opts.Present != nil && res.Kind == engine.ResultQuery {
		err = r.opts.Present(r.ctx, tr.stmt, res, o)
	} else {
		_, err = client.Print(r.ctx, r.opts.Stdout, res, o)
	}
	if err != nil {
		if errors.Is(err, r.ctx.Err()) {
			return err
		}
		return r.javaError(err, tr.env.javaID, "print")
	}
	return nil
}

// jobResult is the result of an INSERT whose job ended, as collect()
// reads it: a BIGINT NOT NULL column per sink, named by it, holding -1
// (the affected row count Flink does not know).
func jobResult(res *engine.Result) *engine.Result {
	sinks := []string{"result"}
	if res.Job != nil && len(res.Job.Sinks) > 0 {
		sinks = res.Job.Sinks
	}
	out := &engine.Result{Kind: engine.ResultTable}
	row := make([]types.Value, len(sinks))
	for i, name := range sinks {
		out.Schema.Columns = append(out.Schema.Columns, types.Column{Name: name, Type: types.Int64.WithNullable(false)})
		row[i] = types.IntValue(-1)
	}
	out.Rows = [][]types.Value{row}
	return out
}

// wait waits for the job of an INSERT, or reads a query to its end.
func (tr *tableResult) wait() error {
	r := tr.env.r
	res := tr.res
	switch {
	case res.Kind == engine.ResultInsert && res.Job != nil:
		select {
		case <-res.Job.Done():
		case <-r.ctx.Done():
			res.Job.Stop()
			return r.ctx.Err()
		}
		if err := res.Job.State().Err; err != nil {
			return r.javaError(err, tr.env.javaID, "await")
		}
	case res.Kind == engine.ResultQuery:
		if tr.consumed {
			return nil
		}
		tr.consumed = true
		for {
			_, err := res.Next(r.ctx)
			if errors.Is(err, stream.ErrEndOfInput) {
				return nil
			}
			if err != nil {
				res.Close()
				if errors.Is(err, r.ctx.Err()) {
					return err
				}
				return r.javaError(err, tr.env.javaID, "await")
			}
		}
	}
	return nil
}

package pyflink

import (
	"strings"
	"time"

	"github.com/go-python/gpython/py"
)

// Standard modules gpython lacks, as far as PyFlink programs use them
// (Flink's own examples call logging.basicConfig in every __main__).

// loggingModule is logging: basicConfig, getLogger and the module-level
// functions, with the levels, the default WARNING threshold and the
// "%(levelname)s:%(name)s:%(message)s" default format; records go to
// sys.stderr unless basicConfig names a stream.
func (r *run) loggingModule(c func() *interp) py.StringDict {
	levels := map[string]int{"CRITICAL": 50, "ERROR": 40, "WARNING": 30, "INFO": 20, "DEBUG": 10, "NOTSET": 0}
	names := map[int]string{50: "CRITICAL", 40: "ERROR", 30: "WARNING", 20: "INFO", 10: "DEBUG", 0: "NOTSET"}
	var (
		configured bool
		stream     py.Object
		format     = "%(levelname)s:%(name)s:%(message)s"
		rootLevel  = 30
	)
	emit := func(name string, level int, args py.Tuple) error {
		if level < rootLevel || len(args) == 0 {
			return nil
		}
		msg, err := pyStr(args[0])
		if err != nil {
			return err
		}
		if len(args) > 1 {
			var values py.Object = py.Tuple(args[1:])
			if len(args) == 2 {
				if d, ok := args[1].(py.StringDict); ok {
					values = d
				}
			}
			if msg, err = pyPrintf(msg, values); err != nil {
				return err
			}
		}
		line := strings.NewReplacer(
			"%(message)s", msg,
			"%(levelname)s", names[level],
			"%(name)s", name,
			"%(levelno)s", names[level],
			"%(asctime)s", time.Now().Format("2006-01-02 15:04:05,000"),
		).Replace(format)
		out := stream
		if out == nil {
			sys, err := c().GetModule("sys")
			if err != nil {
				return err
			}
			out = sys.Globals["stderr"]
		}
		write, err := py.GetAttrString(out, "write")
		if err != nil {
			return err
		}
		_, err = py.Call(write, py.Tuple{py.String(line + "\n")}, nil)
		return err
	}
	logFns := func(name string) py.StringDict {
		d := py.StringDict{}
		for fn, level := range map[string]int{"debug": 10, "info": 20, "warning": 30, "warn": 30, "error": 40,
			"exception": 40, "critical": 50, "fatal": 50} {
			lvl := level
			d[fn] = method(fn, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
				return py.None, emit(name, lvl, args)
			})
		}
		d["log"] = method("log", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			if len(args) < 1 {
				return nil, py.ExceptionNewf(py.TypeError, "log() missing 'level'")
			}
			lvl, _ := args[0].(py.Int)
			return py.None, emit(name, int(lvl), args[1:])
		})
		return d
	}
	m := logFns("root")
	for n, v := range levels {
		m[n] = py.Int(v)
	}
	m["basicConfig"] = method("basicConfig", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		if configured && kw["force"] != py.True {
			return py.None, nil
		}
		configured = true
		if v, ok := kw["stream"]; ok && v != py.None {
			stream = v
		}
		if v, ok := kw["format"].(py.String); ok {
			format = string(v)
		}
		if v, ok := kw["level"]; ok {
			switch l := v.(type) {
			case py.Int:
				rootLevel = int(l)
			case py.String:
				if n, ok := levels[string(l)]; ok {
					rootLevel = n
				}
			}
		}
		return py.None, nil
	})
	m["getLogger"] = method("getLogger", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
		name := "root"
		if len(args) > 0 {
			if s, ok := args[0].(py.String); ok {
				name = string(s)
			}
		}
		l := &object{typ: newType("logging", "Logger"), attrs: logFns(name)}
		l.attrs["setLevel"] = method("setLevel", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			if len(args) > 0 {
				if n, ok := args[0].(py.Int); ok && name == "root" {
					rootLevel = int(n)
				}
			}
			return py.None, nil
		})
		l.attrs["name"] = py.String(name)
		return l, nil
	})
	return m
}

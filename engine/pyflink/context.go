package pyflink

import (
	"strings"
	"sync"

	"github.com/go-python/gpython/py"
	"github.com/go-python/gpython/vm"

	// The standard modules a program may import; os, glob and tempfile
	// are left out: a program reaches no files but through connectors.
	_ "github.com/go-python/gpython/compile"
	_ "github.com/go-python/gpython/stdlib/builtin"
	_ "github.com/go-python/gpython/stdlib/math"
	_ "github.com/go-python/gpython/stdlib/string"
	_ "github.com/go-python/gpython/stdlib/time"
)

// standardModules are the modules of Python's standard library a program
// may import (those gpython implements and a sandbox may offer).
var standardModules = map[string]bool{"builtins": true, "sys": true, "math": true, "string": true, "time": true}

// interp is one program's interpreter: a gpython context whose imports are
// the standard modules above and the pyflink modules of the run, and
// nothing from the file system.
type interp struct {
	store    *py.ModuleStore
	modules  map[string]*py.ModuleImpl // the run's pyflink modules
	mu       sync.Mutex
	closed   bool
	done     chan struct{}
	doneOnce sync.Once
}

var _ py.Context = (*interp)(nil)

func newInterp(modules map[string]*py.ModuleImpl, stdout, stderr py.Object) (*interp, error) {
	c := &interp{store: py.NewModuleStore(), modules: modules, done: make(chan struct{})}
	c.modules["sys"] = sysModule(stdout, stderr)
	for _, name := range []string{"builtins", "sys"} {
		if _, err := py.ImportModuleLevelObject(c, name, nil, nil, nil, 0); err != nil {
			return nil, err
		}
	}
	installBuiltins(c)
	return c, nil
}

// sysModule is the program's sys: gpython's own reads the host's streams
// and executable, which the browser has not; this one writes to the run's
// output.
func sysModule(stdout, stderr py.Object) *py.ModuleImpl {
	return &py.ModuleImpl{
		Info: py.ModuleInfo{Name: "sys", Doc: "the program's system parameters"},
		Methods: []*py.Method{
			py.MustNewMethod("exit", func(_ py.Object, args py.Tuple) (py.Object, error) {
				exc, err := py.ExceptionNew(py.SystemExit, args, nil)
				if err != nil {
					return nil, err
				}
				return nil, exc.(*py.Exception)
			}, 0, "exit([status]) raises SystemExit"),
		},
		Globals: py.StringDict{
			"argv":       py.NewListFromStrings([]string{""}),
			"path":       py.NewList(),
			"stdout":     stdout,
			"stderr":     stderr,
			"__stdout__": stdout,
			"__stderr__": stderr,
			"platform":   py.String("flinkplay"),
			"maxsize":    py.Int(1<<63 - 1),
			"version":    py.String("3.4.0 (gpython)"),
			"byteorder":  py.String("little"),
		},
	}
}

// ModuleInit makes a module of the run: a pyflink module, or a standard
// one; anything else is not there, as for a Python without it installed.
func (c *interp) ModuleInit(impl *py.ModuleImpl) (*py.Module, error) {
	name := impl.Info.Name
	if own, ok := c.modules[name]; ok {
		impl = own
	} else if !standardModules[name] && name != "" && name != py.MainModuleName {
		return nil, moduleNotFound(name)
	}
	m, err := c.store.NewModule(c, impl)
	if err != nil {
		return nil, err
	}
	if impl.Code != nil {
		if _, err := c.RunCode(impl.Code, m.Globals, m.Globals, nil); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// ResolveAndCompile is how gpython imports a module from a file: a
// program here has none to import from.
func (c *interp) ResolveAndCompile(pathname string, opts py.CompileOpts) (py.CompileOut, error) {
	return py.CompileOut{}, moduleNotFound(strings.ReplaceAll(pathname, "/", "."))
}

// RunCode runs compiled code.
func (c *interp) RunCode(code *py.Code, globals, locals py.StringDict, closure py.Tuple) (py.Object, error) {
	return vm.EvalCode(c, code, globals, locals, nil, nil, nil, nil, closure)
}

// GetModule returns a module already imported, or one of the run's
// pyflink modules, made on first use.
func (c *interp) GetModule(name string) (*py.Module, error) {
	if m, err := c.store.GetModule(name); err == nil {
		return m, nil
	}
	if impl, ok := c.modules[name]; ok {
		return c.ModuleInit(impl)
	}
	return c.store.GetModule(name)
}

func (c *interp) Store() *py.ModuleStore { return c.store }

func (c *interp) Close() error {
	c.doneOnce.Do(func() {
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
		c.store.OnContextClosed()
		close(c.done)
	})
	return nil
}

func (c *interp) Done() <-chan struct{} { return c.done }

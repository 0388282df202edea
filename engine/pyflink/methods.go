package pyflink

import (
	"strings"
	"unicode"

	"github.com/go-python/gpython/py"
)

// gpython's str, list and dict have only a few of Python's methods (str has
// no join, upper or lower; list no pop; dict no update). These are the
// ones programs commonly call, with CPython's behaviour; the interpreter's
// own are kept where it has them.

func init() {
	str := func(name string, f func(s string, args py.Tuple) (py.Object, error)) {
		if _, ok := py.StringType.Dict[name]; ok {
			return
		}
		py.StringType.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			return f(string(self.(py.String)), args)
		}, 0, "")
	}
	mapRunes := func(f func(string) string) func(string, py.Tuple) (py.Object, error) {
		return func(s string, _ py.Tuple) (py.Object, error) { return py.String(f(s)), nil }
	}
	str("upper", mapRunes(strings.ToUpper))
	str("lower", mapRunes(strings.ToLower))
	str("casefold", mapRunes(strings.ToLower))
	str("title", mapRunes(pyTitle))
	str("capitalize", mapRunes(func(s string) string {
		if s == "" {
			return s
		}
		r := []rune(strings.ToLower(s))
		r[0] = unicode.ToUpper(r[0])
		return string(r)
	}))
	str("swapcase", mapRunes(func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsUpper(r) {
				return unicode.ToLower(r)
			}
			return unicode.ToUpper(r)
		}, s)
	}))
	str("join", func(s string, args py.Tuple) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "join() takes exactly one argument (%d given)", len(args))
		}
		var parts []string
		var err error
		i := 0
		iterErr := py.Iterate(args[0], func(o py.Object) bool {
			v, ok := o.(py.String)
			if !ok {
				err = py.ExceptionNewf(py.TypeError, "sequence item %d: expected str instance, %s found", i, o.Type().Name)
				return true
			}
			parts = append(parts, string(v))
			i++
			return false
		})
		if iterErr != nil {
			return nil, iterErr
		}
		if err != nil {
			return nil, err
		}
		return py.String(strings.Join(parts, s)), nil
	})
	str("count", func(s string, args py.Tuple) (py.Object, error) {
		sub, err := strArg("count", args, 0)
		if err != nil {
			return nil, err
		}
		return py.Int(strings.Count(s, sub)), nil
	})
	index := func(name string, last, raise bool) {
		str(name, func(s string, args py.Tuple) (py.Object, error) {
			sub, err := strArg(name, args, 0)
			if err != nil {
				return nil, err
			}
			i := strings.Index(s, sub)
			if last {
				i = strings.LastIndex(s, sub)
			}
			if i < 0 && raise {
				return nil, py.ExceptionNewf(py.ValueError, "substring not found")
			}
			if i >= 0 {
				i = len([]rune(s[:i]))
			}
			return py.Int(i), nil
		})
	}
	index("index", false, true)
	index("rfind", true, false)
	index("rindex", true, true)
	justify := func(name string, f func(s string, pad string) string) {
		str(name, func(s string, args py.Tuple) (py.Object, error) {
			if len(args) < 1 {
				return nil, py.ExceptionNewf(py.TypeError, "%s() takes at least 1 argument (0 given)", name)
			}
			w, ok := args[0].(py.Int)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", args[0].Type().Name)
			}
			fill := " "
			if len(args) > 1 {
				c, ok := args[1].(py.String)
				if !ok || len([]rune(string(c))) != 1 {
					return nil, py.ExceptionNewf(py.TypeError, "The fill character must be exactly one character long")
				}
				fill = string(c)
			}
			n := int(w) - len([]rune(s))
			if n <= 0 {
				return py.String(s), nil
			}
			return py.String(f(s, strings.Repeat(fill, n))), nil
		})
	}
	justify("ljust", func(s, pad string) string { return s + pad })
	justify("rjust", func(s, pad string) string { return pad + s })
	justify("center", func(s, pad string) string {
		r := []rune(pad)
		left := len(r) / 2
		if len(r)%2 == 1 && len([]rune(s))%2 == 1 {
			left++
		}
		return string(r[:left]) + s + string(r[left:])
	})
	str("zfill", func(s string, args py.Tuple) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "zfill() takes exactly one argument (%d given)", len(args))
		}
		w, _ := args[0].(py.Int)
		n := int(w) - len([]rune(s))
		if n <= 0 {
			return py.String(s), nil
		}
		sign := ""
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
			sign, s = s[:1], s[1:]
		}
		return py.String(sign + strings.Repeat("0", n) + s), nil
	})
	is := func(name string, f func(rune) bool) {
		str(name, func(s string, _ py.Tuple) (py.Object, error) {
			if s == "" {
				return py.False, nil
			}
			for _, r := range s {
				if !f(r) {
					return py.False, nil
				}
			}
			return py.True, nil
		})
	}
	is("isdigit", unicode.IsDigit)
	is("isdecimal", unicode.IsDigit)
	is("isnumeric", func(r rune) bool { return unicode.IsDigit(r) || unicode.IsNumber(r) })
	is("isalpha", unicode.IsLetter)
	is("isalnum", func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
	is("isspace", unicode.IsSpace)
	str("isupper", func(s string, _ py.Tuple) (py.Object, error) {
		return py.NewBool(strings.ToUpper(s) == s && strings.ToLower(s) != s), nil
	})
	str("islower", func(s string, _ py.Tuple) (py.Object, error) {
		return py.NewBool(strings.ToLower(s) == s && strings.ToUpper(s) != s), nil
	})
	str("splitlines", func(s string, _ py.Tuple) (py.Object, error) {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		lines := strings.Split(s, "\n")
		if len(lines) > 0 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		return py.NewListFromStrings(lines), nil
	})
	partition := func(name string, last bool) {
		str(name, func(s string, args py.Tuple) (py.Object, error) {
			sep, err := strArg(name, args, 0)
			if err != nil {
				return nil, err
			}
			if sep == "" {
				return nil, py.ExceptionNewf(py.ValueError, "empty separator")
			}
			i := strings.Index(s, sep)
			if last {
				i = strings.LastIndex(s, sep)
			}
			if i < 0 {
				if last {
					return py.Tuple{py.String(""), py.String(""), py.String(s)}, nil
				}
				return py.Tuple{py.String(s), py.String(""), py.String("")}, nil
			}
			return py.Tuple{py.String(s[:i]), py.String(sep), py.String(s[i+len(sep):])}, nil
		})
	}
	partition("partition", false)
	partition("rpartition", true)
	str("rsplit", func(s string, args py.Tuple) (py.Object, error) {
		sep := ""
		max := -1
		if len(args) > 0 && args[0] != py.None {
			v, ok := args[0].(py.String)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "must be str or None, not %s", args[0].Type().Name)
			}
			sep = string(v)
		}
		if len(args) > 1 {
			if v, ok := args[1].(py.Int); ok {
				max = int(v)
			}
		}
		var parts []string
		if sep == "" {
			parts = strings.Fields(s)
		} else {
			parts = strings.Split(s, sep)
		}
		if max >= 0 && len(parts) > max+1 {
			head := strings.Join(parts[:len(parts)-max], sep)
			if sep == "" {
				head = strings.Join(parts[:len(parts)-max], " ")
			}
			parts = append([]string{head}, parts[len(parts)-max:]...)
		}
		return py.NewListFromStrings(parts), nil
	})
	str("encode", func(s string, _ py.Tuple) (py.Object, error) { return py.Bytes(s), nil })

	list := func(name string, f func(l *py.List, args py.Tuple) (py.Object, error)) {
		if _, ok := py.ListType.Dict[name]; ok {
			return
		}
		py.ListType.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			return f(self.(*py.List), args)
		}, 0, "")
	}
	list("pop", func(l *py.List, args py.Tuple) (py.Object, error) {
		if len(l.Items) == 0 {
			return nil, py.ExceptionNewf(py.IndexError, "pop from empty list")
		}
		i := len(l.Items) - 1
		if len(args) > 0 {
			n, ok := args[0].(py.Int)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", args[0].Type().Name)
			}
			i = int(n)
			if i < 0 {
				i += len(l.Items)
			}
			if i < 0 || i >= len(l.Items) {
				return nil, py.ExceptionNewf(py.IndexError, "pop index out of range")
			}
		}
		v := l.Items[i]
		l.Items = append(l.Items[:i], l.Items[i+1:]...)
		return v, nil
	})
	list("insert", func(l *py.List, args py.Tuple) (py.Object, error) {
		if len(args) != 2 {
			return nil, py.ExceptionNewf(py.TypeError, "insert expected 2 arguments, got %d", len(args))
		}
		n, _ := args[0].(py.Int)
		i := int(n)
		if i < 0 {
			i = max(i+len(l.Items), 0)
		}
		i = min(i, len(l.Items))
		l.Items = append(l.Items[:i], append([]py.Object{args[1]}, l.Items[i:]...)...)
		return py.None, nil
	})
	find := func(l *py.List, v py.Object) (int, error) {
		for i, it := range l.Items {
			eq, err := py.Eq(it, v)
			if err != nil {
				return 0, err
			}
			if eq == py.True {
				return i, nil
			}
		}
		return -1, nil
	}
	list("index", func(l *py.List, args py.Tuple) (py.Object, error) {
		if len(args) < 1 {
			return nil, py.ExceptionNewf(py.TypeError, "index expected at least 1 argument, got 0")
		}
		i, err := find(l, args[0])
		if err != nil {
			return nil, err
		}
		if i < 0 {
			r, _ := pyRepr(args[0])
			return nil, py.ExceptionNewf(py.ValueError, "%s is not in list", r)
		}
		return py.Int(i), nil
	})
	list("remove", func(l *py.List, args py.Tuple) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "remove() takes exactly one argument (%d given)", len(args))
		}
		i, err := find(l, args[0])
		if err != nil {
			return nil, err
		}
		if i < 0 {
			return nil, py.ExceptionNewf(py.ValueError, "list.remove(x): x not in list")
		}
		l.Items = append(l.Items[:i], l.Items[i+1:]...)
		return py.None, nil
	})
	list("count", func(l *py.List, args py.Tuple) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "count() takes exactly one argument (%d given)", len(args))
		}
		n := 0
		for _, it := range l.Items {
			eq, err := py.Eq(it, args[0])
			if err != nil {
				return nil, err
			}
			if eq == py.True {
				n++
			}
		}
		return py.Int(n), nil
	})
	list("reverse", func(l *py.List, _ py.Tuple) (py.Object, error) {
		for i, j := 0, len(l.Items)-1; i < j; i, j = i+1, j-1 {
			l.Items[i], l.Items[j] = l.Items[j], l.Items[i]
		}
		return py.None, nil
	})
	list("clear", func(l *py.List, _ py.Tuple) (py.Object, error) {
		l.Items = nil
		return py.None, nil
	})
	list("copy", func(l *py.List, _ py.Tuple) (py.Object, error) { return l.Copy(), nil })

	dict := func(name string, f func(d py.StringDict, args py.Tuple) (py.Object, error)) {
		if _, ok := py.StringDictType.Dict[name]; ok {
			return
		}
		py.StringDictType.Dict[name] = py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			return f(self.(py.StringDict), args)
		}, 0, "")
	}
	key := func(o py.Object) (string, error) {
		k, ok := o.(py.String)
		if !ok {
			return "", py.ExceptionNewf(py.TypeError, "this interpreter's dict keys are str, not %s", o.Type().Name)
		}
		return string(k), nil
	}
	dict("update", func(d py.StringDict, args py.Tuple) (py.Object, error) {
		if len(args) > 0 {
			o, ok := args[0].(py.StringDict)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "update() needs a dict")
			}
			for k, v := range o {
				d[k] = v
			}
		}
		return py.None, nil
	})
	dict("pop", func(d py.StringDict, args py.Tuple) (py.Object, error) {
		if len(args) < 1 {
			return nil, py.ExceptionNewf(py.TypeError, "pop expected at least 1 argument, got 0")
		}
		k, err := key(args[0])
		if err != nil {
			return nil, err
		}
		if v, ok := d[k]; ok {
			delete(d, k)
			return v, nil
		}
		if len(args) > 1 {
			return args[1], nil
		}
		return nil, py.ExceptionNewf(py.KeyError, "%s", stringRepr(k))
	})
	dict("setdefault", func(d py.StringDict, args py.Tuple) (py.Object, error) {
		if len(args) < 1 {
			return nil, py.ExceptionNewf(py.TypeError, "setdefault expected at least 1 argument, got 0")
		}
		k, err := key(args[0])
		if err != nil {
			return nil, err
		}
		if v, ok := d[k]; ok {
			return v, nil
		}
		var v py.Object = py.None
		if len(args) > 1 {
			v = args[1]
		}
		d[k] = v
		return v, nil
	})
	dict("copy", func(d py.StringDict, _ py.Tuple) (py.Object, error) { return d.Copy(), nil })
	dict("clear", func(d py.StringDict, _ py.Tuple) (py.Object, error) {
		for k := range d {
			delete(d, k)
		}
		return py.None, nil
	})
}

func strArg(fn string, args py.Tuple, i int) (string, error) {
	if i >= len(args) {
		return "", py.ExceptionNewf(py.TypeError, "%s() takes at least %d argument (%d given)", fn, i+1, len(args))
	}
	s, ok := args[i].(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "must be str, not %s", args[i].Type().Name)
	}
	return string(s), nil
}

// pyTitle is str.title: a letter after a non-letter is upper case, the
// others lower case.
func pyTitle(s string) string {
	prev := false
	return strings.Map(func(r rune) rune {
		letter := unicode.IsLetter(r)
		defer func() { prev = letter }()
		if letter && !prev {
			return unicode.ToUpper(r)
		}
		if letter {
			return unicode.ToLower(r)
		}
		return r
	}, s)
}

// sortList sorts l in place as list.sort(key=None, reverse=False) does,
// stably, with tuples and lists compared item by item (gpython's tuples
// have no order).
func sortList(l *py.List, kw py.StringDict, fn string) error {
	var keyFn py.Object
	reverse := false
	for k, v := range kw {
		switch k {
		case "key":
			if v != py.None {
				keyFn = v
			}
		case "reverse":
			t, err := py.MakeBool(v)
			if err != nil {
				return err
			}
			reverse = t == py.True
		default:
			return py.ExceptionNewf(py.TypeError, "'%s' is an invalid keyword argument for %s()", k, fn)
		}
	}
	keys := l.Items
	if keyFn != nil {
		keys = make([]py.Object, len(l.Items))
		for i, it := range l.Items {
			k, err := py.Call(keyFn, py.Tuple{it}, nil)
			if err != nil {
				return err
			}
			keys[i] = k
		}
	}
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	var err error
	less := func(a, b int) bool {
		if err != nil {
			return false
		}
		x, y := keys[a], keys[b]
		if reverse {
			x, y = y, x
		}
		var lt bool
		lt, err = pyLess(x, y)
		return lt
	}
	// a stable insertion merge: Python's sort is stable
	sorted := stableSort(idx, less)
	if err != nil {
		return err
	}
	items := make([]py.Object, len(sorted))
	for i, j := range sorted {
		items[i] = l.Items[j]
	}
	l.Items = items
	return nil
}

func stableSort(idx []int, less func(a, b int) bool) []int {
	if len(idx) <= 1 {
		return idx
	}
	mid := len(idx) / 2
	a := stableSort(append([]int(nil), idx[:mid]...), less)
	b := stableSort(append([]int(nil), idx[mid:]...), less)
	out := make([]int, 0, len(idx))
	for len(a) > 0 && len(b) > 0 {
		if less(b[0], a[0]) {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// pyLess is a < b, with tuples and lists ordered item by item.
func pyLess(a, b py.Object) (bool, error) {
	as, aok := sequenceItems(a)
	bs, bok := sequenceItems(b)
	if aok && bok {
		for i := 0; i < len(as) && i < len(bs); i++ {
			eq, err := py.Eq(as[i], bs[i])
			if err != nil {
				return false, err
			}
			if eq == py.True {
				continue
			}
			return pyLess(as[i], bs[i])
		}
		return len(as) < len(bs), nil
	}
	r, err := py.Lt(a, b)
	if err != nil {
		return false, err
	}
	return r == py.True, nil
}

func sequenceItems(o py.Object) ([]py.Object, bool) {
	switch v := o.(type) {
	case py.Tuple:
		return v, true
	case *py.List:
		return v.Items, true
	}
	return nil, false
}

func init() {
	py.ListType.Dict["sort"] = py.MustNewMethod("sort", func(self py.Object, args py.Tuple, kw py.StringDict) (py.Object, error) {
		if len(args) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "sort() takes no positional arguments")
		}
		return py.None, sortList(self.(*py.List), kw, "sort")
	}, 0, "sort(key=None, reverse=False)")
}

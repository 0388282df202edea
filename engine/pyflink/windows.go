package pyflink

import (
	"strings"

	"github.com/go-python/gpython/py"
)

var windowType = newType("pyflink.table.window", "GroupWindow")

// windowBuilder is Tumble/Slide/Session (a group window) or Over (an over
// window) as their builders make them.
type windowBuilder struct {
	group *groupWindow
	over  *overWindow
}

func (w *windowBuilder) Type() *py.Type { return windowType }

// overWindow is an Over window: its partitioning, order and bounds.
type overWindow struct {
	partition []*expression
	order     *expression
	preceding *expression
	following *expression
	alias     string
}

// spec is the window as SQL's OVER (...) writes it.
func (o *overWindow) spec() string {
	var b strings.Builder
	b.WriteString("(")
	if len(o.partition) > 0 {
		keys := make([]string, len(o.partition))
		for i, p := range o.partition {
			keys[i] = p.render(nil)
		}
		b.WriteString("PARTITION BY " + strings.Join(keys, ", ") + " ")
	}
	b.WriteString("ORDER BY " + o.order.render(nil))
	pre := o.preceding
	if pre == nil {
		pre = overBound("UNBOUNDED_RANGE", "UNBOUNDED", false)
	}
	rows := pre.rows
	bound := func(e *expression, dir string) string {
		switch {
		case e.kind == exprOverBound && e.render(nil) == "CURRENT ROW":
			return "CURRENT ROW"
		case e.kind == exprOverBound:
			return e.render(nil) + " " + dir
		}
		return e.render(nil) + " " + dir
	}
	unit := "RANGE"
	if rows {
		unit = "ROWS"
	}
	following := "CURRENT ROW"
	if o.following != nil {
		following = bound(o.following, "FOLLOWING")
	}
	b.WriteString(" " + unit + " BETWEEN " + bound(pre, "PRECEDING") + " AND " + following + ")")
	return b.String()
}

func (w *windowBuilder) M__getattr__(name string) (py.Object, error) {
	exprArg := func(args py.Tuple, kw py.StringDict, key string) (*expression, error) {
		v := argument(args, kw, 0, key)
		if v == nil {
			return nil, py.ExceptionNewf(py.TypeError, "%s() missing 1 required positional argument: '%s'", name, key)
		}
		return toExpr(v)
	}
	step := func(f func(args py.Tuple, kw py.StringDict) error) *py.Method {
		return method(name, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			return w, f(args, kw)
		})
	}
	if g := w.group; g != nil {
		switch name {
		case "on":
			return step(func(args py.Tuple, kw py.StringDict) (err error) {
				g.timeOn, err = exprArg(args, kw, "time_field")
				return err
			}), nil
		case "every":
			return step(func(args py.Tuple, kw py.StringDict) (err error) {
				g.slide, err = exprArg(args, kw, "slide")
				return err
			}), nil
		case "alias":
			return step(func(args py.Tuple, kw py.StringDict) (err error) {
				g.alias, err = stringArg("alias", args, kw, 0, "alias")
				return err
			}), nil
		}
	}
	if o := w.over; o != nil {
		switch name {
		case "order_by":
			return step(func(args py.Tuple, kw py.StringDict) (err error) {
				o.order, err = exprArg(args, kw, "order_by")
				return err
			}), nil
		case "preceding":
			return step(func(args py.Tuple, kw py.StringDict) (err error) {
				o.preceding, err = exprArg(args, kw, "preceding")
				return err
			}), nil
		case "following":
			return step(func(args py.Tuple, kw py.StringDict) (err error) {
				o.following, err = exprArg(args, kw, "following")
				return err
			}), nil
		case "alias":
			return step(func(args py.Tuple, kw py.StringDict) (err error) {
				o.alias, err = stringArg("alias", args, kw, 0, "alias")
				return err
			}), nil
		}
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '%s'", windowType.Name, name)
}

// windowModule is pyflink.table.window: Tumble, Slide, Session and Over.
func windowModule() py.StringDict {
	group := func(kind, first, key string) *object {
		return &object{typ: newType("pyflink.table.window", strings.ToUpper(kind[:1])+strings.ToLower(kind[1:])), attrs: py.StringDict{
			first: method(first, func(args py.Tuple, kw py.StringDict) (py.Object, error) {
				v := argument(args, kw, 0, key)
				if v == nil {
					return nil, py.ExceptionNewf(py.TypeError, "%s() missing 1 required positional argument: '%s'", first, key)
				}
				e, err := toExpr(v)
				if err != nil {
					return nil, err
				}
				return &windowBuilder{group: &groupWindow{kind: kind, size: e}}, nil
			}),
		}}
	}
	tumble := group("TUMBLE", "over", "size")
	slide := group("HOP", "over", "size")
	session := group("SESSION", "with_gap", "gap")
	over := &object{typ: newType("pyflink.table.window", "Over"), attrs: py.StringDict{
		"order_by": method("order_by", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			e, err := toExpr(argument(args, kw, 0, "order_by"))
			if err != nil {
				return nil, err
			}
			return &windowBuilder{over: &overWindow{order: e}}, nil
		}),
		"partition_by": method("partition_by", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
			keys, err := exprList("partition_by", args)
			if err != nil {
				return nil, err
			}
			o := &overWindow{partition: keys}
			return &object{typ: newType("pyflink.table.window", "OverWindowPartitioned"), attrs: py.StringDict{
				"order_by": method("order_by", func(args py.Tuple, kw py.StringDict) (py.Object, error) {
					e, err := toExpr(argument(args, kw, 0, "order_by"))
					if err != nil {
						return nil, err
					}
					o.order = e
					return &windowBuilder{over: o}, nil
				}),
			}}, nil
		}),
	}}
	return py.StringDict{"Tumble": tumble, "Slide": slide, "Session": session, "Over": over}
}

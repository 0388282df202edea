package pyflink

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/go-python/gpython/py"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

var (
	rowType      = newType("pyflink.common.types", "Row")
	iteratorType = newType("pyflink.table.table_result", "CloseableIterator")
	rowKindType  = newType("pyflink.common.types", "RowKind")
	temporalType = newType("datetime", "datetime")
)

// row is PyFlink's Row: values, optionally named (Row(id=1, name='a')),
// with a row kind.
type row struct {
	values []py.Object
	fields []string // nil: unnamed
	kind   stream.Kind
}

func (r *row) Type() *py.Type { return rowType }

// M__repr__ is Row.__repr__: "Row(id=1, name='a')" when named, else
// "<Row(1, 'a')>".
func (r *row) M__repr__() (py.Object, error) {
	parts := make([]string, len(r.values))
	for i, v := range r.values {
		s, err := pyRepr(v)
		if err != nil {
			return nil, err
		}
		if r.fields != nil {
			s = r.fields[i] + "=" + s
		}
		parts[i] = s
	}
	if r.fields != nil {
		return py.String("Row(" + strings.Join(parts, ", ") + ")"), nil
	}
	return py.String("<Row(" + strings.Join(parts, ", ") + ")>"), nil
}

func (r *row) M__len__() (py.Object, error) { return py.Int(len(r.values)), nil }

func (r *row) M__getitem__(key py.Object) (py.Object, error) {
	switch k := key.(type) {
	case py.Int:
		i := int(k)
		if i < 0 {
			i += len(r.values)
		}
		if i < 0 || i >= len(r.values) {
			return nil, py.ExceptionNewf(py.IndexError, "tuple index out of range")
		}
		return r.values[i], nil
	case py.String:
		for i, f := range r.fields {
			if f == string(k) {
				return r.values[i], nil
			}
		}
		return nil, py.ExceptionNewf(py.KeyError, "%s", py.String(k))
	}
	return nil, py.ExceptionNewf(py.TypeError, "tuple indices must be integers or slices, not %s", key.Type().Name)
}

func (r *row) M__iter__() (py.Object, error) {
	return py.NewIterator(py.Tuple(append([]py.Object(nil), r.values...))), nil
}

func (r *row) M__eq__(other py.Object) (py.Object, error) {
	o, ok := other.(*row)
	if !ok || len(o.values) != len(r.values) || o.kind != r.kind {
		return py.False, nil
	}
	for i := range r.values {
		eq, err := py.Eq(r.values[i], o.values[i])
		if err != nil {
			return nil, err
		}
		if eq != py.True {
			return py.False, nil
		}
	}
	return py.True, nil
}

func (r *row) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "as_dict":
		return method("as_dict", func(py.Tuple, py.StringDict) (py.Object, error) {
			if r.fields == nil {
				return nil, py.ExceptionNewf(py.TypeError, "Cannot convert a Row without field names to dict")
			}
			d := py.NewStringDict()
			for i, f := range r.fields {
				d[f] = r.values[i]
			}
			return d, nil
		}), nil
	case "get_row_kind":
		return method("get_row_kind", func(py.Tuple, py.StringDict) (py.Object, error) {
			return rowKind(r.kind), nil
		}), nil
	}
	for i, f := range r.fields {
		if f == name {
			return r.values[i], nil
		}
	}
	return nil, py.ExceptionNewf(py.AttributeError, "%s", name)
}

// rowKindObject is a RowKind member: str() is its short string.
type rowKindObject struct{ k stream.Kind }

func (o *rowKindObject) Type() *py.Type { return rowKindType }
func (o *rowKindObject) M__str__() (py.Object, error) {
	return py.String(o.k.String()), nil
}
func (o *rowKindObject) M__repr__() (py.Object, error) {
	return py.String("<RowKind." + rowKindNames[o.k] + ": " + fmt.Sprint(int(o.k)) + ">"), nil
}
func (o *rowKindObject) M__eq__(other py.Object) (py.Object, error) {
	p, ok := other.(*rowKindObject)
	return py.NewBool(ok && p.k == o.k), nil
}
func (o *rowKindObject) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "name":
		return py.String(rowKindNames[o.k]), nil
	case "value":
		return py.Int(int(o.k)), nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'RowKind' object has no attribute '%s'", name)
}

var rowKindNames = map[stream.Kind]string{stream.Insert: "INSERT", stream.UpdateBefore: "UPDATE_BEFORE",
	stream.UpdateAfter: "UPDATE_AFTER", stream.Delete: "DELETE"}

func rowKind(k stream.Kind) py.Object { return &rowKindObject{k: k} }

// rowClass is Row: Row(1, 'a') or Row(id=1, name='a').
func rowClass() py.Object {
	rowOnce.Do(func() {
		rowType.New = func(_ *py.Type, args py.Tuple, kw py.StringDict) (py.Object, error) {
			if len(args) > 0 && len(kw) > 0 {
				return nil, py.ExceptionNewf(py.ValueError, "Can not use both args and kwargs to create Row")
			}
			r := &row{values: append([]py.Object(nil), args...), kind: stream.Insert}
			if len(kw) > 0 {
				// keyword arguments keep the order they were written in
				// (Python 3.6+); gpython's dict does not, so they are sorted
				// as PyFlink 1.x sorted them
				for k := range kw {
					r.fields = append(r.fields, k)
				}
				sortStrings(r.fields)
				for _, f := range r.fields {
					r.values = append(r.values, kw[f])
				}
			}
			return r, nil
		}
		rowType.Init = func(py.Object, py.Tuple, py.StringDict) error { return nil }
	})
	// Row is a class, as in PyFlink: calling it makes a row, and
	// isinstance(r, Row) holds.
	return rowType
}

var rowOnce sync.Once

// resultIterator is the CloseableIterator collect() returns.
type resultIterator struct {
	tr      *tableResult
	pending []py.Object
	done    bool
	rows    int
}

func (it *resultIterator) Type() *py.Type                 { return iteratorType }
func (it *resultIterator) M__iter__() (py.Object, error)  { return it, nil }
func (it *resultIterator) M__enter__() (py.Object, error) { return it, nil }
func (it *resultIterator) M__exit__(_, _, _ py.Object) (py.Object, error) {
	it.close()
	return py.False, nil
}

func (it *resultIterator) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "close":
		return method("close", func(py.Tuple, py.StringDict) (py.Object, error) {
			it.close()
			return py.None, nil
		}), nil
	case "next":
		return method("next", func(py.Tuple, py.StringDict) (py.Object, error) {
			return it.M__next__()
		}), nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'CloseableIterator' object has no attribute '%s'", name)
}

// close cancels the query's job, as CloseableIterator.close does.
func (it *resultIterator) close() {
	if !it.done {
		it.done = true
		it.tr.res.Close()
	}
}

func (it *resultIterator) M__next__() (py.Object, error) {
	r := it.tr.env.r
	res := it.tr.res
	for len(it.pending) == 0 {
		if it.done {
			return nil, py.StopIteration
		}
		if max := r.opts.Print.MaxRows; max > 0 && it.rows >= max {
			it.close()
			continue
		}
		switch res.Kind {
		case engine.ResultQuery:
			b, err := res.Next(r.ctx)
			if errors.Is(err, stream.ErrEndOfInput) {
				it.done = true
				continue
			}
			if err != nil {
				it.close()
				if errors.Is(err, r.ctx.Err()) {
					return nil, err
				}
				return nil, r.javaError(err, it.tr.env.javaID, "hasNext")
			}
			zone := it.tr.env.sess.Zone()
			for i := 0; i < b.Len(); i++ {
				it.pending = append(it.pending, toRow(b.Row(i), b.Kinds[i], res.Schema, zone))
			}
		case engine.ResultInsert:
			if err := it.tr.wait(); err != nil {
				return nil, err
			}
			jr := jobResult(res)
			it.pending = append(it.pending, toRow(jr.Rows[0], stream.Insert, jr.Schema, time.UTC))
			it.done = true
		default:
			for _, v := range res.Rows {
				it.pending = append(it.pending, toRow(v, stream.Insert, res.Schema, time.UTC))
			}
			it.done = true
		}
	}
	v := it.pending[0]
	it.pending = it.pending[1:]
	it.rows++
	return v, nil
}

func (tr *tableResult) collect() (py.Object, error) {
	if err := tr.once(); err != nil {
		return nil, err
	}
	return &resultIterator{tr: tr}, nil
}

// toRow converts an engine row to a Row of Python values.
func toRow(vals []types.Value, k stream.Kind, s types.Schema, zone *time.Location) *row {
	r := &row{values: make([]py.Object, len(vals)), kind: k}
	for i, v := range vals {
		r.values[i] = toPython(v, s.Columns[i].Type, zone)
	}
	return r
}

// toPython converts a value as PyFlink's pickling converts it: numbers to
// int and float, strings to str, and the types Python has no builtin for
// to objects that print as theirs do.
func toPython(v types.Value, t types.Type, zone *time.Location) py.Object {
	if v.Null {
		return py.None
	}
	switch t.Kind {
	case types.Boolean:
		return py.NewBool(v.Bool())
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt:
		return py.Int(v.I)
	case types.Float, types.Double:
		return py.Float(v.F)
	case types.Char, types.Varchar:
		return py.String(v.Str())
	case types.Binary, types.Varbinary:
		return py.Bytes(append([]byte(nil), v.B...))
	case types.Array:
		a := v.X.(*types.ArrayValue)
		items := make([]py.Object, len(a.Elems))
		for i, e := range a.Elems {
			items[i] = toPython(e, *t.Elem, zone)
		}
		return py.NewListFromItems(items)
	case types.Row:
		rv := v.X.(*types.RowValue)
		r := &row{kind: stream.Insert}
		for i, f := range t.Fields {
			r.values = append(r.values, toPython(rv.Fields[i], f.Type, zone))
		}
		return r
	case types.Date:
		d := time.Unix(v.I*86400, 0).UTC()
		return &textValue{kind: t.Kind, text: d.Format("2006-01-02"),
			repr: fmt.Sprintf("datetime.date(%d, %d, %d)", d.Year(), int(d.Month()), d.Day())}
	case types.Time:
		ms := v.I
		h, m, sec, us := ms/3600000, ms/60000%60, ms/1000%60, ms%1000*1000
		return &textValue{kind: t.Kind, text: clockText(int(h), int(m), int(sec), int(us)),
			repr: "datetime.time(" + clockArgs(int(h), int(m), int(sec), int(us)) + ")"}
	case types.Timestamp, types.TimestampLTZ:
		loc := time.UTC
		if t.Kind == types.TimestampLTZ && zone != nil {
			loc = zone
		}
		ts := time.UnixMilli(v.I).In(loc)
		us := int(v.I%1000+1000)%1000*1000 + int(v.N)/1000
		date := ts.Format("2006-01-02")
		return &textValue{kind: t.Kind, text: date + " " + clockText(ts.Hour(), ts.Minute(), ts.Second(), us),
			repr: fmt.Sprintf("datetime.datetime(%d, %d, %d, %s)", ts.Year(), int(ts.Month()), ts.Day(),
				clockArgs(ts.Hour(), ts.Minute(), ts.Second(), us))}
	case types.Decimal:
		text := types.FormatValue(v, t, zone)
		return &textValue{kind: t.Kind, text: text, repr: "Decimal('" + text + "')"}
	}
	// MAP, MULTISET, intervals: Flink's text
	text := types.FormatValue(v, t, zone)
	return &textValue{text: text, repr: text, kind: t.Kind}
}

// clockText is str() of a datetime.time: HH:MM:SS, then .ffffff when the
// microseconds are not zero.
func clockText(h, m, s, us int) string {
	text := fmt.Sprintf("%02d:%02d:%02d", h, m, s)
	if us != 0 {
		text += fmt.Sprintf(".%06d", us)
	}
	return text
}

// clockArgs are the time arguments of a datetime repr: hour and minute
// always, seconds and microseconds only when not zero.
func clockArgs(h, m, s, us int) string {
	switch {
	case us != 0:
		return fmt.Sprintf("%d, %d, %d, %d", h, m, s, us)
	case s != 0:
		return fmt.Sprintf("%d, %d, %d", h, m, s)
	}
	return fmt.Sprintf("%d, %d", h, m)
}

// textValue stands for a value whose Python type gpython lacks
// (decimal.Decimal, datetime.date, .time and .datetime, dict of any
// keys): str() and repr() as Python's give them.
type textValue struct {
	text, repr string
	kind       types.Kind
}

func (t *textValue) Type() *py.Type                { return temporalType }
func (t *textValue) M__str__() (py.Object, error)  { return py.String(t.text), nil }
func (t *textValue) M__repr__() (py.Object, error) { return py.String(t.repr), nil }
func (t *textValue) String() string                { return t.text }
func (t *textValue) M__eq__(other py.Object) (py.Object, error) {
	o, ok := other.(*textValue)
	return py.NewBool(ok && o.kind == t.kind && o.text == t.text), nil
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// String makes gpython's % formatting print a Row as Python does.
func (r *row) String() string {
	s, err := r.M__repr__()
	if err != nil {
		return fmt.Sprint(err)
	}
	return string(s.(py.String))
}

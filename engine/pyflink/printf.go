package pyflink

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/go-python/gpython/py"
)

// gpython's str % args hands the format to Go's fmt (%s becomes %v, %r
// Go syntax). The run rewrites `"literal" % operand` into a call of
// pyPrintf, which follows Python's printf-style formatting; a % whose
// left side is not a string literal stays gpython's.

// pyPrintf is format % values as Python computes it.
func pyPrintf(format string, values py.Object) (string, error) {
	var args []py.Object
	var mapping py.StringDict
	switch v := values.(type) {
	case py.Tuple:
		args = v
	case py.StringDict:
		mapping = v
		args = []py.Object{v}
	default:
		args = []py.Object{v}
	}
	next := 0
	take := func() (py.Object, error) {
		if next >= len(args) {
			return nil, py.ExceptionNewf(py.TypeError, "not enough arguments for format string")
		}
		v := args[next]
		next++
		return v, nil
	}
	var b strings.Builder
	usedMapping := false
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(format) {
			return "", py.ExceptionNewf(py.ValueError, "incomplete format")
		}
		var value py.Object
		if format[i] == '(' {
			end := strings.IndexByte(format[i:], ')')
			if end < 0 {
				return "", py.ExceptionNewf(py.ValueError, "incomplete format key")
			}
			key := format[i+1 : i+end]
			i += end + 1
			if mapping == nil {
				return "", py.ExceptionNewf(py.TypeError, "format requires a mapping")
			}
			v, ok := mapping[key]
			if !ok {
				return "", py.ExceptionNewf(py.KeyError, "%s", stringRepr(key))
			}
			value, usedMapping = v, true
		}
		sp := spec{fill: ' ', precision: -1}
		leftAlign := false
		for ; i < len(format); i++ {
			switch format[i] {
			case '-':
				leftAlign = true
				continue
			case '+':
				sp.sign = '+'
				continue
			case ' ':
				if sp.sign == 0 {
					sp.sign = ' '
				}
				continue
			case '#':
				sp.alt = true
				continue
			case '0':
				sp.zero = true
				continue
			}
			break
		}
		if i < len(format) && format[i] == '*' {
			w, err := take()
			if err != nil {
				return "", err
			}
			n, _ := w.(py.Int)
			sp.width = int(n)
			i++
		} else {
			start := i
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				i++
			}
			sp.width, _ = strconv.Atoi(format[start:i])
		}
		if i < len(format) && format[i] == '.' {
			i++
			if i < len(format) && format[i] == '*' {
				p, err := take()
				if err != nil {
					return "", err
				}
				n, _ := p.(py.Int)
				sp.precision = int(n)
				i++
			} else {
				start := i
				for i < len(format) && format[i] >= '0' && format[i] <= '9' {
					i++
				}
				sp.precision, _ = strconv.Atoi(format[start:i])
			}
		}
		for i < len(format) && (format[i] == 'h' || format[i] == 'l' || format[i] == 'L') {
			i++
		}
		if i >= len(format) {
			return "", py.ExceptionNewf(py.ValueError, "incomplete format")
		}
		typ := format[i]
		if typ == '%' {
			b.WriteByte('%')
			continue
		}
		if value == nil {
			v, err := take()
			if err != nil {
				return "", err
			}
			value = v
		}
		if leftAlign {
			sp.align, sp.zero = '<', false
		}
		text, err := printfValue(value, typ, sp)
		if err != nil {
			return "", err
		}
		b.WriteString(text)
	}
	if next < len(args) && !usedMapping && mapping == nil {
		return "", py.ExceptionNewf(py.TypeError, "not all arguments converted during string formatting")
	}
	return b.String(), nil
}

// printfValue formats one value by a conversion type.
func printfValue(v py.Object, typ byte, sp spec) (string, error) {
	pad := func(s string) string {
		a := sp.align
		if a == 0 {
			a = '>'
		}
		return padString(s, sp.width, a)
	}
	switch typ {
	case 's', 'r', 'a':
		var s string
		var err error
		if typ == 's' {
			s, err = pyStr(v)
		} else {
			s, err = pyRepr(v)
		}
		if err != nil {
			return "", err
		}
		if sp.precision >= 0 && len([]rune(s)) > sp.precision {
			s = string([]rune(s)[:sp.precision])
		}
		return pad(s), nil
	case 'c':
		switch x := v.(type) {
		case py.Int:
			return pad(string(rune(x))), nil
		case py.String:
			return pad(string(x)), nil
		}
		return "", py.ExceptionNewf(py.TypeError, "%%c requires int or char")
	case 'd', 'i', 'u', 'o', 'x', 'X':
		n, err := printfInt(v, typ)
		if err != nil {
			return "", err
		}
		t := typ
		if t == 'i' || t == 'u' {
			t = 'd'
		}
		s := sp
		s.typ = t
		if sp.precision >= 0 {
			// %.3d pads the digits with zeros
			digits := new(big.Int).Abs(n).Text(map[byte]int{'d': 10, 'o': 8, 'x': 16, 'X': 16}[t])
			if t == 'X' {
				digits = strings.ToUpper(digits)
			}
			for len(digits) < sp.precision {
				digits = "0" + digits
			}
			prefix := ""
			if sp.alt && t != 'd' {
				prefix = map[byte]string{'o': "0o", 'x': "0x", 'X': "0X"}[t]
			}
			s.precision = -1
			return numberOut(n.Sign() < 0, prefix, digits, s), nil
		}
		s.precision = -1
		return formatInt(n, s)
	case 'e', 'E', 'f', 'F', 'g', 'G':
		f, err := printfFloat(v)
		if err != nil {
			return "", err
		}
		s := sp
		s.typ = typ
		if s.precision < 0 {
			s.precision = 6
		}
		return formatFloat(f, s)
	}
	return "", py.ExceptionNewf(py.ValueError, "unsupported format character '%c' (0x%x)", typ, typ)
}

func printfInt(v py.Object, typ byte) (*big.Int, error) {
	switch x := v.(type) {
	case py.Int:
		return big.NewInt(int64(x)), nil
	case *py.BigInt:
		return (*big.Int)(x), nil
	case py.Bool:
		if x {
			return big.NewInt(1), nil
		}
		return big.NewInt(0), nil
	case py.Float:
		if typ == 'd' || typ == 'i' || typ == 'u' {
			f := float64(x)
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, py.ExceptionNewf(py.ValueError, "cannot convert float %s to integer", floatRepr(f))
			}
			b, _ := new(big.Float).SetFloat64(math.Trunc(f)).Int(nil)
			return b, nil
		}
	}
	return nil, py.ExceptionNewf(py.TypeError, "%%%c format: an integer is required, not %s", typ, v.Type().Name)
}

func printfFloat(v py.Object) (float64, error) {
	switch x := v.(type) {
	case py.Float:
		return float64(x), nil
	case py.Int:
		return float64(x), nil
	case py.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case *py.BigInt:
		f, _ := new(big.Float).SetInt((*big.Int)(x)).Float64()
		return f, nil
	}
	return 0, py.ExceptionNewf(py.TypeError, "must be real number, not %s", v.Type().Name)
}

func padString(s string, width int, align byte) string {
	return pad(s, width, align, ' ')
}

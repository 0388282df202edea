package pyflink

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestDesugarFStrings(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`x = f"{a}"`, `x = (("{}").format((a)))`},
		{`"plain {x}" f"{n}"`, `(("plain {{x}}" "{}").format((n)))`},
		{`f'{a!r:>{w}}'`, `(('{!r:>{}}').format((a), (w)))`},
		{`f"{x=}"`, `(("x={!r}").format((x)))`},
		{`f"{{}}"`, `(("{{}}").format())`},
		{`# f"{x}" in a comment`, `# f"{x}" in a comment`},
		{`elif"x"`, `elif"x"`},
		{`rf"\d{n}"`, `((r"\d{}").format((n)))`},
		{`f"{d['k']}"`, `(("{}").format((d['k'])))`},
		{`"%s" % x`, `__flinkplay_printf__("%s", x)`},
		{`"%s-%s" % (a, b) + c`, `__flinkplay_printf__("%s-%s", (a, b)) + c`},
		{`"%s" % obj.f(1)[0] * 2`, `__flinkplay_printf__("%s", obj.f(1)[0]) * 2`},
		{`x %= 3`, `x %= 3`},
		{`a % b`, `a % b`},
	} {
		got, err := desugarFStrings(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{`f"{}"`, `f"{x"`, `f"}"`, `f"{a!}"`, `f"abc`, `f"{x:{y}"`} {
		if _, err := desugarFStrings(in); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
}

// FuzzDesugarFStrings: any text rewrites without a panic, into text with
// as many lines (tracebacks keep their line numbers), and text without an
// f-string or a % comes back as it was.
func FuzzDesugarFStrings(f *testing.F) {
	for _, s := range []string{`f"{a}"`, "x = f'''\n{a}\n'''\n", `"{" f"{b!r:{c}}"`, `print(f"{x=}")`, "f'{'", "rb'\\x'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		slow := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("FuzzDesugarFStrings: %q ran for over 10s", src)) })
		defer slow.Stop()
		out, err := desugarFStrings(src)
		if err != nil {
			return
		}
		if strings.Count(out, "\n") != strings.Count(src, "\n") {
			t.Fatalf("%q: %d lines became %d", src, strings.Count(src, "\n"), strings.Count(out, "\n"))
		}
		if !strings.ContainsAny(src, "fF%") && out != src {
			t.Fatalf("%q changed to %q", src, out)
		}
	})
}

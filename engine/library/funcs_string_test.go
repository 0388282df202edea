package library

import (
	"regexp"
	"strings"
	"testing"
)

func TestJavaOnlyConstruct(t *testing.T) {
	for _, c := range []struct{ pattern, want string }{
		{`abc`, ""},
		{`(a)\1`, "backreference"},
		{`(?<n>a)\k<n>`, "named backreference"},
		{`[\1]`, ""}, // inside a class \1 is an octal escape to Java, not a backreference
		{`a(?=b)`, "lookahead"},
		{`a(?!b)`, "lookahead"},
		{`(?<=a)b`, "lookbehind"},
		{`(?<!a)b`, "lookbehind"},
		{`(?<name>a)`, ""},
		{`(?>a+)`, "atomic group"},
		{`a*+`, "possessive"},
		{`a++b`, "possessive"},
		{`a{2}+`, "possessive"},
		{`a\++`, ""},
		{`[+*]+`, ""},
		{`\Q(?=\E`, ""},
		{`[(?=]`, ""},
		{`(?i)ab`, ""},
	} {
		got := javaOnlyConstruct(c.pattern)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("javaOnlyConstruct(%q) = %q, want %q", c.pattern, got, c.want)
		}
	}
}

func TestInstrAndSplit(t *testing.T) {
	for _, c := range []struct {
		s, sub     string
		start, nth int64
		want       int64
	}{
		{"abcabc", "bc", 1, 1, 2},
		{"abcabc", "bc", 1, 2, 5},
		{"abcabc", "bc", 1, 3, 0},
		{"abcabc", "bc", 3, 1, 5},
		{"abcabc", "bc", -1, 1, 5},
		{"abcabc", "bc", -1, 2, 2},
		{"abcabc", "bc", -3, 1, 2},
		{"abcabc", "bc", 0, 1, 0},
		{"abcabc", "bc", 99, 1, 0},
		{"größe", "ß", 1, 1, 4},
		{"größe", "ß", -1, 1, 4},
		{"aaa", "aa", -1, 2, 1}, // overlapping occurrences count, from the right
		{"aaa", "aa", 1, 2, 2},
		{"abc", "", 3, 1, 1},
		{"abc", "", -2, 1, 4},
	} {
		if got := instr([]byte(c.s), []byte(c.sub), c.start, c.nth); got != c.want {
			t.Errorf("instr(%q, %q, %d, %d) = %d, want %d", c.s, c.sub, c.start, c.nth, got, c.want)
		}
	}
	for _, c := range []struct {
		s, sep string
		idx    int
		want   string
		ok     bool
	}{
		{"a,b,,c", ",", 2, "", true},
		{"a,b,,c", ",", 3, "c", true},
		{"a,b,,c", ",", 4, "", false},
		{"a::b", "::", 1, "b", true},
		{"a b\tc", "", 2, "c", true},
		{",", ",", 1, "", true},
	} {
		got, ok := splitField([]byte(c.s), []byte(c.sep), c.idx)
		if ok != c.ok || string(got) != c.want {
			t.Errorf("splitField(%q, %q, %d) = %q, %v; want %q, %v", c.s, c.sep, c.idx, got, ok, c.want, c.ok)
		}
	}
}

func TestJavaSplitAndHash(t *testing.T) {
	for _, c := range []struct {
		s, re string
		limit int
		want  []string
	}{
		{"a,b,,", ",", 0, []string{"a", "b"}},
		{",a", ",", 0, []string{"", "a"}},
		{",", ",", 0, nil},
		{"a=b=c", "=", 2, []string{"a", "b=c"}},
		{"a=", "=", 2, []string{"a", ""}},
		{"abc", "", 0, []string{"a", "b", "c"}},
		{"a1b22c", "[0-9]+", 0, []string{"a", "b", "c"}},
		{"x", ",", 0, []string{"x"}},
	} {
		var got []string
		for _, p := range javaSplit([]byte(c.s), regexp.MustCompile(c.re), c.limit) {
			got = append(got, string(p))
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("javaSplit(%q, %q, %d) = %q, want %q", c.s, c.re, c.limit, got, c.want)
		}
	}
	// String.hashCode values (s[0]*31^(n-1) + ... + s[n-1], computed independently).
	for s, want := range map[string]int32{"": 0, "a": 97, "hello": 99162322, "Aa": 2112, "BB": 2112, "größe": 98762257} {
		if got := javaStringHash([]byte(s)); got != want {
			t.Errorf("javaStringHash(%q) = %d, want %d", s, got, want)
		}
	}
}

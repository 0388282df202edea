package expr

import "testing"

func TestParseJSON(t *testing.T) {
	for _, c := range []struct {
		in, out string // out "" means invalid
	}{
		{`{"b": 1, "a": [1.0, -0, 1e2, 12345678901234567890, "\u00e9\n"]}`, `{"b":1,"a":[1.0,0,100.0,12345678901234567890,"é\n"]}`},
		{` 42 `, `42`},
		{`{"a":1}}`, `{"a":1}`}, // what follows the first value is not read
		{`{"a":1,"a":2,"b":3}`, `{"a":2,"b":3}`},
		{`"\ud83d\ude00"`, `"😀"`},
		{`[true,false,null]`, `[true,false,null]`},
		{`1.5e-7`, `1.5E-7`},
		{`1x`, ``},
		{`truex`, ``},
		{`01`, ``},
		{`1.`, ``},
		{`.5`, ``},
		{`+1`, ``},
		{`[1,]`, ``},
		{`{'a':1}`, ``},
		{"\"a\tb\"", ``},
		{`NaN`, ``},
		{``, ``},
		{`   `, ``},
		{`{"a" 1}`, ``},
	} {
		v, err := ParseJSON([]byte(c.in))
		if c.out == "" {
			if err == nil {
				t.Errorf("parseJSON(%q) = %s, want an error", c.in, AppendJSON(nil, v))
			}
			continue
		}
		if err != nil {
			t.Errorf("parseJSON(%q): %v", c.in, err)
			continue
		}
		if got := string(AppendJSON(nil, v)); got != c.out {
			t.Errorf("parseJSON(%q) writes %s, want %s", c.in, got, c.out)
		}
	}
}

func TestJSONPath(t *testing.T) {
	doc, err := ParseJSON([]byte(`{"a": {"b": [1, {"c": 2}, [3]]}, "d": null}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{"$", `{"a":{"b":[1,{"c":2},[3]]},"d":null}`},
		{"$.a.b[0]", "1"},
		{"a.b[0]", "1"}, // Jayway adds the missing "$."
		{"$['a']['b'][-1]", "[3]"},
		{"strict $.a.b[1].c", "2"},
		{"lax $.a.b[*].c", "[2]"},
		{"$..c", "[2]"},
		{"$.a.*", `[[1,{"c":2},[3]]]`},
		{"$.a.b[0:2]", `[1,{"c":2}]`},
		{"$.d", "null"},
		{"$.x", "error"},
		{"$.a.b[5]", "error"},
		{"$.x[*]", "error"},
		{"lax $.x[*]", "[]"},
		{"$[?(@.a)]", `[{"a":{"b":[1,{"c":2},[3]]},"d":null}]`},
		{"$.a.b[?(@.c == 2)]", `[{"c":2}]`},
		{"$.a.b[?(@ > 0)]", `[1]`},
		{"$.a.b[?(@.c ==)]", "error"},
		{"$[?(@.a", "error"},
		{"", "error"},
	} {
		p, err := ParseJSONPath(c.path)
		var got string
		if err == nil {
			var v *JsonValue
			if v, err = p.Eval(doc); err == nil {
				got = string(AppendJSON(nil, v))
			}
		}
		if err != nil {
			got = "error"
		}
		if got != c.want {
			t.Errorf("path %q = %s, want %s", c.path, got, c.want)
		}
	}
}

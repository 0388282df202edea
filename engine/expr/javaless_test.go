package expr

import "testing"

func TestJavaLess(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"a", "b", true},
		{"b", "a", false},
		{"a", "a", false},
		{"", "a", true},
		{"a", "", false},
		{"ab", "abc", true},
		{"Z", "a", true},
		// U+FFFD is one UTF-16 unit; U+1F600 starts with the high
		// surrogate U+D83D, below it in Java's order though above in
		// code points.
		{"\U0001F600", "\uFFFD", true},
		{"\uFFFD", "\U0001F600", false},
		{"\U0001F600", "\U0001F601", true},
	}
	for _, tt := range tests {
		if got := javaLess(tt.a, tt.b); got != tt.want {
			t.Errorf("javaLess(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

package catalog

import (
	"reflect"
	"testing"
)

func TestLikeFilter(t *testing.T) {
	names := []string{"user", "product", "amount", "ts", "ptime", "default_catalog", "c1", "a%b", "A_B"}
	tests := []struct {
		name   string
		filter *LikeFilter
		want   []string
	}{
		{"nil keeps all", nil, names},
		{"suffix", &LikeFilter{Pattern: "%r"}, []string{"user"}},
		{"not suffix", &LikeFilter{Not: true, Pattern: "%u"}, names},
		{"contains", &LikeFilter{Pattern: "%u%"}, []string{"user", "product", "amount", "default_catalog"}},
		{"one char", &LikeFilter{Pattern: "use_"}, []string{"user"}},
		{"prefix", &LikeFilter{Pattern: "default%"}, []string{"default_catalog"}},
		{"not prefix", &LikeFilter{Not: true, Pattern: "default%"}, []string{"user", "product", "amount", "ts", "ptime", "c1", "a%b", "A_B"}},
		{"p_r", &LikeFilter{Pattern: "p_r%"}, nil},
		{"case sensitive", &LikeFilter{Pattern: "a_b"}, []string{"a%b"}},
		{"ilike", &LikeFilter{ILike: true, Pattern: "a_b"}, []string{"a%b", "A_B"}},
		{"escaped percent", &LikeFilter{Pattern: `a\%b`}, []string{"a%b"}},
		{"escaped underscore ilike", &LikeFilter{ILike: true, Pattern: `a\_b`}, []string{"A_B"}},
		{"exact", &LikeFilter{Pattern: "ts"}, []string{"ts"}},
		{"all", &LikeFilter{Pattern: "%"}, names},
		{"backtracking", &LikeFilter{Pattern: "%t%t%"}, []string{"default_catalog"}},
		{"backtracking miss", &LikeFilter{Pattern: "%t%t%t%"}, nil},
		{"backtracking hit", &LikeFilter{Pattern: "%a%t%"}, []string{"amount", "default_catalog"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.filter.Filter(names)
			noErr(t, err)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestLikeFilterBadEscape(t *testing.T) {
	for _, p := range []string{`a\`, `a\b`} {
		if _, err := (&LikeFilter{Pattern: p}).Filter([]string{"x"}); err == nil {
			t.Errorf("%q: want an invalid escape error", p)
		}
	}
}

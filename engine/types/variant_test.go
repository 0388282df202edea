package types

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestParseVariantGolden checks ParseVariant and the printed JSON against
// testdata/variant_golden.jsonl: what Flink's own variant classes
// (BinaryVariantInternalBuilder.parseJson over Jackson, BinaryVariant's
// toJson; Flink master of 2026-07, run on JDK 17) make of 208 JSON texts,
// valid and not. Jackson appends the error's location on a second line,
// which Flink's PARSE_JSON error does not show; the first line must match.
// Two doubles print differently on JDK 17 than with the shortest digits
// every JDK from 19 on prints (and Go): 1e23 and 2e23.
func TestParseVariantGolden(t *testing.T) {
	f, err := os.Open("testdata/variant_golden.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jdk17 := map[string]string{"1e23": "1.0E23", "2e23": "2.0E23"}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var c struct {
			In           string `json:"in"`
			AllowDup     bool   `json:"allow_duplicate_keys"`
			OK           bool   `json:"ok"`
			VariantType  string `json:"variant_type"`
			JSON         string `json:"json"`
			ErrorClass   string `json:"error_class"`
			ErrorMessage string `json:"error_message"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		v, err := ParseVariant(c.In, c.AllowDup)
		if !c.OK {
			want := c.ErrorClass + ": " + strings.SplitN(c.ErrorMessage, "\n", 2)[0]
			want = strings.TrimSuffix(want, " (start marker at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 1])")
			if err == nil {
				t.Errorf("%q: parsed as %s, want %s", c.In, v, want)
				continue
			}
			if got := err.Error(); !strings.HasPrefix(want, got) {
				t.Errorf("%q: error\n  %s\nwant\n  %s", c.In, got, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v, want %s", c.In, err, c.JSON)
			continue
		}
		want := c.JSON
		if w, ok := jdk17[c.In]; ok {
			want = w
		}
		if got := v.String(); got != want {
			t.Errorf("%q: printed %s, want %s", c.In, got, want)
		}
		if got := v.Kind.String(); got != c.VariantType {
			t.Errorf("%q: kind %s, want %s", c.In, got, c.VariantType)
		}
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}

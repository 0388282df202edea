package faker

import (
	"reflect"
	"testing"
)

// The splitting rules are Datafaker 1.9's FakeValuesService.splitExpressions
// and splitArguments.
func TestParseExpression(t *testing.T) {
	tests := []struct {
		in   string
		want expression
	}{
		{"plain text", expression{{text: "plain text"}}},
		{"#{Name.firstName}", expression{{text: "Name.firstName", dir: &directive{name: "Name.firstName"}}}},
		{"Hi #{Name.firstName}!", expression{
			{text: "Hi "},
			{text: "Name.firstName", dir: &directive{name: "Name.firstName"}},
			{text: "!"}}},
		{"#{number.numberBetween '1','10'}", expression{{text: "number.numberBetween '1','10'",
			dir: &directive{name: "number.numberBetween", args: []string{"1", "10"}}}}},
		// A quote inside an argument is doubled; a '}' inside quotes does not end it.
		{"#{Options.option 'it''s','a}b'}", expression{{text: "Options.option 'it''s','a}b'",
			dir: &directive{name: "Options.option", args: []string{"it's", "a}b"}}}}},
		// "#{" in the last two characters is text.
		{"a}#{", expression{{text: "a}#{"}}},
		// Without any '}' it is all text; with one, an unterminated
		// directive runs to the end.
		{"x #{Name.firstName", expression{{text: "x #{Name.firstName"}}},
		{"#{a} #{Name.firstName", expression{{text: "a", dir: &directive{name: "a"}}, {text: " "},
			{text: "Name.firstName", dir: &directive{name: "Name.firstName"}}}},
		{"#{a} #{b}", expression{{text: "a", dir: &directive{name: "a"}}, {text: " "}, {text: "b", dir: &directive{name: "b"}}}},
	}
	for _, tt := range tests {
		if got := parseExpression(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseExpression(%q) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}

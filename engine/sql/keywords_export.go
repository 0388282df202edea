package sql

import "sort"

// Keywords returns the keywords of Flink's SQL dialect that the parser
// knows, reserved or not, upper-case and sorted, for the playground editor's
// highlighting and completion.
func Keywords() []string {
	seen := make(map[string]bool, len(reservedWords)+len(flinkKeywords))
	out := make([]string, 0, len(reservedWords)+len(flinkKeywords))
	add := func(w string) {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for w := range reservedWords {
		add(w)
	}
	for _, w := range flinkKeywords {
		add(w)
	}
	sort.Strings(out)
	return out
}

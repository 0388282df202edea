//go:build !(js && wasm)

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// seededScript draws random values and timestamps relative to "now": only
// the seed and the start time make them repeatable.
const seededScript = `CREATE TABLE Readings (
  sensor INT, reading DOUBLE, name STRING, at_time TIMESTAMP(3), at_ltz TIMESTAMP_LTZ(3)
) WITH ('connector' = 'datagen', 'number-of-rows' = '8', 'rows-per-second' = '4',
  'fields.sensor.min' = '1', 'fields.sensor.max' = '9', 'fields.name.length' = '5');
SELECT * FROM Readings;
`

// TestEmbedSameRowsOnEveryLoad loads an embed with a seed and a start
// time twice, each in a fresh browser, and expects the same output
// byte for byte (issue 4: docs can state the output they show).
func TestEmbedSameRowsOnEveryLoad(t *testing.T) {
	dist := requireBuild(t, "embed.html")
	frag := embedFragment(seededScript, "&autorun=1&seed=2024&start=2024-05-01%2012:00:00")
	var outs []string
	for i := range 2 {
		p := openBuild(t, 90*time.Second, dist)
		p.do("open the seeded embed", 30*time.Second, chromedp.Navigate(p.base+"/embed.html"+frag))
		out := waitFor[string](p, "the whole result", `(() => {
  const t = document.getElementById('tableau')?.textContent || '';
  return t.includes('Received a total of 8 rows') ? t : '';
})()`, 60*time.Second)
		p.shot("seeded-run")
		if i == 0 && !strings.Contains(out, "2024-05-01 12:00:0") {
			t.Errorf("the timestamps are not anchored at the start time:\n%s", out)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("two loads differ:\n--- first\n%s\n--- second\n%s", outs[0], outs[1])
	}
}

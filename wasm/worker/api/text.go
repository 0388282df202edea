package api

import (
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
)

// textFormat writes what Flink's SQL client prints for `sql-client.sh -f`
// in tableau mode, the same bytes as `flinkplay sql -f`: engine/client
// prints every result, and a run cut at a limit ends with a [WARNING] line.
type textFormat struct{}

func (textFormat) options(rn *runner) client.Options {
	o := client.Defaults(client.SQLClient).ForSession(rn.sess)
	o.Start = rn.start
	return o
}

func (textFormat) before(rn *runner, idx int) {
	if idx > 0 {
		// The SQL client leaves a blank line before every prompt.
		rn.out.WriteString("\n")
	}
	rn.start = time.Now()
}

func (f textFormat) statement(rn *runner, idx int, res *engine.Result) error {
	o := f.options(rn)
	if res.Kind == engine.ResultQuery || res.Kind == engine.ResultInsert {
		// Rows stream from here on: the answer is 200 whatever follows.
		rn.out.commit()
	}
	left := rn.rowsLeft()
	o.MaxRows = left
	n, err := client.Print(rn.ctx, rn.out, res, o)
	rn.rows += n
	if res.Kind == engine.ResultQuery && n >= left && err == nil {
		rn.cancel(errRowLimit)
	}
	return err
}

func (f textFormat) failure(rn *runner, idx int, err error) {
	client.PrintError(rn.out, err, f.options(rn))
}

func (textFormat) limit(rn *runner, idx int, cause error, skipped int) {
	rn.out.trailer("[WARNING] " + rn.limitMessage(cause, skipped) + "\n")
}

func (textFormat) output(rn *runner, lines []string) {
	for _, l := range lines {
		rn.out.WriteString(l + "\n")
	}
	rn.out.flush()
}

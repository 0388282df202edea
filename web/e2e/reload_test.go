//go:build !(js && wasm)

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReloadsStayResponsive reloads the same tab several times and, after
// each load, clicks, runs a query and takes a screenshot: a page that
// stopped painting or answering after a reload fails here. (It did, when
// the browser's optimizing compiler took ~400 MB for vitess's parser.)
func TestReloadsStayResponsive(t *testing.T) {
	p := open(t, 150*time.Second)
	p.load()
	for i := 1; i <= 4; i++ {
		p.do(fmt.Sprintf("reload %d", i), 30*time.Second, chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("app")))
		waitFor[bool](p, "the engine to be ready", engineReady, 30*time.Second)
		if _, err := p.ping(5 * time.Second); err != nil {
			p.fatalf("reload %d: a click on a side tab: %v", i, err)
		}
		p.setScript("CREATE TABLE T (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3');\nSELECT * FROM T;\n")
		p.click("run-all")
		waitFor[bool](p, "the result", `(document.getElementById('tableau')?.textContent || '').includes('Received a total of 3 rows')`, 20*time.Second)
		p.shot(fmt.Sprintf("after-reload-%d", i))
	}
}

// Package e2e holds the playground's end-to-end tests: they serve the built
// page (web/dist/files, written by `make web`) on a loopback port and drive
// Debian's headless Chromium with chromedp, the way a person would use it.
//
// The tests skip when /usr/bin/chromium or the built page is missing, unless
// FLINKPLAY_E2E=1 (set by .ci/run), which turns those skips into failures so
// CI can never pass by testing nothing. Every step writes a PNG screenshot into
// $FLINKPLAY_SHOTS, or a fresh temporary folder; the tests log where.
// FLINKPLAY_DIST serves another build instead of web/dist/files.
//
// TestMeasure (run with FLINKPLAY_MEASURE=1) measures the page against the
// budgets of DESIGN.md and writes docs/browser-benchmarks.md.
package e2e

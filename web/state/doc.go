// Package state is the playground page's logic as plain Go, so that it is
// tested natively: the bounded result buffer, the tableau, changelog and
// materialized table views, the visible window of a scrolled view, the
// status line, statement-at-cursor and offset conversions between the
// editor (UTF-16) and the engine (bytes), error underlines, the examples
// gallery, what is persisted across reloads, share links and the embed
// page's parameters (share.go, embed.go), and result downloads (download.go). It never imports
// syscall/js; wasm/app wires it to the browser.
package state

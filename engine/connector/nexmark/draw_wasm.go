//go:build wasm

package nexmark

// drawSpaced draws the n characters of a string whose special character
// is a space, as appendString does, from the SplittableRandom state
// (seed, gamma): it returns the state after them, the first and the last
// letter (-1 when there is none), and ok false, with the rest undefined,
// when a draw falls where nextInt(13) or nextInt(26) would reject it and
// draw again. In WebAssembly (draw_wasm.s).
//
//go:noescape
func drawSpaced(seed, gamma uint64, n int) (end uint64, first, last int, ok bool)

// drawBid makes the draws of a bid (see generator.bid) from r into d. In
// WebAssembly (draw_wasm.s).
//
//go:noescape
func drawBid(r *splitRandom, d *bidDraws)

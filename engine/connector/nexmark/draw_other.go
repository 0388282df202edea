//go:build !wasm

package nexmark

// drawSpaced draws the n characters of a string whose special character
// is a space, as appendString does, from the SplittableRandom state
// (seed, gamma): it returns the state after them and the first and the
// last letter (-1 when there is none). Here it is drawChars, and ok is
// always true; draw_wasm.s is the same in WebAssembly, where ok is false
// when a draw falls where Java's nextInt rejects it.
func drawSpaced(seed, gamma uint64, n int) (end uint64, first, last int, ok bool) {
	r := splitRandom{seed, gamma}
	first, last = drawChars(&r, n, ' ')
	return r.seed, first, last, true
}

// drawBid makes the draws of a bid (see generator.bid) from r into d.
// draw_wasm.s is the same in WebAssembly.
func drawBid(r *splitRandom, d *bidDraws) {
	d.auction, d.bidder = -1, -1
	if r.below(d.hotAuctions) == 0 {
		d.auction = r.below(d.auctionBound)
	}
	if r.below(d.hotBidders) == 0 {
		d.bidder = r.below(d.bidderBound)
	}
	d.price = uint64(r.nextLong()) >> 11
	if r.below(hotChannelsRatio) == 0 {
		d.channel = hotChannels + r.below(numChannels)
	} else {
		d.channel = r.below(hotChannels)
	}
	if d.extra != 0 {
		d.size = d.extraMin
		if d.extraSpread != 0 {
			d.size += r.below(d.extraSpread)
		}
		d.off = -1
		if 2*d.size < d.extraLen {
			d.off = r.below(d.extraLen - d.size)
		}
	}
}

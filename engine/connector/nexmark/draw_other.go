//go:build !wasm

package nexmark

// drawSpaced draws the n characters of a string whose special character
// is a space, as appendString does, from the SplittableRandom state
// (seed, gamma): it returns the state after them, the first and the last
// letter (-1 when there is none), and ok false, with the rest undefined,
// when a draw falls where nextInt(13) or nextInt(26) would reject it and
// draw again. draw_wasm.s is the same in WebAssembly.
func drawSpaced(seed, gamma uint64, n int) (end uint64, first, last int, ok bool) {
	first, last = -1, -1
	for k := range n {
		seed += gamma
		u := uint32(mix32(seed)) >> 1
		if u >= accept13 {
			return 0, 0, 0, false
		}
		if u%13 == 0 {
			continue
		}
		seed += gamma
		if uint32(mix32(seed))>>1 >= accept26 {
			return 0, 0, 0, false
		}
		last = k
		if first < 0 {
			first = k
		}
	}
	return seed, first, last, true
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

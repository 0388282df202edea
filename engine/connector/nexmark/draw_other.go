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

// drawBid makes the draws of a bid (see generator.bid) from r into d, and
// reports false, leaving r as it was, when one falls where Java's
// nextInt(bound) would reject it and draw again. draw_wasm.s is the same
// in WebAssembly.
func drawBid(r *splitRandom, d *bidDraws) bool {
	s := *r
	below := func(bound int32) (int32, bool) {
		s.seed += s.gamma
		return boundedDraw(mix32(s.seed), bound)
	}
	ok := true
	draw := func(bound int32) int32 {
		w, accepted := below(bound)
		ok = ok && accepted
		return w
	}
	d.auction, d.bidder = -1, -1
	if draw(d.hotAuctions) == 0 {
		d.auction = draw(d.auctionBound)
	}
	if draw(d.hotBidders) == 0 {
		d.bidder = draw(d.bidderBound)
	}
	d.price = uint64(s.nextLong()) >> 11
	if draw(hotChannelsRatio) == 0 {
		d.channel = hotChannels + draw(numChannels)
	} else {
		d.channel = draw(hotChannels)
	}
	if d.extra != 0 {
		d.size = d.extraMin
		if d.extraSpread != 0 {
			d.size += draw(d.extraSpread)
		}
		d.off = draw(d.extraLen - d.size)
	}
	if ok {
		*r = s
	}
	return ok
}

// boundedDraw is nextInt(bound)'s value from its draw v, for a positive
// bound, and whether Java accepts it.
func boundedDraw(v, bound int32) (int32, bool) {
	m := bound - 1
	if bound&m == 0 {
		return v & m, true
	}
	u := int32(uint32(v) >> 1)
	w := u % bound
	return w, u+m-w >= 0
}

package nexmark

import (
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// The word lists of PersonGenerator and BidGenerator, in their order.
var (
	usStateNames    = strings.Split("AZ,CA,ID,OR,WA,WY", ",")
	usCityNames     = strings.Split("Phoenix,Los Angeles,San Francisco,Boise,Portland,Bend,Redmond,Seattle,Kent,Cheyenne", ",")
	firstNames      = strings.Split("Peter,Paul,Luke,John,Saul,Vicky,Kate,Julie,Sarah,Deiter,Walter", ",")
	lastNames       = strings.Split("Shultz,Abrams,Spencer,White,Bartels,Walton,Smith,Jones,Noris", ",")
	hotChannelNames = strings.Split("Google,Facebook,Baidu,Apple", ",")
)

// arena hands out bytes for the strings of one event (a stream.Batch).
type arena interface {
	Alloc(n int) []byte
}

// minStringLength is StringsGenerator's MIN_STRING_LENGTH.
const minStringLength = 3

// appendString is StringsGenerator.nextString(random, maxLength, special):
// 3 to maxLength-1 characters, each the special one with odds 1 in 13,
// else a lower-case letter; then Java's trim (of the spaces, the only
// characters <= ' ' it can make).
func appendString(dst []byte, r *splitRandom, maxLength int32, special byte) []byte {
	n := minStringLength + r.below(maxLength-minStringLength)
	start := len(dst)
	for ; n > 0; n-- {
		if r.below(13) == 0 {
			dst = append(dst, special)
		} else {
			dst = append(dst, 'a'+byte(r.below(26)))
		}
	}
	seg := dst[start:]
	i, j := 0, len(seg)
	for i < j && seg[i] <= ' ' {
		i++
	}
	for j > i && seg[j-1] <= ' ' {
		j--
	}
	if i > 0 {
		copy(seg, seg[i:j])
	}
	return dst[:start+j-i]
}

// stringLength draws what appendString draws and returns the length of
// the string it would make, without making it: the string of a field that
// nothing reads, whose length still counts towards its event's size.
func stringLength(r *splitRandom, maxLength int32, special byte) int {
	n := int(minStringLength + r.below(maxLength-minStringLength))
	first, last, ok := -1, -1, false
	if special == ' ' {
		var end uint64
		if end, first, last, ok = drawSpaced(r.seed, r.gamma, n); ok {
			r.seed = end
		}
	}
	if !ok {
		first, last = drawChars(r, n, special)
	}
	if last < 0 {
		return 0
	}
	return last - first + 1
}

// drawChars draws the n characters of a string as appendString does and
// returns the first and the last that Java's trim keeps (-1 when none
// is): the special character is trimmed at either end when it is a space.
func drawChars(r *splitRandom, n int, special byte) (first, last int) {
	first, last = -1, -1
	for k := range n {
		if r.below(13) != 0 {
			r.below(26) // a letter
		} else if special <= ' ' {
			continue // a space
		}
		last = k
		if first < 0 {
			first = k
		}
	}
	return first, last
}

// exactStringInto fills buf as StringsGenerator.nextExactString does when
// it has no reusable string to cut from: one int draw per six characters,
// 'a' plus the draw's remainder by 26 (which Java's % leaves negative for
// negative draws, so the characters run from 'H' to 'z').
func exactStringInto(buf []byte, r *splitRandom) {
	var rnd int32
	n := 0
	for i := range buf {
		if n == 0 {
			rnd = r.nextInt()
			n = 6
		}
		buf[i] = byte('a' + rnd%26)
		rnd /= 26
		n--
	}
}

// reusableLength is the length of StringsGenerator's REUSABLE_EXTRA_STRING.
const reusableLength = 1 << 20

// appendBaseURL is BidGenerator.getBaseUrl.
func appendBaseURL(dst []byte, r *splitRandom) []byte {
	dst = append(dst, "https://www.nexmark.com/"...)
	for i := 0; i < 3; i++ {
		dst = appendString(dst, r, 5, '_')
		dst = append(dst, '/')
	}
	return append(dst, "item.htm?query=1"...)
}

// pool holds the strings events share, read-only, in one buffer:
// StringsGenerator's REUSABLE_EXTRA_STRING, BidGenerator's static
// HOT_URLS and CHANNEL_URL_CACHE (which it draws from SplittableRandoms of
// their own when the classes are initialized), and the word lists. A
// columnar batch's strings that lie in it are views into it (see
// fillColumns), not copies.
type pool struct {
	buf   []byte
	extra []byte

	// BidGenerator's channels and their URLs, the hot ones first: "Google",
	// …, then "channel-0", ….
	allURLs, allChannels   [][]byte
	states, cities, people [][]byte // PersonGenerator's; people "first last", first-major
}

// newPool makes the pool of the SplittableRandoms extra (for the reusable
// extra string) and urls (for the URLs).
func newPool(extra, urls splitRandom) *pool {
	var buf []byte
	var ends []int
	mark := func() { ends = append(ends, len(buf)) }
	// The extra string first: one exactStringInto over all of it.
	buf = make([]byte, reusableLength, reusableLength+reusableLength/2)
	exactStringInto(buf, &extra)
	mark()
	for range hotChannels {
		buf = appendBaseURL(buf, &urls)
		mark()
	}
	for i := 0; i < numChannels; i++ {
		buf = appendBaseURL(buf, &urls)
		if urls.below(10) > 0 {
			id := int32(bits.Reverse32(uint32(i)))
			if id < 0 {
				id = -id // Math.abs: Integer.MIN_VALUE stays negative
			}
			buf = append(buf, "&channel_id="...)
			buf = strconv.AppendInt(buf, int64(id), 10)
		}
		mark()
	}
	words := func(list []string) {
		for _, w := range list {
			buf = append(buf, w...)
			mark()
		}
	}
	words(hotChannelNames)
	for i := 0; i < numChannels; i++ {
		buf = strconv.AppendInt(append(buf, "channel-"...), int64(i), 10)
		mark()
	}
	words(usStateNames)
	words(usCityNames)
	for _, f := range firstNames {
		for _, l := range lastNames {
			buf = append(append(append(buf, f...), ' '), l...)
			mark()
		}
	}
	// The buffer stops growing here: cut the strings.
	p := &pool{buf: buf[:len(buf):len(buf)]}
	start := 0
	take := func(k int) [][]byte {
		out := make([][]byte, k)
		for i := range out {
			end := ends[0]
			ends = ends[1:]
			out[i] = p.buf[start:end:end]
			start = end
		}
		return out
	}
	p.extra = take(1)[0]
	p.allURLs = take(hotChannels + numChannels)
	p.allChannels = take(hotChannels + numChannels)
	p.states = take(len(usStateNames))
	p.cities = take(len(usCityNames))
	p.people = take(len(firstNames) * len(lastNames))
	return p
}

// offset returns where b lies in the pool's buffer, or false when it does
// not lie there. An empty string lies anywhere.
func (p *pool) offset(b []byte) (int32, bool) {
	if len(b) == 0 {
		return 0, true
	}
	// The buffer is one allocation, so b lies in it when its first byte's
	// address does and it ends within.
	at := uintptr(unsafe.Pointer(unsafe.SliceData(b))) - uintptr(unsafe.Pointer(unsafe.SliceData(p.buf)))
	if at >= uintptr(len(p.buf)) || uintptr(len(b)) > uintptr(len(p.buf))-at {
		return 0, false
	}
	return int32(at), true
}

// The pools depend only on the SplittableRandoms that make them, so
// sources of the same seed share them. A few are kept; a session rarely
// uses more.
var shared struct {
	sync.Mutex
	pools []sharedPool
}

type splitKey struct {
	gen   int64
	split int
}

type sharedPool struct {
	extra, urls splitKey
	p           *pool
}

const sharedKept = 4

// poolFor returns the pool whose extra string the split-th
// SplittableRandom of seed generator gen makes (extra), and whose URLs
// that of urls makes.
func poolFor(extra, urls splitKey) *pool {
	shared.Lock()
	defer shared.Unlock()
	for _, e := range shared.pools {
		if e.extra == extra && e.urls == urls {
			return e.p
		}
	}
	p := newPool(defaultSplit(extra.gen, extra.split), defaultSplit(urls.gen, urls.split))
	if len(shared.pools) == sharedKept {
		shared.pools = shared.pools[1:]
	}
	shared.pools = append(shared.pools, sharedPool{extra, urls, p})
	return p
}

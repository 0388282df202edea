package nexmark

import (
	"math/bits"
	"strconv"
	"strings"
	"sync"
)

// The word lists of PersonGenerator and BidGenerator, in their order.
var (
	usStates    = byteList("AZ,CA,ID,OR,WA,WY")
	usCities    = byteList("Phoenix,Los Angeles,San Francisco,Boise,Portland,Bend,Redmond,Seattle,Kent,Cheyenne")
	firstNames  = strings.Split("Peter,Paul,Luke,John,Saul,Vicky,Kate,Julie,Sarah,Deiter,Walter", ",")
	lastNames   = strings.Split("Shultz,Abrams,Spencer,White,Bartels,Walton,Smith,Jones,Noris", ",")
	hotChannels = byteList("Google,Facebook,Baidu,Apple")

	// personNames holds every "first last" pair, first-major, so that a
	// name costs no allocation.
	personNames = func() [][]byte {
		var out [][]byte
		for _, f := range firstNames {
			for _, l := range lastNames {
				out = append(out, []byte(f+" "+l))
			}
		}
		return out
	}()

	// channelNames are "channel-0" ... "channel-9999", in one buffer.
	channelNames = func() [][]byte {
		out := make([][]byte, numChannels)
		buf := make([]byte, 0, numChannels*len("channel-9999"))
		for i := range out {
			start := len(buf)
			buf = strconv.AppendInt(append(buf, "channel-"...), int64(i), 10)
			out[i] = buf[start:len(buf):len(buf)]
		}
		return out
	}()
)

func byteList(csv string) [][]byte {
	var out [][]byte
	for _, s := range strings.Split(csv, ",") {
		out = append(out, []byte(s))
	}
	return out
}

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
	n := minStringLength + r.nextIntN(maxLength-minStringLength)
	start := len(dst)
	for ; n > 0; n-- {
		if r.nextIntN(13) == 0 {
			dst = append(dst, special)
		} else {
			dst = append(dst, 'a'+byte(r.nextIntN(26)))
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

// bidURLs are BidGenerator's static HOT_URLS and CHANNEL_URL_CACHE, which
// it draws from its own SplittableRandom when the class is initialized.
type bidURLs struct {
	hot      [4][]byte
	channels [numChannels][]byte
}

func newBidURLs(r splitRandom) *bidURLs {
	u := &bidURLs{}
	for i := range u.hot {
		u.hot[i] = appendBaseURL(nil, &r)
	}
	var data []byte
	var ends [numChannels]int
	for i := 0; i < numChannels; i++ {
		data = appendBaseURL(data, &r)
		if r.nextIntN(10) > 0 {
			id := int32(bits.Reverse32(uint32(i)))
			if id < 0 {
				id = -id // Math.abs: Integer.MIN_VALUE stays negative
			}
			data = append(data, "&channel_id="...)
			data = strconv.AppendInt(data, int64(id), 10)
		}
		ends[i] = len(data)
	}
	start := 0
	for i, end := range ends {
		u.channels[i] = data[start:end:end]
		start = end
	}
	return u
}

// The static strings depend only on the seed of the SplittableRandom that
// makes them, so sources of the same seed share them. A few seeds are
// kept; a session rarely uses more.
var shared struct {
	sync.Mutex
	extras []sharedExtra
	urls   []sharedURLs
}

type splitKey struct {
	gen   int64
	split int
}

type sharedExtra struct {
	key splitKey
	s   []byte
}

type sharedURLs struct {
	key splitKey
	u   *bidURLs
}

const sharedKept = 4

// reusableExtra returns StringsGenerator's REUSABLE_EXTRA_STRING as the
// split-th SplittableRandom of seed generator gen makes it.
func reusableExtra(key splitKey) []byte {
	shared.Lock()
	defer shared.Unlock()
	for _, e := range shared.extras {
		if e.key == key {
			return e.s
		}
	}
	r := defaultSplit(key.gen, key.split)
	s := make([]byte, reusableLength)
	exactStringInto(s, &r)
	if len(shared.extras) == sharedKept {
		shared.extras = shared.extras[1:]
	}
	shared.extras = append(shared.extras, sharedExtra{key, s})
	return s
}

// bidURLsFor returns BidGenerator's URLs as the split-th SplittableRandom
// of seed generator gen makes them.
func bidURLsFor(key splitKey) *bidURLs {
	shared.Lock()
	defer shared.Unlock()
	for _, e := range shared.urls {
		if e.key == key {
			return e.u
		}
	}
	u := newBidURLs(defaultSplit(key.gen, key.split))
	if len(shared.urls) == sharedKept {
		shared.urls = shared.urls[1:]
	}
	shared.urls = append(shared.urls, sharedURLs{key, u})
	return u
}

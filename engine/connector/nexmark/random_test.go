package nexmark

import (
	"math"
	"testing"
)

// The values below are java.util.SplittableRandom's, printed by OpenJDK
// 17.0.15 (the seeded rows by new SplittableRandom(seed) and its nextInt(),
// nextLong(), nextDouble() and nextInt(bound) in this order, the bounds
// 1, 2, 3, 13, 26, 100, 10000, 1<<30, Integer.MAX_VALUE, 0x40000001 and
// 0x60000000; the default-constructor rows by three new SplittableRandom()
// after setting its static defaultGen by reflection, and the first
// nextLong() of each).
var javaSeeded = []struct {
	seed    int64
	ints    []int32
	longs   []int64
	doubles []float64
	bounded []int32
}{
	{seed: 0, ints: []int32{821115357, 1660418793, -1699405221, -974129710}, longs: []int64{1961750202426094747, 6038094601263162090, 3207296026000306913}, doubles: []float64{0.771546556331567, 0.24568894884013137, 0.9520306913678265}, bounded: []int32{0, 1, 2, 4, 8, 97, 9966, 875013724, 2057689802, 391297990, 1477468834}},
	{seed: 42, ints: []int32{-491277234, 909395113, -1877322334, -1024560952}, longs: []int64{701532786141963250, -2430762948046562554, 4028864712777624925}, doubles: []float64{0.8006318767135033, 0.3399310389170206, 0.6184820663561348}, bounded: []int32{0, 0, 2, 5, 6, 53, 5588, 509076050, 1530713248, 415021941, 525265886}},
	{seed: -7, ints: []int32{-669310854, 1294095745, 1138854843, 2124354869}, longs: []int64{-8007545441867040463, -3543770807805850555, -8289486925083420040}, doubles: []float64{0.006663371782152483, 0.02814483429198633, 0.4009632409687033}, bounded: []int32{0, 0, 0, 3, 8, 6, 9821, 1043041233, 5550946, 115625907, 1529151428}},
	{seed: math.MinInt64, ints: []int32{-1178737004, -432204555, 1752063314, 1374658759}, longs: []int64{903114586442990803, 5584017301749351935, -8818719466370675869}, doubles: []float64{0.3840375159023742, 0.7081953130125085, 0.38165778807200845}, bounded: []int32{0, 0, 2, 11, 19, 3, 9737, 723025492, 1783981399, 950585970, 153074342}},
}

var javaBounds = []int32{1, 2, 3, 13, 26, 100, 10000, 1 << 30, math.MaxInt32, 0x40000001, 0x60000000}

func TestSplitRandomMatchesJava(t *testing.T) {
	for _, tc := range javaSeeded {
		r := newSplitRandom(tc.seed)
		for i, want := range tc.ints {
			if got := r.nextInt(); got != want {
				t.Fatalf("seed %d: nextInt #%d = %d, Java %d", tc.seed, i, got, want)
			}
		}
		for i, want := range tc.longs {
			if got := r.nextLong(); got != want {
				t.Fatalf("seed %d: nextLong #%d = %d, Java %d", tc.seed, i, got, want)
			}
		}
		for i, want := range tc.doubles {
			if got := r.nextDouble(); got != want {
				t.Fatalf("seed %d: nextDouble #%d = %v, Java %v", tc.seed, i, got, want)
			}
		}
		for i, want := range tc.bounded {
			if got := r.nextIntN(javaBounds[i]); got != want {
				t.Fatalf("seed %d: nextInt(%d) = %d, Java %d", tc.seed, javaBounds[i], got, want)
			}
		}
	}
}

func TestDefaultSplitMatchesJava(t *testing.T) {
	for _, tc := range []struct {
		gen   int64
		first []int64
	}{
		{0, []int64{-7429218410800678622, -3697716089101861475, 5511211235950937512}},
		{42, []int64{86971410854519368, -3551978058637500346, 1471864324957780161}},
	} {
		for k, want := range tc.first {
			r := defaultSplit(tc.gen, k)
			if got := r.nextLong(); got != want {
				t.Errorf("defaultGen %d, split %d: first nextLong = %d, Java %d", tc.gen, k, got, want)
			}
		}
	}
}

// TestBoundedSums runs the rejection loop many times: the sums are
// Java's, sum = sum*31 + new SplittableRandom(1).nextInt(bound), 100,000
// draws.
func TestBoundedSums(t *testing.T) {
	for _, tc := range []struct {
		bound int32
		sum   int64
	}{
		{3, -7100677438003603932},
		{1 << 20, -4587257645403330667},
		{0x55555556, -4348485171320868072},
		{math.MaxInt32, -2086930402181182820},
		{1000000, 3555437278192605010},
	} {
		r := newSplitRandom(1)
		var sum int64
		for i := 0; i < 100000; i++ {
			sum = sum*31 + int64(r.nextIntN(tc.bound))
		}
		if sum != tc.sum {
			t.Errorf("nextInt(%d) sum = %d, Java %d", tc.bound, sum, tc.sum)
		}
	}
}

func TestNonPositiveBoundFails(t *testing.T) {
	for _, bound := range []int32{0, -1, math.MinInt32} {
		err := func() (err error) {
			defer recoverBailout(&err)
			r := newSplitRandom(1)
			r.nextIntN(bound)
			return nil
		}()
		if err == nil || err.Error() != "bound must be positive" {
			t.Errorf("nextInt(%d): %v, want Java's \"bound must be positive\"", bound, err)
		}
	}
}

// TestPricesMatchJava compares PriceGenerator.nextPrice over 100,000
// draws: Java's sum*31 + Math.round(Math.pow(10.0, r.nextDouble() * 6.0)
// * 100.0) with r = new SplittableRandom(2).
func TestPricesMatchJava(t *testing.T) {
	pow10Once.Do(initPow10) // as the generator does at its first event
	r := newSplitRandom(2)
	var sum int64
	for i := 0; i < 100000; i++ {
		sum = sum*31 + nextPrice(r)
	}
	if want := int64(4937097557378239984); sum != want {
		t.Errorf("price sum = %d, Java %d", sum, want)
	}
}

func TestPow10(t *testing.T) {
	for y := 0; y < 8; y++ {
		if got := pow10(float64(y)); got != powersOf10[y] {
			t.Errorf("pow10(%d) = %v", y, got)
		}
	}
	// Correctly rounded values (from a 60-digit decimal computation) where
	// Java's Math.pow and StrictMath.pow both give the other neighbour.
	for _, tc := range []struct{ y, want float64 }{
		{1.9949836542655495, 98.85158887448954},
		{0.5263340838246726, 3.359959819257756},
		{3.584514920543387, 3841.6245716857356},
	} {
		if got := pow10(tc.y); got != tc.want {
			t.Errorf("pow10(%v) = %v, want %v", tc.y, got, tc.want)
		}
	}
	// Elsewhere it is near math.Pow, which is off by a few ulps at times
	// (3841.6245716857343 for 10^3.584514920543387, which is
	// 3841.62457168573550854...).
	r := newSplitRandom(3)
	for i := 0; i < 10000; i++ {
		y := r.nextDouble() * 6
		got, want := pow10(y), math.Pow(10, y)
		if math.Abs(got-want) > 1e-14*want {
			t.Fatalf("pow10(%v) = %v, math.Pow %v", y, got, want)
		}
	}
}

func TestJavaConversions(t *testing.T) {
	for _, tc := range []struct {
		f    float64
		want int64
	}{
		{math.NaN(), 0}, {math.Inf(1), math.MaxInt64}, {math.Inf(-1), math.MinInt64},
		{1e300, math.MaxInt64}, {-1.9, -1}, {1.9, 1},
	} {
		if got := javaD2L(tc.f); got != tc.want {
			t.Errorf("(long) %v = %d, want %d", tc.f, got, tc.want)
		}
	}
	for _, tc := range []struct {
		f    float64
		want int64
	}{
		{2.5, 3}, {-2.5, -2}, {0.49999999999999994, 0}, {13.6, 14}, {math.NaN(), 0},
	} {
		if got := javaRound(tc.f); got != tc.want {
			t.Errorf("Math.round(%v) = %d, want %d", tc.f, got, tc.want)
		}
	}
}

// TestFastPrice: over 2 million draws and the arguments near rounding
// points of TestPow10, priceOf is the price of pow10's exact result, and
// its double approximation rarely needs that result.
func TestFastPrice(t *testing.T) {
	pow10Once.Do(initPow10)
	r := newSplitRandom(5)
	declined := 0
	const n = 2_000_000
	for i := 0; i < n; i++ {
		y := r.nextDouble() * 6
		got, slow := priceOf(y)
		if slow {
			declined++
		}
		if want := javaRound(pow10(y) * 100); got != want {
			t.Fatalf("priceOf(%v) = %d, exact %d", y, got, want)
		}
	}
	if declined > n/1000 {
		t.Errorf("needed the exact result for %d of %d draws", declined, n)
	}
	// 10^y * 100 a hair off a half: the fast path must decline or agree.
	for _, y := range []float64{math.Log10(0.125), math.Log10(1.005), math.Log10(12.345), math.Log10(1000.005)} {
		if y < 0 {
			continue
		}
		if got, _ := priceOf(y); got != javaRound(pow10(y)*100) {
			t.Errorf("priceOf(%v) = %d, exact %d", y, got, javaRound(pow10(y)*100))
		}
	}
}

// TestStringLengthDrawsAsAppendString checks that stringLength draws what
// appendString draws and counts the length of the string it makes, from
// ordinary states and from states whose next draws Java's nextInt(13) or
// nextInt(26) rejects.
func TestStringLengthDrawsAsAppendString(t *testing.T) {
	check := func(r splitRandom, maxLength int32, special byte) {
		t.Helper()
		made := r
		want := len(appendString(nil, &made, maxLength, special))
		counted := r
		if got := stringLength(&counted, maxLength, special); got != want || counted != made {
			t.Fatalf("from %+v, stringLength(%d, %q) = %d leaving seed %#x; appendString made %d, leaving %#x",
				r, maxLength, special, got, counted.seed, want, made.seed)
		}
	}
	r := newSplitRandom(11)
	for i := 0; i < 20000; i++ {
		for _, maxLength := range []int32{5, 7, 20, 100, 130} {
			check(*r, maxLength, ' ')
			check(*r, maxLength, '_')
			r.nextInt()
		}
	}
	// States whose k-th draw falls in the rejected top of nextInt(13) or
	// nextInt(26): k = 1 is the first character's draw below 13, k = 2
	// its draw below 26 when it is a letter (or the next character's when
	// not), and so on.
	// The least top 31 bits that nextInt(bound) rejects: an int overflows
	// at u - u % bound + bound - 1.
	reject13 := int32((math.MaxInt32-12)/13*13 + 13)
	reject26 := int32((math.MaxInt32-25)/26*26 + 26)
	// The draws before the crafted one differ with the gamma: with one
	// gamma the walks from every k fall into step, and the crafted draw
	// would be a draw below 13 each time.
	for _, top := range []int32{math.MaxInt32, reject13, reject26} {
		at := seedDrawing(top)
		for i := range uint64(8) {
			g := mixGamma(i)
			for k := uint64(1); k <= 12; k++ {
				check(splitRandom{seed: at - (k+1)*g, gamma: g}, 100, ' ') // draw 0 is the length
			}
		}
	}
}

// seedDrawing returns a seed s whose mix32 has top as its top 31 bits
// (uint32(mix32(s)) >> 1 == top), by running mix32's steps backwards.
func seedDrawing(top int32) uint64 {
	z := uint64(top) << 33
	z *= inverse(0xcb24d0a5c88c35b3)
	z ^= z>>28 ^ z>>56
	z *= inverse(0x62a9d9ed799705f5)
	z ^= z >> 33
	return z
}

// inverse is the multiplicative inverse of odd a modulo 2^64.
func inverse(a uint64) uint64 {
	x := a // correct to 3 bits; each step doubles them
	for range 5 {
		x *= 2 - a*x
	}
	return x
}

func TestSeedDrawing(t *testing.T) {
	for _, top := range []int32{0, 1, 2147483624, 2147483637, math.MaxInt32} {
		if got := int32(uint32(mix32(seedDrawing(top))) >> 1); got != top {
			t.Errorf("mix32(seedDrawing(%d)) >> 1 = %d", top, got)
		}
	}
}

package types

import (
	"testing"
	"unicode/utf8"
)

func TestIsWide(t *testing.T) {
	tests := []struct {
		name string
		r    rune
		want bool
	}{
		{"latin letter", 'A', false},
		{"ascii comma", ',', false},
		{"han", '中', true},
		{"fullwidth comma", '，', true},
		{"hiragana", 'こ', true},
		{"hangul syllable", '한', true},
		{"hangul jamo leading", 0x1100, true},
		{"before hangul jamo", 0x10FF, false},
		{"ideographic space", 0x3000, true},
		{"fullwidth A", 'Ａ', true},
		{"halfwidth katakana", 'ｱ', false},
		{"greek (ambiguous)", 'α', false},
		{"euro sign", '€', false},
		{"grinning face emoji", 0x1F600, true},
		{"watch emoji", 0x231A, true},
		{"black heart suit (neutral)", 0x2665, false},
		{"melting face, Unicode 14", 0x1FAE0, false},
		{"unassigned in CJK extension B block", 0x2A6DF, true},
		{"plane 3", 0x30000, true},
		{"private use (ambiguous)", 0xE000, false},
		{"last code point", 0x10FFFF, false},
		{"negative", -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsWide(tt.r); got != tt.want {
				t.Errorf("IsWide(%U) = %v, want %v", tt.r, got, tt.want)
			}
		})
	}
}

func TestWideRangesSorted(t *testing.T) {
	for i, r := range wideRanges {
		if r.lo > r.hi || i > 0 && r.lo <= wideRanges[i-1].hi+1 {
			t.Fatalf("range %d (%X..%X) is empty, unsorted or adjacent to the previous one", i, r.lo, r.hi)
		}
	}
	if wideRanges[0].lo != firstWide {
		t.Fatalf("firstWide = %X, table starts at %X", firstWide, wideRanges[0].lo)
	}
}

func TestDisplayWidth(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int
	}{
		// Cases from Flink's TableauStyleTest.
		{"ascii", "abcdefg,12345,ABC", 17},
		{"ascii sentence", "to be or not to be that's a question.", 37},
		{"chinese", "这是一段中文", 12},
		{"japanese", "これは日本語をテストするための文です", 36},
		{"empty", "", 0},
		{"newline counts one", ";\n", 2},
		{"accented", "café", 4},
		{"wide emoji: two units and wide", "😀", 3},
		{"narrow supplementary: two units", "𝔸", 2},
		{"invalid byte counts one", "a\xffb", 3},
		{"mixed", "a中b", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DisplayWidth([]byte(tt.in)); got != tt.want {
				t.Errorf("DisplayWidth(%q) = %d, want %d", tt.in, got, tt.want)
			}
			if got := DisplayWidthString(tt.in); got != tt.want {
				t.Errorf("DisplayWidthString(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestUTF16Len(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int
	}{
		{"ascii", "name", 4},
		{"chinese counts one each", "名字", 2},
		{"emoji is a surrogate pair", "😀x", 3},
		{"empty", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := UTF16Len(tt.in); got != tt.want {
				t.Errorf("UTF16Len(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		width    int
		prefix   string // TruncateToWidth
		appended string // AppendTruncated
	}{
		{"ascii", "abcdefghij", 4, "abcd", "abcd"},
		{"fits", "abc", 5, "abc", "  abc"},
		{"wide char overshoots: pad", "中文字", 5, "中文", " 中文"},
		{"wide chars fit exactly", "中文字", 4, "中文", "中文"},
		{"japanese like Flink's test", "これは日本語をテストするための文です", 27, "これは日本語をテストするた", " これは日本語をテストするた"},
		{"emoji fits", "ab😀c", 5, "ab😀", "ab😀"},
		{"emoji does not fit at all", "abc😀", 4, "abc", " abc"},
		{"emoji half fits: lone surrogate", "abc😀x", 5, "abc", " abc?"},
		{"narrow supplementary half fits", "abcd𝔸", 5, "abcd", "abcd?"},
		{"zero width", "abc", 0, "", ""},
		{"negative width", "abc", -1, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(TruncateToWidth([]byte(tt.in), tt.width)); got != tt.prefix {
				t.Errorf("TruncateToWidth(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.prefix)
			}
			if got := string(AppendTruncated(nil, []byte(tt.in), tt.width)); got != tt.appended {
				t.Errorf("AppendTruncated(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.appended)
			}
		})
	}
}

// TestDecodeRune compares the generic decoder with unicode/utf8 on every
// one- to three-byte prefix pattern that matters.
func TestDecodeRune(t *testing.T) {
	check := func(b []byte) {
		r, n := decodeRune(b, 0)
		wr, wn := utf8.DecodeRune(b)
		if r != wr || n != wn {
			t.Fatalf("decodeRune(% x) = %U, %d; utf8 says %U, %d", b, r, n, wr, wn)
		}
		if r2, n2 := decodeRune(string(b), 0); r2 != r || n2 != n {
			t.Fatalf("decodeRune(string % x) differs from []byte", b)
		}
	}
	for b0 := 0; b0 < 256; b0++ {
		check([]byte{byte(b0)})
		for b1 := 0; b1 < 256; b1++ {
			check([]byte{byte(b0), byte(b1)})
			check([]byte{byte(b0), byte(b1), 0x80})
			check([]byte{byte(b0), byte(b1), 0xBF, 0x80})
			check([]byte{byte(b0), byte(b1), 0x80, 0xC0})
		}
	}
	for r := rune(0); r <= utf8.MaxRune; r += 7 {
		check(utf8.AppendRune(nil, r))
	}
}

func TestDisplayWidthNoAlloc(t *testing.T) {
	s := []byte("ac2be66685e79f7152901d0d61a这是一段中文😀")
	allocs := testing.AllocsPerRun(100, func() {
		_ = DisplayWidth(s)
		_ = DisplayWidthString("这是一段中文")
		_ = AppendTruncated(s[:0:0], s, 10)
	})
	if allocs > 1 { // AppendTruncated into a nil-capacity slice allocates once
		t.Errorf("allocs per run = %v, want at most 1", allocs)
	}
}

func BenchmarkDisplayWidthASCII(b *testing.B) {
	s := []byte("ac2be66685e79f7152901d0d61a2be66685e79f7152901d0d61a2be66685e79f7152901d0d61a2be66685e79f7152901d0d")
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = DisplayWidth(s)
	}
}

func BenchmarkDisplayWidthCJK(b *testing.B) {
	s := []byte("これは日本語をテストするための文です这是一段中文")
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = DisplayWidth(s)
	}
}

func TestASCIIPrefix(t *testing.T) {
	tests := []struct {
		name string
		in   string
		n    int
		want bool
	}{
		{"all ascii", "abcdefghijklmnopqrstuvwxyz", 20, true},
		{"non-ascii after the prefix", "abcdefghijklmnopqrst中", 20, true},
		{"non-ascii in the word loop", "abc中defghijklmnopqrst", 20, false},
		{"non-ascii in the tail", "abcdefghij中", 12, false},
		{"n beyond length", "abc", 10, true},
		{"zero", "中", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ASCIIPrefix([]byte(tt.in), tt.n); got != tt.want {
				t.Errorf("ASCIIPrefix(%q, %d) = %v, want %v", tt.in, tt.n, got, tt.want)
			}
		})
	}
}

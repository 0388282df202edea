package state

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Share links carry the editor state in the URL fragment, never in the
// path or query, so the server (and its logs) never sees a script. The
// fragment is "s=" then the format version, a dot and the state: JSON,
// compressed with raw deflate and encoded as unpadded base64url, which
// needs no percent-escaping in a URL.
//
//	#s=1.<base64url(deflate({"script":"...","view":"table"}))>
const (
	ShareParam   = "s"
	ShareVersion = 1
)

// MaxShareScript bounds the script a link may carry once inflated, so that
// a crafted link cannot make the page inflate gigabytes (a deflate bomb).
const MaxShareScript = 1 << 20

// Shared is the editor state a share link restores.
type Shared struct {
	Script string `json:"script"`
	View   string `json:"view,omitempty"` // ViewTableau when empty
	// Chart and ChartY are the chart view's choices: its kind (ChartLine,
	// ChartBar; ChartAuto when empty) and the measure it shows.
	Chart  string `json:"chart,omitempty"`
	ChartY string `json:"y,omitempty"`
}

// EncodeShare returns the fragment value of s (without "s=").
func EncodeShare(s Shared) string {
	if s.View == ViewTableau {
		s.View = ""
	}
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	// A string marshals always; invalid UTF-8 becomes U+FFFD, as it would
	// in the editor anyway.
	_ = enc.Encode(s)
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression) // the level is valid
	w.Write(bytes.TrimSuffix(js.Bytes(), []byte("\n")))
	w.Close()
	return fmt.Sprintf("%d.%s", ShareVersion, base64.RawURLEncoding.EncodeToString(z.Bytes()))
}

// ErrNoShare is returned by ParseShareFragment for a fragment without a
// share parameter: nothing to restore, nothing to complain about.
var ErrNoShare = errors.New("no shared script in the link")

// DecodeShare reads a fragment value written by EncodeShare. Its errors
// are sentences a reader can act on.
func DecodeShare(v string) (Shared, error) {
	ver, data, ok := strings.Cut(v, ".")
	if !ok || ver == "" {
		return Shared{}, errors.New("the link's script is damaged (no format version); was it cut short when copied?")
	}
	if ver != fmt.Sprint(ShareVersion) {
		return Shared{}, fmt.Errorf("the link was made by another version of the playground (format %q; this one reads format %d)", clip(ver, 10), ShareVersion)
	}
	// Some mail and chat programs turn base64url into base64 or append
	// padding; accept both spellings.
	data = strings.TrimRight(data, "=")
	data = strings.NewReplacer("+", "-", "/", "_").Replace(data)
	z, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil {
		return Shared{}, errors.New("the link's script is damaged (not base64url); was it cut short when copied?")
	}
	r := flate.NewReader(bytes.NewReader(z))
	defer r.Close()
	raw, err := io.ReadAll(io.LimitReader(r, MaxShareScript*6+1024))
	if err != nil {
		return Shared{}, errors.New("the link's script is damaged (it does not decompress); was it cut short when copied?")
	}
	if len(raw) > MaxShareScript*6 {
		return Shared{}, fmt.Errorf("the link's script is larger than %d bytes", MaxShareScript)
	}
	var s Shared
	if !utf8.Valid(raw) || json.Unmarshal(raw, &s) != nil {
		return Shared{}, errors.New("the link's script is damaged (its contents are not readable)")
	}
	if len(s.Script) > MaxShareScript {
		return Shared{}, fmt.Errorf("the link's script is larger than %d bytes", MaxShareScript)
	}
	switch s.View {
	case "":
		s.View = ViewTableau
	case ViewTableau, ViewChangelog, ViewTable, ViewChart, ViewGraph, ViewTimeline:
	default:
		s.View = ViewTableau // a view this version does not know: the default
	}
	if s.Chart != ChartLine && s.Chart != ChartBar {
		s.Chart = ChartAuto
	}
	return s, nil
}

// ShareFragment is the whole fragment of a share link, "#" included.
func ShareFragment(s Shared) string {
	return "#" + ShareParam + "=" + EncodeShare(s)
}

// ParseShareFragment reads the share parameter of a URL fragment (with or
// without the "#"); ErrNoShare when it has none.
func ParseShareFragment(fragment string) (Shared, error) {
	params := FragmentParams(fragment)
	v, ok := params[ShareParam]
	if !ok {
		return Shared{}, ErrNoShare
	}
	return DecodeShare(v)
}

// FragmentParams splits a fragment "a=1&b=2" into its parameters. Values
// are percent-decoded when they can be (a hand-written embed URL may
// escape spaces), else taken as they are; base64url needs no escaping.
func FragmentParams(fragment string) map[string]string {
	fragment = strings.TrimPrefix(fragment, "#")
	out := map[string]string{}
	for _, part := range strings.Split(fragment, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		out[unescape(k)] = unescape(v)
	}
	return out
}

// clip shortens s for an error message.
func clip(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i] + "…"
		}
		n--
	}
	return s
}

// unescape percent-decodes s, or returns it as it is when it is not valid
// percent-encoding. '+' stays '+': fragments are not form data. (Not
// net/url: it would add about 34 KB, compressed, to the page's wasm.)
func unescape(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
			return s
		}
		b = append(b, byte(unhex(s[i+1])<<4|unhex(s[i+2])))
		i += 2
	}
	return string(b)
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// escapeParam percent-encodes what would end or break a fragment
// parameter's value.
func escapeParam(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c == '%' || c == '&' || c == '#' || c == '=' || c >= 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// KeyBeforeShare keeps the reader's script that a share link replaced in
// the editor, so that it can be restored (localStorage).
const KeyBeforeShare = "flinkplay.script.before-share"

package state

import (
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The embed page (/embed.html) is driven by its URL fragment, so that a
// documentation page needs no server and the script never reaches one:
//
//	#s=1.<script as in share links>&mode=batch&seed=42&start=2024-01-01%2000:00:00
//	 &view=changelog&autorun=1&readonly=1&maxrows=50&height=240&origin=https://docs.example.org
//
// Every parameter is optional. Unknown parameters are ignored (newer
// snippets keep working in older pages); a malformed value is reported on
// the page, and its default used.

// Embed fragment parameters.
const (
	EmbedMode     = "mode"     // streaming (default) or batch: 'execution.runtime-mode'
	EmbedSeed     = "seed"     // 'playground.datagen.seed' default (Config.Seed)
	EmbedStart    = "start"    // 'playground.start-time' default (Config.StartTime)
	EmbedView     = "view"     // tableau (default), changelog, table, chart, graph or timeline
	EmbedChart    = "chart"    // the chart view's kind: line or bar (default: chosen from the result)
	EmbedScript   = "script"   // the script as plain (percent-encoded) text, instead of s (<flink-sql-playground> writes it)
	EmbedAutorun  = "autorun"  // 1: run when the page opens (loads the engine at once)
	EmbedReadOnly = "readonly" // 1: the reader cannot edit the script
	EmbedMaxRows  = "maxrows"  // stop a query after this many changes (default DefaultEmbedMaxRows)
	EmbedHeight   = "height"   // the result view's height in CSS pixels
	EmbedOrigin   = "origin"   // the host page's origin, trusted for postMessage
)

// Embed defaults and bounds.
const (
	DefaultEmbedMaxRows = 1000
	MaxEmbedMaxRows     = DefaultMaxRows
	DefaultEmbedHeight  = 240
	MinEmbedHeight      = 60
	MaxEmbedHeight      = 4000
)

// EmbedParams is what an embed page's fragment asks for.
type EmbedParams struct {
	Script    string
	Mode      string // "streaming" or "batch"; "" leaves Flink's default (streaming)
	Seed      *int64
	StartTime string
	View      string
	// Chart and ChartY: the chart view's kind and measure (Shared's).
	Chart    string
	ChartY   string
	Autorun  bool
	ReadOnly bool
	MaxRows  int
	Height   int
	// Origin is the host origin the embed trusts ("" when none was given):
	// messages from any other origin are ignored.
	Origin string
	// Problems are the parameters that were malformed, as sentences.
	Problems []string
}

// ParseEmbed reads an embed page's fragment (with or without the "#").
func ParseEmbed(fragment string) EmbedParams {
	kv := FragmentParams(fragment)
	p := EmbedParams{View: ViewTableau, MaxRows: DefaultEmbedMaxRows, Height: DefaultEmbedHeight}
	bad := func(format string, args ...any) { p.Problems = append(p.Problems, fmt.Sprintf(format, args...)) }
	if v, ok := kv[ShareParam]; ok {
		s, err := DecodeShare(v)
		if err != nil {
			bad("%s", capitalize(err.Error())+".")
		} else {
			p.Script, p.View, p.Chart, p.ChartY = s.Script, s.View, s.Chart, s.ChartY
		}
	}
	if v, ok := kv[EmbedScript]; ok {
		if len(v) > MaxShareScript {
			bad("script: the script is larger than %d bytes.", MaxShareScript)
		} else if !utf8.ValidString(v) {
			bad("script: the script is not valid UTF-8 text.")
		} else {
			p.Script = v
		}
	}
	if v, ok := kv[EmbedMode]; ok {
		switch m := strings.ToLower(v); m {
		case "streaming", "batch":
			p.Mode = m
		default:
			bad("mode=%s: the runtime mode is 'streaming' or 'batch'.", clip(v, 40))
		}
	}
	if v, ok := kv[EmbedSeed]; ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			bad("seed=%s: the seed is a whole number (a Java long).", clip(v, 40))
		} else {
			p.Seed = &n
		}
	}
	if v, ok := kv[EmbedStart]; ok {
		if _, err := ParseStartTime(v); err != nil {
			bad("start=%s: %v.", clip(v, 40), err)
		} else {
			p.StartTime = v
		}
	}
	if v, ok := kv[EmbedView]; ok {
		switch v {
		case ViewTableau, ViewChangelog, ViewTable, ViewChart, ViewGraph, ViewTimeline:
			p.View = v
		default:
			bad("view=%s: the view is tableau, changelog, table, chart, graph or timeline.", clip(v, 40))
		}
	}
	if v, ok := kv[EmbedChart]; ok {
		switch v {
		case ChartLine, ChartBar:
			p.Chart = v
		default:
			bad("chart=%s: the chart is line or bar.", clip(v, 40))
		}
	}
	p.Autorun = flag(kv, EmbedAutorun, &p.Problems)
	p.ReadOnly = flag(kv, EmbedReadOnly, &p.Problems)
	if v, ok := kv[EmbedMaxRows]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxEmbedMaxRows {
			bad("maxrows=%s: the row limit is a number from 1 to %d.", clip(v, 40), MaxEmbedMaxRows)
		} else {
			p.MaxRows = n
		}
	}
	if v, ok := kv[EmbedHeight]; ok {
		n, err := strconv.Atoi(strings.TrimSuffix(v, "px"))
		if err != nil || n < MinEmbedHeight || n > MaxEmbedHeight {
			bad("height=%s: the height is a number of pixels from %d to %d.", clip(v, 40), MinEmbedHeight, MaxEmbedHeight)
		} else {
			p.Height = n
		}
	}
	if v, ok := kv[EmbedOrigin]; ok {
		o, err := NormalizeOrigin(v)
		if err != nil {
			bad("origin=%s: %v.", clip(v, 60), err)
		} else {
			p.Origin = o
		}
	}
	return p
}

func flag(kv map[string]string, key string, problems *[]string) bool {
	v, ok := kv[key]
	if !ok {
		return false
	}
	switch strings.ToLower(v) {
	case "", "1", "true", "yes":
		return true
	case "0", "false", "no":
		return false
	}
	*problems = append(*problems, fmt.Sprintf("%s=%s: use 1 or 0.", key, clip(v, 40)))
	return false
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ParseStartTime reads a start time as 'playground.start-time' takes it:
// 'yyyy-MM-dd HH:mm:ss' with optional fractional seconds, or the same with
// a 'T' (as an HTML datetime-local input writes it).
func ParseStartTime(s string) (time.Time, error) {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02 15:04", "2006-01-02T15:04"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errors.New("the start time is written 'yyyy-MM-dd HH:mm:ss'")
}

// NormalizeOrigin returns an origin as browsers spell MessageEvent.origin
// (scheme://host[:port], lower case, no default port, no path), or an
// error for anything that is not an http(s) origin.
func NormalizeOrigin(s string) (string, error) {
	bad := errors.New("the origin is written like https://docs.example.org")
	scheme, rest, ok := strings.Cut(strings.TrimSpace(s), "://")
	scheme = strings.ToLower(scheme)
	if !ok || scheme != "http" && scheme != "https" {
		return "", bad
	}
	rest = strings.TrimSuffix(rest, "/")
	if strings.ContainsAny(rest, "/?#") {
		return "", errors.New("an origin has no path: write only scheme://host[:port]")
	}
	host, port := strings.ToLower(rest), ""
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 || strings.Trim(host[1:end], "0123456789abcdef:.") != "" {
			return "", bad
		}
		host, port = host[:end+1], host[end+1:]
		if port != "" && port[0] != ':' {
			return "", bad
		}
		port = strings.TrimPrefix(port, ":")
	} else if h, p, ok := strings.Cut(host, ":"); ok {
		host, port = h, p
	}
	if host == "" || !strings.HasPrefix(host, "[") && strings.Trim(host, "abcdefghijklmnopqrstuvwxyz0123456789-.") != "" {
		return "", bad
	}
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || strings.Trim(port, "0123456789") != "" {
			return "", bad
		}
		port = strconv.Itoa(n)
	}
	if scheme == "http" && port == "80" || scheme == "https" && port == "443" {
		port = ""
	}
	if port != "" {
		host += ":" + port
	}
	return scheme + "://" + host, nil
}

// TrustedOrigin is the origin whose messages an embed accepts: the origin
// parameter when given, else the origin of document.referrer (the host
// page, which browsers send as at least its origin by default), else none.
// The embed's own origin is never trusted implicitly: a page on the
// playground's site is not the host.
func TrustedOrigin(p EmbedParams, referrer string) string {
	if p.Origin != "" {
		return p.Origin
	}
	scheme, rest, ok := strings.Cut(referrer, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if strings.Contains(rest, "@") {
		return ""
	}
	o, err := NormalizeOrigin(scheme + "://" + rest)
	if err != nil {
		return ""
	}
	return o
}

// AcceptMessage reports whether a message event from origin, sent by the
// parent window or not, may drive the embed.
func AcceptMessage(trusted, origin string, fromParent bool) bool {
	return trusted != "" && fromParent && origin == trusted
}

// EmbedFragment is the fragment ("#" included) of an embed URL for p;
// defaults are left out to keep snippets short.
func EmbedFragment(p EmbedParams) string {
	parts := []string{ShareParam + "=" + EncodeShare(Shared{Script: p.Script, View: p.View, Chart: p.Chart, ChartY: p.ChartY})}
	if p.Mode != "" {
		parts = append(parts, EmbedMode+"="+p.Mode)
	}
	if p.Seed != nil {
		parts = append(parts, EmbedSeed+"="+strconv.FormatInt(*p.Seed, 10))
	}
	if p.StartTime != "" {
		parts = append(parts, EmbedStart+"="+escapeParam(p.StartTime))
	}
	if p.View != "" && p.View != ViewTableau {
		parts = append(parts, EmbedView+"="+p.View)
	}
	if p.Autorun {
		parts = append(parts, EmbedAutorun+"=1")
	}
	if p.ReadOnly {
		parts = append(parts, EmbedReadOnly+"=1")
	}
	if p.MaxRows != 0 && p.MaxRows != DefaultEmbedMaxRows {
		parts = append(parts, EmbedMaxRows+"="+strconv.Itoa(p.MaxRows))
	}
	if p.Height != 0 && p.Height != DefaultEmbedHeight {
		parts = append(parts, EmbedHeight+"="+strconv.Itoa(p.Height))
	}
	if p.Origin != "" {
		parts = append(parts, EmbedOrigin+"="+escapeParam(p.Origin))
	}
	return "#" + strings.Join(parts, "&")
}

// EmbedSnippet returns the <iframe> a documentation page pastes to embed
// p, for a playground at base (its URL up to and without "embed.html",
// e.g. "https://play.example.org/"). The sandbox lets the embed run its
// scripts and start its engine worker (which needs its own origin, hence
// allow-same-origin: harmless, as the embed is on another origin than the
// host) and open the full playground in a new tab; nothing else.
func EmbedSnippet(base string, p EmbedParams) string {
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	height := p.Height
	if height == 0 {
		height = DefaultEmbedHeight
	}
	// The editor and the bar above the results take about 200 px for a
	// short script; the host resizes the frame from the embed's size
	// events anyway.
	frame := height + 40 + 20*min(max(strings.Count(p.Script, "\n")+1, 3), 12)
	src := base + "embed.html" + EmbedFragment(p)
	return fmt.Sprintf(`<iframe src="%s" title="%s" width="100%%" height="%d" loading="lazy" `+
		`sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" `+
		`referrerpolicy="strict-origin-when-cross-origin" style="border:1px solid #e2e5ea;border-radius:6px"></iframe>`,
		html.EscapeString(src), html.EscapeString(snippetTitle(p.Script)), frame)
}

// snippetTitle names the frame for screen readers after the script's
// first statement.
func snippetTitle(script string) string {
	sp := Statements(script)
	if len(sp) == 0 {
		return "Flink SQL example"
	}
	first := strings.Join(strings.Fields(script[sp[0].Start:sp[0].End]), " ")
	return "Flink SQL example: " + clip(first, 60)
}

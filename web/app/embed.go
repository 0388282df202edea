package app

import (
	"strconv"

	"github.com/flinkplay/flinkplay/web/state"
)

// Embed is the embed page (/embed.html): a compact editor, Run and Stop,
// the view switch and the results, for a documentation page's iframe. Its
// settings come from the URL fragment (state.ParseEmbed).
type Embed struct {
	Chrome
	Act    ResultActions
	Params state.EmbedParams
	// PlaygroundURL opens the script in the full playground (a share link).
	PlaygroundURL string
}

// LayoutClass is the page's class: read-only embeds style their editor
// as a listing.
func (c *Embed) LayoutClass() string {
	if c.Params.ReadOnly {
		return "embed readonly"
	}
	return "embed"
}

// ResultsStyle gives the result view the height the fragment asked for:
// the rows are rendered for a fixed viewport (state.Window).
func (c *Embed) ResultsStyle() string {
	h := c.Params.Height
	if h <= 0 {
		h = state.DefaultEmbedHeight
	}
	return "height:" + strconv.Itoa(h) + "px;flex:none"
}

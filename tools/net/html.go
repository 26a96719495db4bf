package net

import (
	"regexp"
	"strings"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// noise are the elements dropped from HTML before it is shown as markdown
// or text: scripts, styles, navigation and page furniture.
var noise = []string{"script", "style", "noscript", "template", "nav", "aside", "footer", "form", "button",
	"select", "svg", "canvas", "iframe", "object", "embed", "dialog", "head"}

// toMarkdown turns an HTML page into markdown with the
// html-to-markdown library; links stay, made absolute against base.
func toMarkdown(page, pageURL string) (string, error) {
	conv := converter.NewConverter(converter.WithPlugins(
		base.NewBasePlugin(), commonmark.NewCommonmarkPlugin(), table.NewTablePlugin(), strikethrough.NewStrikethroughPlugin(),
	))
	for _, tag := range noise {
		conv.Register.TagType(tag, converter.TagTypeRemove, converter.PriorityEarly)
	}
	md, err := conv.ConvertString(page, converter.WithDomain(pageURL))
	if err != nil {
		return "", err
	}
	return tidyBlankLines(md), nil
}

// pageTitle is the text of the page's <title>, "" when it has none.
func pageTitle(page string) string {
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken:
			if name, _ := z.TagName(); string(name) == "title" {
				if z.Next() == html.TextToken {
					return strings.Join(strings.Fields(html.UnescapeString(string(z.Text()))), " ")
				}
				return ""
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "head" {
				return ""
			}
		}
	}
}

// withTitle puts the title before the converted page, as a line of its own
// (head: "# " for markdown), unless the page's first line already holds it.
func withTitle(title, head, page string) string {
	if title == "" {
		return page
	}
	first, _, _ := strings.Cut(strings.TrimSpace(page), "\n")
	if strings.Contains(strings.ToLower(first), strings.ToLower(title)) {
		return page
	}
	return head + title + "\n\n" + page
}

var blankRun = regexp.MustCompile(`\n{3,}`)

func tidyBlankLines(s string) string {
	return strings.TrimSpace(blankRun.ReplaceAllString(s, "\n\n")) + "\n"
}

// toText turns an HTML page into plain text: block elements on their own
// lines, list items with a dash, preformatted text kept, noise dropped.
func toText(page string) (string, error) {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return "", err
	}
	var w textWriter
	w.walk(doc)
	return tidyBlankLines(w.b.String()), nil
}

type textWriter struct {
	b     strings.Builder
	pre   int
	space bool // a space is due before the next text
}

// paragraphs get a blank line around them; other blocks a line break.
var paragraphs = map[atom.Atom]bool{
	atom.P: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true,
	atom.Ul: true, atom.Ol: true, atom.Table: true, atom.Blockquote: true, atom.Pre: true, atom.Hr: true,
	atom.Section: true, atom.Article: true, atom.Figure: true, atom.Dl: true,
}

var lines = map[atom.Atom]bool{
	atom.Div: true, atom.Li: true, atom.Tr: true, atom.Dt: true, atom.Dd: true, atom.Header: true, atom.Main: true,
	atom.Address: true, atom.Details: true, atom.Summary: true, atom.Figcaption: true,
}

func isNoise(n *html.Node) bool {
	for _, tag := range noise {
		if n.Data == tag {
			return true
		}
	}
	return false
}

func (w *textWriter) walk(n *html.Node) {
	if n.Type == html.TextNode {
		w.text(n.Data)
		return
	}
	if n.Type == html.ElementNode {
		if isNoise(n) {
			return
		}
		switch n.DataAtom {
		case atom.Br:
			w.lineBreak()
			return
		case atom.Img:
			if alt := attr(n, "alt"); alt != "" {
				w.text("[" + alt + "] ")
			}
			return
		case atom.Td, atom.Th:
			w.space = true
		case atom.Pre:
			w.pre++
			defer func() { w.pre-- }()
		}
		w.breakFor(n.DataAtom)
		if n.DataAtom == atom.Li {
			w.b.WriteString("- ")
		}
	}
	for child := n.FirstChild; child != nil; child = child.NextSibling {
		w.walk(child)
	}
	if n.Type == html.ElementNode {
		w.breakFor(n.DataAtom)
	}
}

func (w *textWriter) breakFor(a atom.Atom) {
	switch {
	case paragraphs[a]:
		w.paraBreak()
	case lines[a]:
		w.lineBreak()
	}
}

// text writes a text node, collapsing white space outside <pre>.
func (w *textWriter) text(s string) {
	if s == "" {
		return
	}
	if w.pre > 0 {
		w.flushSpace()
		w.b.WriteString(s)
		return
	}
	fields := strings.Fields(s)
	if len(fields) == 0 {
		w.space = true
		return
	}
	if isWS(s[0]) {
		w.space = true
	}
	w.flushSpace()
	w.b.WriteString(strings.Join(fields, " "))
	w.space = isWS(s[len(s)-1])
}

func isWS(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

func (w *textWriter) flushSpace() {
	if w.space && !w.atLineStart() {
		w.b.WriteByte(' ')
	}
	w.space = false
}

func (w *textWriter) atLineStart() bool {
	s := w.b.String()
	return s == "" || strings.HasSuffix(s, "\n") || strings.HasSuffix(s, "- ")
}

func (w *textWriter) lineBreak() {
	w.space = false
	if s := w.b.String(); s != "" && !strings.HasSuffix(s, "\n") {
		w.b.WriteByte('\n')
	}
}

func (w *textWriter) paraBreak() {
	w.lineBreak()
	if s := w.b.String(); s != "" && !strings.HasSuffix(s, "\n\n") {
		w.b.WriteByte('\n')
	}
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

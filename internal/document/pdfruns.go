package document

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"
)

// run is one string a page's content shows (a Tj, or a string of a TJ),
// decoded to text: where it starts and ends on the page, in points, and
// the size of its font there.
type run struct {
	s         string
	x, y, end float64
	size      float64
}

// matrix is a PDF transformation matrix [a b 0; c d 0; e f 1].
type matrix [3][3]float64

var identity = matrix{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func (m matrix) mul(n matrix) matrix {
	var out matrix
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				out[i][j] += m[i][k] * n[k][j]
			}
		}
	}
	return out
}

func translate(x, y float64) matrix { return matrix{{1, 0, 0}, {0, 1, 0}, {x, y, 1}} }

// textState is the part of the graphics state that places text.
type textState struct {
	ctm, tm, tlm             matrix
	font                     *pdf.Font
	enc                      pdf.TextEncoding
	size, scale, rise        float64 // Tfs, Th (1 is 100 %), Ts
	charSpace, wordSpace, tl float64 // Tc, Tw, TL
}

// runs are the strings a page shows, in the order it shows them. The
// library's own Page.Content decodes a line end it adds after each TJ
// through the font, which puts a stray glyph at the end of each line of
// many producers' PDFs; this walks the content stream itself with the
// library's interpreter and fonts.
func runs(p pdf.Page) []run {
	fonts := map[string]*pdf.Font{}
	g := textState{ctm: identity, tm: identity, tlm: identity, scale: 1}
	var stack []textState
	var out []run
	show := func(raw string) {
		if r, ok := g.show(raw); ok {
			out = append(out, r)
		}
	}
	pdf.Interpret(p.V.Key("Contents"), func(stk *pdf.Stack, op string) {
		args := make([]pdf.Value, stk.Len())
		for i := len(args) - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		num := func(i int) float64 {
			if i < len(args) {
				return args[i].Float64()
			}
			return 0
		}
		switch op {
		case "q":
			stack = append(stack, g)
		case "Q":
			if n := len(stack); n > 0 {
				g, stack = stack[n-1], stack[:n-1]
			}
		case "cm":
			g.ctm = matrixOf(args).mul(g.ctm)
		case "BT":
			g.tm, g.tlm = identity, identity
		case "Tf":
			if len(args) == 2 {
				g.font = fontOf(p, fonts, args[0].Name())
				g.enc, g.size = g.font.Encoder(), args[1].Float64()
			}
		case "Tc":
			g.charSpace = num(0)
		case "Tw":
			g.wordSpace = num(0)
		case "Tz":
			g.scale = num(0) / 100
		case "TL":
			g.tl = num(0)
		case "Ts":
			g.rise = num(0)
		case "Td", "TD":
			if op == "TD" {
				g.tl = -num(1)
			}
			g.tlm = translate(num(0), num(1)).mul(g.tlm)
			g.tm = g.tlm
		case "Tm":
			g.tm = matrixOf(args)
			g.tlm = g.tm
		case "T*":
			g.nextLine()
		case "'", "\"":
			if op == "\"" && len(args) == 3 {
				g.wordSpace, g.charSpace, args = num(0), num(1), args[2:]
			}
			g.nextLine()
			fallthrough
		case "Tj":
			if len(args) == 1 {
				show(args[0].RawString())
			}
		case "TJ":
			if len(args) != 1 {
				return
			}
			for i := 0; i < args[0].Len(); i++ {
				v := args[0].Index(i)
				if v.Kind() == pdf.String {
					show(v.RawString())
				} else {
					g.tm = translate(-v.Float64()/1000*g.size*g.scale, 0).mul(g.tm)
				}
			}
		}
	})
	return out
}

func (g *textState) nextLine() {
	g.tlm = translate(0, -g.tl).mul(g.tlm)
	g.tm = g.tlm
}

// show decodes a string shown and moves the text position past it.
func (g *textState) show(raw string) (run, bool) {
	if g.enc == nil {
		return run{}, false
	}
	text := g.enc.Decode(raw)
	trm := matrix{{g.size * g.scale, 0, 0}, {0, g.size, 0}, {0, g.rise, 1}}.mul(g.tm).mul(g.ctm)
	r := run{s: text, x: trm[2][0], y: trm[2][1], size: math.Hypot(trm[1][0], trm[1][1])}
	// Advance: the widths of simple fonts' one-byte codes; a font of
	// two-byte codes (whose widths this does not read) half an em a
	// character.
	var adv float64
	if g.font.Width(int(firstByte(raw))) > 0 || len(g.font.Widths()) > 0 {
		for i := 0; i < len(raw); i++ {
			adv += g.font.Width(int(raw[i]))/1000*g.size + g.charSpace
			if raw[i] == ' ' {
				adv += g.wordSpace
			}
		}
	} else {
		adv = float64(utf8.RuneCountInString(text)) * (g.size/2 + g.charSpace)
	}
	g.tm = translate(adv*g.scale, 0).mul(g.tm)
	after := matrix{{1, 0, 0}, {0, 1, 0}, {0, g.rise, 1}}.mul(g.tm).mul(g.ctm)
	r.end = after[2][0]
	r.s = ligatures.Replace(strings.Map(printable, r.s))
	return r, r.s != ""
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// ligatures are the typographic ligatures of Unicode's compatibility
// block, as the letters they join ("ﬁll" is found as "fill"), and the
// bullets of the Symbol font, which producers map to the private use area.
var ligatures = strings.NewReplacer("\uf0b7", "•", "\uf0a7", "▪", "\ufb00", "ff", "\ufb01", "fi", "\ufb02", "fl", "\ufb03", "ffi", "\ufb04", "ffl", "\ufb05", "st", "\ufb06", "st")

// printable drops control characters a font's encoding may decode to.
func printable(r rune) rune {
	if r < ' ' && r != '\t' || r == utf8.RuneError || r == 0x7f {
		return -1
	}
	return r
}

func matrixOf(args []pdf.Value) matrix {
	if len(args) != 6 {
		return identity
	}
	m := identity
	for i := range 6 {
		m[i/2][i%2] = args[i].Float64()
	}
	return m
}

// fontOf is the page's font of that resource name, read once a page.
func fontOf(p pdf.Page, fonts map[string]*pdf.Font, name string) *pdf.Font {
	if f, ok := fonts[name]; ok {
		return f
	}
	f := p.Font(name)
	fonts[name] = &f
	return &f
}

package shellwords

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Script is a command line read as a shell reads it, without running or
// expanding anything: its pipelines in order, and the operators that join
// them (&&, ||, ; or & after each one but the last).
type Script struct {
	Pipelines []Pipeline
	Joins     []string
	// Notes say what was mended to read the line (an unquoted '&' inside
	// a URL).
	Notes []string
}

// Pipeline is commands joined by |.
type Pipeline struct {
	Commands []Command
}

// Command is one simple command: its words, its redirections, and why
// its words could not be read as literal text (a variable, a command
// substitution …), when they could not.
type Command struct {
	Words     []string
	Redirects []Redirect
	Err       *ShellError
	// Text is the command as written, redirections included.
	Text string
}

// Redirect is one redirection: "2>/dev/null" is {Fd: "2", Op: ">",
// Target: "/dev/null"}; "2>&1" is {Fd: "2", Op: ">&", Target: "1"}. A
// here-document (<<'EOF' … EOF) has Op "<<" or "<<-", its delimiter as
// Target, its text in Heredoc and the whole of it as written in Text.
type Redirect struct {
	Fd, Op, Target string
	Heredoc, Text  string
}

// IsHeredoc reports whether the redirection is a here-document.
func (r Redirect) IsHeredoc() bool { return r.Op == "<<" || r.Op == "<<-" }

// HeredocError is the first here-document of the script's commands as
// the error a reader that takes none gives, nil when there is none.
func (s *Script) HeredocError() error {
	for _, p := range s.Pipelines {
		for _, c := range p.Commands {
			for _, r := range c.Redirects {
				if r.IsHeredoc() {
					return &ShellError{Kind: ShellOperator, Text: r.Text, Problem: fmt.Sprintf("%s is a here-document, which f0 does not read", r.Text)}
				}
			}
		}
	}
	return nil
}

// ParseScript reads a command line into its pipelines and commands with
// mvdan.cc/sh. A construct other than simple commands joined by |, &&, ||,
// ; and & (a subshell, a loop, a function) is a *ShellError, and so is a
// line that does not parse; a command whose words are not literal text
// keeps its error in Command.Err, so that the rest of the line can still
// be read. An unquoted '&' inside a word (a URL's query) is kept as part
// of the word, with a note, as ShellWords does.
func ParseScript(line string) (*Script, error) {
	src, mended := escapeWordAmpersands(line)
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		return nil, shellSplitError(err)
	}
	s := &Script{}
	if mended {
		s.Notes = append(s.Notes, ampersandNote)
	}
	for i, st := range f.Stmts {
		if err := s.addStmt(src, st); err != nil {
			return nil, err
		}
		join := ";"
		if st.Background {
			join = "&"
		}
		if i < len(f.Stmts)-1 || st.Background {
			s.Joins = append(s.Joins, join)
		}
	}
	return s, nil
}

// addStmt adds the pipelines of one statement.
func (s *Script) addStmt(src string, st *syntax.Stmt) error {
	if bin, ok := st.Cmd.(*syntax.BinaryCmd); ok && (bin.Op == syntax.AndStmt || bin.Op == syntax.OrStmt) {
		if err := s.addStmt(src, bin.X); err != nil {
			return err
		}
		s.Joins = append(s.Joins, bin.Op.String())
		return s.addStmt(src, bin.Y)
	}
	var p Pipeline
	if err := p.add(src, st); err != nil {
		return err
	}
	s.Pipelines = append(s.Pipelines, p)
	return nil
}

// add adds the commands of a statement that is a pipeline or one command.
func (p *Pipeline) add(src string, st *syntax.Stmt) error {
	switch x := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		if x.Op != syntax.Pipe && x.Op != syntax.PipeAll {
			return &ShellError{Kind: ShellOperator, Text: x.Op.String(), Problem: fmt.Sprintf("the line joins commands with %s inside a pipeline", x.Op)}
		}
		if err := p.add(src, x.X); err != nil {
			return err
		}
		return p.add(src, x.Y)
	case *syntax.CallExpr:
		c := Command{Text: nodeText(src, st)}
		if len(x.Assigns) > 0 {
			text := nodeText(src, x.Assigns[0])
			c.Err = &ShellError{Kind: ShellVariable, Text: text, Problem: fmt.Sprintf("%s sets a shell variable; f0 keeps no variables between commands", text)}
		} else if words, err := literalWords(src, x.Args); err != nil {
			c.Err = err.(*ShellError)
		} else {
			c.Words = words
		}
		for _, r := range st.Redirs {
			rd, err := redirect(src, r)
			if err != nil {
				return err
			}
			c.Redirects = append(c.Redirects, rd)
		}
		p.Commands = append(p.Commands, c)
		return nil
	case *syntax.TimeClause:
		// time cmd …: the command, with time as its first word (a
		// program in front of it, as /usr/bin/time is).
		if x.Stmt == nil {
			break
		}
		n := len(p.Commands)
		if err := p.add(src, x.Stmt); err != nil {
			return err
		}
		if len(p.Commands) == n+1 && p.Commands[n].Err == nil {
			p.Commands[n].Words = append([]string{"time"}, p.Commands[n].Words...)
			p.Commands[n].Text = nodeText(src, st)
			return nil
		}
	case nil:
		return &ShellError{Kind: ShellOperator, Text: nodeText(src, st), Problem: fmt.Sprintf("%s redirects nothing: there is no command", nodeText(src, st))}
	}
	text := nodeText(src, st)
	return &ShellError{Kind: ShellUnreadable, Text: text, Problem: fmt.Sprintf("%s is a compound shell command; f0 reads only simple commands", text)}
}

// redirect reads one redirection whose target is literal text.
func redirect(src string, r *syntax.Redirect) (Redirect, error) {
	rd := Redirect{Op: r.Op.String()}
	if r.N != nil {
		rd.Fd = r.N.Value
	}
	if r.Hdoc != nil && r.Word != nil {
		return heredoc(src, r, rd)
	}
	if r.Word == nil {
		text := nodeText(src, r)
		return rd, &ShellError{Kind: ShellOperator, Text: text, Problem: fmt.Sprintf("%s is a here-document, which f0 does not read", text)}
	}
	words, err := literalWords(src, []*syntax.Word{r.Word})
	if err != nil {
		return rd, err
	}
	rd.Target = words[0]
	return rd, nil
}

// heredoc reads a here-document whose text is literal: its delimiter is
// quoted (<<'EOF'), or its text holds no expansion. <<- strips the tabs
// that start its lines.
func heredoc(src string, r *syntax.Redirect, rd Redirect) (Redirect, error) {
	rd.Text = nodeText(src, r)
	delim, err := literalWords(src, []*syntax.Word{r.Word})
	if err != nil {
		return rd, err
	}
	rd.Target = delim[0]
	var b strings.Builder
	for _, part := range r.Hdoc.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			if e := expansionError(src, part); e != nil {
				return rd, e
			}
			return rd, &ShellError{Kind: ShellUnreadable, Text: rd.Text, Problem: fmt.Sprintf("%s is a here-document f0 cannot read as text", rd.Text)}
		}
		b.WriteString(lit.Value)
	}
	body := b.String()
	if rd.Op == "<<-" {
		lines := strings.Split(body, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimLeft(l, "\t")
		}
		body = strings.Join(lines, "\n")
	}
	rd.Heredoc = body
	return rd, nil
}

// escapeWordAmpersands backslash-escapes each unquoted '&' that sits
// inside a word (a=1&b=2), not between words, and reports whether it did.
func escapeWordAmpersands(s string) (string, bool) {
	var b strings.Builder
	var quote byte
	mended := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'' && c != '\'':
		case c == '\\' && quote != '\'' && i+1 < len(s):
			b.WriteByte(c)
			i++
			c = s[i]
		case c == '\'' || c == '"':
			if quote == 0 {
				quote = c
			} else if quote == c {
				quote = 0
			}
		case c == '&' && quote == 0 && i > 0 && i+1 < len(s) && !isShellWordEnd(s[i-1]) && !isShellWordEnd(s[i+1]):
			b.WriteByte('\\')
			mended = true
		}
		b.WriteByte(c)
	}
	return b.String(), mended
}

// isShellWordEnd reports whether c ends a word or is an operator's.
func isShellWordEnd(c byte) bool { return isShellSpace(c) || strings.IndexByte("&|;<>()", c) >= 0 }

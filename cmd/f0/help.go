package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"

	"f0/engine"
	"f0/tool"

	"github.com/agnivade/levenshtein"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagsAnywhere is the help's paragraph on where f0's flags may go.
const flagsAnywhere = `f0's own flags (--root, --access, --net-deny, …) may come anywhere on the line,
after the tool name too (f0 fs.list --root DIR), except after a -- word and
where the tool has a flag of that spelling: the words after net.curl are
curl's (-H, -d, -o, --max-time …), and a curl flag's value stays curl's.`

// printEnv lists the environment variables that set a command's flags.
func printEnv(w io.Writer, fs *pflag.FlagSet) {
	fmt.Fprintln(w, "\nEnvironment (a flag given on the command line wins):")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Name == "help" || f.Name == "version" {
			return
		}
		note := "--" + f.Name
		if f.Value.Type() == "stringArray" {
			note += " (several separated by ':')"
		}
		fmt.Fprintf(tw, "  %s\t%s\n", envName(f.Name), note)
	})
	tw.Flush()
}

// versionCommand prints the version, the commit and the build date, as
// --version does.
func (a *app) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print f0's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprint(a.stdout, currentBuild())
			return nil
		},
	}
}

// commandMiss answers a first word that is neither a command nor a tool
// but close to a command (`f0 serv`): a usage error that names it. A word
// at least as close to a tool, or spelt like one (net_crul, fs.raed), is
// left to the pipeline, which suggests tools.
func commandMiss(root *cobra.Command, p *engine.Host, name string) error {
	if strings.ContainsAny(name, "._") {
		return nil
	}
	word := strings.ToLower(name)
	best, bestDist := "", 3 // at most two edits away
	for _, c := range root.Commands() {
		if !c.IsAvailableCommand() {
			continue
		}
		for _, n := range append([]string{c.Name()}, c.Aliases...) {
			d := levenshtein.ComputeDistance(word, n)
			if strings.HasPrefix(n, word) && len(word) >= 2 {
				d = min(d, 1)
			}
			if d < bestDist {
				best, bestDist = n, d
			}
		}
	}
	if best == "" {
		return nil
	}
	tool, toolDist := nearestTool(p, word)
	if toolDist < bestDist {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q; did you mean %s?", name, best)
	if toolDist == bestDist {
		msg += fmt.Sprintf(" (or the tool %s: f0 %s --help)", tool.Name, tool.Name)
	}
	return errors.New(msg)
}

// nearestTool is the exposed tool whose short name (read in fs.read) or
// full name is closest to word, or that has word as a keyword.
func nearestTool(p *engine.Host, word string) (*tool.Tool, int) {
	var best *tool.Tool
	bestDist := 1 << 30
	for _, t := range p.Visible() {
		_, short, _ := strings.Cut(t.Name, ".")
		d := min(levenshtein.ComputeDistance(word, short), levenshtein.ComputeDistance(word, t.Name))
		for _, k := range t.Keywords {
			if strings.EqualFold(k, word) {
				d = 0
			}
		}
		if d < bestDist {
			best, bestDist = t, d
		}
	}
	return best, bestDist
}

// completeTool completes the first argument with the exposed tools' names
// (shell completion: f0 fs.<TAB>); later words complete as file names.
func (a *app) completeTool(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveDefault
	}
	if err := applyEnv(cmd.Flags()); err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	p, _, err := a.setup(slog.LevelError)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var names []string
	for _, t := range p.Visible() {
		if strings.HasPrefix(t.Name, prefix) {
			names = append(names, t.Name+"\t"+t.Title)
		}
	}
	return names, cobra.ShellCompDirectiveNoFileComp
}

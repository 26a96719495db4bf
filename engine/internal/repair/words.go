package repair

import (
	"f0/engine/internal/keys"
	"strings"
)

// The words below are the names models give things in their calls: the
// keys of envelopes, shell tools and their commands, tokens, other names
// of fields. Several stages read them; none owns them.

// argWrappers are keys models wrap real arguments in.
var argWrappers = []string{"args", "arguments", "params", "parameters", "input", "kwargs", "tool_input", "toolInput"}

// nameKeys are keys a proxy-style {tool, args} envelope names the tool with
// (MetaGPT RoleZero's commands: {command_name, args}).
// JSON-RPC's method names it too ({"method": "fs_read", "params": {…}}).
var nameKeys = []string{"tool", "name", "toolName", "tool_name", "method", "command_name"}

// shellNames are the names agents give a tool that runs a shell command,
// and commandKeys the arguments that hold the command.
var (
	shellNames  = []string{"bash", "shell", "sh", "zsh", "run_shell_command", "execute_command", "run_command", "exec", "run", "terminal", "run_terminal_cmd", "run_in_terminal", "local_shell", "shell_command", "execute", "cmd", "command", "container_exec", "powershell"}
	commandKeys = []string{"command", "cmd", "commandLine", "command_line", "script", "input", "code"}
)

// bearerKeys are the fields other tools take a bearer token in.
var bearerKeys = []string{"bearer_token", "bearer", "token", "access_token", "auth_token", "oauth2_bearer"}

// foldedSnake spells a key in snake case (bearerToken → bearer_token).
func foldedSnake(key string) string {
	var b strings.Builder
	for i, r := range key {
		if 'A' <= r && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		if r == '-' {
			r = '_'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func lookupSynonym(syn map[string]string, key string) (string, bool) {
	return keys.Lookup(syn, key)
}

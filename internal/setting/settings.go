// Package setting names the operator's settings (the flags and F0_ variables f0 starts
// with) the way messages name them, and the writers that spell them for a reader. It
// imports nothing of f0.
package setting

import (
	"context"
	"fmt"
	"strings"
)

// Setting is one of the settings the operator starts the server with: the
// access cap, the exposed tools, the load limits. When a message names one
// (what refused a call, what would let it through), the core states the
// setting and its value, and the caller's Dialect writes them the way its
// reader changes them (SettingWriter).
type Setting string

// The settings messages name. Each is also the name of the f0 flag that
// sets it, and F0_ with the name in capitals that of its environment
// variable.
const (
	AccessSetting        Setting = "access"
	ToolsSetting         Setting = "tools"
	ExcludeToolsSetting  Setting = "exclude-tools"
	NamespacesSetting    Setting = "namespaces"
	MaxCallsSetting      Setting = "max-calls"
	MaxCallMemorySetting Setting = "max-call-memory"
	ClientLimitsSetting  Setting = "client-limits"
)

// The network tools' settings: the allow and deny rules, and the caps on a
// request's time and body.
const (
	NetAllowSetting, NetDenySetting          Setting = "net-allow", "net-deny"
	NetMaxTimeSetting, NetMaxDownloadSetting Setting = "net-max-time", "net-max-download"
)

// The file tools' settings: the operator's directories, and whether the
// client's roots are followed inside them.
const RootSetting, RootsSetting Setting = "root", "roots"

// SettingWriter writes settings as the reader of an answer changes them.
// Every client dialect is one: most write them as the operator of an MCP
// server sets them, with flags or the environment in the client's server
// configuration (OperatorSettings); the CLI's dialect writes the flag the
// person at the terminal puts on the command line.
type SettingWriter interface {
	// Setting writes s, with its value when value is not "", as the
	// reader knows it: "--access read".
	Setting(s Setting, value string) string
	// Change writes what sets s to value: "--access write (or
	// F0_ACCESS=write)".
	Change(s Setting, value string) string
}

// OperatorSettings writes settings for the readers of an MCP server's
// answers: the model, and the operator it asks, who starts f0 with flags or
// with F0_ variables in the client's configuration of the server.
type OperatorSettings struct{}

// Setting writes the flag, and its value: "--access read".
func (OperatorSettings) Setting(s Setting, value string) string { return FlagSetting(s, value) }

// Change writes the flag and the environment variable that set s to value.
func (OperatorSettings) Change(s Setting, value string) string {
	return FlagSetting(s, value) + " (or " + s.Env() + "=" + value + ")"
}

// FlagSetting writes s as f0's command-line flag, with value when it is
// not "": "--access read".
func FlagSetting(s Setting, value string) string {
	if value == "" {
		return "--" + string(s)
	}
	return "--" + string(s) + " " + value
}

// Env is the environment variable that sets s: F0_ACCESS.
func (s Setting) Env() string {
	return "F0_" + strings.ToUpper(strings.ReplaceAll(string(s), "-", "_"))
}

// SettingError is a setting the operator gave a value f0 cannot use. Its
// text names the setting as a flag; a front end that knows where the value
// came from (the environment) may name it that way instead.
type SettingError struct {
	Setting Setting
	Value   string // as given; "" when the error is about the setting as a whole
	Err     error
}

func (e *SettingError) Error() string { return e.Text(FlagSetting(e.Setting, "")) }

// Text writes the error with the setting named as name: `--roots "x": …`.
func (e *SettingError) Text(name string) string {
	if e.Value == "" {
		return name + ": " + e.Err.Error()
	}
	return fmt.Sprintf("%s %q: %v", name, e.Value, e.Err)
}

func (e *SettingError) Unwrap() error { return e.Err }

type writerKey struct{}

// WithWriter makes w write the settings named by the messages of the calls
// made with ctx. The core sets it with the caller's dialect (the engine
// calls it from WithDialect), so a service below the tools (the roots, the
// HTTP client) names a setting the way the caller's reader changes it.
func WithWriter(ctx context.Context, w SettingWriter) context.Context {
	return context.WithValue(ctx, writerKey{}, w)
}

// From returns the SettingWriter of the call made with ctx, OperatorSettings
// when none was set.
func From(ctx context.Context) SettingWriter {
	if w, ok := ctx.Value(writerKey{}).(SettingWriter); ok {
		return w
	}
	return OperatorSettings{}
}

package tool

import (
	"context"

	"f0/internal/setting"
)

// SettingsFrom returns the SettingWriter of the call made with ctx: its
// renderer when that writes settings its own way, OperatorSettings
// otherwise. Tools use it to name the setting that limited a call.
func SettingsFrom(ctx context.Context) setting.SettingWriter { return setting.From(ctx) }

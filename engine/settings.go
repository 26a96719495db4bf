package engine

import (
	"f0/internal/setting"
)

// settingsFor returns the SettingWriter of r: r itself when it writes
// settings its own way, OperatorSettings otherwise.
func settingsFor(r Renderer) setting.SettingWriter {
	if w, ok := r.(setting.SettingWriter); ok {
		return w
	}
	return setting.OperatorSettings{}
}

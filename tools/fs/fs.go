// Package fs holds the file tools (fs.*), confined to the roots.
package fs

import (
	"github.com/f0dev/f0/tools"
	"github.com/f0dev/f0/tools/roots"
)

// Tools returns the file tools working inside files.
func Tools(files *roots.Set) []*tools.Tool {
	return nil
}

//go:build !unix

package roots

import (
	"io/fs"
	"os"
)

// openReadFlags opens files for reading.
const openReadFlags = os.O_RDONLY

// openFileLimit is a modest guess where the limit cannot be read.
func openFileLimit() int { return 4096 }

// keepOwner does nothing where files have no Unix owner.
func keepOwner(*os.Root, string, fs.FileInfo) {}

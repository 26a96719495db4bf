//go:build !unix

package roots

import "os"

// openReadFlags opens files for reading.
const openReadFlags = os.O_RDONLY

package tool

import (
	"errors"
)

// ErrShutdown is the cause front ends give the contexts of calls they cut
// short because the server is stopping.
var ErrShutdown = errors.New("server shutting down")

// ErrReplaced is what a placeholder's Run returns, wrapped, when it
// brought the tools it stood for (its server started during the call, and
// the pipeline has a newer version with them): the pipeline then runs the
// call again on the newest version.
var ErrReplaced = errors.New("the tools of the namespace are available now")

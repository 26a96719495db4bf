package tool

import (
	"fmt"
	"strings"
)

// Access is the level a call needs and a server grants: read < write < admin.
type Access int

// The access levels, in increasing order of power.
const (
	Read Access = iota + 1
	Write
	Admin
)

// String returns the level's flag spelling.
func (a Access) String() string {
	switch a {
	case Read:
		return "read"
	case Write:
		return "write"
	case Admin:
		return "admin"
	}
	return fmt.Sprintf("access(%d)", int(a))
}

// ParseAccess reads a level as written on the command line.
func ParseAccess(s string) (Access, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "read", "ro", "readonly", "read-only":
		return Read, nil
	case "write", "rw":
		return Write, nil
	case "admin":
		return Admin, nil
	}
	return 0, fmt.Errorf("access level %q: want read, write or admin", s)
}

// Package release holds the checks of f0's release artefacts, in its
// tests: the MCP registry's server.json (validated against the registry's
// schema), and the OCI image release/image.sh builds (unpacked, and run
// with a container runtime where one runs).
package release

package engine_test

import (
	"testing"

	"f0/catalog"
	"f0/engine"
	"f0/tool"
)

// newCatalogHost is a Host over the real catalogue, with its file tools
// confined to roots, at the given access level.
func newCatalogHost(t *testing.T, access tool.Access, roots ...string) *engine.Host {
	t.Helper()
	reg, err := catalog.New(catalog.Options{Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	host, err := engine.NewHost(reg, engine.Config{Access: access})
	if err != nil {
		t.Fatal(err)
	}
	return host
}

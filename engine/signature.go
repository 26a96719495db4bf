package engine

import (
	"fmt"
	"strings"

	"f0/schemas"
	"f0/tool"
)

// signature renders a compact, TypeScript-like shape of the input: required
// fields first, then optional ones, capped to stay readable; describe is
// the call that shows the rest.
func signature(s *schemas.Schema, describe string) string {
	const maxFields = 10
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	var parts []string
	names := schemas.PropertyNames(s)
	ordered := make([]string, 0, len(names))
	for _, n := range names {
		if required[n] {
			ordered = append(ordered, n)
		}
	}
	for _, n := range names {
		if !required[n] && n != tool.BudgetField {
			ordered = append(ordered, n)
		}
	}
	for i, n := range ordered {
		if i == maxFields {
			more := fmt.Sprintf("… %d more", len(ordered)-maxFields)
			if describe != "" {
				more += " (" + describe + ")"
			}
			parts = append(parts, more)
			break
		}
		opt := "?"
		if required[n] {
			opt = ""
		}
		parts = append(parts, fmt.Sprintf("%s%s: %s", n, opt, typeName(schemas.Property(s, n))))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// typeName renders a property's type in a few characters.
func typeName(s *schemas.Schema) string {
	if s == nil {
		return "any"
	}
	if len(s.Enum) > 0 && len(s.Enum) <= 8 {
		opts := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			opts[i] = fmt.Sprintf("%q", e)
		}
		return strings.Join(opts, "|")
	}
	switch s.Type {
	case "":
		return "any"
	case "array":
		return typeName(s.Items) + "[]"
	case "object":
		if s.Properties != nil && s.Properties.Len() > 0 {
			return signatureInline(s)
		}
		return "object"
	}
	return s.Type
}

func signatureInline(s *schemas.Schema) string {
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	var parts []string
	for n, ps := range s.Properties.FromOldest() {
		opt := "?"
		if required[n] {
			opt = ""
		}
		parts = append(parts, fmt.Sprintf("%s%s: %s", n, opt, typeName(ps)))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

//go:build bindings

package app

// BindingsOnly is true in the binary `wails generate module` builds (it adds
// the "bindings" tag) and runs only to read the bound types. main then builds
// the facades over nothing: no folders, no demo server, no profiles read.
const BindingsOnly = true

//go:build !bindings

package app

// BindingsOnly: see shell_bindings.go. Every real build is not.
const BindingsOnly = false

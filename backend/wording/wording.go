// Package wording is the shape in which a backend package says what its
// errors mean to the user: the sentence and the fix next to the sentinels
// they explain (each package's wording.go). app's ErrorFormatter places every
// package's rules in its one ordered table and turns a match into what the
// page shows; no backend package formats an error for the page itself.
package wording

import "strings"

// Rule maps an error class (matched with errors.Is) to what the user reads.
type Rule struct {
	Target  error
	Code    string // used when the error carries no API code of its own
	Message string
	Hint    string
}

// Sentence capitalises a sentinel's text and ends it with a full stop.
func Sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// LowerFirst lowers the first letter of a sentence (ASCII) that goes after
// a colon in another one.
func LowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}

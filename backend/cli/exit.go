package cli

import "errors"

// Exit codes of every command. validate, ensure and run add their own
// above 2 (validatecmd, runcmd); the rest use only these.
const (
	ExitOK     = 0 // done, or the help or version was asked for
	ExitFailed = 1 // the command ran and failed
	ExitUsage  = 2 // a command, flag or argument this binary does not take
)

// UsageError marks an error as the caller's: an unknown command, flag or
// argument, or a test-only one the release build leaves out. Run exits
// with ExitUsage for it.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usage wraps err as the caller's mistake.
func Usage(err error) error { return UsageError{Err: err} }

// IsUsage reports whether err is the caller's mistake.
func IsUsage(err error) bool {
	var u UsageError
	return errors.As(err, &u)
}

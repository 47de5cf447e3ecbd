// Package boundedfile reads the files and streams Clusterdeck takes from the
// user (specs, policies, .databrickscfg, drafts, rate tables) with a cap, and
// only from regular files: /dev/zero or a huge file would otherwise exhaust
// memory, and a FIFO would block the caller forever.
package boundedfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Limits by kind of input. Cluster specs and policies are a few KB; the
// caps leave room for generous hand-written files.
const (
	SpecLimit     = 1 << 20  // a cluster spec, policy or import
	ConfigLimit   = 1 << 20  // .databrickscfg, DBU rates, small settings files
	DraftLimit    = 8 << 20  // one draft file (spec, libraries, typed text)
	CacheLimit    = 64 << 20 // the offline catalog of a large workspace
	ProfilesLimit = 4 << 20  // Clusterdeck's workspaces file
)

// ErrTooLarge matches every TooLargeError.
var ErrTooLarge = errors.New("input too large")

// ErrNotRegular matches every NotRegularError.
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is an input above its cap.
type TooLargeError struct {
	Name  string // path, or "stdin"
	Limit int64
	What  string // "a spec", "the Databricks config file", …
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %s, the most Clusterdeck reads for %s", e.Name, Size(e.Limit), e.What)
}

// Is lets errors.Is(err, ErrTooLarge) match.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// NotRegularError is a path that is not a regular file (a device, a FIFO,
// a socket, a folder), or a link to one.
type NotRegularError struct {
	Name string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.Name, kindOf(e.Mode))
}

// Is lets errors.Is(err, ErrNotRegular) match.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// Size says a byte count the way limits are written (1 MiB, 64 MiB, 512 KiB).
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadFile reads the regular file at path (a link is followed; its target
// must be a regular file), at most limit bytes. what names the kind of
// input in the error ("a spec"). Errors from the file system are returned
// wrapped, so errors.Is(err, fs.ErrNotExist) still works.
func ReadFile(path string, limit int64, what string) ([]byte, error) {
	info, err := os.Stat(path) // follows links: the target's kind counts
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &NotRegularError{Name: path, Mode: info.Mode()}
	}
	if info.Size() > limit {
		return nil, &TooLargeError{Name: path, Limit: limit, What: what}
	}
	// O_NONBLOCK: should the path be swapped for a FIFO after the Stat, the
	// open still returns at once, and the check below refuses it.
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &NotRegularError{Name: path, Mode: info.Mode()}
	}
	return ReadAll(f, path, limit, what)
}

// ReadAll reads r to its end, at most limit bytes (stdin, a request body).
func ReadAll(r io.Reader, name string, limit int64, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Name: name, Limit: limit, What: what}
	}
	return data, nil
}

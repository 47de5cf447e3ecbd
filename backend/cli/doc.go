// Package cli is the binary's own interface: which command runs, its help
// and the process's exit code. main only wires: it hands the window and the
// bridge (they need the embedded page) to a Program and exits with what Run
// returns.
package cli

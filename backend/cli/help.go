package cli

import (
	"fmt"
	"io"
)

// command is one line of `clusterdeck help`.
type command struct {
	name, summary string
}

// commands are the ones users get, in the order help lists them. The test
// build's bridge is left out: the release binary refuses it.
var commands = []command{
	{"window", "open the desktop window (the default: `clusterdeck` alone)"},
	{"demo-api", "serve the built-in Demo workspace on loopback for any Databricks client"},
	{"validate", "check a cluster spec against a cluster policy, offline"},
	{"ensure", "make sure a cluster named in a spec exists and runs (reuse, start or create it)"},
	{"run", "ensure the cluster, then run a one-time task on it and follow it to the end"},
	{"help", "this text; `clusterdeck help COMMAND` is that command's --help"},
}

func known(name string) bool {
	for _, c := range commands {
		if c.name == name {
			return true
		}
	}
	return false
}

func writeUsage(w io.Writer) {
	fmt.Fprint(w, `Usage: clusterdeck [COMMAND] [flags]

Clusterdeck, a desktop console for Databricks compute. With no command it
opens the window; the other commands need no display.

Commands:
`)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s  %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Flags:
  -h, --help   this text (COMMAND --help: that command's)
  --version    print the version and exit

Exit codes: 0 done, 1 failed, 2 bad usage (a command, flag or argument
this binary does not take). validate, ensure and run add their own: see
their --help. More: docs/cli.md.
`)
}

const windowUsage = `Usage: clusterdeck [window]

Opens the desktop window on the workspaces you added, or on the built-in
Demo workspace the first time. It takes no flags (the test build,
build/bin/clusterdeck-test, also takes the demo's --demo-... flags).
Exit codes: 0 the window was closed, 1 it could not start (no display,
no WebKitGTK), 2 bad usage.
`

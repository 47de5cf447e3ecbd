package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/runcmd"
	"github.com/clusterdeck/clusterdeck/backend/validatecmd"
)

// Program is the binary: its version and the commands main builds. Errors
// from Window, Bridge and DemoArgs that are the caller's are wrapped with
// Usage.
type Program struct {
	Version string
	// Window opens the desktop window; args are what follows `window`, or
	// all of them when no command was named.
	Window func(ctx context.Context, args []string) error
	// Bridge serves the page over loopback (the test build's; the release
	// build's refuses it).
	Bridge func(ctx context.Context, args []string) error
	// DemoArgs refuses the demo-api flags this build leaves out (nil: none).
	DemoArgs func(args []string) error

	Stdout, Stderr io.Writer
	// Validate and Ensure run the headless commands and return their exit
	// code; nil means validatecmd and runcmd with the platform's folders,
	// keychain and signals (tests replace them).
	Validate func(ctx context.Context, args []string) int
	Ensure   func(ctx context.Context, command string, args []string) int
}

// Run runs the command args name and returns the process's exit code.
func (p Program) Run(ctx context.Context, args []string) int {
	name, rest := "window", args
	if len(args) > 0 {
		switch arg := args[0]; {
		case isHelp(arg):
			name, rest = "help", args[1:]
		case arg == "-version" || arg == "--version":
			name, rest = "version", args[1:]
		case !isFlag(arg):
			name, rest = arg, args[1:]
		}
	}
	switch name {
	case "help":
		return p.help(ctx, rest)
	case "version":
		fmt.Fprintf(p.Stdout, "clusterdeck %s\n", p.Version)
		return ExitOK
	case "window":
		if len(rest) > 0 && isHelp(rest[0]) {
			return p.help(ctx, []string{"window"})
		}
		return p.finish(name, p.Window(ctx, rest))
	case "demo-api":
		return p.finish(name, p.demoAPI(ctx, rest))
	case "validate":
		return p.validate(ctx, rest)
	case "ensure", "run":
		return p.ensure(ctx, name, rest)
	case "bridge":
		return p.finish(name, p.Bridge(ctx, rest))
	}
	return p.finish("", Usage(fmt.Errorf("unknown command %q", name)))
}

// help prints the usage, or one command's (`help validate`).
func (p Program) help(ctx context.Context, args []string) int {
	if len(args) == 0 || args[0] == "help" {
		writeUsage(p.Stdout)
		return ExitOK
	}
	switch args[0] {
	case "window":
		fmt.Fprint(p.Stdout, windowUsage)
		return ExitOK
	case "demo-api", "validate", "ensure", "run":
		return p.Run(ctx, []string{args[0], "--help"})
	}
	return p.finish("help", Usage(fmt.Errorf("unknown command %q", args[0])))
}

func (p Program) demoAPI(ctx context.Context, args []string) error {
	opts, err := demo.ParseCommand(args, p.Stdout)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return Usage(err)
	}
	if p.DemoArgs != nil {
		if err := p.DemoArgs(args); err != nil {
			return err
		}
	}
	return demo.Serve(ctx, opts, p.Stdout)
}

func (p Program) validate(ctx context.Context, args []string) int {
	if p.Validate != nil {
		return p.Validate(ctx, args)
	}
	return validatecmd.RunCommand(ctx, args, p.Stdout, p.Stderr, validatecmd.DefaultDeps())
}

// ensure runs `ensure` or `run`; a second Ctrl+C stops waiting for the
// cancelled run.
func (p Program) ensure(ctx context.Context, command string, args []string) int {
	if p.Ensure != nil {
		return p.Ensure(ctx, command, args)
	}
	deps := runcmd.DefaultDeps()
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	deps.Abort = runcmd.Interrupts(sig)
	return runcmd.RunCommand(ctx, command, args, p.Stdout, p.Stderr, deps)
}

// finish says what went wrong and picks the exit code.
func (p Program) finish(command string, err error) int {
	if err == nil {
		return ExitOK
	}
	fmt.Fprintln(p.Stderr, "clusterdeck:", err)
	if !IsUsage(err) {
		return ExitFailed
	}
	help := "clusterdeck --help"
	if known(command) && command != "help" {
		help = "clusterdeck " + command + " --help"
	}
	fmt.Fprintf(p.Stderr, "Run '%s' for usage.\n", help)
	return ExitUsage
}

func isFlag(arg string) bool { return strings.HasPrefix(arg, "-") }

func isHelp(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

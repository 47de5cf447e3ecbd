//go:build !testbuild

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/cli"
	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// The binary users get holds no test-only code: no loopback bridge (the
// browser suite's), no demo test flags or control API switch. `make test`
// builds build/bin/clusterdeck-test with `-tags testbuild` for those
// (main_testbuild.go).

// errTestOnly is what the release binary says to a test-only command or
// flag; it exits with cli.ExitUsage.
var errTestOnly = cli.Usage(errors.New("test-only: this build does not include it (the test build, `make test`, does)"))

func runBridge(context.Context, *slog.Logger, []string) error {
	return fmt.Errorf("bridge: %w", errTestOnly)
}

// windowDemoOptions: the window takes no arguments.
func windowDemoOptions(args []string) (demo.Options, error) {
	if len(args) > 0 {
		if strings.HasPrefix(args[0], "--demo-") || strings.HasPrefix(args[0], "-demo-") {
			return demo.Options{}, fmt.Errorf("%s: %w", args[0], errTestOnly)
		}
		return demo.Options{}, cli.Usage(fmt.Errorf("unknown argument %q (the window takes none)", args[0]))
	}
	return demo.Options{TimeScale: demoTimeScale}, nil
}

// checkDemoArgs refuses the demo's test control API.
func checkDemoArgs(args []string) error {
	for _, a := range args {
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); name == "control" && strings.HasPrefix(a, "-") {
			return fmt.Errorf("demo-api --control: %w", errTestOnly)
		}
	}
	return nil
}

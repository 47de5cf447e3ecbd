package cli

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// calls records which of the Program's commands ran, with what.
type calls struct{ window, bridge, validate, ensure []string }

func program(c *calls, out, errOut *strings.Builder, windowErr error) Program {
	return Program{
		Version: "v1.2.3-4-gabcdef0",
		Window: func(_ context.Context, args []string) error {
			c.window = append([]string{"window"}, args...)
			return windowErr
		},
		Bridge: func(_ context.Context, args []string) error {
			c.bridge = append([]string{"bridge"}, args...)
			return Usage(errors.New("bridge: test-only"))
		},
		DemoArgs: func(args []string) error {
			for _, a := range args {
				if a == "--control" {
					return Usage(errors.New("demo-api --control: test-only"))
				}
			}
			return nil
		},
		Validate: func(_ context.Context, args []string) int {
			c.validate = append([]string{"validate"}, args...)
			return 1
		},
		Ensure: func(_ context.Context, command string, args []string) int {
			c.ensure = append([]string{command}, args...)
			return 3
		},
		Stdout: out, Stderr: errOut,
	}
}

func TestRun(t *testing.T) {
	cases := []struct {
		name       string
		args       []string
		windowErr  error
		want       int
		wantOut    []string // each in stdout
		wantErrOut []string // each in stderr
		ran        func(c calls) []string
		wantRan    []string
	}{
		{name: "no arguments open the window", args: nil, want: ExitOK,
			ran: func(c calls) []string { return c.window }, wantRan: []string{"window"}},
		{name: "window by name", args: []string{"window"}, want: ExitOK,
			ran: func(c calls) []string { return c.window }, wantRan: []string{"window"}},
		{name: "window flags go to the window", args: []string{"--demo-clusters=10"}, want: ExitOK,
			ran: func(c calls) []string { return c.window }, wantRan: []string{"window", "--demo-clusters=10"}},
		{name: "window usage error", args: []string{"--demo-clusters=10"}, windowErr: Usage(errors.New("--demo-clusters=10: test-only")),
			want: ExitUsage, wantErrOut: []string{"clusterdeck: --demo-clusters=10: test-only", "Run 'clusterdeck window --help'"}},
		{name: "window failure", args: nil, windowErr: errors.New("no display"),
			want: ExitFailed, wantErrOut: []string{"clusterdeck: no display"}},
		{name: "version", args: []string{"--version"}, want: ExitOK, wantOut: []string{"clusterdeck v1.2.3-4-gabcdef0\n"}},
		{name: "version command", args: []string{"version"}, want: ExitOK, wantOut: []string{"clusterdeck v1.2.3-4-gabcdef0\n"}},
		{name: "help", args: []string{"help"}, want: ExitOK,
			wantOut: []string{"Usage: clusterdeck [COMMAND]", "  window  ", "  demo-api  ", "  validate  ", "  ensure  ", "  run  ", "Exit codes: 0 done, 1 failed, 2 bad usage"}},
		{name: "--help", args: []string{"--help"}, want: ExitOK, wantOut: []string{"Usage: clusterdeck [COMMAND]"}},
		{name: "-h", args: []string{"-h"}, want: ExitOK, wantOut: []string{"Usage: clusterdeck [COMMAND]"}},
		{name: "window --help", args: []string{"window", "--help"}, want: ExitOK, wantOut: []string{"Usage: clusterdeck [window]"}},
		{name: "help window", args: []string{"help", "window"}, want: ExitOK, wantOut: []string{"Usage: clusterdeck [window]"}},
		{name: "demo-api --help", args: []string{"demo-api", "--help"}, want: ExitOK, wantOut: []string{"Usage: clusterdeck demo-api [flags]", "-time-scale"}},
		{name: "help demo-api", args: []string{"help", "demo-api"}, want: ExitOK, wantOut: []string{"Usage: clusterdeck demo-api [flags]"}},
		{name: "demo-api unknown flag", args: []string{"demo-api", "--nope"}, want: ExitUsage,
			wantErrOut: []string{"flag provided but not defined: -nope", "Run 'clusterdeck demo-api --help'"}},
		{name: "demo-api test-only flag", args: []string{"demo-api", "--control"}, want: ExitUsage,
			wantErrOut: []string{"demo-api --control: test-only"}},
		{name: "help validate passes --help on", args: []string{"help", "validate"}, want: 1,
			ran: func(c calls) []string { return c.validate }, wantRan: []string{"validate", "--help"}},
		{name: "validate's own exit code", args: []string{"validate", "spec.json"}, want: 1,
			ran: func(c calls) []string { return c.validate }, wantRan: []string{"validate", "spec.json"}},
		{name: "run's own exit code", args: []string{"run", "--spec", "s.json"}, want: 3,
			ran: func(c calls) []string { return c.ensure }, wantRan: []string{"run", "--spec", "s.json"}},
		{name: "ensure", args: []string{"ensure", "--help"}, want: 3,
			ran: func(c calls) []string { return c.ensure }, wantRan: []string{"ensure", "--help"}},
		{name: "bridge refused", args: []string{"bridge", "--save-dir", "/tmp"}, want: ExitUsage,
			wantErrOut: []string{"bridge: test-only"}},
		{name: "unknown command", args: []string{"serve"}, want: ExitUsage,
			wantErrOut: []string{`clusterdeck: unknown command "serve"`, "Run 'clusterdeck --help'"}},
		{name: "help for an unknown command", args: []string{"help", "serve"}, want: ExitUsage,
			wantErrOut: []string{`unknown command "serve"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut strings.Builder
			var ran calls
			got := program(&ran, &out, &errOut, c.windowErr).Run(context.Background(), c.args)
			assert.Equal(t, c.want, got, "stdout:\n%s\nstderr:\n%s", out.String(), errOut.String())
			for _, w := range c.wantOut {
				assert.Contains(t, out.String(), w)
			}
			for _, w := range c.wantErrOut {
				assert.Contains(t, errOut.String(), w)
			}
			if c.ran != nil {
				require.Equal(t, c.wantRan, c.ran(ran))
			}
		})
	}
}

// Every command help lists has a line, and the usage names each exit code.
func TestUsageListsEveryCommand(t *testing.T) {
	var out strings.Builder
	writeUsage(&out)
	for _, c := range commands {
		assert.Contains(t, out.String(), "  "+c.name+" ", c.name)
		assert.NotContains(t, c.summary, "\n", c.name)
	}
	assert.NotContains(t, out.String(), "bridge", "the test build's bridge is not the users'")
}

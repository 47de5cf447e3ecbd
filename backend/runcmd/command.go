// Package runcmd implements the headless `clusterdeck ensure` and
// `clusterdeck run` (seed 002's pipeline flow, for CI and scripts): ensure
// a cluster by name (reuse, start or create it), submit a one-time run on
// it, print its status changes and output, and exit with a code per mapped
// status; Ctrl+C cancels the run first. The rules live in backend/runs.
package runcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/runs"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Exit codes (docs/cli.md).
const (
	ExitSucceeded   = 0   // the run succeeded (ensure: the cluster is ready)
	ExitFailed      = 1   // the run failed, timed out or hit an internal error
	ExitUsage       = 2   // bad flags, an unreadable spec, a task with problems
	ExitCancelled   = 3   // the run was cancelled (elsewhere) or skipped
	ExitError       = 4   // the workspace refused or could not be reached: no cluster or no run
	ExitLost        = 5   // the run was made, then the workspace stopped answering: it may still run
	ExitInterrupted = 130 // Ctrl+C: the run was cancelled, then the command exited
)

var errUsage = errors.New("usage")

// Deps are where the commands find the app's files and the environment;
// tests point them at temporary folders and a demo workspace.
type Deps struct {
	Paths     workspaces.Paths
	Secrets   credentials.SecretStore
	LookupEnv workspaces.LookupEnv
	Home      string
	Now       func() time.Time
	// PollEvery is the pause between status reads (default 10 s; --poll).
	PollEvery time.Duration
	// CancelWait bounds waiting for a cancelled run to end (default 2 min).
	CancelWait time.Duration
	// FollowPatience bounds how long a run is followed through failed reads
	// (a network drop, a 500) before the command gives up (default 10 min).
	FollowPatience time.Duration
	// Reach bounds reaching the workspace; see Reach.
	Reach Reach
	// Abort is closed by a second Ctrl+C: the command stops waiting for the
	// cancel of its run and exits at once, saying what may still run.
	Abort <-chan struct{}
}

// Reach bounds each kind of wait on the workspace, so an unreachable one
// (refused, black-holed, a captive portal) ends the command within 30 s.
type Reach struct {
	// HostMetadata bounds fetching the host's /.well-known/databricks-config
	// while resolving a profile or the DATABRICKS_* variables (default 5 s;
	// a failed fetch keeps the config as written, as the SDK does).
	HostMetadata time.Duration
	// HTTP bounds one request without an answer (default 10 s).
	HTTP time.Duration
	// Retry bounds the SDK's retries of one call (default 15 s): a refused
	// connection is retried until then.
	Retry time.Duration
}

// Defaults for Reach: metadata, then one call's retries, then its last
// attempt end within 5 + 15 + 10 = 30 s.
const (
	DefaultReachHostMetadata = 5 * time.Second
	DefaultReachHTTP         = 10 * time.Second
	DefaultReachRetry        = 15 * time.Second
)

func (r Reach) withDefaults() Reach {
	if r.HostMetadata <= 0 {
		r.HostMetadata = DefaultReachHostMetadata
	}
	if r.HTTP <= 0 {
		r.HTTP = DefaultReachHTTP
	}
	if r.Retry <= 0 {
		r.Retry = DefaultReachRetry
	}
	return r
}

// Interrupts turns signals into the command's Deps.Abort: the first signal
// is the caller's to act on (it cancels the command's context), the second
// closes the returned channel. The goroutine lives as long as the process,
// which runs one command.
func Interrupts(sig <-chan os.Signal) <-chan struct{} {
	abort := make(chan struct{})
	go func() {
		<-sig
		<-sig
		close(abort)
	}()
	return abort
}

// DefaultDeps uses the platform's folders, keychain and environment.
func DefaultDeps() Deps {
	home, _ := os.UserHomeDir()
	return Deps{Paths: workspaces.DefaultPaths(), Secrets: credentials.NewOSKeyring(), LookupEnv: os.LookupEnv, Home: home}
}

const usageText = `Usage:
  clusterdeck ensure --spec FILE [credentials] [--no-wait]
  clusterdeck run    --spec FILE [credentials] TASK [--param P]... [flags]

ensure finds the cluster named in the spec and reuses it (RUNNING or
RESIZING), starts it (TERMINATED), waits for it (PENDING, RESTARTING) or
creates it (none); two clusters with the name is an error that lists them.
It prints the cluster id. run does the same, submits a one-time run of
TASK on the cluster, prints status changes and the output, and exits with:
  0 succeeded, 1 failed (or timed out), 2 bad usage or input,
  3 cancelled or skipped, 4 the workspace refused or was unreachable
  (no run made), 5 the run was made but the workspace stopped answering
  while it was followed (it may still run), 130 interrupted (Ctrl+C
  cancels the run first).

Spec (--spec FILE, read up to 1 MiB): Clusters API JSON (or a job's
{"new_cluster": ...}), a Clusterdeck draft file, a bundle YAML, or a stack
YAML (stacks.NAME.compute or compute: cluster_name, node_type_id,
num_workers or autoscale, spark_version; --stack NAME picks one).

Credentials, as the Databricks CLI: --workspace NAME (a Clusterdeck
workspace, secret from the keychain), --profile NAME (~/.databrickscfg),
or DATABRICKS_HOST and DATABRICKS_TOKEN. The one used is said on stderr.

TASK (run): --notebook PATH | --python-file PATH |
  --wheel PACKAGE:ENTRY_POINT | --jar-class CLASS [--jar PATH]
Parameters: --param key=value (notebook) or --param ARG (others), repeated;
or --params JSON (an object for a notebook or a wheel, an array otherwise).

Flags:
`

type options struct {
	command    string
	spec       string
	stack      string
	workspace  string
	profile    string
	noWait     bool
	notebook   string
	pythonFile string
	wheel      string
	jarClass   string
	jar        string
	params     []string
	paramsJSON string
	runName    string
	timeout    int
	token      string
	poll       time.Duration
}

type repeated struct{ list *[]string }

func (r repeated) String() string     { return "" }
func (r repeated) Set(v string) error { *r.list = append(*r.list, v); return nil }

func parse(command string, args []string, stderr io.Writer) (options, error) {
	o := options{command: command}
	fs := flag.NewFlagSet(command, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usageText)
		fs.PrintDefaults()
	}
	fs.StringVar(&o.spec, "spec", "", "cluster spec file (API JSON, draft file, bundle or stack YAML)")
	fs.StringVar(&o.stack, "stack", "", "which stack of a stack YAML")
	fs.StringVar(&o.workspace, "workspace", "", "a Clusterdeck workspace by name or id")
	fs.StringVar(&o.profile, "profile", "", "a ~/.databrickscfg profile")
	fs.BoolVar(&o.noWait, "no-wait", false, "ensure: return once the cluster is starting, not running")
	fs.StringVar(&o.notebook, "notebook", "", "run: a workspace notebook path")
	fs.StringVar(&o.pythonFile, "python-file", "", "run: a Python file (workspace path or cloud URI)")
	fs.StringVar(&o.wheel, "wheel", "", "run: a Python wheel task, PACKAGE:ENTRY_POINT")
	fs.StringVar(&o.jarClass, "jar-class", "", "run: a JAR task's main class")
	fs.StringVar(&o.jar, "jar", "", "run: the JAR to install for --jar-class")
	fs.Var(repeated{&o.params}, "param", "run: a parameter (key=value for a notebook), repeatable")
	fs.StringVar(&o.paramsJSON, "params", "", "run: parameters as JSON")
	fs.StringVar(&o.runName, "run-name", "", "run: the run's name")
	fs.IntVar(&o.timeout, "timeout", 0, "run: seconds before the run is stopped as timed out (0: none)")
	fs.StringVar(&o.token, "idempotency-token", "", "run: names the submit; a retry with the same token never makes a second run")
	fs.DurationVar(&o.poll, "poll", 0, "pause between status reads (default 10s)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	if o.spec == "" {
		return o, fmt.Errorf("%w: --spec FILE is required", errUsage)
	}
	if command == "run" {
		if _, err := o.task(); err != nil {
			return o, err
		}
	}
	return o, nil
}

// task builds the run's task from the flags.
func (o options) task() (runs.Task, error) {
	var t runs.Task
	n := 0
	for _, set := range []bool{o.notebook != "", o.pythonFile != "", o.wheel != "", o.jarClass != ""} {
		if set {
			n++
		}
	}
	if n != 1 {
		return t, fmt.Errorf("%w: give exactly one task: --notebook, --python-file, --wheel or --jar-class", errUsage)
	}
	switch {
	case o.notebook != "":
		t = runs.Task{Kind: runs.KindNotebook, Path: o.notebook}
	case o.pythonFile != "":
		t = runs.Task{Kind: runs.KindPython, Path: o.pythonFile}
	case o.wheel != "":
		pkg, entry, _ := strings.Cut(o.wheel, ":")
		t = runs.Task{Kind: runs.KindWheel, PackageName: pkg, EntryPoint: entry}
	default:
		t = runs.Task{Kind: runs.KindJar, MainClass: o.jarClass, Jar: o.jar}
	}
	if o.paramsJSON != "" && len(o.params) > 0 {
		return t, fmt.Errorf("%w: give --param or --params, not both", errUsage)
	}
	t.Parameters = o.paramsJSON
	if len(o.params) > 0 {
		t.Parameters = strings.Join(o.params, "\n")
	}
	return t, nil
}

// RunCommand runs `clusterdeck ensure` or `clusterdeck run` and returns
// the exit code. Cancelling ctx (Ctrl+C) cancels a submitted run first.
func RunCommand(ctx context.Context, command string, args []string, stdout, stderr io.Writer, d Deps) int {
	if d.LookupEnv == nil {
		d.LookupEnv = os.LookupEnv
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	o, err := parse(command, args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return ExitSucceeded
	}
	if err != nil {
		fmt.Fprintf(stderr, "clusterdeck %s: %v\n", command, err)
		return ExitUsage
	}
	if o.poll > 0 {
		d.PollEvery = o.poll
	}
	if d.PollEvery <= 0 {
		d.PollEvery = 10 * time.Second
	}
	if d.FollowPatience <= 0 {
		d.FollowPatience = 10 * time.Minute
	}
	d.Reach = d.Reach.withDefaults()
	// Run output, names and errors are the workspace's text: shown, never obeyed.
	c := &cmd{o: o, d: d, stdout: terminalSafe(stdout), stderr: terminalSafe(stderr)}
	return c.run(ctx)
}

// Package validatecmd implements `clusterdeck validate`: a headless check
// of a cluster spec against a cluster policy and the Clusters API's rules,
// for users' CI. It prints one violation a line and exits 1 when there are
// any, 0 when there are none and 2 when an input cannot be read.
package validatecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Exit codes.
const (
	ExitOK         = 0 // no violations (warnings may have been printed)
	ExitViolations = 1 // at least one violation
	ExitBadInput   = 2 // unreadable input or bad usage
)

// Deps are where the command finds the app's files; tests point them at
// temporary directories.
type Deps struct {
	Paths    workspaces.Paths
	CacheDir string // catalog cache (default Paths.Cache/catalog)
	Stdin    io.Reader
	Now      func() time.Time
}

// DefaultDeps uses the platform directories and the process's stdin.
func DefaultDeps() Deps {
	return Deps{Paths: workspaces.DefaultPaths(), Stdin: os.Stdin}
}

const usage = `Usage: clusterdeck validate [flags] SPEC.json

Checks a cluster spec (Clusters API JSON, or a job's {"new_cluster": ...};
"-" reads stdin) against a cluster policy and the API's own rules.
Prints one violation a line (PATH: MESSAGE) and exits 1 when there are
any, 0 when there are none, 2 when an input cannot be read.

Policy, from a file or from Clusterdeck's offline cache of a workspace:
  --policy POLICY.json               a policy object or just its definition
  --workspace NAME [--policy-id ID]  a cached policy (ID or name; default:
                                     the spec's policy_id); also checks the
                                     runtime and node types against the cache

Flags:
`

type options struct {
	policyFile  string
	workspace   string
	policyID    string
	clusterType string
	rates       string
	format      string
	spec        string
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	fs.StringVar(&o.policyFile, "policy", "", "policy file: the policy object (as the API returns it) or its definition")
	fs.StringVar(&o.workspace, "workspace", "", "workspace name (or id) whose cached catalog and policies to use")
	fs.StringVar(&o.policyID, "policy-id", "", "cached policy id or name (with --workspace)")
	fs.StringVar(&o.clusterType, "cluster-type", "", "all-purpose, job or dlt (default all-purpose; job for a new_cluster)")
	fs.StringVar(&o.rates, "dbu-rates", "", "DBU rate table for dbus_per_hour (default: the app's "+policyeval.RateFileName+", else built-in estimates)")
	fs.StringVar(&o.format, "format", "text", "text or json")
	// Flags may come after the spec path too.
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return o, err
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(positional) != 1:
		return o, fmt.Errorf("give exactly one spec file (got %d)", len(positional))
	case o.policyFile != "" && o.workspace != "":
		return o, errors.New("use either --policy or --workspace, not both")
	case o.policyID != "" && o.workspace == "":
		return o, errors.New("--policy-id needs --workspace")
	case o.format != "text" && o.format != "json":
		return o, fmt.Errorf("--format must be text or json (is %q)", o.format)
	}
	if o.clusterType != "" && !validClusterType(o.clusterType) {
		return o, fmt.Errorf("--cluster-type must be all-purpose, job or dlt (is %q)", o.clusterType)
	}
	o.spec = positional[0]
	return o, nil
}

func validClusterType(s string) bool {
	for _, t := range policyeval.ClusterTypes {
		if string(t) == s {
			return true
		}
	}
	return false
}

// RunCommand runs `clusterdeck validate` and returns the exit code.
func RunCommand(ctx context.Context, args []string, stdout, stderr io.Writer, deps Deps) int {
	o, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "clusterdeck validate: %v\nRun 'clusterdeck validate -h' for usage.\n", err)
		return ExitBadInput
	}
	if deps.CacheDir == "" {
		deps.CacheDir = filepath.Join(deps.Paths.Cache, "catalog")
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	if deps.Stdin == nil {
		deps.Stdin = strings.NewReader("")
	}
	in, err := load(ctx, o, deps, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "clusterdeck validate: %v\n", err)
		return ExitBadInput
	}
	rep := checkSpec(ctx, in)
	if err := rep.write(stdout, stderr, o.format); err != nil {
		fmt.Fprintf(stderr, "clusterdeck validate: %v\n", err)
		return ExitBadInput
	}
	if rep.Errors > 0 {
		return ExitViolations
	}
	return ExitOK
}

package validatecmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// inputs is everything a check needs, read and parsed.
type inputs struct {
	spec        map[string]any
	policy      *policyeval.Policy // nil: spec rules only
	workspaceID string             // whose cached catalog to check against ("" none)
	cacheDir    string
	rates       policyeval.RateTable
	clusterType policyeval.ClusterType
}

func load(ctx context.Context, o options, deps Deps, stderr io.Writer) (inputs, error) {
	var in inputs
	raw, err := readInput(o.spec, deps.Stdin, "a spec")
	if err != nil {
		return in, fmt.Errorf("spec: %w", err)
	}
	spec, err := clusterspec.DecodeTree(raw)
	if err != nil {
		return in, fmt.Errorf("spec %s: %w: %w", o.spec, policyeval.ErrInvalidSpec, err)
	}
	in.clusterType = policyeval.ClusterType(o.clusterType)
	if nc, ok := spec["new_cluster"].(map[string]any); ok {
		spec = nc // a job cluster as a job's settings carry it
		if in.clusterType == "" {
			in.clusterType = policyeval.Job
		}
	}
	if in.clusterType == "" {
		in.clusterType = policyeval.AllPurpose
	}
	in.spec = spec

	ratesPath := o.rates
	if ratesPath == "" {
		ratesPath = filepath.Join(deps.Paths.Config, policyeval.RateFileName)
	} else if _, err := os.Stat(ratesPath); err != nil {
		return in, fmt.Errorf("DBU rate table: %w", err)
	}
	if in.rates, err = policyeval.LoadRateTable(ratesPath); err != nil {
		return in, err
	}

	switch {
	case o.policyFile != "":
		data, err := readInput(o.policyFile, deps.Stdin, "a policy")
		if err != nil {
			return in, fmt.Errorf("policy: %w", err)
		}
		if in.policy, err = policyeval.FromJSON(data, nil); err != nil {
			return in, fmt.Errorf("policy %s: %w", o.policyFile, err)
		}
	case o.workspace != "":
		if err := loadCached(o, deps, &in, stderr); err != nil {
			return in, err
		}
	default:
		fmt.Fprintln(stderr, "clusterdeck validate: no policy given (--policy or --workspace): checking the API's rules only")
	}
	return in, ctx.Err()
}

// readInput reads a file (or stdin for "-"), capped and only from a
// regular file, as UTF-8 text with any byte-order mark dropped.
func readInput(path string, stdin io.Reader, what string) ([]byte, error) {
	var data []byte
	var err error
	name := path
	if path == "-" {
		name = "stdin"
		data, err = boundedfile.ReadAll(stdin, name, boundedfile.SpecLimit, what)
	} else {
		data, err = boundedfile.ReadFile(path, boundedfile.SpecLimit, what)
	}
	if err != nil {
		var tooLarge *boundedfile.TooLargeError
		var notRegular *boundedfile.NotRegularError
		if errors.As(err, &tooLarge) || errors.As(err, &notRegular) {
			return nil, err // already names the file
		}
		return nil, fmt.Errorf("cannot read %s: %w", name, err)
	}
	return boundedfile.Text(data, name)
}

// loadCached takes the policy and catalog from the workspace's cache.
func loadCached(o options, deps Deps, in *inputs, stderr io.Writer) error {
	id, name, err := resolveWorkspace(o.workspace, deps.Paths)
	if err != nil {
		return err
	}
	snap, err := catalog.NewCache(deps.CacheDir).Load(id)
	if errors.Is(err, catalog.ErrNotCached) {
		return fmt.Errorf("nothing is cached for workspace %q yet: open it in Clusterdeck once while online, or pass --policy FILE", name)
	}
	if err != nil {
		return fmt.Errorf("workspace %q: %w", name, err)
	}
	in.workspaceID, in.cacheDir = id, deps.CacheDir
	want := o.policyID
	if want == "" {
		want, _ = in.spec["policy_id"].(string)
	}
	if want == "" {
		fmt.Fprintf(stderr, "clusterdeck validate: no --policy-id and the spec has no policy_id: checking the API's rules only\n")
		return nil
	}
	for _, p := range snap.Policies.Items {
		if p.PolicyId == want || strings.EqualFold(p.Name, want) {
			if in.policy, err = policyeval.FromAPI(p, nil); err != nil {
				return fmt.Errorf("cached policy %q: %w", p.Name, err)
			}
			age := deps.Now().Sub(snap.Policies.FetchedAt).Round(time.Minute)
			fmt.Fprintf(stderr, "clusterdeck validate: policy %q from the cache of %q, fetched %s ago\n", p.Name, name, age)
			return nil
		}
	}
	names := make([]string, 0, len(snap.Policies.Items))
	for _, p := range snap.Policies.Items {
		names = append(names, fmt.Sprintf("%s (%s)", p.Name, p.PolicyId))
	}
	return fmt.Errorf("no cached policy %q in workspace %q; cached: %s", want, name, strings.Join(names, ", "))
}

// resolveWorkspace finds a saved workspace (or the demo) by name or id.
func resolveWorkspace(want string, paths workspaces.Paths) (id, name string, err error) {
	if strings.EqualFold(want, workspaces.DemoID) || strings.EqualFold(want, workspaces.DemoName) {
		return workspaces.DemoID, workspaces.DemoName, nil
	}
	store, err := workspaces.OpenStore(paths.ProfilesFile(), nil)
	if err != nil {
		return "", "", fmt.Errorf("workspaces: %w", err)
	}
	p, err := workspaces.Find(store.List(), want)
	if err != nil {
		return "", "", err
	}
	return p.ID, p.Name, nil
}

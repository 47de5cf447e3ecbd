package runcmd

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"go.yaml.in/yaml/v3"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

// maxSpecBytes bounds a spec file (as `clusterdeck validate` does).
const maxSpecBytes = 1 << 20

// ErrBadSpec means the spec file could not be used; the reason follows.
var ErrBadSpec = errors.New("the cluster spec cannot be used")

// loadSpec reads the cluster spec from a file: API JSON (also a job's
// {"new_cluster": …}), a Clusterdeck draft file, a bundle YAML, or a
// pipeline tool's stack YAML (compute.cluster_name, …; stack picks one of
// several stacks).
func loadSpec(path, stack string) (compute.ClusterSpec, []compute.Library, error) {
	data, err := boundedfile.ReadFile(path, maxSpecBytes, "a cluster spec")
	if err != nil {
		return compute.ClusterSpec{}, nil, fmt.Errorf("%w: %w", ErrBadSpec, err)
	}
	if data, err = boundedfile.Text(data, path); err != nil {
		return compute.ClusterSpec{}, nil, fmt.Errorf("%w: %w", ErrBadSpec, err)
	}
	trimmed := bytes.TrimSpace(data)
	isJSON := len(trimmed) > 0 && trimmed[0] == '{'
	if isJSON {
		if d, ok := drafts.ParseFile(trimmed); ok {
			return d.Spec, d.Libraries, nil
		}
	} else if spec, ok, err := stackYAML(trimmed, stack); ok || err != nil {
		return spec, nil, err
	}
	name := filepath.Base(path)
	if isJSON && !strings.HasSuffix(strings.ToLower(name), ".json") {
		name += ".json"
	}
	ims, err := drafts.Import(name, data)
	if err != nil {
		return compute.ClusterSpec{}, nil, fmt.Errorf("%w: %w", ErrBadSpec, err)
	}
	if len(ims) != 1 {
		origins := make([]string, 0, len(ims))
		for _, im := range ims {
			origins = append(origins, im.Origin)
		}
		return compute.ClusterSpec{}, nil, fmt.Errorf("%w: the file holds %d clusters (%s); keep one", ErrBadSpec, len(ims), strings.Join(origins, ", "))
	}
	return ims[0].Spec, ims[0].Libraries, nil
}

// stackCompute is the compute section of a pipeline tool's stack (seed 002).
type stackCompute struct {
	Backend      string `yaml:"backend"`
	ClusterName  string `yaml:"cluster_name"`
	NodeTypeID   string `yaml:"node_type_id"`
	NumWorkers   *int   `yaml:"num_workers"`
	SparkVersion string `yaml:"spark_version"`
	Autoscale    *struct {
		MinWorkers int `yaml:"min_workers"`
		MaxWorkers int `yaml:"max_workers"`
	} `yaml:"autoscale"`
}

type stackDoc struct {
	Compute *stackCompute `yaml:"compute"`
}

// stackYAML reads `stacks: {NAME: {compute: …}}` or a top-level
// `compute:`. ok is false when the YAML is neither (a bundle, say).
func stackYAML(data []byte, want string) (compute.ClusterSpec, bool, error) {
	var doc struct {
		Stacks  map[string]stackDoc `yaml:"stacks"`
		Compute *stackCompute       `yaml:"compute"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return compute.ClusterSpec{}, false, nil // let the bundle reader say what is wrong
	}
	c := doc.Compute
	if len(doc.Stacks) > 0 {
		var names []string
		for n, s := range doc.Stacks {
			if s.Compute != nil {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		switch {
		case want != "":
			s, ok := doc.Stacks[want]
			if !ok || s.Compute == nil {
				return compute.ClusterSpec{}, true, fmt.Errorf("%w: no stack %q with a compute section; stacks: %s", ErrBadSpec, want, strings.Join(names, ", "))
			}
			c = s.Compute
		case len(names) == 1:
			c = doc.Stacks[names[0]].Compute
		case len(names) > 1:
			return compute.ClusterSpec{}, true, fmt.Errorf("%w: several stacks (%s): choose one with --stack", ErrBadSpec, strings.Join(names, ", "))
		}
	}
	if c == nil {
		return compute.ClusterSpec{}, false, nil
	}
	if c.Backend != "" && c.Backend != "databricks" {
		return compute.ClusterSpec{}, true, fmt.Errorf("%w: the stack's compute backend is %q, not databricks", ErrBadSpec, c.Backend)
	}
	spec := compute.ClusterSpec{ClusterName: c.ClusterName, NodeTypeId: c.NodeTypeID, SparkVersion: c.SparkVersion}
	if c.Autoscale != nil {
		spec.Autoscale = &compute.AutoScale{MinWorkers: c.Autoscale.MinWorkers, MaxWorkers: c.Autoscale.MaxWorkers}
	}
	var missing []string
	for k, v := range map[string]string{"cluster_name": c.ClusterName, "node_type_id": c.NodeTypeID, "spark_version": c.SparkVersion} {
		if strings.TrimSpace(v) == "" {
			missing = append(missing, "compute."+k)
		}
	}
	switch {
	case c.NumWorkers != nil && c.Autoscale != nil:
		return spec, true, fmt.Errorf("%w: give compute.num_workers or compute.autoscale, not both", ErrBadSpec)
	case c.NumWorkers != nil:
		spec.NumWorkers = *c.NumWorkers
		spec.ForceSendFields = []string{"NumWorkers"}
	case c.Autoscale == nil:
		missing = append(missing, "compute.num_workers (or compute.autoscale)")
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return spec, true, fmt.Errorf("%w: the stack lacks %s", ErrBadSpec, strings.Join(missing, ", "))
	}
	return spec, true, nil
}

package drafts

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ImportBundle reads a Databricks Asset Bundle file: every cluster under
// resources.clusters, and every job cluster under
// resources.jobs.<job>.job_clusters[*].new_cluster. Errors carry the line
// and column of the offending value.
func ImportBundle(data []byte) ([]Imported, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlSyntaxError(err)
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%w: the file is empty", ErrNothingToImport)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &PositionError{Line: root.Line, Column: root.Column, Err: errors.New("expected a bundle (a mapping with a resources key)")}
	}
	resources := lookup(root, "resources")
	var out []Imported
	if clusters := lookup(resources, "clusters"); clusters != nil {
		for i := 0; i+1 < len(clusters.Content); i += 2 {
			key, node := clusters.Content[i].Value, clusters.Content[i+1]
			im, err := importYAMLCluster(node, "resources.clusters."+key)
			if err != nil {
				return nil, err
			}
			if im.Name == "" {
				im.Name = key
			}
			out = append(out, im)
		}
	}
	if jobs := lookup(resources, "jobs"); jobs != nil {
		for i := 0; i+1 < len(jobs.Content); i += 2 {
			jobKey, job := jobs.Content[i].Value, jobs.Content[i+1]
			jcs := lookup(job, "job_clusters")
			if jcs == nil || jcs.Kind != yaml.SequenceNode {
				continue
			}
			for j, jc := range jcs.Content {
				nc := lookup(jc, "new_cluster")
				if nc == nil {
					continue
				}
				origin := fmt.Sprintf("resources.jobs.%s.job_clusters[%d].new_cluster", jobKey, j)
				im, err := importYAMLCluster(nc, origin)
				if err != nil {
					return nil, err
				}
				if im.Name == "" {
					name := jobKey
					if k := lookup(jc, "job_cluster_key"); k != nil {
						name += " / " + k.Value
					}
					im.Name = name
				}
				out = append(out, im)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: expected resources.clusters or resources.jobs.<job>.job_clusters in the bundle", ErrNothingToImport)
	}
	return out, nil
}

func importYAMLCluster(node *yaml.Node, origin string) (Imported, error) {
	if node.Kind == yaml.AliasNode {
		node = node.Alias
	}
	if node.Kind != yaml.MappingNode {
		return Imported{}, &PositionError{Line: node.Line, Column: node.Column, Err: fmt.Errorf("%s: expected the cluster's fields", origin)}
	}
	var fields []field
	for i := 0; i+1 < len(node.Content); i += 2 {
		k, v := node.Content[i], node.Content[i+1]
		var val any
		if err := v.Decode(&val); err != nil {
			return Imported{}, &PositionError{Line: v.Line, Column: v.Column, Err: fmt.Errorf("%s: %w", k.Value, err)}
		}
		val = jsonable(val)
		if stringMaps[k.Value] {
			val = stringValues(val)
		}
		raw, err := json.Marshal(val)
		if err != nil {
			return Imported{}, &PositionError{Line: v.Line, Column: v.Column, Err: fmt.Errorf("%s: %w", k.Value, err)}
		}
		fields = append(fields, field{key: k.Value, raw: raw, line: v.Line, col: v.Column})
	}
	im, err := decodeCluster(fields, origin, true)
	if err != nil {
		return im, fmt.Errorf("%s: %w", origin, err)
	}
	return im, nil
}

// lookup returns the value of key in a mapping node, or nil.
func lookup(n *yaml.Node, key string) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// jsonable turns YAML-decoded values (maps with any keys) into JSON ones.
func jsonable(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = jsonable(x)
		}
		return t
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[strings.TrimSpace(fmt.Sprint(k))] = jsonable(x)
		}
		return m
	case []any:
		for i, x := range t {
			t[i] = jsonable(x)
		}
		return t
	}
	return v
}

// stringMaps are the API fields that map names to text: YAML writers often
// leave numbers and booleans unquoted there (partitions: 64).
var stringMaps = map[string]bool{"spark_conf": true, "spark_env_vars": true, "custom_tags": true}

func stringValues(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	for k, x := range m {
		switch t := x.(type) {
		case bool, int, int64, uint64, float64:
			m[k] = fmt.Sprint(t)
		}
	}
	return m
}

// yamlLine finds the line in the YAML parser's messages ("yaml: line 4: did
// not find expected node content"); it reports no column.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.+)$`)

// yamlSyntaxError places a YAML syntax error at its line when the parser
// says which (column 0: unknown).
func yamlSyntaxError(err error) error {
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		if line, convErr := strconv.Atoi(m[1]); convErr == nil {
			return &PositionError{Line: line, Err: fmt.Errorf("not valid YAML: %s", m[2])}
		}
	}
	return fmt.Errorf("not valid YAML: %w", err)
}

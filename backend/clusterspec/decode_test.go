package clusterspec

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every wrong value names its field and the type the field takes, instead
// of the SDK's "cannot unmarshal string into Go value of type int".
func TestDecodeSpecNamesFieldAndType(t *testing.T) {
	const whole = "must be a whole number from 0 to 2147483647"
	cases := []struct {
		name, json, path, message string
	}{
		{"fraction", `{"num_workers": 1.5}`, "num_workers", "num_workers " + whole + ", not 1.5."},
		{"beyond float64", `{"num_workers": 1e309}`, "num_workers", "num_workers " + whole + ", not 1e309."},
		{"2^63", `{"num_workers": 9223372036854775808}`, "num_workers", "num_workers " + whole + ", not 9223372036854775808."},
		{"above int32", `{"num_workers": 3000000000}`, "num_workers", "num_workers " + whole + ", not 3000000000."},
		{"text for a number", `{"autotermination_minutes": "60"}`, "autotermination_minutes", `autotermination_minutes ` + whole + `, not the text "60".`},
		{"nested", `{"autoscale": {"min_workers": 1, "max_workers": 2.5}}`, "autoscale.max_workers", "autoscale.max_workers " + whole + ", not 2.5."},
		{"list in custom_tags", `{"custom_tags": ["team", "data"]}`, "custom_tags", "custom_tags must be an object of string values, not a list."},
		{"number in custom_tags", `{"custom_tags": {"team": 7}}`, "custom_tags.team", "custom_tags must be an object of string values; team is 7."},
		{"number for text", `{"spark_version": 16.4}`, "spark_version", "spark_version must be text (a JSON string), not 16.4."},
		{"text for a bool", `{"enable_elastic_disk": "yes"}`, "enable_elastic_disk", `enable_elastic_disk must be true or false, not the text "yes".`},
		{"object for a list", `{"ssh_public_keys": {"a": 1}}`, "ssh_public_keys", "ssh_public_keys must be a list, not an object."},
		{"inside a list", `{"init_scripts": [{"volumes": {"destination": 5}}]}`, "init_scripts.0.volumes.destination", "init_scripts.0.volumes.destination must be text (a JSON string), not 5."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec, problems, err := DecodeSpec([]byte(`{"cluster_name": "etl", ` + c.json[1:]))
			require.NoError(t, err)
			require.Len(t, problems, 1, "%v", problems)
			assert.Equal(t, Violation{Path: c.path, Code: CodeWrongType, Message: c.message, Severity: Error}, problems[0])
			assert.Equal(t, "etl", spec.ClusterName, "the good fields are still read")
		})
	}
}

func TestDecodeSpecAcceptsGoodValues(t *testing.T) {
	spec, problems, err := DecodeSpec([]byte(`{"cluster_name":"etl","num_workers":2147483647,"autotermination_minutes":null,
		"custom_tags":{"team":"data"},"autoscale":{"min_workers":1,"max_workers":4},"libraries":[1]}`), "libraries")
	require.NoError(t, err)
	assert.Empty(t, problems)
	assert.Equal(t, 2147483647, spec.NumWorkers)
	assert.Equal(t, map[string]string{"team": "data"}, spec.CustomTags)

	for _, bad := range []string{`[1]`, `null`, `"x"`, `{"a":`} {
		_, _, err := DecodeSpec([]byte(bad))
		assert.ErrorIs(t, err, ErrNotAnObject, bad)
	}
}

func TestTypeProblemsOfLibraries(t *testing.T) {
	ps := TypeProblems([]byte(`[{"pypi": {"package": 3}}, {"jar": "dbfs:/a.jar"}]`), []compute.Library{}, "libraries")
	require.Len(t, ps, 1)
	assert.Equal(t, "libraries.0.pypi.package must be text (a JSON string), not 3.", ps[0].Message)
	err := TypeError([]byte(`{"pypi": []}`), compute.Library{}, "")
	var fe *FieldTypeError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "pypi must be an object, not a list.", err.Error())
	assert.NoError(t, TypeError([]byte(`{"jar": "x"}`), compute.Library{}, ""))
}

// Far more workers than any quota allows is a warning (the API reports no
// limit to check against), not an error.
func TestManyWorkersWarning(t *testing.T) {
	base := compute.ClusterSpec{ClusterName: "x", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2"}
	cases := []struct {
		name  string
		edit  func(*compute.ClusterSpec)
		opts  Options
		want  []got
		count string
	}{
		{"at the default", func(s *compute.ClusterSpec) { s.NumWorkers = 1000 }, Options{}, nil, ""},
		{"above the default", func(s *compute.ClusterSpec) { s.NumWorkers = 100000 }, Options{},
			[]got{{"num_workers", "many_workers", Warning}}, "100000 workers is more than 1000"},
		{"autoscale max", func(s *compute.ClusterSpec) { s.Autoscale = &compute.AutoScale{MinWorkers: 1, MaxWorkers: 5000} }, Options{},
			[]got{{"autoscale.max_workers", "many_workers", Warning}}, "5000 workers is more than 1000"},
		{"a known workspace limit", func(s *compute.ClusterSpec) { s.NumWorkers = 300 }, Options{ManyWorkers: 250},
			[]got{{"num_workers", "many_workers", Warning}}, "300 workers is more than 250"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := base
			c.edit(&s)
			vs := Validate(s, c.opts)
			if c.want == nil {
				assert.Empty(t, vs)
				return
			}
			assert.Equal(t, c.want, codes(vs))
			assert.Contains(t, vs[0].Message, c.count)
		})
	}
}

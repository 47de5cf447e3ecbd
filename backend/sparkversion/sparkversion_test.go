package sparkversion

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

var catalog = []compute.SparkVersion{
	{Key: "18.0.x-scala2.13", Name: "18.0 Beta (includes Apache Spark 4.1.0, Scala 2.13)"},
	{Key: "17.3.x-scala2.13", Name: "17.3 LTS (includes Apache Spark 4.0.0, Scala 2.13)"},
	{Key: "17.3.x-cpu-ml-scala2.13", Name: "17.3 LTS ML (includes Apache Spark 4.0.0, Scala 2.13)"},
	{Key: "17.2.x-scala2.13", Name: "17.2 (includes Apache Spark 4.0.0, Scala 2.13)"},
	{Key: "16.4.x-scala2.12", Name: "16.4 LTS (includes Apache Spark 3.5.2, Scala 2.12)"},
	{Key: "16.4.x-scala2.13", Name: "16.4 LTS (includes Apache Spark 3.5.2, Scala 2.13)"},
	{Key: "16.4.x-cpu-ml-scala2.12", Name: "16.4 LTS ML (includes Apache Spark 3.5.2, Scala 2.12)"},
	{Key: "16.4.x-photon-scala2.12", Name: "16.4 LTS Photon (includes Apache Spark 3.5.2, Scala 2.12)"},
	{Key: "15.4.x-scala2.12", Name: "15.4 LTS (includes Apache Spark 3.5.0, Scala 2.12)"},
}

func TestResolve(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"16.4.x-scala2.12", "16.4.x-scala2.12", true},
		{"auto:latest", "17.3.x-scala2.13", true}, // the beta is skipped
		{"auto:latest-ml", "17.3.x-cpu-ml-scala2.13", true},
		{"auto:latest-lts", "17.3.x-scala2.13", true},
		{"auto:latest-lts-ml", "17.3.x-cpu-ml-scala2.13", true},
		{"auto:prev-major", "16.4.x-scala2.13", true},
		{"auto:prev-major-ml", "16.4.x-cpu-ml-scala2.12", true},
		{"auto:prev-lts", "16.4.x-scala2.13", true},
		{"auto:prev-lts-ml", "16.4.x-cpu-ml-scala2.12", true},
		{"auto:oldest", "", false},
		{"9.1.x-scala2.12", "", false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, ok := Resolve(c.in, catalog)
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.want, got)
		})
	}
	_, ok := Resolve("auto:latest", nil)
	assert.False(t, ok)
}

func TestParse(t *testing.T) {
	r, ok := Parse(compute.SparkVersion{Key: "16.4.x-gpu-ml-scala2.12", Name: "16.4 LTS ML"})
	assert.True(t, ok)
	assert.Equal(t, Runtime{Key: "16.4.x-gpu-ml-scala2.12", Name: "16.4 LTS ML", Major: 16, Minor: 4, Variant: "gpu-ml", Scala: "2.12", LTS: true}, r)
	assert.True(t, IsGPU(r.Key))
	_, ok = Parse(compute.SparkVersion{Key: "custom:my-image"})
	assert.False(t, ok)
}

package runs

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTaskCheck(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		task  Task
		field string // "" = no problem
	}{
		{"notebook ok", Task{Kind: KindNotebook, Path: "/Users/a@b.c/etl", Parameters: "date=2026-11-23\nmode = full"}, ""},
		{"notebook relative", Task{Kind: KindNotebook, Path: "Users/a/etl"}, "path"},
		{"notebook empty", Task{Kind: KindNotebook}, "path"},
		{"notebook folder", Task{Kind: KindNotebook, Path: "/Shared/etl/"}, "path"},
		{"notebook json params", Task{Kind: KindNotebook, Path: "/x", Parameters: `{"a":"1"}`}, ""},
		{"notebook bad line", Task{Kind: KindNotebook, Path: "/x", Parameters: "a=1\njust-text"}, "parameters"},
		{"notebook duplicate key", Task{Kind: KindNotebook, Path: "/x", Parameters: "a=1\na=2"}, "parameters"},
		{"notebook list params", Task{Kind: KindNotebook, Path: "/x", Parameters: `["a"]`}, "parameters"},
		{"notebook non-string json", Task{Kind: KindNotebook, Path: "/x", Parameters: `{"a":1}`}, "parameters"},
		{"python ok", Task{Kind: KindPython, Path: "/Workspace/etl/load.py", Parameters: "--date\n2026-11-23"}, ""},
		{"python dbfs", Task{Kind: KindPython, Path: "dbfs:/etl/load.py"}, ""},
		{"python relative", Task{Kind: KindPython, Path: "etl/load.py"}, "path"},
		{"python not .py", Task{Kind: KindPython, Path: "/Workspace/etl/load"}, "path"},
		{"python object params", Task{Kind: KindPython, Path: "/a.py", Parameters: `{"a":"b"}`}, "parameters"},
		{"wheel ok", Task{Kind: KindWheel, PackageName: "flowyml", EntryPoint: "run_pipeline", Parameters: `["--pipeline-name","training"]`}, ""},
		{"wheel named", Task{Kind: KindWheel, PackageName: "flowyml", EntryPoint: "run", Parameters: `{"pipeline":"training"}`}, ""},
		{"wheel bad package", Task{Kind: KindWheel, PackageName: "flow yml", EntryPoint: "run"}, "packageName"},
		{"wheel no entry point", Task{Kind: KindWheel, PackageName: "flowyml"}, "entryPoint"},
		{"wheel bad entry point", Task{Kind: KindWheel, PackageName: "flowyml", EntryPoint: "run()"}, "entryPoint"},
		{"jar ok", Task{Kind: KindJar, MainClass: "com.example.Main", Jar: "/Volumes/main/jars/etl.jar"}, ""},
		{"jar bad class", Task{Kind: KindJar, MainClass: "com.example.Main()"}, "mainClass"},
		{"jar relative", Task{Kind: KindJar, MainClass: "Main", Jar: "etl.jar"}, "jar"},
		{"jar not a jar", Task{Kind: KindJar, MainClass: "Main", Jar: "/Volumes/x/etl.zip"}, "jar"},
		{"no kind", Task{}, "kind"},
	}
	for _, c := range cases {
		ps := c.task.Check()
		if c.field == "" {
			assert.Empty(t, ps, c.name)
			continue
		}
		require.Len(t, ps, 1, c.name)
		assert.Equal(t, c.field, ps[0].Field, c.name)
		assert.NotEmpty(t, ps[0].Message, c.name)
	}
}

func TestSubmitTaskBuildsTheAPITask(t *testing.T) {
	t.Parallel()
	nb, err := Task{Kind: KindNotebook, Path: " /Shared/etl ", Parameters: "date=2026-11-23\nmode=full"}.SubmitTask("main")
	require.NoError(t, err)
	assert.Equal(t, &jobs.NotebookTask{NotebookPath: "/Shared/etl", Source: jobs.SourceWorkspace,
		BaseParameters: map[string]string{"date": "2026-11-23", "mode": "full"}}, nb.NotebookTask)
	wh, err := Task{Kind: KindWheel, PackageName: "flowyml", EntryPoint: "run_pipeline", Parameters: "--pipeline-name\ntraining"}.SubmitTask("main")
	require.NoError(t, err)
	assert.Equal(t, []string{"--pipeline-name", "training"}, wh.PythonWheelTask.Parameters)
	jar, err := Task{Kind: KindJar, MainClass: "com.example.Main", Jar: "/Volumes/a/b.jar"}.SubmitTask("main")
	require.NoError(t, err)
	assert.Equal(t, "/Volumes/a/b.jar", jar.Libraries[0].Jar)
	assert.Equal(t, "main", jar.TaskKey)
}

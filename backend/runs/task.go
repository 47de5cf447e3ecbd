package runs

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
)

// Kind is the kind of task a one-time run executes.
type Kind string

const (
	KindNotebook Kind = "notebook" // notebook_task
	KindPython   Kind = "python"   // spark_python_task
	KindWheel    Kind = "wheel"    // python_wheel_task
	KindJar      Kind = "jar"      // spark_jar_task
)

// Task is the submit form's task: what to run and its parameters as typed.
type Task struct {
	Kind Kind `json:"kind"`
	// Path is the notebook path (notebook) or the Python file (python).
	Path string `json:"path"`
	// PackageName and EntryPoint name the wheel's function (wheel).
	PackageName string `json:"packageName"`
	EntryPoint  string `json:"entryPoint"`
	// MainClass is the JAR task's class; Jar the JAR to install (optional
	// when the cluster already has it).
	MainClass string `json:"mainClass"`
	Jar       string `json:"jar"`
	// Parameters as typed: key=value lines or a JSON object (notebook, and
	// a wheel's named parameters), or one argument a line or a JSON array
	// of strings (python, wheel, jar).
	Parameters string `json:"parameters"`
}

// Problem is one thing wrong with the form, keyed to its field.
type Problem struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

var (
	// A Python distribution name (PEP 508).
	packageName = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$`)
	// An entry point name of the wheel's metadata.
	entryPoint = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)
	// A fully qualified Java class name.
	javaClass = regexp.MustCompile(`^([A-Za-z_$][A-Za-z0-9_$]*\.)*[A-Za-z_$][A-Za-z0-9_$]*$`)
	// Cloud file URIs the API accepts beside workspace paths.
	cloudURI = regexp.MustCompile(`^(dbfs:/|s3a?://|abfss?://|gs://|wasbs?://)`)
)

// Check returns every problem of the task, each keyed to its form field.
func (t Task) Check() []Problem {
	var ps []Problem
	add := func(field, format string, args ...any) {
		ps = append(ps, Problem{field, fmt.Sprintf(format, args...)})
	}
	switch t.Kind {
	case KindNotebook:
		p := strings.TrimSpace(t.Path)
		switch {
		case p == "":
			add("path", "Enter the notebook's workspace path.")
		case !strings.HasPrefix(p, "/"):
			add("path", "A workspace notebook path must be absolute (start with /), such as /Users/you@example.com/etl.")
		case strings.HasSuffix(p, "/"):
			add("path", "The path names a folder: add the notebook's name.")
		}
	case KindPython:
		p := strings.TrimSpace(t.Path)
		switch {
		case p == "":
			add("path", "Enter the Python file's path.")
		case !strings.HasPrefix(p, "/") && !cloudURI.MatchString(p):
			add("path", "A workspace file path must be absolute (start with /); cloud files take a URI such as dbfs:/ or s3://.")
		case !strings.HasSuffix(p, ".py"):
			add("path", "A Python file ends in .py.")
		}
	case KindWheel:
		if !packageName.MatchString(strings.TrimSpace(t.PackageName)) {
			add("packageName", "Enter the wheel's package name (letters, digits, '.', '_' and '-', starting and ending with a letter or digit).")
		}
		if !entryPoint.MatchString(strings.TrimSpace(t.EntryPoint)) {
			add("entryPoint", "Enter an entry point of the wheel (a name such as main or run_pipeline).")
		}
	case KindJar:
		if !javaClass.MatchString(strings.TrimSpace(t.MainClass)) {
			add("mainClass", "Enter the fully qualified main class, such as com.example.Main.")
		}
		if j := strings.TrimSpace(t.Jar); j != "" {
			switch {
			case !strings.HasPrefix(j, "/") && !cloudURI.MatchString(j):
				add("jar", "A JAR in the workspace or a volume takes an absolute path (start with /); cloud files a URI such as dbfs:/ or s3://.")
			case !strings.HasSuffix(strings.ToLower(j), ".jar"):
				add("jar", "A JAR file ends in .jar.")
			}
		}
	default:
		add("kind", "Choose a notebook, a Python file, a Python wheel or a JAR.")
		return ps
	}
	if _, _, err := t.params(); err != nil {
		add("parameters", "%s", err.Error())
	}
	return ps
}

// params parses the parameters: named (a map) for notebooks, a list for
// the others (a wheel takes either).
func (t Task) params() (map[string]string, []string, error) {
	text := strings.TrimSpace(t.Parameters)
	if text == "" {
		return nil, nil, nil
	}
	named := t.Kind == KindNotebook
	if strings.HasPrefix(text, "{") {
		if !named && t.Kind != KindWheel {
			return nil, nil, fmt.Errorf("this task takes a list of arguments: one a line, or a JSON array of strings")
		}
		var m map[string]string
		if err := json.Unmarshal([]byte(text), &m); err != nil {
			return nil, nil, fmt.Errorf("the JSON must be an object of string values: %w", err)
		}
		return m, nil, nil
	}
	if strings.HasPrefix(text, "[") {
		if named {
			return nil, nil, fmt.Errorf("a notebook takes named parameters: key=value lines or a JSON object")
		}
		var l []string
		if err := json.Unmarshal([]byte(text), &l); err != nil {
			return nil, nil, fmt.Errorf("the JSON must be an array of strings: %w", err)
		}
		return nil, l, nil
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if !named {
		var l []string
		for _, s := range lines {
			if s = strings.TrimSpace(s); s != "" {
				l = append(l, s)
			}
		}
		return nil, l, nil
	}
	m := map[string]string{}
	for i, s := range lines {
		if strings.TrimSpace(s) == "" {
			continue
		}
		k, v, ok := strings.Cut(s, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, nil, fmt.Errorf("line %d: write key=value (or a JSON object)", i+1)
		}
		if _, dup := m[k]; dup {
			return nil, nil, fmt.Errorf("line %d: %s is given twice", i+1, k)
		}
		m[k] = strings.TrimSpace(v)
	}
	return m, nil, nil
}

// SubmitTask builds the API's task; call Check first.
func (t Task) SubmitTask(key string) (jobs.SubmitTask, error) {
	named, list, err := t.params()
	if err != nil {
		return jobs.SubmitTask{}, err
	}
	st := jobs.SubmitTask{TaskKey: key}
	switch t.Kind {
	case KindNotebook:
		st.NotebookTask = &jobs.NotebookTask{NotebookPath: strings.TrimSpace(t.Path), BaseParameters: named, Source: jobs.SourceWorkspace}
	case KindPython:
		st.SparkPythonTask = &jobs.SparkPythonTask{PythonFile: strings.TrimSpace(t.Path), Parameters: list}
	case KindWheel:
		st.PythonWheelTask = &jobs.PythonWheelTask{PackageName: strings.TrimSpace(t.PackageName),
			EntryPoint: strings.TrimSpace(t.EntryPoint), Parameters: list, NamedParameters: named}
	case KindJar:
		st.SparkJarTask = &jobs.SparkJarTask{MainClassName: strings.TrimSpace(t.MainClass), Parameters: list}
		if j := strings.TrimSpace(t.Jar); j != "" {
			st.Libraries = []compute.Library{{Jar: j}}
		}
	default:
		return st, fmt.Errorf("unknown task kind %q", t.Kind)
	}
	return st, nil
}

// Describe names the task of an API run task in a few words.
func Describe(rt jobs.RunTask) (Kind, string) {
	switch {
	case rt.NotebookTask != nil:
		return KindNotebook, rt.NotebookTask.NotebookPath + paramsText(rt.NotebookTask.BaseParameters)
	case rt.SparkPythonTask != nil:
		return KindPython, strings.Join(append([]string{rt.SparkPythonTask.PythonFile}, rt.SparkPythonTask.Parameters...), " ")
	case rt.PythonWheelTask != nil:
		w := rt.PythonWheelTask
		return KindWheel, strings.Join(append([]string{w.PackageName + ":" + w.EntryPoint}, w.Parameters...), " ") + paramsText(w.NamedParameters)
	case rt.SparkJarTask != nil:
		return KindJar, strings.Join(append([]string{rt.SparkJarTask.MainClassName}, rt.SparkJarTask.Parameters...), " ")
	}
	return "", "another kind of task"
}

func paramsText(m map[string]string) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+"="+m[k])
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

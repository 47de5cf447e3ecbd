package demo

import (
	"fmt"
	"hash/fnv"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/jobs"
	wsapi "github.com/databricks/databricks-sdk-go/service/workspace"
)

// wsObject is one object of the workspace file tree: a directory, a
// notebook (its source) or a workspace file (its bytes).
type wsObject struct {
	info    wsapi.ObjectInfo // Path is the clean path without /Workspace
	content []byte
}

func (o *wsObject) isDir() bool { return o.info.ObjectType == wsapi.ObjectTypeDirectory }

// workspaceTree is the Workspace API's tree, keyed by clean path ("/",
// "/Users/a@b.c", "/Shared/etl/load").
type workspaceTree struct {
	objects map[string]*wsObject
	seed    uint64
	created int64 // objects made through the API, so a re-created path gets a new id
}

// workspaceMount is the prefix under which the tree also appears; the API
// takes "/Workspace/Users/x" and "/Users/x" as the same object (bundles
// use the first, most clients the second).
const workspaceMount = "/Workspace"

// notebookHeaders start a notebook's source export, by language (the
// header the workspace writes and AUTO imports look for).
var notebookHeaders = map[wsapi.Language]string{
	wsapi.LanguagePython: "# Databricks notebook source",
	wsapi.LanguageSql:    "-- Databricks notebook source",
	wsapi.LanguageScala:  "// Databricks notebook source",
	wsapi.LanguageR:      "# Databricks notebook source",
}

// notebookExtensions are the source-file extensions of each language.
var notebookExtensions = map[wsapi.Language]string{
	wsapi.LanguagePython: ".py", wsapi.LanguageSql: ".sql", wsapi.LanguageScala: ".scala", wsapi.LanguageR: ".r",
}

// cleanWorkspacePath turns a request path into the tree's key; ok is false
// for a path that is not absolute.
func cleanWorkspacePath(p string) (string, bool) {
	if !strings.HasPrefix(p, "/") {
		return "", false
	}
	p = path.Clean(p)
	if p == workspaceMount {
		return "/", true
	}
	if rest, cut := strings.CutPrefix(p, workspaceMount+"/"); cut {
		p = "/" + rest
	}
	return p, true
}

// shownPath answers a path in the spelling the caller used (with or
// without the /Workspace mount).
func shownPath(requested, key string) string {
	if strings.HasPrefix(path.Clean(requested), workspaceMount) {
		if key == "/" {
			return workspaceMount
		}
		return workspaceMount + key
	}
	return key
}

// objectID is deterministic for a seed and path; salt tells apart objects
// made again at the same path. Ids are 15–16 digits, as a workspace's are.
func (t *workspaceTree) objectID(p string, salt int64) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%d", t.seed, p, salt)
	id := 1_000_000_000_000_000 + int64(h.Sum64()%8_000_000_000_000_000)
	for t.idTaken(id) {
		id++
	}
	return id
}

func (t *workspaceTree) idTaken(id int64) bool {
	for _, o := range t.objects {
		if o.info.ObjectId == id {
			return true
		}
	}
	return false
}

// put stores an object at key; the caller has checked its parent exists.
func (t *workspaceTree) put(key string, typ wsapi.ObjectType, lang wsapi.Language, content []byte, at time.Time, salt int64) *wsObject {
	id := t.objectID(key, salt)
	o := &wsObject{info: wsapi.ObjectInfo{
		ObjectType: typ, Path: key, Language: lang, ObjectId: id, ResourceId: fmt.Sprint(id),
		CreatedAt: millis(at), ModifiedAt: millis(at),
	}, content: content}
	if typ == wsapi.ObjectTypeFile {
		o.info.Size = int64(len(content))
		o.info.ForceSendFields = []string{"Size"}
	}
	t.objects[key] = o
	return o
}

// mkdirs creates key and any missing parents, as `mkdir -p` does; blocked
// is the first non-directory object in the way.
func (t *workspaceTree) mkdirs(key string, at time.Time, salt int64) (blocked string) {
	var missing []string
	for p := key; ; p = path.Dir(p) {
		if o, ok := t.objects[p]; ok {
			if !o.isDir() {
				return p
			}
			break
		}
		missing = append(missing, p)
		if p == "/" {
			break
		}
	}
	for i := len(missing) - 1; i >= 0; i-- {
		t.put(missing[i], wsapi.ObjectTypeDirectory, "", nil, at, salt)
	}
	return ""
}

// children are the direct children of a directory, by path.
func (t *workspaceTree) children(key string) []*wsObject {
	var out []*wsObject
	for p, o := range t.objects {
		if p != "/" && path.Dir(p) == key {
			out = append(out, o)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].info.Path < out[j].info.Path })
	return out
}

// below is key and everything under it.
func (t *workspaceTree) below(key string) []string {
	var out []string
	for p := range t.objects {
		if p == key || key == "/" || strings.HasPrefix(p, key+"/") {
			out = append(out, p)
		}
	}
	return out
}

// notebookSource is a notebook's source in the export format: the
// language's header, then cells separated by COMMAND lines.
func notebookSource(lang wsapi.Language, cells ...string) []byte {
	comment := strings.TrimSuffix(notebookHeaders[lang], " Databricks notebook source")
	return []byte(notebookHeaders[lang] + "\n" + strings.Join(cells, "\n\n"+comment+" COMMAND ----------\n\n") + "\n")
}

// seedWorkspaceTree makes the tree a fresh workspace has (/, /Users with a
// home per user, /Shared) and the notebooks and files the demo's runs,
// libraries and init scripts name. It is seeded even in an empty demo:
// the notebooks stand for code, not for the team's compute.
func seedWorkspaceTree(ws *workspace, now time.Time) {
	t := &workspaceTree{objects: map[string]*wsObject{}, seed: ws.seed}
	ws.tree = t
	at := func(daysAgo int) time.Time {
		return now.Add(-time.Duration(daysAgo) * 24 * time.Hour).Truncate(time.Minute)
	}
	t.mkdirs("/Shared", at(400), 0)
	t.mkdirs("/Users", at(400), 0)
	t.mkdirs("/Repos", at(400), 0)
	for i, name := range sortedKeys(ws.users) {
		t.mkdirs("/Users/"+name, at(300-i*20), 0)
	}
	py, sql := wsapi.LanguagePython, wsapi.LanguageSql
	notebooks := []struct {
		path    string
		lang    wsapi.Language
		daysAgo int
		cells   []string
	}{
		{"/Shared/etl/extract", py, 60, []string{`dbutils.widgets.text("date", "")`, `df = spark.read.table("main.raw.orders").where(f"order_date = '{dbutils.widgets.get('date')}'")`, `df.write.mode("overwrite").saveAsTable("main.demo.orders_extract")`}},
		{"/Shared/etl/load", py, 45, []string{`dbutils.widgets.text("date", "")`, `df = spark.read.table("main.demo.orders_extract")`, `df.write.mode("append").saveAsTable("main.demo.orders")`, `dbutils.notebook.exit(str(df.count()))`}},
		{"/Shared/etl/long", py, 30, []string{`import time`, `for day in range(365):\n    spark.sql(f"OPTIMIZE main.demo.orders WHERE day = {day}")`}},
		{"/Shared/checks/fail-on-nulls", py, 20, []string{`df = spark.read.table("main.demo.orders")`, `if df.where("amount IS NULL").count():\n    raise ValueError("input column 'amount' contains nulls")`}},
		{"/Shared/reports/daily-revenue", sql, 12, []string{`SELECT order_date, sum(amount) AS revenue FROM main.demo.orders GROUP BY order_date ORDER BY order_date DESC`}},
		{"/Users/" + adminUserName + "/Scratch", py, 3, []string{`display(spark.range(10))`}},
		{"/Users/priya.sharma@example.com/etl-backfill", py, 9, []string{`dbutils.widgets.text("from", "")`, `dbutils.notebook.run("/Shared/etl/load", 3600, {"date": dbutils.widgets.get("from")})`}},
		{"/Users/marco.rossi@example.com/churn-features", py, 15, []string{`features = spark.read.table("main.demo.customers")`, `display(features.describe())`}},
		{"/Users/" + limitedUserName + "/Revenue questions", sql, 6, []string{`SELECT count(*) FROM main.demo.orders`}},
		// The seeded nightly job's notebook, in its Git folder (seed.go).
		{"/Repos/priya.sharma@example.com/etl/nightly_orders", py, 30, []string{`df = spark.read.table("main.raw.orders")`, `df.write.mode("append").saveAsTable("main.demo.orders")`}},
	}
	for _, nb := range notebooks {
		if _, ok := ws.users[strings.Split(nb.path, "/")[2]]; strings.HasPrefix(nb.path, "/Users/") && !ok {
			continue
		}
		t.mkdirs(path.Dir(nb.path), at(nb.daysAgo+1), 0)
		t.put(nb.path, wsapi.ObjectTypeNotebook, nb.lang, notebookSource(nb.lang, nb.cells...), at(nb.daysAgo), 0)
	}
	files := []struct{ path, content string }{
		{"/Shared/requirements.txt", "pandas==2.2.2\npyarrow==16.1.0\n"},
		{"/Shared/init/install-drivers.sh", "#!/bin/bash\nset -euo pipefail\napt-get install -y msodbcsql18\n"},
	}
	for _, f := range files {
		t.mkdirs(path.Dir(f.path), at(90), 0)
		t.put(f.path, wsapi.ObjectTypeFile, "", []byte(f.content), at(90), 0)
	}
}

// missingNotebook is the path of a notebook task whose notebook is not in
// the workspace tree (a directory or a file there is no notebook either);
// a task whose notebook comes from Git is not looked up. runStep then ends
// the run with "Notebook not found: PATH", the wording job runs report on
// a workspace (seen in users' reports; the API reference has no wording).
func (ws *workspace) missingNotebook(rt *jobs.RunTask) string {
	if rt.NotebookTask == nil || rt.NotebookTask.Source == jobs.SourceGit {
		return ""
	}
	key, ok := cleanWorkspacePath(rt.NotebookTask.NotebookPath)
	if o := ws.tree.objects[key]; ok && o != nil && o.info.ObjectType == wsapi.ObjectTypeNotebook {
		return ""
	}
	return rt.NotebookTask.NotebookPath
}

package clusters

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Detail is the open cluster: its row, a readable summary of every spec
// field, the effective Spark config and the API spec as JSON.
type Detail struct {
	Row          Row       `json:"row"`
	Sections     []Section `json:"sections"`
	SparkConf    []Setting `json:"sparkConf"`
	EnvVars      []Setting `json:"envVars"`
	SpecJSON     string    `json:"specJson"`
	SparkUIURL   string    `json:"sparkUiUrl"`
	SparkUIReady bool      `json:"sparkUiReady"`
	// RunURL is the page of the job run that owns job compute ("" otherwise).
	RunURL string `json:"runUrl"`
}

// Setting is one key/value line, with where it comes from.
type Setting struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Origin string `json:"origin"` // "spec" or what implied it
}

// detailView polls the single cluster whose detail page is open.
type detailView struct {
	svc    *Service
	ws, id string
	poller *Poller
	gone   bool // guarded by svc.mu
}

// WatchDetail starts polling one cluster (replacing any other open detail).
// Updates arrive through Sink.Detail; the first one at once.
func (s *Service) WatchDetail(ws, id string) {
	dv := &detailView{svc: s, ws: ws, id: id}
	dv.poller = NewPoller(dv.fetch, dv.active, nil, s.clock, s.timing)
	// Started before it is published and the one it replaces stopped after:
	// with concurrent calls every replaced poller is stopped, none left running.
	dv.poller.Start(s.ctx)
	s.mu.Lock()
	old := s.detail
	s.detail = dv
	s.mu.Unlock()
	if old != nil {
		old.poller.Stop()
	}
}

// UnwatchDetail stops polling the open cluster.
func (s *Service) UnwatchDetail() {
	s.mu.Lock()
	dv := s.detail
	s.detail = nil
	s.mu.Unlock()
	if dv != nil {
		dv.poller.Stop()
	}
}

func (dv *detailView) active() bool {
	s := dv.svc
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.hidden && !dv.gone
}

func (dv *detailView) fetch(ctx context.Context) (bool, error) {
	s := dv.svc
	d, err := s.Get(ctx, dv.ws, dv.id)
	if errors.Is(err, ErrNotFound) {
		s.mu.Lock()
		dv.gone = true
		s.mu.Unlock()
		s.stopFollowing(dv.ws, dv.id)
		s.sink.Detail(DetailUpdate{Workspace: dv.ws, ClusterID: dv.id, Deleted: true})
		return false, nil
	}
	if err != nil {
		s.sink.Detail(DetailUpdate{Workspace: dv.ws, ClusterID: dv.id, Err: err})
		return false, err
	}
	s.observe(dv.ws, NewRowSet([]Row{d.Row}), "")
	s.watchFailures(dv.ws, []Row{d.Row})
	s.sink.Detail(DetailUpdate{Workspace: dv.ws, ClusterID: dv.id, Detail: d})
	return d.Row.Transitional, nil
}

// refreshDetail polls the open cluster now if it is id.
func (s *Service) refreshDetail(ws, id string) {
	s.mu.Lock()
	dv := s.detail
	s.mu.Unlock()
	if dv != nil && dv.ws == ws && dv.id == id {
		dv.poller.Refresh()
	}
}

// Get reads one cluster. An unknown id gives ErrNotFound.
func (s *Service) Get(ctx context.Context, ws, id string) (*Detail, error) {
	d, err := s.getRaw(ctx, ws, id)
	if err != nil {
		return nil, err
	}
	w, _, err := s.clients.get(ctx, ws)
	if err != nil {
		return nil, err
	}
	pinned, err := s.isPinned(ctx, ws, id, d.ClusterSource)
	if err != nil {
		return nil, err
	}
	return DetailOf(d, pinned, w.Config.Host), nil
}

func (s *Service) getRaw(ctx context.Context, ws, id string) (*compute.ClusterDetails, error) {
	w, _, err := s.clients.get(ctx, ws)
	if err != nil {
		return nil, err
	}
	d, err := w.Clusters.Get(ctx, compute.GetClusterRequest{ClusterId: id})
	if errors.Is(err, apierr.ErrResourceDoesNotExist) {
		return nil, notFound("cluster "+id, err)
	}
	if err != nil {
		return nil, fmt.Errorf("read cluster %s: %w", id, err)
	}
	return d, nil
}

// isPinned answers from the last pass of the cluster's list, or asks the
// API once for that list's pinned clusters.
func (s *Service) isPinned(ctx context.Context, ws, id string, source compute.ClusterSource) (bool, error) {
	v, ok := viewOf(source)
	if !ok {
		return false, nil // no list shows it, so nothing can show it pinned
	}
	k := viewKey{ws, v}
	s.mu.Lock()
	known, ok := s.pinned[k]
	pinned := known[id] // read under the lock: setPinned updates the map in place
	s.mu.Unlock()
	if ok {
		return pinned, nil
	}
	_, walker, err := s.clients.get(ctx, ws)
	if err != nil {
		return false, err
	}
	ids, err := pinnedIDs(ctx, walker, v)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	s.pinned[k] = ids
	s.mu.Unlock()
	return ids[id], nil
}

// setPinned records a pin or unpin the user just made.
func (s *Service) setPinned(ws, id string, source compute.ClusterSource, pinned bool) {
	v, ok := viewOf(source)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	known := s.pinned[viewKey{ws, v}]
	if known == nil {
		return // unknown: the next read asks the API
	}
	if pinned {
		known[id] = true
	} else {
		delete(known, id)
	}
}

// DetailOf builds the detail page's model.
func DetailOf(d *compute.ClusterDetails, pinned bool, host string) *Detail {
	out := &Detail{
		Row:       RowOf(d, pinned),
		Sections:  Summarize(d),
		SparkConf: EffectiveSparkConf(d),
		SpecJSON:  SpecJSON(d),
		EnvVars:   []Setting{}, // the page reads .length: never null
	}
	if out.SparkConf == nil {
		out.SparkConf = []Setting{}
	}
	for _, k := range sortedKeys(d.SparkEnvVars) {
		out.EnvVars = append(out.EnvVars, Setting{Key: k, Value: d.SparkEnvVars[k], Origin: "spec"})
	}
	out.SparkUIURL = SparkUIURL(host, d.ClusterId)
	out.SparkUIReady = d.State == compute.StateRunning || d.State == compute.StateResizing
	if r := out.Row.JobRun; r != nil {
		out.RunURL = RunURL(host, *r)
	}
	return out
}

// SparkUIURL is the cluster's Spark UI in the workspace's web app.
func SparkUIURL(host, id string) string {
	return strings.TrimSuffix(host, "/") + "/#setting/clusters/" + url.PathEscape(id) + "/sparkUi"
}

// EffectiveSparkConf is the spec's spark_conf plus what other fields imply.
func EffectiveSparkConf(d *compute.ClusterDetails) []Setting {
	var out []Setting
	seen := map[string]bool{}
	for _, k := range sortedKeys(d.SparkConf) {
		out = append(out, Setting{Key: k, Value: d.SparkConf[k], Origin: "spec"})
		seen[k] = true
	}
	implied := func(k, v, origin string) {
		if !seen[k] {
			out = append(out, Setting{Key: k, Value: v, Origin: origin})
			seen[k] = true
		}
	}
	if d.RuntimeEngine == compute.RuntimeEnginePhoton || strings.Contains(d.SparkVersion, "photon") {
		implied("spark.databricks.photon.enabled", "true", "runtime_engine: PHOTON")
	}
	if d.NumWorkers == 0 && d.Autoscale == nil {
		implied("spark.databricks.cluster.profile", "singleNode", "single node (num_workers: 0)")
		implied("spark.master", "local[*, 4]", "single node (num_workers: 0)")
	}
	switch d.DataSecurityMode {
	case compute.DataSecurityModeUserIsolation, compute.DataSecurityModeDataSecurityModeStandard:
		implied("spark.databricks.acl.dfAclsEnabled", "true", "access mode: Standard")
		implied("spark.databricks.repl.allowedLanguages", "python,sql", "access mode: Standard")
	}
	if d.Autoscale != nil {
		implied("spark.databricks.autoscaling.enabled", "true", fmt.Sprintf("autoscale %d–%d", d.Autoscale.MinWorkers, d.Autoscale.MaxWorkers))
	}
	return out
}

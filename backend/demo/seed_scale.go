package demo

import (
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

var scaleTeams = []string{"analytics", "data-engineering", "data-science", "finance", "marketing", "platform", "risk", "growth"}

// seedScale adds Options.ExtraClusters generated clusters (and ExtraPools
// pools, ExtraPolicies policies) for load tests. They are built directly in their final state, each
// with EventHistory past events, so seeding 10,000 stays fast.
func seedScale(ws *workspace, now time.Time) {
	creators := []string{adminUserName, "priya.sharma@example.com", "marco.rossi@example.com"}
	for i := 0; i < ws.opts.ExtraPools; i++ {
		req := compute.CreateInstancePool{InstancePoolName: fmt.Sprintf("pool-%s-%03d", scaleTeams[i%len(scaleTeams)], i),
			NodeTypeId: azureVMs[i%12].id, MinIdleInstances: i % 3, MaxCapacity: 50, IdleInstanceAutoterminationMinutes: 30}
		_, _ = ws.addPool(req, creators[i%len(creators)], now.Add(-time.Duration(i+1)*time.Hour))
	}
	seedScalePolicies(ws, creators[0], now)
	nodes := []string{"Standard_DS3_v2", "Standard_DS4_v2", "Standard_D8ds_v5", "Standard_E8ds_v4", "Standard_F8s", "Standard_L8s_v2"}
	versions := []string{lts164, lts173, lts143, "15.4.x-scala2.12", "16.4.x-cpu-ml-scala2.12"}
	// One tag map per team, shared: nothing changes a cluster's tags in place
	// (an edit replaces them), and 10,000 one-entry maps were 4 MB.
	teamTags := map[string]map[string]string{}
	stops := &scaleStops{idle: map[int]*compute.TerminationReason{}, messages: map[*compute.TerminationReason]string{}}
	for i := 0; i < ws.opts.ExtraClusters; i++ {
		teamIdx := ws.rnd.IntN(len(scaleTeams))
		team := scaleTeams[teamIdx]
		if teamTags[team] == nil {
			teamTags[team] = map[string]string{"team": team}
		}
		created := now.Add(-time.Duration(ws.rnd.IntN(25*24*60)+60) * time.Minute)
		d := compute.ClusterDetails{
			ClusterName:  fmt.Sprintf("%s-%s-%05d", team, ws.randomWord(4), i),
			SparkVersion: versions[ws.rnd.IntN(len(versions))], NodeTypeId: nodes[ws.rnd.IntN(len(nodes))],
			AutoterminationMinutes: []int{30, 60, 120}[ws.rnd.IntN(3)],
			DataSecurityMode:       compute.DataSecurityModeUserIsolation,
			CustomTags:             teamTags[team],
		}
		if ws.rnd.IntN(3) == 0 {
			d.Autoscale = &compute.AutoScale{MinWorkers: 1, MaxWorkers: 2 + ws.rnd.IntN(10)}
		} else {
			d.NumWorkers = ws.rnd.IntN(9)
		}
		d.DriverNodeTypeId = d.NodeTypeId
		creator := creators[ws.rnd.IntN(len(creators))]
		source := compute.ClusterSourceUi
		switch ws.rnd.IntN(10) {
		case 0, 1:
			source = compute.ClusterSourceJob
			d.AutoterminationMinutes = 0
		case 2, 3:
			source = compute.ClusterSourceApi
		}
		d.ClusterId = ws.newClusterID(created)
		d.CreatorUserName, d.ClusterSource, d.StartTime, d.JdbcPort = creator, source, millis(created), 10000
		if source == compute.ClusterSourceJob { // made from its job's spec, drawn as the others to keep their seeds
			useJobSpec(&d, ws.generatedJob(generatedJobID(teamIdx, i), teamTags[team], now))
		}
		cl := &cluster{d: d, lastActivity: created, target: desiredWorkers(&d)}
		ws.clusters[d.ClusterId] = cl
		ws.scaleHistory(cl, created, now, source, stops)
		if source == compute.ClusterSourceJob {
			ws.addGeneratedRun(cl, generatedJobID(teamIdx, i), generatedRunBase+2*int64(i))
		}
	}
}

// scaleHistory gives the cluster a plausible past (scalePast, written out
// when its events are read) and leaves it RUNNING (one in four, never job
// clusters) or TERMINATED.
func (ws *workspace) scaleHistory(cl *cluster, created, now time.Time, source compute.ClusterSource, stops *scaleStops) {
	p := &scalePast{seed: ws.rnd.Uint64(), created: created, now: now, creator: cl.d.CreatorUserName,
		fixed: cl.d.NumWorkers, history: ws.opts.EventHistory}
	if a := cl.d.Autoscale; a != nil {
		p.min, p.max = a.MinWorkers, a.MaxWorkers
	}
	cl.past = p
	_, n := p.pastEvents(cl.d.ClusterId)
	cl.d.NumWorkers, cl.target = n, n
	up := p.up()
	if source != compute.ClusterSourceJob && ws.rnd.IntN(4) == 0 {
		cl.d.State = compute.StateRunning
		cl.d.LastRestartedTime = millis(up)
		cl.uptime = []interval{{from: up}}
		cl.lastActivity = now.Add(-time.Duration(ws.rnd.IntN(20)) * time.Minute)
		ws.refreshNodes(cl, up)
		cl.gen++
		ws.scheduleAutoTermination(cl)
		return
	}
	end := p.end()
	reason := stops.of(source, cl.d.AutoterminationMinutes)
	p.stop = reason
	cl.uptime = []interval{{from: up, to: end}}
	cl.d.State = compute.StateTerminated
	cl.d.StateMessage = stops.messages[reason]
	cl.d.TerminationReason = reason
	cl.d.TerminatedTime = millis(end.Add(20 * time.Second))
}

// scaleStops hands out one termination reason per cause and idle time,
// shared by the generated clusters that stopped for it: the demo replaces a
// cluster's reason, never changes it in place, and 10,000 copies with their
// parameter maps were 3 MB.
type scaleStops struct {
	idle     map[int]*compute.TerminationReason
	job      *compute.TerminationReason
	messages map[*compute.TerminationReason]string // each one's state message, made once
}

func (s *scaleStops) of(source compute.ClusterSource, idleMinutes int) *compute.TerminationReason {
	if source == compute.ClusterSourceJob {
		if s.job == nil {
			s.job = s.made(userReason(compute.TerminationReasonCodeJobFinished, compute.TerminationReasonTypeSuccess, nil))
		}
		return s.job
	}
	if s.idle[idleMinutes] == nil {
		s.idle[idleMinutes] = s.made(userReason(compute.TerminationReasonCodeInactivity, compute.TerminationReasonTypeSuccess,
			map[string]string{"inactivity_duration_min": fmt.Sprint(idleMinutes)}))
	}
	return s.idle[idleMinutes]
}

// made notes a new reason's state message.
func (s *scaleStops) made(r *compute.TerminationReason) *compute.TerminationReason {
	s.messages[r] = describeReason(r)
	return r
}

// seedScalePolicies adds generated team policies, a dozen rules each and
// every fourth one a family policy with overrides, as a large workspace has.
func seedScalePolicies(ws *workspace, admin string, now time.Time) {
	for i := 0; i < ws.opts.ExtraPolicies; i++ {
		team := scaleTeams[i%len(scaleTeams)]
		req := compute.CreatePolicy{Name: fmt.Sprintf("%s policy %04d", team, i), MaxClustersPerUser: int64(i % 3),
			Description: "Generated team policy: approved node types, spot with fallback, tagged for chargeback."}
		if i%4 == 0 {
			req.PolicyFamilyId = "shared-data-science"
			req.PolicyFamilyDefinitionOverrides = fmt.Sprintf(`{"autotermination_minutes": {"type": "range", "maxValue": %d}}`, 30+i%90)
		} else {
			req.Definition = fmt.Sprintf(`{
  "node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2", "Standard_D8ds_v5"], "defaultValue": "Standard_DS4_v2"},
  "spark_version": {"type": "regex", "pattern": "1[5-7]\\.[0-9]+\\.x-scala2\\.1[23]", "defaultValue": "16.4.x-scala2.12"},
  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": %d, "defaultValue": 60},
  "autoscale.max_workers": {"type": "range", "maxValue": 8, "defaultValue": 4, "isOptional": true},
  "azure_attributes.availability": {"type": "fixed", "value": "SPOT_WITH_FALLBACK_AZURE", "hidden": true},
  "custom_tags.team": {"type": "fixed", "value": %q},
  "custom_tags.cost_center": {"type": "regex", "pattern": "CC-[0-9]{4}"},
  "instance_pool_id": {"type": "forbidden", "hidden": true},
  "dbus_per_hour": {"type": "range", "maxValue": 9},
  "cluster_type": {"type": "fixed", "value": "all-purpose"}
}`, 60+i%120, team)
		}
		_, _ = ws.addPolicy(req, admin, now.Add(-time.Duration(i+1)*time.Hour))
	}
}

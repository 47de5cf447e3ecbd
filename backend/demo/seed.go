package demo

import (
	"sort"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// seedStep is one action in the scripted history of the seeded workspace.
// Replaying the script through the real life cycle gives every seeded
// cluster a consistent event log, pool stats and timestamps.
type seedStep struct {
	at time.Time
	do func(at time.Time)
}

type seedScript struct {
	ws    *workspace
	steps []seedStep
}

func (s *seedScript) add(at time.Time, do func(at time.Time)) {
	s.steps = append(s.steps, seedStep{at, do})
}

func (s *seedScript) run(now time.Time) {
	sort.SliceStable(s.steps, func(i, j int) bool { return s.steps[i].at.Before(s.steps[j].at) })
	for _, st := range s.steps {
		s.ws.advance(st.at)
		st.do(st.at)
	}
	s.ws.advance(now)
}

const (
	lts164   = "16.4.x-scala2.12"
	lts154ml = "15.4.x-gpu-ml-scala2.12"
	lts173   = "17.3.x-scala2.13"
	lts143   = "14.3.x-scala2.12"
)

type seedCluster struct {
	name, creator, node, version, pool string
	workers                            int
	autoscale                          *compute.AutoScale
	autoterm                           int
	mode                               compute.DataSecurityMode
	singleUser                         string
	photon                             bool
	source                             compute.ClusterSource
	tags                               map[string]string
	policy                             string // policy name
	pinned                             bool
}

func (ws *workspace) seedAdd(sc seedCluster, at time.Time) *cluster {
	d := compute.ClusterDetails{
		ClusterName: sc.name, SparkVersion: sc.version, NodeTypeId: sc.node, NumWorkers: sc.workers,
		Autoscale: sc.autoscale, AutoterminationMinutes: sc.autoterm, DataSecurityMode: sc.mode,
		SingleUserName: sc.singleUser, CustomTags: sc.tags, InstancePoolId: sc.pool,
		AzureAttributes: &compute.AzureAttributes{Availability: compute.AzureAvailabilityOnDemandAzure, FirstOnDemand: 1, SpotBidMaxPrice: -1},
		SparkConf:       map[string]string{},
	}
	if sc.pool != "" {
		d.NodeTypeId, d.AzureAttributes = ws.pools[sc.pool].d.NodeTypeId, nil
		d.DriverInstancePoolId = sc.pool
	}
	d.DriverNodeTypeId = d.NodeTypeId
	if sc.workers == 0 && sc.autoscale == nil {
		d.SparkConf["spark.databricks.cluster.profile"] = "singleNode"
		d.SparkConf["spark.master"] = "local[*, 4]"
		d.CustomTags = mergeTags(d.CustomTags, map[string]string{"ResourceClass": "SingleNode"})
		d.IsSingleNode = true
	}
	if sc.photon {
		d.RuntimeEngine = compute.RuntimeEnginePhoton
	}
	if sc.policy != "" {
		d.PolicyId = ws.policyIDByName(sc.policy)
	}
	spec, _ := specToDetails(d)
	d.Spec = spec.Spec
	source := sc.source
	if source == "" {
		source = compute.ClusterSourceUi
	}
	cl := ws.addCluster(d, sc.creator, source, at)
	cl.pinned = sc.pinned
	cl.pastUsage = true
	return cl
}

func mergeTags(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

func reasonUser(u string) *compute.TerminationReason {
	return userReason(compute.TerminationReasonCodeUserRequest, compute.TerminationReasonTypeSuccess, map[string]string{"username": u})
}

// seedContent is a small data team's workspace: clusters in every state
// with a plausible past, pools, libraries and grants.
func seedContent(ws *workspace, now time.Time) {
	s := &seedScript{ws: ws}
	day := 24 * time.Hour
	admin, priya, marco := adminUserName, "priya.sharma@example.com", "marco.rossi@example.com"
	team := func(t string) map[string]string { return map[string]string{"team": t, "cost-center": "cc-" + t} }

	memPool, _ := ws.addPool(compute.CreateInstancePool{InstancePoolName: "memory-optimized-pool", NodeTypeId: "Standard_E8ds_v4",
		MinIdleInstances: 2, MaxCapacity: 20, IdleInstanceAutoterminationMinutes: 30,
		PreloadedSparkVersions: []string{lts164}, CustomTags: team("data-engineering")}, admin, now.Add(-40*day))
	genPool, _ := ws.addPool(compute.CreateInstancePool{InstancePoolName: "general-purpose-pool", NodeTypeId: "Standard_DS3_v2",
		MinIdleInstances: 1, MaxCapacity: 10, IdleInstanceAutoterminationMinutes: 15}, admin, now.Add(-40*day))
	gpuPool, _ := ws.addPool(compute.CreateInstancePool{InstancePoolName: "gpu-t4-pool", NodeTypeId: "Standard_NC4as_T4_v3",
		MaxCapacity: 4, IdleInstanceAutoterminationMinutes: 10}, marco, now.Add(-20*day))
	for _, p := range []*pool{memPool, genPool, gpuPool} {
		if p != nil {
			ws.acls[aclKey(kindPool, p.d.InstancePoolId)].entries = []aclEntry{{GroupName: "users", PermissionLevel: "CAN_ATTACH_TO"}}
		}
	}

	// A long-running shared cluster that autoscaled during the day.
	s.add(now.Add(-9*time.Hour), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "shared-analytics", creator: admin, node: "Standard_DS4_v2", version: lts164,
			autoscale: &compute.AutoScale{MinWorkers: 2, MaxWorkers: 8}, autoterm: 120, mode: compute.DataSecurityModeUserIsolation,
			tags: team("analytics"), policy: "Shared Compute", pinned: true}, at)
		ws.seedInstallLibraries(cl, at, "pypi:plotly==5.22.0", "pypi:great-expectations==0.18.12", "maven:com.crealytics:spark-excel_2.12:3.5.1_0.20.4")
		setLogConf(cl, &compute.ClusterLogConf{Dbfs: &compute.DbfsStorageInfo{Destination: "dbfs:/cluster-logs"}})
		ws.ownACL(kindCluster, cl.d.ClusterId).entries = []aclEntry{{GroupName: "users", PermissionLevel: "CAN_ATTACH_TO"},
			{GroupName: "data-engineering", PermissionLevel: "CAN_RESTART"}}
		for i, step := range []int{5, 8, 4, 6} {
			s.ws.sched.at(at.Add(time.Duration(90*(i+1))*time.Minute), func(t time.Time) {
				if cl.d.State == compute.StateRunning {
					ws.resizeTo(cl, t, step, "", compute.EventDetailsCauseAutoscale)
				}
			})
		}
		// People use it all day: commands keep it from auto-terminating.
		ws.seedActivity(cl, at, now)
		s.ws.sched.at(now.Add(-3*time.Minute), func(t time.Time) { ws.touch(cl, t) })
	})
	// Nightly ETL cluster on the memory pool, running now.
	s.add(now.Add(-2*time.Hour), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "etl-nightly-interactive", creator: priya, pool: memPool.d.InstancePoolId, version: lts164,
			workers: 4, autoterm: 0, mode: compute.DataSecurityModeSingleUser, singleUser: priya, tags: team("data-engineering")}, at)
		ws.seedInstallLibraries(cl, at, "pypi:delta-spark==3.2.0", "whl:/Volumes/main/etl/wheels/etl_common-1.4.2-py3-none-any.whl")
	})
	// Photon streaming cluster with no auto-termination.
	s.add(now.Add(-26*time.Hour), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "streaming-orders", creator: priya, node: "Standard_D8ds_v5", version: lts173, workers: 3,
			photon: true, mode: compute.DataSecurityModeSingleUser, singleUser: priya, tags: team("data-engineering"), pinned: true}, at)
		setLogConf(cl, &compute.ClusterLogConf{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/main/ops/cluster_logs"}})
	})
	// Personal compute, stopped by inactivity two days ago.
	s.add(now.Add(-2*day-3*time.Hour), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "Priya Sharma's Personal Compute Cluster", creator: priya, node: "Standard_DS3_v2",
			version: lts164, autoterm: 60, mode: compute.DataSecurityModeSingleUser, singleUser: priya, policy: "Personal Compute"}, at)
		s.ws.sched.at(at.Add(40*time.Minute), func(t time.Time) { ws.touch(cl, t) })
	})
	// GPU training on the T4 pool, terminated by its owner yesterday.
	s.add(now.Add(-day-5*time.Hour), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "ml-training-gpu", creator: marco, pool: gpuPool.d.InstancePoolId, version: lts154ml,
			workers: 2, autoterm: 90, mode: compute.DataSecurityModeSingleUser, singleUser: marco, tags: team("data-science")}, at)
		ws.seedInstallLibraries(cl, at, "pypi:transformers==4.44.2", "pypi:mlflow==2.16.0")
		ws.seedActivity(cl, at, at.Add(3*time.Hour))
		s.ws.sched.at(at.Add(3*time.Hour), func(t time.Time) { ws.seedTerminate(cl, t, reasonUser(marco), marco) })
	})
	// A V100 experiment on a family without quota.
	s.add(now.Add(-3*day), func(at time.Time) {
		ws.seedAdd(seedCluster{name: "gpu-v100-experiment", creator: marco, node: "Standard_NC6s_v3", version: lts154ml,
			workers: 1, autoterm: 60, mode: compute.DataSecurityModeSingleUser, singleUser: marco, tags: team("data-science")}, at)
	})
	// Lost to a capacity stockout on the cloud side.
	s.add(now.Add(-5*day), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "data-science-shared", creator: marco, node: "Standard_E16ds_v4", version: lts164,
			autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 6}, autoterm: 60, mode: compute.DataSecurityModeUserIsolation,
			tags: team("data-science")}, at)
		ws.seedActivity(cl, at, at.Add(2*time.Hour))
		s.ws.sched.at(at.Add(2*time.Hour), func(t time.Time) {
			ws.seedTerminate(cl, t, userReason(compute.TerminationReasonCodeCloudProviderResourceStockout, compute.TerminationReasonTypeCloudFailure,
				map[string]string{"databricks_error_message": "Allocation failed. We do not have sufficient capacity for the requested VM size Standard_E16ds_v4 in this region."}), "")
		})
	})
	// A failing init script.
	s.add(now.Add(-6*time.Hour), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "init-script-test", creator: admin, node: "Standard_DS3_v2", version: lts143, workers: 1,
			autoterm: 30, mode: compute.DataSecurityModeSingleUser, singleUser: admin}, at)
		cl.d.InitScripts = []compute.InitScriptInfo{{Workspace: &compute.WorkspaceStorageInfo{Destination: "/Shared/init/install-drivers.sh"}}}
		s.ws.sched.at(at.Add(3*time.Minute), func(t time.Time) {
			cl.gen++
			ws.seedTerminate(cl, t, userReason(compute.TerminationReasonCodeInitScriptFailure, compute.TerminationReasonTypeClientError,
				map[string]string{"instance_id": "4f0b1c2d7e8a4b5c9d0e1f2a3b4c5d6e",
					"databricks_error_message": "Cluster scoped init script /Shared/init/install-drivers.sh failed: Script exit status is non-zero"}), "")
		})
	})
	// A cluster stuck in ERROR after its driver became unreachable.
	s.add(now.Add(-50*time.Minute), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "legacy-hive-cluster", creator: admin, node: "Standard_DS4_v2", version: "12.2.x-scala2.12",
			workers: 2, autoterm: 120, mode: compute.DataSecurityModeNone}, at)
		s.ws.sched.at(at.Add(20*time.Minute), func(t time.Time) {
			ws.failDriver(cl, t, compute.TerminationReasonCodeDriverUnreachable)
		})
	})
	// A BI cluster that somebody just started.
	s.add(now.Add(-40*time.Second), func(at time.Time) {
		ws.seedAdd(seedCluster{name: "bi-serving", creator: admin, pool: genPool.d.InstancePoolId, version: lts164, workers: 2,
			autoterm: 45, mode: compute.DataSecurityModeUserIsolation, tags: team("analytics")}, at)
	})
	// Job clusters with the runs they serve, of one nightly job: one
	// finished (its task ran 33 minutes), one still running its task.
	job := ws.addJob(nightlyOrdersJob(priya, team("data-engineering"), now.Add(-40*day)))
	nightly := func(runID int64, runFor time.Duration) func(at time.Time) {
		return func(at time.Time) {
			cl := ws.seedAdd(seedClusterOf(job, runID), at)
			ws.seedJobRun(cl, job.JobId, runID, job.Settings.Name, jobNotebook(job), at, runFor)
		}
	}
	s.add(now.Add(-14*time.Hour), nightly(3318902, 33*time.Minute))
	s.add(now.Add(-7*time.Minute), nightly(3320117, 28*time.Minute))
	// Old enough to drop out of the list, still readable by id.
	s.add(now.Add(-35*day), func(at time.Time) {
		cl := ws.seedAdd(seedCluster{name: "q3-forecast-archive", creator: marco, node: "Standard_DS3_v2", version: lts143, workers: 1,
			autoterm: 60, mode: compute.DataSecurityModeSingleUser, singleUser: marco}, at)
		s.ws.sched.at(at.Add(90*time.Minute), func(t time.Time) { ws.seedTerminate(cl, t, reasonUser(marco), marco) })
	})
	s.run(now)
}

// seedTerminate stops a cluster in the scripted past, whatever its state.
func (ws *workspace) seedTerminate(cl *cluster, at time.Time, reason *compute.TerminationReason, by string) {
	if cl.d.State == compute.StateTerminated || cl.d.State == compute.StateTerminating {
		return
	}
	ws.closeUptime(cl, at)
	ws.beginTerminate(cl, at, reason, by)
}

func setLogConf(cl *cluster, lc *compute.ClusterLogConf) {
	cl.d.ClusterLogConf = lc
	if cl.d.Spec != nil {
		cl.d.Spec.ClusterLogConf = lc
	}
}

// seedActivity records commands every 25 minutes between from and to.
func (ws *workspace) seedActivity(cl *cluster, from, to time.Time) {
	for t := from.Add(20 * time.Minute); t.Before(to); t = t.Add(25 * time.Minute) {
		ws.sched.at(t, func(t time.Time) { ws.touch(cl, t) })
	}
}

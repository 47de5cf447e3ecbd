package demo

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// clusterLibrary is one library attached to a cluster with its status.
// Libraries install when the cluster runs (now, or at its next start) and
// leave only at a restart after uninstall.
type clusterLibrary struct {
	lib      compute.Library
	key      string
	status   compute.LibraryInstallStatus
	messages []string
}

func libraryKey(l compute.Library) string {
	raw, _ := json.Marshal(l)
	return string(raw)
}

func libraryRoutes() map[string]handler {
	return map[string]handler{
		"POST /api/2.0/libraries/install":             (*workspace).librariesInstall,
		"POST /api/2.0/libraries/uninstall":           (*workspace).librariesUninstall,
		"GET /api/2.0/libraries/cluster-status":       (*workspace).librariesClusterStatus,
		"GET /api/2.0/libraries/all-cluster-statuses": (*workspace).librariesAllStatuses,
	}
}

func validateLibrary(l compute.Library) error {
	n := 0
	for _, set := range []bool{l.Jar != "", l.Whl != "", l.Egg != "", l.Requirements != "", l.Pypi != nil, l.Maven != nil, l.Cran != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return errInvalidParam("Each library must set exactly one of jar, whl, egg, requirements, pypi, maven or cran.")
	}
	switch {
	case l.Pypi != nil && strings.TrimSpace(l.Pypi.Package) == "":
		return errInvalidParam("pypi.package is required.")
	case l.Maven != nil && strings.Count(l.Maven.Coordinates, ":") < 2:
		return errInvalidParam("Maven coordinates must look like group:artifact:version (is %q).", l.Maven.Coordinates)
	}
	return nil
}

func (ws *workspace) librariesInstall(c *call) (any, error) {
	var req compute.InstallLibraries
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelManage)
	if err != nil {
		return nil, err
	}
	for _, l := range req.Libraries {
		if err := validateLibrary(l); err != nil {
			return nil, err
		}
	}
	for _, l := range req.Libraries {
		ws.attachLibrary(cl, c.now, l)
	}
	return nil, nil
}

func (ws *workspace) attachLibrary(cl *cluster, at time.Time, l compute.Library) {
	key := libraryKey(l)
	for _, x := range cl.libs {
		if x.key == key {
			if x.status == compute.LibraryInstallStatusUninstallOnRestart {
				x.status = compute.LibraryInstallStatusInstalled
			}
			return
		}
	}
	lib := &clusterLibrary{lib: l, key: key, status: compute.LibraryInstallStatusPending}
	cl.libs = append(cl.libs, lib)
	if cl.d.State == compute.StateRunning {
		ws.installLater(cl, lib, at)
	}
}

// installLater walks a library through RESOLVING/INSTALLING to its result.
func (ws *workspace) installLater(cl *cluster, lib *clusterLibrary, at time.Time) {
	runs := len(cl.uptime)
	alive := func() bool {
		return cl.d.State == compute.StateRunning && len(cl.uptime) == runs && ws.clusters[cl.d.ClusterId] == cl
	}
	lib.status = compute.LibraryInstallStatusPending
	ws.touch(cl, at)
	ws.sched.at(at.Add(3*time.Second), func(time.Time) {
		if alive() && lib.status == compute.LibraryInstallStatusPending {
			lib.status = compute.LibraryInstallStatusResolving
		}
	})
	ws.sched.at(at.Add(8*time.Second), func(time.Time) {
		if alive() && lib.status == compute.LibraryInstallStatusResolving {
			lib.status = compute.LibraryInstallStatusInstalling
		}
	})
	ws.sched.at(at.Add(ws.jitter(ws.dur.LibraryInstall)), func(time.Time) {
		if !alive() || lib.status != compute.LibraryInstallStatusInstalling {
			return
		}
		if msg := libraryFailure(lib.lib); msg != "" {
			lib.status, lib.messages = compute.LibraryInstallStatusFailed, []string{msg}
			return
		}
		lib.status, lib.messages = compute.LibraryInstallStatusInstalled, nil
	})
}

// libraryFailure makes packages that cannot exist fail like a bad pip install.
func libraryFailure(l compute.Library) string {
	if l.Pypi != nil && (strings.Contains(l.Pypi.Package, "does-not-exist") || strings.HasSuffix(l.Pypi.Package, "==0.0.0")) {
		return fmt.Sprintf("Library installation attempted on the driver node of cluster and failed. Please refer to the following error message to fix the library or contact Databricks support. "+
			"Error Code: DRIVER_LIBRARY_INSTALLATION_FAILURE. Error Message: org.apache.spark.SparkException: Process List(/bin/sh, -c, pip install '%s') exited with code 1. "+
			"ERROR: No matching distribution found for %s", l.Pypi.Package, l.Pypi.Package)
	}
	if l.Maven != nil && strings.Contains(l.Maven.Coordinates, "does-not-exist") {
		return fmt.Sprintf("Library resolution failed because unresolved dependency: %s: not found", l.Maven.Coordinates)
	}
	return ""
}

func (ws *workspace) librariesUninstall(c *call) (any, error) {
	var req compute.UninstallLibraries
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelManage)
	if err != nil {
		return nil, err
	}
	for _, l := range req.Libraries {
		key := libraryKey(l)
		for i, x := range cl.libs {
			if x.key != key {
				continue
			}
			if cl.d.State == compute.StateTerminated {
				cl.libs = append(cl.libs[:i], cl.libs[i+1:]...)
			} else {
				x.status = compute.LibraryInstallStatusUninstallOnRestart
			}
			break
		}
	}
	return nil, nil
}

// libraryStatuses lists the libraries to install first, in the order they
// were added, and those marked for removal last, as the service documents
// (SDK service/compute/api.go, LibrariesInterface.ClusterStatus).
func (ws *workspace) libraryStatuses(cl *cluster) compute.ClusterLibraryStatuses {
	out := compute.ClusterLibraryStatuses{ClusterId: cl.d.ClusterId, LibraryStatuses: []compute.LibraryFullStatus{}}
	for _, leaving := range []bool{false, true} {
		for _, x := range cl.libs {
			if (x.status == compute.LibraryInstallStatusUninstallOnRestart) != leaving {
				continue
			}
			l := x.lib
			out.LibraryStatuses = append(out.LibraryStatuses, compute.LibraryFullStatus{Library: &l, Status: x.status, Messages: x.messages})
		}
	}
	return out
}

func (ws *workspace) librariesClusterStatus(c *call) (any, error) {
	cl, err := ws.clusterFor(c, c.query("cluster_id"), levelNone)
	if err != nil {
		return nil, err
	}
	return ws.libraryStatuses(cl), nil
}

func (ws *workspace) librariesAllStatuses(c *call) (any, error) {
	out := compute.ListAllClusterLibraryStatusesResponse{Statuses: []compute.ClusterLibraryStatuses{}}
	for _, id := range sortedClusterIDs(ws.clusters) {
		if cl := ws.clusters[id]; len(cl.libs) > 0 {
			out.Statuses = append(out.Statuses, ws.libraryStatuses(cl))
		}
	}
	return out, nil
}

// librariesOnStart installs every attached library; a restart first drops
// the ones marked for uninstall.
func (ws *workspace) librariesOnStart(cl *cluster, at time.Time, restarted bool) {
	kept := cl.libs[:0]
	for _, x := range cl.libs {
		if restarted && x.status == compute.LibraryInstallStatusUninstallOnRestart {
			continue
		}
		kept = append(kept, x)
	}
	cl.libs = kept
	ws.attachPolicyLibraries(cl)
	for _, x := range cl.libs {
		x.messages = nil
		ws.installLater(cl, x, at)
	}
}

// attachPolicyLibraries adds the libraries of the cluster's policy: a
// workspace installs them on every cluster that uses the policy, at start.
func (ws *workspace) attachPolicyLibraries(cl *cluster) {
	p, ok := ws.policies[cl.d.PolicyId]
	if cl.d.PolicyId == "" || !ok {
		return
	}
	for _, l := range p.d.Libraries {
		key := libraryKey(l)
		if !slices.ContainsFunc(cl.libs, func(x *clusterLibrary) bool { return x.key == key }) {
			cl.libs = append(cl.libs, &clusterLibrary{lib: l, key: key, status: compute.LibraryInstallStatusPending})
		}
	}
}

func (ws *workspace) librariesOnTerminate(cl *cluster) {
	kept := cl.libs[:0]
	for _, x := range cl.libs {
		if x.status == compute.LibraryInstallStatusUninstallOnRestart {
			continue
		}
		if x.status != compute.LibraryInstallStatusFailed {
			x.status = compute.LibraryInstallStatusPending
		}
		kept = append(kept, x)
	}
	cl.libs = kept
}

// seedInstallLibraries attaches libraries given as "pypi:pkg", "maven:g:a:v",
// "whl:path" or "jar:path".
func (ws *workspace) seedInstallLibraries(cl *cluster, at time.Time, specs ...string) {
	for _, s := range specs {
		kind, v, _ := strings.Cut(s, ":")
		var l compute.Library
		switch kind {
		case "pypi":
			l.Pypi = &compute.PythonPyPiLibrary{Package: v}
		case "maven":
			l.Maven = &compute.MavenLibrary{Coordinates: v}
		case "whl":
			l.Whl = v
		case "jar":
			l.Jar = v
		}
		ws.attachLibrary(cl, at, l)
	}
}

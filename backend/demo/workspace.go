package demo

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/service/jobs"
)

// workspace is one isolated tenant. Every field is guarded by mu; handlers
// run with it held, after advance has applied all transitions due by now.
type workspace struct {
	mu    sync.Mutex
	name  string
	id    int64
	seed  uint64
	clock Clock
	opts  Options
	dur   Durations
	cat   *catalog

	rnd   *rand.Rand
	sched scheduler

	users  map[string]*user  // by userName
	groups map[string]*group // by displayName
	tokens map[string]string // token → userName

	clusters   map[string]*cluster
	pools      map[string]*pool
	policies   map[string]*policy
	acls       map[string]*acl // "clusters/<id>", "instance-pools/<id>", "cluster-policies/<id>"
	runs       map[int64]*run
	genRuns    map[int64]*cluster  // generated job clusters by the id of their run (generatedRun)
	jobs       map[int64]*jobs.Job // the seeded runs' job definitions (jobs_seed.go)
	statements map[string]*statement
	warehouses map[string]*warehouse // SQL warehouses by id (deleted ones kept, marked)
	whConfig   warehouseConfig       // the warehouses' shared settings (sql_warehouse_config.go)
	tree       *workspaceTree        // the Workspace API's notebooks, files and folders
	nextRunID  int64
	nextSeq    int64 // orders equal-timestamp events

	lists map[string]*listSnapshot // clusters/list answers by filter set, until a change
	pages pageSnapshots            // the order of listings being paged through
}

func newWorkspace(name string, seed uint64, clock Clock, opts Options) *workspace {
	ws := &workspace{
		name:   name,
		seed:   seed,
		clock:  clock,
		opts:   opts,
		dur:    opts.Durations,
		cat:    azureCatalog(),
		tokens: map[string]string{},
	}
	ws.id = 1_000_000_000_000_000 + int64(seed%8_999_999_999_999_999)
	ws.users, ws.groups = seedUsers()
	names := make([]string, 0, len(ws.users))
	for n := range ws.users {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		ws.tokens[randomToken()] = n
	}
	ws.resetLocked()
	return ws
}

// resetLocked rebuilds the seeded content; users and tokens survive.
func (ws *workspace) resetLocked() {
	ws.rnd = rand.New(rand.NewPCG(ws.seed, ws.seed*31+7))
	ws.sched.reset()
	ws.clusters = map[string]*cluster{}
	ws.pools = map[string]*pool{}
	ws.policies = map[string]*policy{}
	ws.acls = map[string]*acl{}
	ws.runs = map[int64]*run{}
	ws.genRuns = map[int64]*cluster{}
	ws.jobs = map[int64]*jobs.Job{}
	ws.whConfig = warehouseConfig{}
	ws.statements = map[string]*statement{}
	ws.nextRunID = 385_000_000_000_000 + int64(ws.rnd.IntN(9_000_000_000))
	now := ws.clock.Now()
	// First: the seeded runs below look their notebooks up in it.
	seedWorkspaceTree(ws, now)
	seedPolicies(ws, now)
	if !ws.opts.Empty {
		seedContent(ws, now)
	}
	seedScale(ws, now)
	seedWarehouses(ws, now)
	ws.advance(now)
	ws.clustersChanged()
}

// advance runs the transitions due by now; any of them may change a cluster.
func (ws *workspace) advance(now time.Time) {
	if ws.sched.runUntil(now) > 0 {
		ws.clustersChanged()
	}
}

func (ws *workspace) adminToken() string {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	for tok, u := range ws.tokens {
		if u == adminUserName {
			return tok
		}
	}
	panic("demo: workspace without admin token")
}

// newClusterID mimics "MMDD-HHMMSS-xxxxxxxx".
func (ws *workspace) newClusterID(at time.Time) string {
	for {
		id := fmt.Sprintf("%s-%s", at.UTC().Format("0102-150405"), ws.randomWord(8))
		if _, taken := ws.clusters[id]; !taken {
			return id
		}
	}
}

const idAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

func (ws *workspace) randomWord(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = idAlphabet[ws.rnd.IntN(len(idAlphabet))]
	}
	return string(b)
}

func (ws *workspace) randomHex(n int) string {
	const hexUpper = "0123456789ABCDEF"
	b := make([]byte, n)
	for i := range b {
		b[i] = hexUpper[ws.rnd.IntN(16)]
	}
	return string(b)
}

// jitter varies a duration by ±15% so a dozen clusters do not move in lockstep.
func (ws *workspace) jitter(d time.Duration) time.Duration {
	f := 0.85 + 0.3*ws.rnd.Float64()
	return time.Duration(float64(d) * f)
}

func sortedClusterIDs(m map[string]*cluster) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

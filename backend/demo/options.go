package demo

import (
	"time"
)

// Options configures a demo server. The zero value is a usable interactive
// demo: real-time clock, seeded content, no latency and no faults.
type Options struct {
	// Addr is the listen address; it must be a loopback address.
	// Default "127.0.0.1:0" (a random free port).
	Addr string
	// Clock overrides the time source. When nil a VirtualClock is made from
	// StartTime and TimeScale; Server.Clock() then returns it for stepping.
	Clock Clock
	// StartTime is where the virtual clock starts (default: real now).
	StartTime time.Time
	// TimeScale is how many virtual seconds pass per real second
	// (default 1; 0 freezes the clock so only Advance moves it).
	TimeScale float64
	// FreezeClock makes TimeScale 0 meaningful (the zero value means 1).
	FreezeClock bool
	// Seed makes generated content (ids, figures) reproducible. 0 picks one.
	Seed uint64
	// Empty skips the seeded team content (users are always created).
	Empty bool
	// ExtraClusters, ExtraPools, ExtraPolicies and EventHistory scale the
	// seed: N more generated clusters, pools, policies, and past autoscaling
	// resizes per generated autoscaling cluster.
	ExtraClusters int
	ExtraPools    int
	ExtraPolicies int
	EventHistory  int
	// ExtraWarehouses adds N generated SQL warehouses (seed_scale_warehouses.go).
	ExtraWarehouses int
	// ExtraQueries adds N generated entries to the query history of the
	// team warehouses over the last 7 days (sql_history_seed.go).
	ExtraQueries int
	// Latency is added to every request, plus a uniform random Jitter.
	Latency time.Duration
	Jitter  time.Duration
	// FaultRate is the share (0..1) of API requests answered with a random
	// transient failure (429 with Retry-After, 503, or 500).
	FaultRate float64
	// Durations of life-cycle phases in virtual time; zero fields take defaults.
	Durations Durations
	// AllClustersVisible turns cluster visibility control off (the older
	// behaviour): every user lists and reads every cluster and any object's
	// access list. By default a user who is not an admin sees only clusters
	// they hold a permission on, and access lists need CAN_MANAGE.
	AllClustersVisible bool
	// Control enables the test-only control API under /__demo/control/
	// (advance the clock, inject faults); see control.go.
	Control bool
	// Logf receives one line per request when set.
	Logf func(format string, args ...any)
}

// Durations are the virtual-time lengths of life-cycle phases.
type Durations struct {
	ClusterStart     time.Duration // PENDING → RUNNING from the cloud
	PoolStart        time.Duration // PENDING → RUNNING when the pool has idle instances
	ClusterRestart   time.Duration // RESTARTING → RUNNING
	ClusterResize    time.Duration // RESIZING → RUNNING (upsize)
	ClusterTerminate time.Duration // TERMINATING → TERMINATED
	QuotaFailure     time.Duration // PENDING → TERMINATING when the cloud refuses
	LibraryInstall   time.Duration // PENDING/INSTALLING → INSTALLED
	RunDuration      time.Duration // a submitted task's run time once its cluster is up
	PoolInstance     time.Duration // a pool's pending instance becoming idle
}

func (d Durations) withDefaults() Durations {
	def := func(v *time.Duration, x time.Duration) {
		if *v <= 0 {
			*v = x
		}
	}
	def(&d.ClusterStart, 4*time.Minute+20*time.Second)
	def(&d.PoolStart, 50*time.Second)
	def(&d.ClusterRestart, 2*time.Minute+40*time.Second)
	def(&d.ClusterResize, 2*time.Minute)
	def(&d.ClusterTerminate, 25*time.Second)
	def(&d.QuotaFailure, 40*time.Second)
	def(&d.LibraryInstall, 45*time.Second)
	def(&d.RunDuration, 3*time.Minute)
	def(&d.PoolInstance, 2*time.Minute)
	return d
}

func (o Options) withDefaults() Options {
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	if o.TimeScale == 0 && !o.FreezeClock {
		o.TimeScale = 1
	}
	if o.StartTime.IsZero() {
		o.StartTime = time.Now()
	}
	o.Durations = o.Durations.withDefaults()
	return o
}

package workspaces

import "time"

// How long Clusterdeck waits on a workspace, by kind of wait: the one table
// (issue 35). The transport, the SDK settings, the connection checks and
// the reconnect loop all read it; a number is changed here or nowhere.
const (
	// TimeoutConnect bounds one TCP connect (per address tried): a host
	// that drops packets fails here, not after the OS's two minutes.
	TimeoutConnect = 10 * time.Second
	// TimeoutTLSHandshake bounds the TLS handshake after connecting.
	TimeoutTLSHandshake = 10 * time.Second
	// TimeoutResponseHeader bounds the wait for an answer's headers once
	// the request is sent. The longest a workspace rightly takes is a SQL
	// statement's 30 s wait_timeout (metrics' system tables).
	TimeoutResponseHeader = 40 * time.Second
	// TimeoutInactivity is the SDK's per-request timeout: no byte either
	// way for this long ends the request (ClientOptions.HTTPTimeout).
	TimeoutInactivity = 30 * time.Second
	// TimeoutRetry bounds the SDK's retries of one call, a listing page
	// or a create alike (ClientOptions.RetryTimeout); the SDK retries a
	// refused connection, a 429 and a 503 until then.
	TimeoutRetry = 60 * time.Second
	// TimeoutProbe bounds an interactive check the user waits on (Test
	// connection in the workspace dialog).
	TimeoutProbe = 10 * time.Second
	// TimeoutCheck bounds a background connection check (who am I): a
	// black-holed host is called offline after this.
	TimeoutCheck = 8 * time.Second
	// CheckEvery is how often the active workspace is re-checked while it
	// seems online; with TimeoutCheck, a black-holed host is marked offline
	// within 20 + 8 s (+1 s tick) with no user action.
	CheckEvery = 20 * time.Second
	// ReconnectMin and ReconnectMax bound the backoff between checks of an
	// offline workspace: it is seen back within ReconnectMax (+ a check).
	ReconnectMin = 2 * time.Second
	ReconnectMax = 6 * time.Second
)

// How long one call the page makes may take, by kind of call: each facade
// bounds its calls with one of these.
const (
	// TimeoutWrite bounds one change (a cluster's start, stop, restart,
	// resize, pin, delete): an action in flight when the network drops ends
	// within it with a sentence, not after the SDK's retries.
	TimeoutWrite = 20 * time.Second
	// TimeoutRead bounds one read the page waits on (a cluster's detail, its
	// events, a policy, a spec to clone).
	TimeoutRead = 45 * time.Second
	// TimeoutPanel bounds a tab's or panel's call that makes a few requests
	// (permissions, libraries, runs, a log window).
	TimeoutPanel = 60 * time.Second
	// TimeoutOnline bounds a draft's checks and apply against the workspace.
	TimeoutOnline = 30 * time.Second
	// TimeoutPools bounds a Pools page call: the live list with each pool's
	// usage, or a create whose lost answer is looked for.
	TimeoutPools = 2 * time.Minute
	// TimeoutCatalog bounds a catalog refresh the user asked for (node
	// types, runtimes, policies, pools: several listings).
	TimeoutCatalog = 2 * time.Minute
	// TimeoutStatement bounds a metrics call: a SQL statement may wait for
	// its warehouse to start and read many chunks.
	TimeoutStatement = 4 * time.Minute
	// TimeoutDownload bounds a whole driver-log download, range by range.
	TimeoutDownload = 30 * time.Minute
	// TimeoutSignIn bounds the browser sign-in: long enough to type a
	// password and pass MFA, short enough that an abandoned tab does not
	// hold a port.
	TimeoutSignIn = 5 * time.Minute
)

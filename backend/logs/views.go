package logs

// View is what the Driver logs tab shows first: where the logs are
// delivered, when they were last delivered, and the driver's log files.
type View struct {
	// Configured is false when the cluster has no cluster_log_conf; the tab
	// then offers Suggested as the destination of an edit.
	Configured  bool   `json:"configured"`
	Suggested   string `json:"suggested"`
	Destination string `json:"destination"` // as configured: dbfs:/… or /Volumes/…
	Storage     string `json:"storage"`     // "dbfs", "volumes" or "" (a destination we cannot read)
	Directory   string `json:"directory"`   // <destination>/<cluster-id>/driver
	// LastDelivery is the cluster's cluster_log_status.last_attempted (ms, 0 never).
	LastDelivery  int64  `json:"lastDelivery"`
	LastException string `json:"lastException"`
	// Delivered is false when nothing has arrived yet (the cluster never ran
	// with delivery on, or the first delivery is still to come).
	Delivered bool   `json:"delivered"`
	Note      string `json:"note"`   // one sentence about delivery, in words
	Follow    bool   `json:"follow"` // the cluster's state still writes logs
	State     string `json:"state"`
	Files     []File `json:"files"`
}

// File is one file of the driver's log directory.
type File struct {
	Name     string `json:"name"`
	Kind     string `json:"kind"` // stdout, stderr, log4j
	Active   bool   `json:"active"`
	Size     int64  `json:"size"`
	Modified int64  `json:"modified"` // ms
	// Readable is false for compressed rotated files (no byte ranges of text).
	Readable bool `json:"readable"`
}

// Window is a byte range of one file cut at line boundaries.
type Window struct {
	File  string `json:"file"`
	Size  int64  `json:"size"`  // the file's size when read
	Start int64  `json:"start"` // offset of the first line
	End   int64  `json:"end"`   // offset just after the last complete line
	Lines []Line `json:"lines"`
	// AtStart: nothing before Start; AtEnd: End is the file's end.
	AtStart bool `json:"atStart"`
	AtEnd   bool `json:"atEnd"`
	// Rotated: following asked for bytes after the file's end, so the file
	// was rotated (delivery starts active files afresh every hour) or
	// replaced; the page reads the tail again.
	Rotated bool `json:"rotated"`
}

// Line is one log line with where it starts and, when it carries one, its time.
type Line struct {
	Offset int64  `json:"offset"`
	Text   string `json:"text"`
	Time   int64  `json:"time"` // ms, 0 when the line has no timestamp
	Level  string `json:"level"`
}

// Saved says where a download went (Saved false: cancelled or no dialog).
type Saved struct {
	Saved bool   `json:"saved"`
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
}

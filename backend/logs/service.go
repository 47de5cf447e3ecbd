// Package logs is the Driver logs tab's resource kind: the driver's stdout,
// stderr and log4j files from the cluster's log delivery (cluster_log_conf,
// DBFS through the DBFS API, Volumes through the Files API), read by byte
// ranges so a log of hundreds of megabytes is never held whole: the tab
// reads the tail, pages backwards, and follows new bytes from an offset.
package logs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

var (
	// ErrNoDelivery: the cluster has no cluster_log_conf.
	ErrNoDelivery = errors.New("log delivery is not configured for this compute")
	// ErrUnreadable: the destination is not DBFS or a volume (S3 and the like).
	ErrUnreadable = errors.New("logs delivered there cannot be read through the workspace")
	// ErrBadFile: a name that is not a plain file name of the driver's directory.
	ErrBadFile = errors.New("not a driver log file")
	// ErrNoAccess: the workspace refused to read the destination.
	ErrNoAccess = errors.New("no permission to read the log destination")
	// ErrGone: the file or the directory is not there (any more).
	ErrGone = errors.New("the log file is not there")
)

// ClientSource gives the SDK client of a workspace (workspaces.Manager does).
type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// Service reads a cluster's delivered driver logs through the SDK.
type Service struct{ clients ClientSource }

// NewService builds the service over the workspaces' clients.
func NewService(clients ClientSource) *Service { return &Service{clients: clients} }

// target is one cluster's delivery, resolved once per call.
type target struct {
	view View
	st   storage
}

func (s *Service) target(ctx context.Context, workspaceID, clusterID string) (target, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return target{}, err
	}
	d, err := w.Clusters.GetByClusterId(ctx, clusterID)
	if err != nil {
		return target{}, fmt.Errorf("read cluster %s: %w", clusterID, err)
	}
	v := View{State: string(d.State), Follow: Follows(d.State), Suggested: SuggestedDestination}
	v.Destination, v.Storage = destination(d.ClusterLogConf)
	v.Configured = v.Destination != ""
	if st := d.ClusterLogStatus; st != nil {
		v.LastDelivery, v.LastException = st.LastAttempted, st.LastException
	}
	if !v.Configured {
		return target{view: v}, nil
	}
	v.Directory = driverDir(v.Destination, clusterID)
	st, err := storageFor(w, v.Storage)
	if err != nil && !errors.Is(err, ErrUnreadable) {
		return target{}, err
	}
	return target{view: v, st: st}, nil
}

// Files returns where the cluster's logs go and the driver's files there.
// No delivery and nothing delivered yet are views, not errors.
func (s *Service) Files(ctx context.Context, workspaceID, clusterID string) (View, error) {
	t, err := s.target(ctx, workspaceID, clusterID)
	if err != nil || !t.view.Configured || t.st == nil {
		t.view.Note = note(t.view)
		return t.view, err
	}
	t.view.Files, err = t.st.list(ctx, t.view.Directory)
	switch {
	case errors.Is(err, apierr.ErrNotFound):
		err = nil // the directory appears with the first delivery
	case err != nil:
		return View{}, readErr(err, t.view.Directory)
	}
	sortFiles(t.view.Files)
	t.view.Delivered = len(t.view.Files) > 0
	t.view.Note = note(t.view)
	return t.view, nil
}

// Range is what part of a file to read: the tail (Before and After both
// -1), the window ending at Before, or the new bytes from After on.
type Range struct {
	Before int64 `json:"before"`
	After  int64 `json:"after"`
}

// Read returns complete lines of one driver file, at most MaxWindow bytes.
func (s *Service) Read(ctx context.Context, workspaceID, clusterID, name string, r Range) (Window, error) {
	if !validName(name) {
		return Window{}, fmt.Errorf("%w: %q", ErrBadFile, name)
	}
	t, size, err := s.sized(ctx, workspaceID, clusterID, name)
	if err != nil {
		return Window{}, err
	}
	return readWindow(ctx, t.st, t.view.Directory+"/"+name, name, size, r)
}

// sized resolves the target and the file's current size.
func (s *Service) sized(ctx context.Context, workspaceID, clusterID, name string) (target, int64, error) {
	t, err := s.target(ctx, workspaceID, clusterID)
	switch {
	case err != nil:
		return t, 0, err
	case !t.view.Configured:
		return t, 0, ErrNoDelivery
	case t.st == nil:
		return t, 0, ErrUnreadable
	}
	fs, err := t.st.list(ctx, t.view.Directory)
	if err != nil {
		return t, 0, readErr(err, t.view.Directory)
	}
	for _, f := range fs {
		if f.Name == name {
			if !f.Readable {
				return t, 0, fmt.Errorf("%w: %s is compressed; download it instead", ErrBadFile, name)
			}
			return t, f.Size, nil
		}
	}
	return t, 0, fmt.Errorf("%w: %s/%s", ErrGone, t.view.Directory, name)
}

// readWindow reads the range r asks for and cuts it at line boundaries.
func readWindow(ctx context.Context, st storage, full, name string, size int64, r Range) (Window, error) {
	win := Window{File: name, Size: size}
	var off, end int64
	forward := r.After >= 0
	switch {
	case forward && r.After > size:
		win.Rotated, win.Start, win.End, win.AtEnd = true, size, size, true
		return win, nil
	case forward:
		off = r.After
		end = min(off+MaxWindow, size)
	case r.Before >= 0:
		off, end = clampRange(r.Before-MaxWindow, r.Before, size)
	default:
		off, end = clampRange(size-MaxWindow, size, size)
	}
	data, err := st.readAt(ctx, full, off, end-off)
	if err != nil {
		return Window{}, readErr(err, full)
	}
	if forward {
		win.Lines, win.End = cutForward(data, off)
		win.Start = off
	} else {
		win.Lines, win.Start = cutBackward(data, off)
		win.End = off + int64(len(data))
		if end == size { // the last line may still be growing: leave it for following
			lines, e := cutForward(data[win.Start-off:], win.Start)
			win.Lines, win.End = lines, e
		}
	}
	win.AtStart, win.AtEnd = win.Start == 0, win.End >= size
	return win, nil
}

// Download writes the whole file to out, one window at a time.
func (s *Service) Download(ctx context.Context, workspaceID, clusterID, name string, out io.Writer) (int64, error) {
	if !validName(name) {
		return 0, fmt.Errorf("%w: %q", ErrBadFile, name)
	}
	t, size, err := s.sized(ctx, workspaceID, clusterID, name)
	if err != nil {
		return 0, err
	}
	return copyRanges(ctx, t.st, t.view.Directory+"/"+name, size, out)
}

// copyRanges copies [0, size) in MaxWindow reads.
func copyRanges(ctx context.Context, st storage, full string, size int64, out io.Writer) (int64, error) {
	var done int64
	for done < size {
		data, err := st.readAt(ctx, full, done, min(MaxWindow, size-done))
		if err != nil {
			return done, readErr(err, full)
		}
		if len(data) == 0 {
			break // the file shrank (rotated) while we read
		}
		n, err := out.Write(data)
		done += int64(n)
		if err != nil {
			return done, fmt.Errorf("write the download: %w", err)
		}
	}
	return done, nil
}

// readErr says in our words what the workspace refused, keeping its error.
func readErr(err error, where string) error {
	switch {
	case errors.Is(err, apierr.ErrPermissionDenied):
		return fmt.Errorf("%w: %s: %w", ErrNoAccess, where, err)
	case errors.Is(err, apierr.ErrNotFound):
		return fmt.Errorf("%w: %s: %w", ErrGone, where, err)
	}
	return fmt.Errorf("read %s: %w", where, err)
}

// note is the one sentence the tab shows about delivery.
func note(v View) string {
	last := ""
	if v.LastDelivery > 0 {
		last = "; last delivery at " + time.UnixMilli(v.LastDelivery).UTC().Format("2006-01-02 15:04 UTC")
	}
	switch {
	case !v.Configured:
		return "Log delivery is off for this compute: its driver logs are not kept anywhere the app can read."
	case v.Storage == "":
		return "Logs are delivered to " + v.Destination + ", which the app cannot read through the workspace (only DBFS and volumes)."
	case !v.Delivered && v.LastDelivery == 0:
		return "Nothing delivered yet: logs arrive about every 5 minutes while the compute runs (it has not run with delivery on yet)."
	case v.LastException != "":
		return "Delivered every 5 minutes" + last + ", which failed: " + v.LastException
	}
	return "Delivered every 5 minutes" + last + "."
}

package clusters

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Size is a resize target: a fixed count, or autoscaling bounds.
type Size struct {
	Autoscale  bool `json:"autoscale"`
	NumWorkers int  `json:"numWorkers"`
	MinWorkers int  `json:"minWorkers"`
	MaxWorkers int  `json:"maxWorkers"`
}

// Validate says what is wrong with a size, in words for the form.
func (z Size) Validate() error {
	switch {
	case z.Autoscale && z.MinWorkers < 0:
		return fmt.Errorf("%w: the minimum cannot be negative", ErrBadSize)
	case z.Autoscale && z.MaxWorkers < 1:
		return fmt.Errorf("%w: the maximum must be at least 1", ErrBadSize)
	case z.Autoscale && z.MinWorkers > z.MaxWorkers:
		return fmt.Errorf("%w: the minimum (%d) is above the maximum (%d)", ErrBadSize, z.MinWorkers, z.MaxWorkers)
	case !z.Autoscale && z.NumWorkers < 0:
		return fmt.Errorf("%w: the number of workers cannot be negative", ErrBadSize)
	case !z.Autoscale && z.NumWorkers > 10000, z.Autoscale && z.MaxWorkers > 10000:
		return fmt.Errorf("%w: at most 10,000 workers", ErrBadSize)
	}
	return nil
}

// Act runs one lifecycle action. It reads the cluster first: to check the
// state table (so a stale page cannot send a forbidden action), to tell "not
// found" apart from other bad requests, and for the name a permanent delete
// must be confirmed with. The same action on the same cluster is never sent
// twice at once: a second call gets ErrBusy.
func (s *Service) Act(ctx context.Context, ws, id string, a Action, confirmName string) error {
	ctx, sent := workspaces.TrackSent(ctx)
	return s.guard(ws, id, a, func() error {
		d, err := s.getRaw(ctx, ws, id)
		if err != nil {
			return lostOr(err, sent)
		}
		if err := Check(a, d.State, KindOf(d.ClusterSource)); err != nil {
			return err
		}
		if a == ActionPermanentDelete && confirmName != d.ClusterName {
			return ErrNameMismatch
		}
		w, _, err := s.clients.get(ctx, ws)
		if err != nil {
			return err
		}
		switch a {
		case ActionStart:
			_, err = w.Clusters.Start(ctx, compute.StartCluster{ClusterId: id})
		case ActionRestart:
			_, err = w.Clusters.Restart(ctx, compute.RestartCluster{ClusterId: id})
		case ActionTerminate:
			_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: id})
		case ActionPin:
			err = w.Clusters.Pin(ctx, compute.PinCluster{ClusterId: id})
		case ActionUnpin:
			err = w.Clusters.Unpin(ctx, compute.UnpinCluster{ClusterId: id})
		case ActionPermanentDelete:
			err = w.Clusters.PermanentDelete(ctx, compute.PermanentDeleteCluster{ClusterId: id})
		default:
			return fmt.Errorf("%w: %q", ErrNotAllowed, a)
		}
		if lost := workspaces.LostWrite(err, sent); lost != nil {
			return lost
		}
		if err != nil {
			return s.classify(ctx, ws, id, a, err)
		}
		switch a {
		case ActionStart, ActionRestart:
			s.startFollowing(ws, id, d.ClusterName, a, d.ClusterSource)
		case ActionTerminate, ActionPermanentDelete:
			s.stopFollowing(ws, id)
		case ActionPin, ActionUnpin:
			s.setPinned(ws, id, d.ClusterSource, a == ActionPin)
		}
		s.changed(ws, id)
		return nil
	})
}

// lostOr is err worded as a write lost on the way when it is one (the
// read before the write failed: nothing was sent), else err.
func lostOr(err error, sent func() (bool, bool)) error {
	if lost := workspaces.LostWrite(err, sent); lost != nil {
		return lost
	}
	return err
}

// Resize changes the number of workers of a running cluster.
func (s *Service) Resize(ctx context.Context, ws, id string, z Size) error {
	if err := z.Validate(); err != nil {
		return err
	}
	ctx, sent := workspaces.TrackSent(ctx)
	return s.guard(ws, id, ActionResize, func() error {
		d, err := s.getRaw(ctx, ws, id)
		if err != nil {
			return lostOr(err, sent)
		}
		if err := Check(ActionResize, d.State, KindOf(d.ClusterSource)); err != nil {
			return err
		}
		w, _, err := s.clients.get(ctx, ws)
		if err != nil {
			return err
		}
		req := compute.ResizeCluster{ClusterId: id, NumWorkers: z.NumWorkers, ForceSendFields: []string{"NumWorkers"}}
		if z.Autoscale {
			req = compute.ResizeCluster{ClusterId: id, Autoscale: &compute.AutoScale{MinWorkers: z.MinWorkers, MaxWorkers: z.MaxWorkers,
				ForceSendFields: []string{"MinWorkers"}}}
		}
		_, err = w.Clusters.Resize(ctx, req)
		if lost := workspaces.LostWrite(err, sent); lost != nil {
			return lost
		}
		if err != nil {
			return s.classify(ctx, ws, id, ActionResize, err)
		}
		s.changed(ws, id)
		return nil
	})
}

// CloneSpec returns the cluster's spec, renamed, ready for the editor.
func (s *Service) CloneSpec(ctx context.Context, ws, id string) (string, error) {
	d, err := s.getRaw(ctx, ws, id)
	if err != nil {
		return "", err
	}
	var spec map[string]any
	if err := json.Unmarshal([]byte(SpecJSON(d)), &spec); err != nil {
		return "", fmt.Errorf("clone %s: %w", id, err)
	}
	spec["cluster_name"] = d.ClusterName + " (clone)"
	b, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return "", fmt.Errorf("clone %s: %w", id, err)
	}
	return string(b), nil
}

// guard refuses a second identical action while the first is in flight.
func (s *Service) guard(ws, id string, a Action, f func() error) error {
	key := ws + "/" + id + "/" + string(a)
	s.mu.Lock()
	if s.busy[key] {
		s.mu.Unlock()
		return ErrBusy
	}
	s.busy[key] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.busy, key)
		s.mu.Unlock()
	}()
	return f()
}

// classify turns an action's API error into one the user can act on. The
// API answers an unknown cluster id with 400 INVALID_PARAMETER_VALUE on
// every call but clusters/get, so such an answer is checked with one get
// rather than by reading the message.
func (s *Service) classify(ctx context.Context, ws, id string, a Action, err error) error {
	if errors.Is(err, apierr.ErrInvalidParameterValue) || errors.Is(err, apierr.ErrBadRequest) {
		if _, getErr := s.getRaw(ctx, ws, id); errors.Is(getErr, ErrNotFound) {
			s.changed(ws, id)
			return notFound(fmt.Sprintf("%s %s", a, id), err)
		}
	}
	var apiErr *apierr.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusBadRequest && apiErr.ErrorCode == "INVALID_STATE" {
		s.changed(ws, id) // the page's state was stale: show the real one
	}
	return fmt.Errorf("%s %s: %w", a, id, err)
}

// changed polls the list and the open detail now, so the user sees the
// transition the action started without waiting for the next interval.
func (s *Service) changed(ws, id string) {
	for _, lv := range s.viewsOf(ws, false) {
		if lv.active() { // a paused view refreshes when it is shown again
			lv.poller.Refresh()
		}
	}
	s.refreshDetail(ws, id)
}

// Package permissions is the Permissions panel's resource kind: who holds
// which level on a cluster, an instance pool or a cluster policy, read and
// changed through the Permissions API (one generic object type + id), with
// principal search over SCIM and, for clusters, owner change. The service is
// what the facade calls (service.go), the panel's view is built in views.go,
// and what the current user may do in actions.go.
package permissions

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

var (
	// ErrBadLevel: the level is not one the object takes.
	ErrBadLevel = errors.New("this permission level does not exist for this object")
	// ErrNoPrincipal: a grant names no user, group or service principal.
	ErrNoPrincipal = errors.New("choose a user, group or service principal")
	// ErrNotOwned: only clusters have an owner to change.
	ErrNotOwned = errors.New("this object has no owner to change")
)

// ClientSource gives the SDK client of a workspace (workspaces.Manager does).
type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// Service reads and changes permissions through the workspace's SDK client.
type Service struct{ clients ClientSource }

// NewService builds the service over the workspaces' clients.
func NewService(clients ClientSource) *Service { return &Service{clients: clients} }

// Grant is one principal at one level, as the panel sends it.
type Grant struct {
	Principal Principal `json:"principal"`
	Level     string    `json:"level"`
}

// Get reads the object's list, its levels and what the current user may do.
// Without CAN_MANAGE the API refuses the list: the view says so, read-only.
func (s *Service) Get(ctx context.Context, workspaceID, objectType, objectID string) (View, error) {
	k, w, err := s.open(ctx, workspaceID, objectType)
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, w, k, objectID)
}

// Update adds grants or changes their level (PATCH): grants not named stay.
func (s *Service) Update(ctx context.Context, workspaceID, objectType, objectID string, grants []Grant) (View, error) {
	k, w, err := s.open(ctx, workspaceID, objectType)
	if err != nil {
		return View{}, err
	}
	req := make([]iam.AccessControlRequest, 0, len(grants))
	for _, g := range grants { // checked before anything is asked
		r, err := request(g.Principal, g.Level)
		if err != nil {
			return View{}, err
		}
		req = append(req, r)
	}
	levels, err := w.Permissions.GetPermissionLevels(ctx, iam.GetPermissionLevelsRequest{RequestObjectType: k.Type, RequestObjectId: objectID})
	if err != nil {
		return View{}, fmt.Errorf("read the permission levels of %s %s: %w", k.Noun, objectID, err)
	}
	for _, g := range grants {
		if !slices.ContainsFunc(levels.PermissionLevels, func(d iam.PermissionsDescription) bool { return string(d.PermissionLevel) == g.Level }) {
			return View{}, fmt.Errorf("%w: %s", ErrBadLevel, g.Level)
		}
	}
	if _, err := w.Permissions.Update(ctx, iam.UpdateObjectPermissions{RequestObjectType: k.Type, RequestObjectId: objectID, AccessControlList: req}); err != nil {
		return View{}, fmt.Errorf("change the permissions of %s %s: %w", k.Noun, objectID, err)
	}
	return s.view(ctx, w, k, objectID)
}

// Remove takes one principal's direct grant away. The API has no delete of
// one grant: the list is replaced (PUT) by the other direct grants.
func (s *Service) Remove(ctx context.Context, workspaceID, objectType, objectID string, p Principal) (View, error) {
	k, w, err := s.open(ctx, workspaceID, objectType)
	if err != nil {
		return View{}, err
	}
	cur, err := s.view(ctx, w, k, objectID)
	if err != nil {
		return View{}, err
	}
	if !cur.Readable {
		return View{}, fmt.Errorf("remove a grant on %s %s: %w", k.Noun, objectID, apierr.ErrPermissionDenied)
	}
	var rest []iam.AccessControlRequest
	for _, e := range cur.Entries {
		if e.Principal.Kind == p.Kind && e.Principal.Name == p.Name {
			continue
		}
		for _, src := range e.Sources {
			if src.Inherited || src.From != "granted here" {
				continue
			}
			r, err := request(e.Principal, src.Level)
			if err != nil {
				return View{}, err
			}
			rest = append(rest, r)
		}
	}
	if _, err := w.Permissions.Set(ctx, iam.SetObjectPermissions{RequestObjectType: k.Type, RequestObjectId: objectID, AccessControlList: rest}); err != nil {
		return View{}, fmt.Errorf("change the permissions of %s %s: %w", k.Noun, objectID, err)
	}
	return s.view(ctx, w, k, objectID)
}

// ChangeOwner hands a cluster to another user (clusters/change-owner; the
// workspace allows it to admins only, on a terminated cluster).
func (s *Service) ChangeOwner(ctx context.Context, workspaceID, objectType, objectID, userName string) (View, error) {
	k, w, err := s.open(ctx, workspaceID, objectType)
	if err != nil {
		return View{}, err
	}
	if !k.Owned {
		return View{}, ErrNotOwned
	}
	if userName == "" {
		return View{}, ErrNoPrincipal
	}
	if err := w.Clusters.ChangeOwner(ctx, compute.ChangeClusterOwner{ClusterId: objectID, OwnerUsername: userName}); err != nil {
		return View{}, fmt.Errorf("change the owner of %s %s: %w", k.Noun, objectID, err)
	}
	return s.view(ctx, w, k, objectID)
}

func (s *Service) open(ctx context.Context, workspaceID, objectType string) (Kind, *workspaceapi.Client, error) {
	k, err := KindOf(objectType)
	if err != nil {
		return Kind{}, nil, err
	}
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return Kind{}, nil, err
	}
	return k, w, nil
}

func (s *Service) view(ctx context.Context, w *workspaceapi.Client, k Kind, id string) (View, error) {
	u, err := w.CurrentUser.Me(ctx, iam.MeRequest{})
	if err != nil {
		return View{}, fmt.Errorf("ask the workspace who you are: %w", err)
	}
	m := meOf(u)
	v := View{ObjectType: k.Type, ObjectID: id, SaveMode: SaveModeNote, You: m.userName, Entries: []Entry{}}
	levels, err := w.Permissions.GetPermissionLevels(ctx, iam.GetPermissionLevelsRequest{RequestObjectType: k.Type, RequestObjectId: id})
	if err != nil {
		return View{}, fmt.Errorf("read the permission levels of %s %s: %w", k.Noun, id, err)
	}
	v.Levels = levelsOf(k, levels.PermissionLevels)
	perms, err := w.Permissions.Get(ctx, iam.GetPermissionRequest{RequestObjectType: k.Type, RequestObjectId: id})
	var acl []iam.AccessControlResponse
	switch {
	case errors.Is(err, apierr.ErrPermissionDenied):
	case err != nil:
		return View{}, fmt.Errorf("read the permissions of %s %s: %w", k.Noun, id, err)
	default:
		v.Readable, acl = true, perms.AccessControlList
	}
	if k.Owned && v.Readable {
		d, err := w.Clusters.Get(ctx, compute.GetClusterRequest{ClusterId: id})
		if err != nil {
			return View{}, fmt.Errorf("read %s %s: %w", k.Noun, id, err)
		}
		v.Owner = d.CreatorUserName
	}
	v.Entries = entriesOf(k, acl, v.Owner, m)
	v.Actions, v.ReadOnlyReason = Actions(k, access{readable: v.Readable, admin: m.admin, manages: k.Manage != "" && rank[holds(acl, m)] >= rank[k.Manage]})
	v.CanEdit = slices.Contains(v.Actions, ActionGrant)
	return v, nil
}

func request(p Principal, level string) (iam.AccessControlRequest, error) {
	r := iam.AccessControlRequest{PermissionLevel: iam.PermissionLevel(level)}
	switch {
	case p.Name == "":
		return r, ErrNoPrincipal
	case p.Kind == KindUser:
		r.UserName = p.Name
	case p.Kind == KindGroup:
		r.GroupName = p.Name
	case p.Kind == KindServicePrincipal:
		r.ServicePrincipalName = p.Name
	default:
		return r, fmt.Errorf("%w (not %q)", ErrNoPrincipal, p.Kind)
	}
	return r, nil
}

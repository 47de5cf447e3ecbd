package policies

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Errors of a policy change.
var (
	ErrNotConnected = errors.New("policy changes are not wired")
	// ErrInvalidForm is wrapped when the form has problems; nothing was sent.
	ErrInvalidForm = errors.New("the policy has problems")
)

// Form is a policy as the create and edit page writes it. With FamilyID set
// Definition holds only the overrides of the family's definition.
type Form struct {
	Name               string            `json:"name"`
	Description        string            `json:"description"`
	MaxClustersPerUser int64             `json:"maxClustersPerUser"` // 0: no limit
	Libraries          []compute.Library `json:"libraries"`
	FamilyID           string            `json:"familyId"`
	Definition         string            `json:"definition"`
}

// FormCheck is everything wrong with a form, and the policy as users of it
// will see the cluster form (the preview).
type FormCheck struct {
	Problems []policyeval.DefinitionProblem `json:"problems"` // in the definition, at their line
	Fields   map[string]string              `json:"fields"`   // name, maxClustersPerUser, familyId → message
	// Preview is the effective policy (family merged with overrides); nil
	// while the definition cannot be read.
	Preview *policyeval.Info `json:"preview"`
	OK      bool             `json:"ok"` // nothing that makes the service refuse it
}

// FamilyView is a policy family to start a policy from.
type FamilyView struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Definition  string `json:"definition"`
}

// Families lists the workspace's policy families (fetched once per session:
// they change only with Databricks releases).
func (s *Service) Families(ctx context.Context, workspaceID string) ([]FamilyView, error) {
	fams, err := s.familiesOf(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	out := make([]FamilyView, 0, len(fams))
	for _, f := range fams {
		out = append(out, FamilyView{ID: f.PolicyFamilyId, Name: f.Name, Description: f.Description, Definition: indent(f.Definition)})
	}
	return out, nil
}

func (s *Service) familiesOf(ctx context.Context, workspaceID string) ([]compute.PolicyFamily, error) {
	s.mu.Lock()
	f, ok := s.families[workspaceID]
	s.mu.Unlock()
	if ok {
		return f, nil
	}
	w, err := s.client(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	f, err = w.PolicyFamilies.ListAll(ctx, compute.ListPolicyFamiliesRequest{})
	if err != nil {
		return nil, fmt.Errorf("list policy families: %w", err)
	}
	s.mu.Lock()
	s.families[workspaceID] = f
	s.mu.Unlock()
	return f, nil
}

// knownFamilies are the families fetched so far (none offline).
func (s *Service) knownFamilies(workspaceID string) []compute.PolicyFamily {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.families[workspaceID]
}

// Check checks a form without sending anything: the definition at its
// lines, the name (required, under 100 characters, unique in the
// workspace's cached policies; editing is the policy editingID), the
// per-user limit, and builds the preview.
func (s *Service) Check(workspaceID, editingID string, f Form) FormCheck {
	out := FormCheck{Problems: policyeval.CheckDefinition(f.Definition), Fields: map[string]string{}}
	name := strings.TrimSpace(f.Name)
	switch {
	case name == "":
		out.Fields["name"] = "A policy needs a name."
	case utf8.RuneCountInString(f.Name) > 100:
		out.Fields["name"] = "A policy name is at most 100 characters."
	default:
		if snap, _, err := s.cache.Cached(workspaceID); err == nil {
			for _, p := range snap.Policies.Items {
				if p.PolicyId != editingID && strings.EqualFold(p.Name, name) {
					out.Fields["name"] = fmt.Sprintf("A policy named %s already exists in this workspace.", p.Name)
				}
			}
		}
	}
	if f.MaxClustersPerUser < 0 {
		out.Fields["maxClustersPerUser"] = "The limit is a positive number of clusters, or empty for no limit."
	}
	p, err := s.policyOf(workspaceID, f)
	if errors.Is(err, policyeval.ErrUnknownFamily) && s.knownFamilies(workspaceID) != nil { // offline, families are simply not known yet
		out.Fields["familyId"] = fmt.Sprintf("Policy family %s is not known in this workspace.", f.FamilyID)
	}
	if err == nil {
		info := p.Info()
		out.Preview = &info
	}
	out.OK = len(out.Fields) == 0
	for _, p := range out.Problems {
		if p.Severity == policyeval.SeverityError {
			out.OK = false
		}
	}
	return out
}

// policyOf is the policy a form describes: its definition, or its family's
// merged with the overrides it holds.
func (s *Service) policyOf(workspaceID string, f Form) (*policyeval.Policy, error) {
	var def *policyeval.Definition
	var err error
	if f.FamilyID != "" {
		def, err = policyeval.FamilyDefinition(f.FamilyID, f.Definition, s.knownFamilies(workspaceID))
	} else {
		def, err = policyeval.ParseDefinition(f.Definition)
	}
	if err != nil {
		return nil, err
	}
	return &policyeval.Policy{Name: f.Name, Description: f.Description, FamilyID: f.FamilyID,
		MaxClustersPerUser: f.MaxClustersPerUser, Libraries: f.Libraries, Definition: def}, nil
}

// Create makes the policy in the workspace and returns its id.
func (s *Service) Create(ctx context.Context, workspaceID string, f Form) (string, error) {
	s.loadFamilies(ctx, workspaceID, f)
	if err := s.mustPass(workspaceID, "", f); err != nil {
		return "", err
	}
	w, err := s.client(ctx, workspaceID)
	if err != nil {
		return "", err
	}
	def, over := split(f)
	req := compute.CreatePolicy{Name: strings.TrimSpace(f.Name), Description: f.Description,
		MaxClustersPerUser: f.MaxClustersPerUser, Libraries: f.Libraries, PolicyFamilyId: f.FamilyID,
		Definition: def, PolicyFamilyDefinitionOverrides: over}
	// Policy names are unique in a workspace: a create whose answer was
	// lost is found by its name and adopted, never made twice.
	res, err := adopt.Create(ctx, func(ctx context.Context) (string, error) {
		resp, err := w.ClusterPolicies.Create(ctx, req)
		if err != nil {
			return "", err
		}
		return resp.PolicyId, nil
	}, func(ctx context.Context) (*adopt.Found, error) { return findByName(ctx, w, req) })
	if err != nil {
		return "", fmt.Errorf("create policy %q: %w", f.Name, err)
	}
	s.refreshed(ctx, workspaceID)
	return res.ID, nil
}

// findByName looks for the policy named as req, and whether it is the one
// req asks for (same family, definition, overrides and limit).
func findByName(ctx context.Context, w *workspaceapi.Client, req compute.CreatePolicy) (*adopt.Found, error) {
	all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
	if err != nil {
		return nil, fmt.Errorf("list policies: %w", err)
	}
	for _, p := range all {
		if p.Name != req.Name {
			continue
		}
		same := p.PolicyFamilyId == req.PolicyFamilyId && p.MaxClustersPerUser == req.MaxClustersPerUser &&
			sameJSON(p.PolicyFamilyDefinitionOverrides, req.PolicyFamilyDefinitionOverrides) &&
			(req.PolicyFamilyId != "" || sameJSON(p.Definition, req.Definition))
		return &adopt.Found{ID: p.PolicyId, Same: same}, nil
	}
	return nil, nil
}

// sameJSON compares two JSON documents by value ("" is an empty one): the
// workspace may store a definition re-spaced or its keys reordered.
func sameJSON(a, b string) bool {
	decode := func(s string) any {
		if strings.TrimSpace(s) == "" {
			return nil
		}
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return s
		}
		return v
	}
	return reflect.DeepEqual(decode(a), decode(b))
}

// Edit replaces the policy's name, description, limit, libraries and
// definition (the API's edit replaces the whole policy).
func (s *Service) Edit(ctx context.Context, workspaceID, policyID string, f Form) error {
	s.loadFamilies(ctx, workspaceID, f)
	if err := s.mustPass(workspaceID, policyID, f); err != nil {
		return err
	}
	w, err := s.client(ctx, workspaceID)
	if err != nil {
		return err
	}
	def, over := split(f)
	err = w.ClusterPolicies.Edit(ctx, compute.EditPolicy{PolicyId: policyID, Name: strings.TrimSpace(f.Name),
		Description: f.Description, MaxClustersPerUser: f.MaxClustersPerUser, Libraries: f.Libraries,
		PolicyFamilyId: f.FamilyID, Definition: def, PolicyFamilyDefinitionOverrides: over})
	if err != nil {
		return fmt.Errorf("edit policy %q: %w", f.Name, err)
	}
	s.refreshed(ctx, workspaceID)
	return nil
}

// Delete deletes the policy. Clusters using it keep running; the page shows
// them first (Usage).
func (s *Service) Delete(ctx context.Context, workspaceID, policyID string) error {
	w, err := s.client(ctx, workspaceID)
	if err != nil {
		return err
	}
	if err := w.ClusterPolicies.Delete(ctx, compute.DeletePolicy{PolicyId: policyID}); err != nil {
		return fmt.Errorf("delete policy %s: %w", policyID, err)
	}
	s.refreshed(ctx, workspaceID)
	return nil
}

// loadFamilies fetches the families before a family policy is checked for
// sending; if that fails the workspace will judge the family itself.
func (s *Service) loadFamilies(ctx context.Context, workspaceID string, f Form) {
	if f.FamilyID != "" {
		_, _ = s.familiesOf(ctx, workspaceID)
	}
}

// split puts the form's definition where the API wants it: a family
// policy sends only overrides.
func split(f Form) (definition, overrides string) {
	if f.FamilyID != "" {
		return "", strings.TrimSpace(f.Definition)
	}
	return strings.TrimSpace(f.Definition), ""
}

func (s *Service) mustPass(workspaceID, editingID string, f Form) error {
	c := s.Check(workspaceID, editingID, f)
	if c.OK {
		return nil
	}
	var msgs []string
	for _, m := range c.Fields {
		msgs = append(msgs, m)
	}
	for _, p := range c.Problems {
		if p.Severity == policyeval.SeverityError {
			msgs = append(msgs, fmt.Sprintf("line %d: %s", p.Line, p.Message))
		}
	}
	return fmt.Errorf("%w: %s", ErrInvalidForm, strings.Join(msgs, " "))
}

func (s *Service) client(ctx context.Context, workspaceID string) (*databricksClient, error) {
	if s.clients == nil {
		return nil, ErrNotConnected
	}
	return s.clients.Client(ctx, workspaceID)
}

// refreshed re-reads the catalog so the list shows the change; a failure
// only leaves the list older (the change itself was made).
func (s *Service) refreshed(ctx context.Context, workspaceID string) {
	if s.refresh != nil {
		_, _ = s.refresh.RefreshNow(ctx, workspaceID)
	}
}

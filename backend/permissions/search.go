package permissions

import (
	"context"
	"fmt"
	"strings"

	"github.com/databricks/databricks-sdk-go/listing"
	"github.com/databricks/databricks-sdk-go/service/iam"
)

// SearchLimit bounds each kind's answers: the picker shows a short list.
const SearchLimit = 10

// Search finds users, groups and service principals whose name contains
// text, through SCIM filters (`displayName co "…" or userName co "…"`).
func (s *Service) Search(ctx context.Context, workspaceID, text string) ([]Principal, error) {
	w, err := s.clients.Client(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	q := scimString(strings.TrimSpace(text))
	out := []Principal{}
	users, err := listing.ToSliceN(ctx, w.Users.List(ctx, iam.ListUsersRequest{
		Filter: `displayName co ` + q + ` or userName co ` + q, Attributes: "id,userName,displayName", Count: SearchLimit}), SearchLimit)
	if err != nil {
		return nil, fmt.Errorf("search users: %w", err)
	}
	for _, u := range users {
		out = append(out, Principal{Kind: KindUser, Name: u.UserName, DisplayName: u.DisplayName})
	}
	groups, err := listing.ToSliceN(ctx, w.Groups.List(ctx, iam.ListGroupsRequest{
		Filter: `displayName co ` + q, Attributes: "id,displayName", Count: SearchLimit}), SearchLimit)
	if err != nil {
		return nil, fmt.Errorf("search groups: %w", err)
	}
	for _, g := range groups {
		out = append(out, Principal{Kind: KindGroup, Name: g.DisplayName, DisplayName: g.DisplayName})
	}
	sps, err := listing.ToSliceN(ctx, w.ServicePrincipals.List(ctx, iam.ListServicePrincipalsRequest{
		Filter: `displayName co ` + q + ` or applicationId co ` + q, Attributes: "id,applicationId,displayName", Count: SearchLimit}), SearchLimit)
	if err != nil {
		return nil, fmt.Errorf("search service principals: %w", err)
	}
	for _, sp := range sps {
		out = append(out, Principal{Kind: KindServicePrincipal, Name: sp.ApplicationId, DisplayName: sp.DisplayName})
	}
	return out, nil
}

// scimString quotes text as a SCIM filter string value.
func scimString(text string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(text) + `"`
}

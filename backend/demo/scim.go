package demo

import (
	"fmt"
	"sort"

	"github.com/databricks/databricks-sdk-go/service/iam"
)

const (
	adminUserName   = "demo.user@example.com"
	limitedUserName = "li.wei@example.com"

	entitlementClusterCreate = "allow-cluster-create"
	entitlementPoolCreate    = "allow-instance-pool-create"
	entitlementWorkspace     = "workspace-access"
)

type user struct {
	id           string
	userName     string
	displayName  string
	given        string
	family       string
	groups       []string
	entitlements []string
}

type group struct {
	id      string
	name    string
	members []string
}

func (u *user) isAdmin() bool { return u.inGroup("admins") }

func (u *user) inGroup(g string) bool {
	for _, x := range u.groups {
		if x == g {
			return true
		}
	}
	return g == "users"
}

func (u *user) entitled(e string) bool {
	if u.isAdmin() {
		return true
	}
	for _, x := range u.entitlements {
		if x == e {
			return true
		}
	}
	return false
}

// seedUsers is a small data team: an admin (the demo user), two engineers
// who may create compute, and an analyst who may only attach to it.
func seedUsers() (map[string]*user, map[string]*group) {
	all := []string{entitlementWorkspace, entitlementClusterCreate, entitlementPoolCreate}
	users := []*user{
		{id: "4417920061329840", userName: adminUserName, displayName: "Demo User", given: "Demo", family: "User",
			groups: []string{"admins", "data-platform"}, entitlements: all},
		{id: "5532014897761203", userName: "priya.sharma@example.com", displayName: "Priya Sharma", given: "Priya", family: "Sharma",
			groups: []string{"data-engineering"}, entitlements: all[:2]},
		{id: "6180237745520911", userName: "marco.rossi@example.com", displayName: "Marco Rossi", given: "Marco", family: "Rossi",
			groups: []string{"data-science"}, entitlements: all[:2]},
		{id: "7294410388120456", userName: limitedUserName, displayName: "Li Wei", given: "Li", family: "Wei",
			groups: []string{"analysts"}, entitlements: all[:1]},
	}
	um := map[string]*user{}
	gm := map[string]*group{}
	gid := 900100200300400
	for _, u := range users {
		um[u.userName] = u
		for _, g := range append([]string{"users"}, u.groups...) {
			if gm[g] == nil {
				gid += 1117
				gm[g] = &group{id: fmt.Sprint(gid), name: g}
			}
			gm[g].members = append(gm[g].members, u.userName)
		}
	}
	return um, gm
}

func scimRoutes() map[string]handler {
	return map[string]handler{
		"GET /api/2.0/preview/scim/v2/Me":                (*workspace).scimMe,
		"GET /api/2.0/preview/scim/v2/Users":             (*workspace).scimUsers,
		"GET /api/2.0/preview/scim/v2/Users/{id}":        (*workspace).scimUser,
		"GET /api/2.0/preview/scim/v2/Groups":            (*workspace).scimGroups,
		"GET /api/2.0/preview/scim/v2/ServicePrincipals": (*workspace).scimServicePrincipals,
	}
}

func (ws *workspace) scimUserJSON(u *user) iam.User {
	out := iam.User{
		Id: u.id, UserName: u.userName, DisplayName: u.displayName, Active: true,
		Name:    &iam.Name{GivenName: u.given, FamilyName: u.family},
		Emails:  []iam.ComplexValue{{Value: u.userName, Type: "work", Primary: true}},
		Schemas: []iam.UserSchema{iam.UserSchemaUrnIetfParamsScimSchemasCore20User},
	}
	for _, g := range append([]string{"users"}, u.groups...) {
		if grp := ws.groups[g]; grp != nil {
			out.Groups = append(out.Groups, iam.ComplexValue{Display: g, Value: grp.id, Type: "direct", Ref: "Groups/" + grp.id})
		}
	}
	for _, e := range u.entitlements {
		out.Entitlements = append(out.Entitlements, iam.ComplexValue{Value: e})
	}
	return out
}

func (ws *workspace) scimMe(c *call) (any, error) { return ws.scimUserJSON(c.user), nil }

func (ws *workspace) sortedUsers() []*user {
	out := make([]*user, 0, len(ws.users))
	for _, u := range ws.users {
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].userName < out[j].userName })
	return out
}

func (ws *workspace) scimUsers(c *call) (any, error) {
	f, err := parseSCIMFilter(c.query("filter"))
	if err != nil {
		return nil, err
	}
	var matched []iam.User
	for _, u := range ws.sortedUsers() {
		if !f.matches(map[string]string{"username": u.userName, "displayname": u.displayName, "id": u.id,
			"name.givenname": u.given, "name.familyname": u.family, "emails.value": u.userName}) {
			continue
		}
		matched = append(matched, ws.scimUserJSON(u))
	}
	lo, hi, start, err := scimPage(c, len(matched))
	if err != nil {
		return nil, err
	}
	return iam.ListUsersResponse{
		Resources: matched[lo:hi], TotalResults: int64(len(matched)), StartIndex: start, ItemsPerPage: int64(hi - lo),
		Schemas: []iam.ListResponseSchema{iam.ListResponseSchemaUrnIetfParamsScimApiMessages20ListResponse},
	}, nil
}

func (ws *workspace) scimUser(c *call) (any, error) {
	id := c.r.PathValue("id")
	for _, u := range ws.users {
		if u.id == id {
			return ws.scimUserJSON(u), nil
		}
	}
	return nil, &apiError{404, "NOT_FOUND", fmt.Sprintf("User with id %s not found.", id)}
}

func (ws *workspace) scimGroups(c *call) (any, error) {
	f, err := parseSCIMFilter(c.query("filter"))
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(ws.groups))
	for n := range ws.groups {
		names = append(names, n)
	}
	sort.Strings(names)
	var all []iam.Group
	for _, n := range names {
		g := ws.groups[n]
		if !f.matches(map[string]string{"displayname": g.name, "id": g.id}) {
			continue
		}
		grp := iam.Group{Id: g.id, DisplayName: g.name}
		for _, m := range g.members {
			if u := ws.users[m]; u != nil {
				grp.Members = append(grp.Members, iam.ComplexValue{Display: u.displayName, Value: u.id, Ref: "Users/" + u.id})
			}
		}
		all = append(all, grp)
	}
	lo, hi, start, err := scimPage(c, len(all))
	if err != nil {
		return nil, err
	}
	return iam.ListGroupsResponse{Resources: all[lo:hi], TotalResults: int64(len(all)), StartIndex: start, ItemsPerPage: int64(hi - lo),
		Schemas: []iam.ListResponseSchema{iam.ListResponseSchemaUrnIetfParamsScimApiMessages20ListResponse}}, nil
}

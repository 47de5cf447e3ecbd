package permissions

import (
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/iam"
)

// Principal kinds.
const (
	KindUser             = "user"
	KindGroup            = "group"
	KindServicePrincipal = "service-principal"
)

// Principal is who may hold a level: Name is what the API takes
// (user_name, group_name or service_principal_name).
type Principal struct {
	Kind        string `json:"kind"`
	Name        string `json:"name"`
	DisplayName string `json:"displayName"`
}

// Source is one way a principal holds a level.
type Source struct {
	Level      string `json:"level"`
	LevelLabel string `json:"levelLabel"`
	// Inherited grants come from elsewhere (the workspace root: admins).
	Inherited bool   `json:"inherited"`
	From      string `json:"from"` // in words: "granted here", "the workspace's admins", "owner"
}

// Entry is one principal in the list with the strongest level it holds.
type Entry struct {
	Principal  Principal `json:"principal"`
	Level      string    `json:"level"`
	LevelLabel string    `json:"levelLabel"`
	Sources    []Source  `json:"sources"`
	// Direct: granted on this object, so it can be changed or removed here.
	Direct bool `json:"direct"`
	Owner  bool `json:"owner"`
	You    bool `json:"you"`
}

// Level is one level the object takes (from the API), with what it allows.
type Level struct {
	Name   string `json:"name"`
	Label  string `json:"label"`
	Allows string `json:"allows"`
}

// View is what the Permissions panel shows for one object.
type View struct {
	ObjectType string  `json:"objectType"`
	ObjectID   string  `json:"objectId"`
	Entries    []Entry `json:"entries"`
	Levels     []Level `json:"levels"`
	// Readable: the list could be read; without CAN_MANAGE the API refuses it.
	Readable bool `json:"readable"`
	// CanEdit: the current user may change the list; ReadOnlyReason says why not.
	CanEdit        bool     `json:"canEdit"`
	ReadOnlyReason string   `json:"readOnlyReason"`
	Actions        []Action `json:"actions"`
	// SaveMode says what Save does: adds to (or changes in) the list, never replaces it.
	SaveMode string `json:"saveMode"`
	Owner    string `json:"owner"`
	You      string `json:"you"`
}

// SaveModeNote is said next to Save: the panel sends a PATCH (update).
const SaveModeNote = "Saving adds to the list (or changes the level of the principals you picked); other grants stay as they are. Removing a grant rewrites the list without it."

// me is the current user as the view needs them.
type me struct {
	userName string
	groups   map[string]bool
	admin    bool
}

func meOf(u *iam.User) me {
	m := me{userName: u.UserName, groups: map[string]bool{"users": true}}
	for _, g := range u.Groups {
		m.groups[g.Display] = true
	}
	m.admin = m.groups["admins"]
	return m
}

func principalOf(a iam.AccessControlResponse) Principal {
	switch {
	case a.UserName != "":
		return Principal{Kind: KindUser, Name: a.UserName, DisplayName: a.DisplayName}
	case a.ServicePrincipalName != "":
		return Principal{Kind: KindServicePrincipal, Name: a.ServicePrincipalName, DisplayName: a.DisplayName}
	default:
		return Principal{Kind: KindGroup, Name: a.GroupName, DisplayName: a.GroupName}
	}
}

func inheritedFrom(p iam.Permission) string {
	if len(p.InheritedFromObject) == 0 {
		return "the workspace"
	}
	root := strings.Trim(p.InheritedFromObject[0], "/")
	return "every " + strings.TrimSuffix(strings.ReplaceAll(root, "-", " "), "s") + " of the workspace (" + p.InheritedFromObject[0] + ")"
}

// entriesOf builds the list from the API's answer, strongest level first.
func entriesOf(k Kind, acl []iam.AccessControlResponse, owner string, m me) []Entry {
	out := make([]Entry, 0, len(acl))
	for _, a := range acl {
		e := Entry{Principal: principalOf(a)}
		e.Owner = k.Owned && e.Principal.Kind == KindUser && e.Principal.Name == owner && owner != ""
		e.You = e.Principal.Kind == KindUser && e.Principal.Name == m.userName
		for _, p := range a.AllPermissions {
			l := string(p.PermissionLevel)
			src := Source{Level: l, LevelLabel: levelLabel(l), Inherited: p.Inherited, From: "granted here"}
			switch {
			case p.Inherited:
				src.From = inheritedFrom(p)
			case e.Owner && l == "CAN_MANAGE":
				src.From = "owner (creator)"
			default:
				e.Direct = true
			}
			e.Sources = append(e.Sources, src)
			if rank[l] > rank[e.Level] {
				e.Level = l
			}
		}
		e.LevelLabel = levelLabel(e.Level)
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if rank[out[i].Level] != rank[out[j].Level] {
			return rank[out[i].Level] > rank[out[j].Level]
		}
		return strings.ToLower(out[i].Principal.Name) < strings.ToLower(out[j].Principal.Name)
	})
	return out
}

// holds reports the strongest level the user holds in the list (directly or through a group).
func holds(acl []iam.AccessControlResponse, m me) string {
	best := ""
	for _, a := range acl {
		if (a.UserName == "" || a.UserName != m.userName) && (a.GroupName == "" || !m.groups[a.GroupName]) {
			continue
		}
		for _, p := range a.AllPermissions {
			if rank[string(p.PermissionLevel)] > rank[best] {
				best = string(p.PermissionLevel)
			}
		}
	}
	return best
}

func levelsOf(k Kind, api []iam.PermissionsDescription) []Level {
	out := make([]Level, 0, len(api))
	for _, d := range api {
		l := string(d.PermissionLevel)
		allows := k.Allows[l]
		if allows == "" {
			allows = d.Description
		}
		out = append(out, Level{Name: l, Label: levelLabel(l), Allows: allows})
	}
	return out
}

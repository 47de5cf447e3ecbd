package app

import (
	"context"
	"errors"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// WorkspaceForm is the add/edit dialog. Token and ClientSecret are
// write-only: they travel from the page to the keychain, never back; empty
// means "keep what is stored".
type WorkspaceForm struct {
	Name         string `json:"name"`
	Host         string `json:"host"`
	AuthType     string `json:"authType"`
	ClientID     string `json:"clientId"`
	AzureTenant  string `json:"azureTenant"`
	Label        string `json:"label"`
	Color        string `json:"color"`
	Production   bool   `json:"production"`
	WarehouseID  string `json:"warehouseId"`
	Token        string `json:"token"`
	ClientSecret string `json:"clientSecret"`
}

// SecretsView is what the page may know about stored credentials: masked.
type SecretsView struct {
	Stored             bool   `json:"stored"`
	TokenMasked        string `json:"tokenMasked"`
	ClientSecretMasked string `json:"clientSecretMasked"`
	SignedIn           bool   `json:"signedIn"`
	KeychainError      string `json:"keychainError"`
	KeychainHint       string `json:"keychainHint"`
}

// WorkspaceDetail fills the edit dialog.
type WorkspaceDetail struct {
	Workspace    WorkspaceView `json:"workspace"`
	ClientID     string        `json:"clientId"`
	AzureTenant  string        `json:"azureTenant"`
	WarehouseID  string        `json:"warehouseId"`
	ImportedFrom string        `json:"importedFrom"`
	Secrets      SecretsView   `json:"secrets"`
}

// TestResult is a successful "Test connection": who we are, and where.
type TestResult struct {
	UserName    string `json:"userName"`
	DisplayName string `json:"displayName"`
	UserID      string `json:"userId"`
	Host        string `json:"host"`
	WorkspaceID string `json:"workspaceId"` // Databricks' numeric id; "" when not sent
	Cloud       string `json:"cloud"`
	LatencyMs   int64  `json:"latencyMs"`
}

// signInTimeout bounds the browser sign-in: long enough to type a password
// and pass MFA, short enough that an abandoned tab does not hold a port.
const signInTimeout = 5 * time.Minute

func (f WorkspaceForm) profile(id string) (workspaces.Profile, workspaces.SecretInput) {
	p := workspaces.Profile{ID: id, Name: f.Name, Host: f.Host, AuthType: workspaces.AuthType(f.AuthType),
		ClientID: f.ClientID, AzureTenant: f.AzureTenant, Label: f.Label, Color: f.Color,
		IsProduction: f.Production, WarehouseID: f.WarehouseID}
	return p, workspaces.SecretInput{Token: f.Token, ClientSecret: f.ClientSecret}
}

func (w *Workspaces) ready() error {
	if w.manager == nil || w.session == nil || w.changes == nil {
		return errNotWired
	}
	return nil
}

// Get returns one workspace for the edit dialog, secrets masked.
func (w *Workspaces) Get(id string) (WorkspaceDetail, error) {
	if err := w.ready(); err != nil {
		return WorkspaceDetail{}, err
	}
	p, err := w.manager.Get(id)
	if err != nil {
		return WorkspaceDetail{}, err
	}
	st, err := w.manager.SecretStatus(w.ctx, id)
	if err != nil {
		return WorkspaceDetail{}, err
	}
	active, _ := w.session.Active()
	return WorkspaceDetail{
		Workspace: toWorkspaceView(p, p.ID == active.ID), ClientID: p.ClientID, AzureTenant: p.AzureTenant,
		WarehouseID: p.WarehouseID, ImportedFrom: p.ImportedFrom,
		Secrets: SecretsView{Stored: st.Stored, TokenMasked: st.TokenMasked, ClientSecretMasked: st.ClientSecretMasked,
			SignedIn: st.LoggedIn, KeychainError: st.KeychainError, KeychainHint: st.KeychainHint},
	}, nil
}

// Create saves a new workspace; its secrets go to the keychain only.
func (w *Workspaces) Create(form WorkspaceForm) (WorkspaceView, error) {
	if err := w.ready(); err != nil {
		return WorkspaceView{}, err
	}
	p, in := form.profile("")
	saved, err := w.manager.Create(w.ctx, p, in)
	if err != nil {
		return WorkspaceView{}, err
	}
	w.emit.Emit(EventWorkspacesChanged)
	return toWorkspaceView(saved, false), nil
}

// Update changes a saved workspace. Empty secret fields keep the stored ones.
func (w *Workspaces) Update(id string, form WorkspaceForm) (WorkspaceView, error) {
	if err := w.ready(); err != nil {
		return WorkspaceView{}, err
	}
	p, in := form.profile(id)
	saved, err := w.changes.Update(w.ctx, p, in)
	if saved.ID == "" {
		return WorkspaceView{}, err
	}
	w.emit.Emit(EventWorkspacesChanged)
	active, _ := w.session.Active()
	return toWorkspaceView(saved, saved.ID == active.ID), err
}

// Delete removes a workspace, its keychain entry and its cached catalog.
func (w *Workspaces) Delete(id string) error {
	if err := w.ready(); err != nil {
		return err
	}
	err := w.changes.Delete(w.ctx, id)
	if err != nil && !errors.Is(err, workspaces.ErrSecretLeftBehind) {
		return err
	}
	w.emit.Emit(EventWorkspacesChanged)
	return err
}

// TestDraft tests the dialog's settings before they are saved. When editing,
// id names the saved workspace so empty secret fields use the stored ones.
func (w *Workspaces) TestDraft(id string, form WorkspaceForm) (TestResult, error) {
	if err := w.ready(); err != nil {
		return TestResult{}, err
	}
	p, in := form.profile(id)
	res, err := w.manager.TestDraft(w.ctx, p, in)
	if err != nil {
		if workspaces.SpecificHint(err) != "" {
			return TestResult{}, w.uiError(err)
		}
		return TestResult{}, err
	}
	return TestResult{UserName: res.User.UserName, DisplayName: res.User.DisplayName, UserID: res.User.ID,
		Host: res.Workspace.Host, WorkspaceID: res.Workspace.WorkspaceID, Cloud: string(res.Workspace.Cloud),
		LatencyMs: res.Latency.Milliseconds()}, nil
}

// SignIn runs the OAuth browser sign-in of an oauth-u2m workspace, then
// checks the connection with the new tokens.
func (w *Workspaces) SignIn(id string) (ConnectionView, error) {
	if err := w.ready(); err != nil {
		return ConnectionView{}, err
	}
	ctx, cancel := context.WithTimeout(w.ctx, signInTimeout)
	defer cancel()
	if err := w.manager.Login(ctx, id); err != nil {
		return ConnectionView{}, err
	}
	return w.Check(id)
}

// SignOut forgets the OAuth tokens of an oauth-u2m workspace.
func (w *Workspaces) SignOut(id string) error {
	if err := w.ready(); err != nil {
		return err
	}
	if err := w.manager.Logout(w.ctx, id); err != nil {
		return err
	}
	w.session.Forget(id)
	w.emit.Emit(EventWorkspacesChanged)
	return nil
}

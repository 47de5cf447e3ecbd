package workspaces

// View is a workspace as the switcher shows it. It never carries a
// credential.
type View struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Host       string `json:"host"`
	Cloud      string `json:"cloud"`
	AuthType   string `json:"authType"`
	Label      string `json:"label"`
	Color      string `json:"color"`
	Demo       bool   `json:"demo"`
	Production bool   `json:"production"`
	Active     bool   `json:"active"`
}

// ViewOf is profile p as the switcher shows it.
func ViewOf(p Profile, active bool) View {
	return View{ID: p.ID, Name: p.Name, Host: p.Host, Cloud: string(p.Cloud),
		AuthType: string(p.AuthType), Label: p.Label, Color: p.Color, Demo: p.IsDemo,
		Production: p.IsProduction, Active: active}
}

// Form is the add/edit dialog. Token and ClientSecret are write-only: they
// travel from the page to the keychain, never back; empty means "keep what
// is stored".
type Form struct {
	Name         string `json:"name"`
	Host         string `json:"host"`
	AuthType     string `json:"authType"`
	ClientID     string `json:"clientId"`
	AzureTenant  string `json:"azureTenant"`
	Label        string `json:"label"`
	Color        string `json:"color"`
	Production   bool   `json:"production"`
	WarehouseID  string `json:"warehouseId"`
	CAFile       string `json:"caFile"` // extra certificate authorities (PEM), for a TLS-inspecting proxy
	Token        string `json:"token"`
	ClientSecret string `json:"clientSecret"`
}

// Profile splits the form into the profile to save (under id; "" for a
// new one) and the secrets for the keychain.
func (f Form) Profile(id string) (Profile, SecretInput) {
	p := Profile{ID: id, Name: f.Name, Host: f.Host, AuthType: AuthType(f.AuthType),
		ClientID: f.ClientID, AzureTenant: f.AzureTenant, Label: f.Label, Color: f.Color,
		IsProduction: f.Production, WarehouseID: f.WarehouseID, CAFile: f.CAFile}
	return p, SecretInput{Token: f.Token, ClientSecret: f.ClientSecret}
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

// Detail fills the edit dialog.
type Detail struct {
	Workspace    View        `json:"workspace"`
	ClientID     string      `json:"clientId"`
	AzureTenant  string      `json:"azureTenant"`
	WarehouseID  string      `json:"warehouseId"`
	CAFile       string      `json:"caFile"`
	ImportedFrom string      `json:"importedFrom"`
	Secrets      SecretsView `json:"secrets"`
}

// DetailOf is profile p for the edit dialog, its secrets masked (st).
func DetailOf(p Profile, st SecretStatus, active bool) Detail {
	return Detail{
		Workspace: ViewOf(p, active), ClientID: p.ClientID, AzureTenant: p.AzureTenant,
		WarehouseID: p.WarehouseID, CAFile: p.CAFile, ImportedFrom: p.ImportedFrom,
		Secrets: SecretsView{Stored: st.Stored, TokenMasked: st.TokenMasked, ClientSecretMasked: st.ClientSecretMasked,
			SignedIn: st.LoggedIn, KeychainError: st.KeychainError, KeychainHint: st.KeychainHint},
	}
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

// TestResultOf is a connection test's outcome as the dialog shows it.
func TestResultOf(res ConnectionResult) TestResult {
	return TestResult{UserName: res.User.UserName, DisplayName: res.User.DisplayName, UserID: res.User.ID,
		Host: res.Workspace.Host, WorkspaceID: res.Workspace.WorkspaceID, Cloud: string(res.Workspace.Cloud),
		LatencyMs: res.Latency.Milliseconds()}
}

package clusters

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/export"
)

// Connection is how tools reach a cluster: the JDBC/ODBC settings and
// ready-to-copy snippets with this workspace's host, org id and cluster id
// filled in. It never holds a secret: where a tool needs one, the snippet
// has a placeholder or reads it from the environment, and Credential says
// which credential each tool will use.
type Connection struct {
	Hostname  string    `json:"hostname"` // server hostname, no scheme
	Port      int       `json:"port"`
	Protocol  string    `json:"protocol"`
	HTTPPath  string    `json:"httpPath"`
	OrgID     string    `json:"orgId"`
	ClusterID string    `json:"clusterId"`
	Snippets  []Snippet `json:"snippets"`
	// Credential says which credential the tools use and how to get one.
	Credential string `json:"credential"`
	// AccessNote says what the cluster's access mode allows (Spark Connect
	// and Databricks Connect need a Unity Catalog access mode).
	AccessNote string `json:"accessNote"`
	// ConnectOK is false when Databricks Connect cannot reach this cluster.
	ConnectOK bool `json:"connectOk"`
}

// Snippet is one tool's settings, as text to copy.
type Snippet struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Language string `json:"language"` // for display: text, python, yaml, ini
	Text     string `json:"text"`
	Note     string `json:"note,omitempty"`
}

// Connection builds the cluster's connection details; the org id comes from
// the workspace (the SDK reads it from the X-Databricks-Org-Id header).
func (s *Service) Connection(ctx context.Context, ws, id string) (Connection, error) {
	d, err := s.getRaw(ctx, ws, id)
	if err != nil {
		return Connection{}, err
	}
	w, _, err := s.clients.get(ctx, ws)
	if err != nil {
		return Connection{}, err
	}
	org, err := w.CurrentWorkspaceID(ctx)
	if err != nil {
		return Connection{}, fmt.Errorf("read the workspace's org id: %w", err)
	}
	return ConnectionOf(w.Config.Host, strconv.FormatInt(org, 10), w.Config.AuthType, d), nil
}

// ConnectionOf fills the connection details of cluster d on host.
func ConnectionOf(host, orgID, authType string, d *compute.ClusterDetails) Connection {
	hostname, port, scheme, base := HostPort(host)
	c := Connection{Hostname: hostname, Port: port, Protocol: strings.ToUpper(scheme), OrgID: orgID, ClusterID: d.ClusterId,
		HTTPPath: fmt.Sprintf("sql/protocolv1/o/%s/%s", orgID, d.ClusterId)}
	c.Credential = credentialNote(authType)
	c.AccessNote, c.ConnectOK = accessNote(d.DataSecurityMode)
	profile := export.Key(d.ClusterName, "cluster")
	c.Snippets = []Snippet{
		JDBCSnippet(hostname, port, scheme, c.HTTPPath),
		ODBCSnippet(hostname, port, scheme, c.HTTPPath),
		{ID: "python", Title: "Python (Databricks Connect)", Language: "python",
			Text: fmt.Sprintf("from databricks.connect import DatabricksSession\n\n# Credentials come from DATABRICKS_TOKEN or ~/.databrickscfg (unified auth).\nspark = DatabricksSession.builder.remote(\n    host=%q,\n    cluster_id=%q,\n).getOrCreate()",
				base, d.ClusterId),
			Note: "pip install \"databricks-connect==" + connectVersion(d.SparkVersion) + ".*\" (match the cluster's runtime)."},
		DBTSnippet(profile, hostname, c.HTTPPath),
		{ID: "cli", Title: "Databricks CLI / SDK profile (~/.databrickscfg)", Language: "ini",
			Text: fmt.Sprintf("[%s]\nhost = %s\ncluster_id = %s", profile, base, d.ClusterId),
			Note: fmt.Sprintf("Then sign in: databricks auth login --host %s --profile %s (or add token = … yourself).", base, profile)},
	}
	return c
}

// HostPort is where tools reach a workspace host: workspaces answer on
// HTTPS port 443; a host that names another port (a proxy, the demo) is
// shown as it is. base is the URL with the port when it is not 443.
func HostPort(host string) (hostname string, port int, scheme, base string) {
	hostname, port, scheme = host, 443, "https"
	if u, err := url.Parse(host); err == nil && u.Host != "" {
		hostname, scheme = u.Hostname(), u.Scheme
		if p, err := strconv.Atoi(u.Port()); err == nil {
			port = p
		}
	}
	base = scheme + "://" + hostname
	if port != 443 {
		base += ":" + strconv.Itoa(port)
	}
	return hostname, port, scheme, base
}

// JDBCSnippet is the Databricks JDBC URL of an HTTP path (a cluster's or a
// SQL warehouse's), with a placeholder for the token.
func JDBCSnippet(hostname string, port int, scheme, httpPath string) Snippet {
	return Snippet{ID: "jdbc", Title: "JDBC URL", Language: "text",
		Text: fmt.Sprintf("jdbc:databricks://%s:%d/default;transportMode=http;ssl=%d;httpPath=%s;AuthMech=3;UID=token;PWD=<personal-access-token>",
			hostname, port, boolInt(scheme == "https"), httpPath),
		Note: "Databricks JDBC driver. Replace <personal-access-token> with a token of yours, or use the driver's OAuth settings."}
}

// ODBCSnippet is the Databricks ODBC driver's settings for an HTTP path.
func ODBCSnippet(hostname string, port int, scheme, httpPath string) Snippet {
	return Snippet{ID: "odbc", Title: "ODBC", Language: "ini",
		Text: fmt.Sprintf("Host=%s\nPort=%d\nHTTPPath=%s\nSSL=%d\nThriftTransport=2\nAuthMech=3\nUID=token\nPWD=<personal-access-token>",
			hostname, port, httpPath, boolInt(scheme == "https")),
		Note: "Databricks ODBC driver (Simba Spark). Replace <personal-access-token>."}
}

// DBTSnippet is a dbt-databricks profile for an HTTP path; the token is
// read from the environment.
func DBTSnippet(profile, hostname, httpPath string) Snippet {
	return Snippet{ID: "dbt", Title: "dbt (profiles.yml)", Language: "yaml",
		Text: fmt.Sprintf("%s:\n  target: dev\n  outputs:\n    dev:\n      type: databricks\n      host: %s\n      http_path: %s\n      schema: default\n      token: \"{{ env_var('DATABRICKS_TOKEN') }}\"\n      threads: 4",
			profile, hostname, httpPath),
		Note: "dbt-databricks. The token is read from DATABRICKS_TOKEN when dbt runs."}
}

// CredentialNote says which credential tools use, from the SDK's resolved
// auth type of the workspace.
func CredentialNote(authType string) string { return credentialNote(authType) }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// connectVersion is the Databricks Connect release line of a runtime
// ("16.4.x-scala2.12" → "16.4"); "<runtime>" when it cannot tell.
func connectVersion(sparkVersion string) string {
	parts := strings.SplitN(sparkVersion, ".", 3)
	if len(parts) < 2 {
		return "<runtime>"
	}
	if _, err := strconv.Atoi(parts[0]); err != nil {
		return "<runtime>"
	}
	if _, err := strconv.Atoi(parts[1]); err != nil {
		return "<runtime>"
	}
	return parts[0] + "." + parts[1]
}

// credentialNote says which credential the tools use, from how Clusterdeck
// signs in to the workspace (the SDK's resolved auth type).
func credentialNote(authType string) string {
	switch authType {
	case "pat":
		return "This workspace uses a personal access token. Clusterdeck never shows it: give each tool a token of yours (DATABRICKS_TOKEN, or the placeholder)."
	case "databricks-cli", "external-browser", "oauth-u2m", "u2m":
		return "This workspace uses OAuth sign-in. Tools that support it (Databricks Connect, the CLI, dbt) sign in with `databricks auth login`; JDBC and ODBC use the drivers' OAuth settings or a token."
	case "oauth-m2m", "azure-client-secret":
		return "This workspace uses a service principal. Tools take its client id and secret from DATABRICKS_CLIENT_ID and DATABRICKS_CLIENT_SECRET; Clusterdeck never shows the secret."
	case "azure-cli":
		return "This workspace uses the Azure CLI sign-in. Tools that use Databricks unified auth pick it up (az login); JDBC and ODBC need a token or Entra ID settings."
	}
	return "Each tool needs a credential of yours (a personal access token or OAuth); Clusterdeck never shows one."
}

// accessNote says whether Spark Connect and Databricks Connect work with
// the access mode (they need Unity Catalog: dedicated or standard).
func accessNote(mode compute.DataSecurityMode) (string, bool) {
	switch mode {
	case compute.DataSecurityModeSingleUser, compute.DataSecurityModeUserIsolation,
		compute.DataSecurityModeDataSecurityModeDedicated, compute.DataSecurityModeDataSecurityModeStandard,
		compute.DataSecurityModeDataSecurityModeAuto:
		return fmt.Sprintf("Access mode %s: Unity Catalog, so Databricks Connect and Spark Connect work (runtime 13.3 LTS or later). JDBC and ODBC work too.", AccessModeLabel(mode)), true
	case "":
		return "Access mode not reported: Databricks Connect and Spark Connect need a Unity Catalog access mode (dedicated or standard). JDBC and ODBC work.", false
	}
	return fmt.Sprintf("Access mode %s: no Unity Catalog, so Databricks Connect and Spark Connect will not connect; edit the compute to a dedicated or standard access mode for them. JDBC and ODBC work.", AccessModeLabel(mode)), false
}

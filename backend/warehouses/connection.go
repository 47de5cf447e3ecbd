package warehouses

import (
	"context"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/export"
)

// Connection is how tools reach a SQL warehouse: its server hostname and
// HTTP path, and ready-to-copy JDBC, ODBC, Python (databricks-sql-connector)
// and dbt settings. It never holds a secret: the snippets have a
// placeholder for the token or read it from the environment. The JDBC,
// ODBC and dbt snippets are the clusters' (backend/clusters), with the
// warehouse's HTTP path.
type Connection struct {
	WarehouseID string             `json:"warehouseId"`
	Hostname    string             `json:"hostname"` // server hostname, no scheme
	Port        int                `json:"port"`
	Protocol    string             `json:"protocol"`
	HTTPPath    string             `json:"httpPath"` // /sql/1.0/warehouses/<id>
	JDBCURL     string             `json:"jdbcUrl"`
	Snippets    []clusters.Snippet `json:"snippets"`
	// Credential says which credential the tools use and how to get one.
	Credential string `json:"credential"`
	// Running: the warehouse answers now (a stopped one starts on the
	// first query, which takes a moment and bills).
	Running bool `json:"running"`
}

// Connection builds the warehouse's connection details. A warehouse that
// is gone is ErrNotFound.
func (s *Service) Connection(ctx context.Context, ws, warehouseID string) (Connection, error) {
	info, err := s.Get(ctx, ws, warehouseID)
	if err != nil {
		return Connection{}, err
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return Connection{}, err
	}
	return ConnectionOf(w.Config.Host, w.Config.AuthType, info), nil
}

// ConnectionOf fills the connection details of warehouse e on host.
func ConnectionOf(host, authType string, e sql.EndpointInfo) Connection {
	hostname, port, scheme, _ := clusters.HostPort(host)
	path := "/sql/1.0/warehouses/" + e.Id
	if e.OdbcParams != nil && e.OdbcParams.Path != "" {
		path = e.OdbcParams.Path
	}
	c := Connection{WarehouseID: e.Id, Hostname: hostname, Port: port, Protocol: "HTTPS", HTTPPath: path,
		Credential: clusters.CredentialNote(authType), Running: e.State == sql.StateRunning}
	if scheme != "https" {
		c.Protocol = "HTTP"
	}
	profile := export.Key(e.Name, "warehouse")
	jdbc := clusters.JDBCSnippet(hostname, port, scheme, path)
	c.JDBCURL = jdbc.Text
	c.Snippets = []clusters.Snippet{
		jdbc,
		clusters.ODBCSnippet(hostname, port, scheme, path),
		{ID: "python", Title: "Python (databricks-sql-connector)", Language: "python",
			Text: fmt.Sprintf("import os\nfrom databricks import sql\n\nwith sql.connect(\n    server_hostname=%q,\n    http_path=%q,\n    access_token=os.environ.get(\"DATABRICKS_TOKEN\", \"<personal access token>\"),\n) as conn, conn.cursor() as cursor:\n    cursor.execute(\"SELECT 1\")\n    print(cursor.fetchall())",
				hostPort(hostname, port), path),
			Note: "pip install databricks-sql-connector. The token is read from DATABRICKS_TOKEN; never paste one into code you share."},
		clusters.DBTSnippet(profile, hostname, path),
	}
	return c
}

// hostPort is the hostname with its port when it is not 443.
func hostPort(hostname string, port int) string {
	if port == 443 {
		return hostname
	}
	return fmt.Sprintf("%s:%d", hostname, port)
}

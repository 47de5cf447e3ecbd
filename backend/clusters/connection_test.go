package clusters

import (
	"regexp"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

func TestConnectionOfFillsHostOrgAndCluster(t *testing.T) {
	d := &compute.ClusterDetails{ClusterId: "0923-164208-meows279", ClusterName: "BI serving",
		SparkVersion: "16.4.x-scala2.12", DataSecurityMode: compute.DataSecurityModeUserIsolation}
	c := ConnectionOf("https://adb-1234.5.azuredatabricks.net/", "1234", "pat", d)
	assert.Equal(t, "adb-1234.5.azuredatabricks.net", c.Hostname)
	assert.Equal(t, "sql/protocolv1/o/1234/0923-164208-meows279", c.HTTPPath)
	assert.True(t, c.ConnectOK)
	byID := map[string]Snippet{}
	for _, s := range c.Snippets {
		byID[s.ID] = s
	}
	require.Len(t, byID, 5)
	assert.Equal(t, "jdbc:databricks://adb-1234.5.azuredatabricks.net:443/default;transportMode=http;ssl=1;"+
		"httpPath=sql/protocolv1/o/1234/0923-164208-meows279;AuthMech=3;UID=token;PWD=<personal-access-token>", byID["jdbc"].Text)
	assert.Contains(t, byID["odbc"].Text, "HTTPPath=sql/protocolv1/o/1234/0923-164208-meows279")
	assert.Contains(t, byID["python"].Text, `host="https://adb-1234.5.azuredatabricks.net"`)
	assert.Contains(t, byID["python"].Text, `cluster_id="0923-164208-meows279"`)
	assert.Contains(t, byID["python"].Note, `databricks-connect==16.4.*`)
	assert.Contains(t, byID["dbt"].Text, "bi_serving:\n")
	assert.Contains(t, byID["dbt"].Text, "http_path: sql/protocolv1/o/1234/0923-164208-meows279")
	assert.Contains(t, byID["cli"].Text, "[bi_serving]\nhost = https://adb-1234.5.azuredatabricks.net\ncluster_id = 0923-164208-meows279")
	assert.Contains(t, c.Credential, "personal access token")

	// A host on another port (a proxy, the demo) is shown as it is.
	local := ConnectionOf("http://127.0.0.1:8123", "7", "pat", d)
	assert.Equal(t, 8123, local.Port)
	assert.Equal(t, "HTTP", local.Protocol)
	assert.Contains(t, local.Snippets[0].Text, "jdbc:databricks://127.0.0.1:8123/default;transportMode=http;ssl=0;")
	assert.Contains(t, local.Snippets[2].Text, `host="http://127.0.0.1:8123"`)
}

func TestConnectionAccessModes(t *testing.T) {
	cases := []struct {
		mode compute.DataSecurityMode
		ok   bool
	}{
		{compute.DataSecurityModeSingleUser, true},
		{compute.DataSecurityModeUserIsolation, true},
		{compute.DataSecurityModeDataSecurityModeDedicated, true},
		{compute.DataSecurityModeNone, false},
		{compute.DataSecurityModeLegacyPassthrough, false},
		{"", false},
	}
	for _, c := range cases {
		t.Run(string(c.mode), func(t *testing.T) {
			note, ok := accessNote(c.mode)
			assert.Equal(t, c.ok, ok)
			assert.Contains(t, note, "JDBC and ODBC work")
		})
	}
	assert.Equal(t, "<runtime>", connectVersion("custom-image"))
	assert.Equal(t, "15.4", connectVersion("15.4.x-gpu-ml-scala2.12"))
}

// Through the SDK against the demo: the org id is the workspace's, and no
// snippet holds the token the app signs in with.
func TestConnectionFromTheWorkspace(t *testing.T) {
	s, _, srv, src := newService(t, demo.Options{})
	id := clusterID(t, src, "shared-analytics")
	c, err := s.Connection(testCtx(t), "demo", id)
	require.NoError(t, err)
	assert.Regexp(t, regexp.MustCompile(`^\d+$`), c.OrgID)
	assert.Equal(t, "sql/protocolv1/o/"+c.OrgID+"/"+id, c.HTTPPath)
	for _, sn := range c.Snippets {
		assert.False(t, strings.Contains(sn.Text, srv.Token()), "%s holds the token", sn.ID)
	}
	_, err = s.Connection(testCtx(t), "demo", "0101-000000-nothere1")
	assert.ErrorIs(t, err, ErrNotFound)
}

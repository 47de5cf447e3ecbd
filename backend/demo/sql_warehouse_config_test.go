package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The workspace's SQL warehouse configuration reads as a new workspace's
// until an admin sets it; the set replaces it whole, and only admins may.
func TestWarehouseWorkspaceConfig(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	limited, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)

	got, err := w.Warehouses.GetWorkspaceWarehouseConfig(ctx)
	require.NoError(t, err)
	assert.Equal(t, sql.GetWorkspaceWarehouseConfigResponseSecurityPolicyDataAccessControl, got.SecurityPolicy)
	assert.True(t, got.EnableServerlessCompute)
	require.NotNil(t, got.Channel)
	assert.Equal(t, sql.ChannelNameChannelNameCurrent, got.Channel.Name)
	enabled := map[sql.WarehouseTypePairWarehouseType]bool{}
	for _, p := range got.EnabledWarehouseTypes {
		enabled[p.WarehouseType] = p.Enabled
	}
	assert.Equal(t, map[sql.WarehouseTypePairWarehouseType]bool{sql.WarehouseTypePairWarehouseTypeClassic: true,
		sql.WarehouseTypePairWarehouseTypePro: true}, enabled)

	cases := []struct {
		name    string
		token   string
		req     sql.SetWorkspaceWarehouseConfigRequest
		wantErr error
	}{
		{name: "a user who is not an admin", token: limited, req: sql.SetWorkspaceWarehouseConfigRequest{
			SecurityPolicy: sql.SetWorkspaceWarehouseConfigRequestSecurityPolicyNone}, wantErr: apierr.ErrPermissionDenied},
		{name: "an admin", req: sql.SetWorkspaceWarehouseConfigRequest{
			SecurityPolicy: sql.SetWorkspaceWarehouseConfigRequestSecurityPolicyNone,
			Channel:        &sql.Channel{Name: sql.ChannelNameChannelNamePreview},
			SqlConfigurationParameters: &sql.RepeatedEndpointConfPairs{ConfigurationPairs: []sql.EndpointConfPair{
				{Key: "ANSI_MODE", Value: "false"}}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := w
			if tc.token != "" {
				c = client(t, srv, tc.token)
			}
			before, err := w.Warehouses.GetWorkspaceWarehouseConfig(ctx)
			require.NoError(t, err)
			err = c.Warehouses.SetWorkspaceWarehouseConfig(ctx, tc.req)
			after, gerr := w.Warehouses.GetWorkspaceWarehouseConfig(ctx)
			require.NoError(t, gerr)
			if tc.wantErr != nil {
				assert.ErrorIs(t, err, tc.wantErr)
				assert.Equal(t, before, after, "a refused set changes nothing")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, string(tc.req.SecurityPolicy), string(after.SecurityPolicy))
			require.NotNil(t, after.Channel)
			assert.Equal(t, tc.req.Channel.Name, after.Channel.Name)
			require.NotNil(t, after.SqlConfigurationParameters)
			require.Len(t, after.SqlConfigurationParameters.ConfigurationPairs, 1)
			pair := after.SqlConfigurationParameters.ConfigurationPairs[0]
			assert.Equal(t, [2]string{"ANSI_MODE", "false"}, [2]string{pair.Key, pair.Value})
			assert.Empty(t, after.EnabledWarehouseTypes, "the set replaced the whole configuration")
			assert.True(t, after.EnableServerlessCompute, "only true is allowed")
		})
	}
}

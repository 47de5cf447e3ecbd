package demo

// The workspace's SQL warehouse configuration (GET and PUT
// /api/2.0/sql/config/warehouses): the settings all its warehouses share.

import (
	"encoding/json"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// warehouseConfig is the configuration an admin set; until then the
// workspace answers defaultWarehouseConfig.
type warehouseConfig struct {
	set *sql.GetWorkspaceWarehouseConfigResponse
}

// defaultWarehouseConfig is a new Azure workspace's: table access control,
// serverless on, classic and pro warehouses allowed, the current channel,
// and no hive metastore or cloud credentials configured.
func defaultWarehouseConfig() sql.GetWorkspaceWarehouseConfigResponse {
	return sql.GetWorkspaceWarehouseConfigResponse{
		SecurityPolicy:          sql.GetWorkspaceWarehouseConfigResponseSecurityPolicyDataAccessControl,
		EnableServerlessCompute: true,
		Channel:                 &sql.Channel{Name: sql.ChannelNameChannelNameCurrent},
		EnabledWarehouseTypes: []sql.WarehouseTypePair{
			{WarehouseType: sql.WarehouseTypePairWarehouseTypeClassic, Enabled: true},
			{WarehouseType: sql.WarehouseTypePairWarehouseTypePro, Enabled: true},
		},
		SqlConfigurationParameters: &sql.RepeatedEndpointConfPairs{ConfigurationPairs: []sql.EndpointConfPair{}},
	}
}

func warehouseConfigRoutes() map[string]handler {
	return map[string]handler{
		"GET /api/2.0/sql/config/warehouses": (*workspace).warehouseConfigGet,
		"PUT /api/2.0/sql/config/warehouses": (*workspace).warehouseConfigSet,
	}
}

func (ws *workspace) warehouseConfigGet(c *call) (any, error) {
	if ws.whConfig.set != nil {
		return *ws.whConfig.set, nil
	}
	return defaultWarehouseConfig(), nil
}

// warehouseConfigSet replaces the configuration (the SDK documents the call
// as idempotent); only admins may.
func (ws *workspace) warehouseConfigSet(c *call) (any, error) {
	var req sql.SetWorkspaceWarehouseConfigRequest
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	if !c.user.isAdmin() {
		return nil, errPermission("Only workspace admins can change the SQL warehouse configuration.")
	}
	// The request and the answer are the same fields under two names.
	raw, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	var cfg sql.GetWorkspaceWarehouseConfigResponse
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return nil, err
	}
	cfg.EnableServerlessCompute = true // "only setting this to true is allowed"
	ws.whConfig.set = &cfg
	return nil, nil
}

package demo

import (
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// seedScaleWarehouses adds Options.ExtraWarehouses generated SQL warehouses
// for load tests, after the seeded ones: serverless, pro and classic, every
// fourth one running, some multi-cluster, some on the preview channel. Each
// one's name, id and settings follow from its number alone (not the seed),
// so every run lists the same warehouses. They have no query history: the
// history at scale is Options.ExtraQueries on the team warehouses.
func seedScaleWarehouses(ws *workspace, now time.Time) {
	creators := []string{adminUserName, "priya.sharma@example.com", "marco.rossi@example.com"}
	kinds := []struct {
		typ        sql.EndpointInfoWarehouseType
		serverless bool
		word       string
	}{
		{sql.EndpointInfoWarehouseTypePro, true, "serverless"},
		{sql.EndpointInfoWarehouseTypePro, true, "serverless"},
		{sql.EndpointInfoWarehouseTypePro, false, "pro"},
		{sql.EndpointInfoWarehouseTypePro, false, "pro"},
		{sql.EndpointInfoWarehouseTypeClassic, false, "classic"},
	}
	for i := 0; i < ws.opts.ExtraWarehouses; i++ {
		team, k := scaleTeams[i%len(scaleTeams)], kinds[i%len(kinds)]
		info := sql.EndpointInfo{
			Id: fmt.Sprintf("5ca1e%011x", i), Name: fmt.Sprintf("%s %s %03d", team, k.word, i),
			ClusterSize: warehouseSizes[i%6], CreatorName: creators[i%len(creators)], WarehouseType: k.typ,
			EnableServerlessCompute: k.serverless, EnablePhoton: true, State: sql.StateStopped,
			// 0 (never) for one in seven; the service's minimum is 5 for serverless, 10 otherwise.
			AutoStopMins:   []int{0, 10, 20, 30, 45, 60, 120}[i%7],
			MinNumClusters: 1, MaxNumClusters: 1, SpotInstancePolicy: sql.SpotInstancePolicyCostOptimized,
			Channel: &sql.Channel{Name: sql.ChannelNameChannelNameCurrent},
			Tags:    &sql.EndpointTags{CustomTags: []sql.EndpointTagPair{{Key: "team", Value: team}}},
		}
		if i%6 == 5 {
			info.MaxNumClusters = 3
		}
		if i%11 == 0 {
			info.Channel.Name = sql.ChannelNameChannelNamePreview
		}
		wh := ws.addWarehouse(info)
		ws.acls[aclKey(kindWarehouse, info.Id)].entries = []aclEntry{{GroupName: "users", PermissionLevel: "CAN_USE"}}
		if i%4 == 0 {
			wh.info.State = sql.StateRunning
			wh.info.NumClusters = 1
			ws.armAutoStop(wh, now)
		}
	}
}

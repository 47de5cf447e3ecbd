package policyeval

// DefaultRateLabel marks every figure computed from the built-in table.
const DefaultRateLabel = "Estimate: approximate list DBU rates per node type; your cloud, region, " +
	"contract and workload type can differ. Edit the DBU rate table to match your invoice."

// DefaultPhotonMultiplier is the built-in Photon rate factor; a user's
// table overrides it (1 switches it off).
const DefaultPhotonMultiplier = 2

// DefaultRateTable is a starting point for common node families on Azure,
// AWS and GCP. The figures are approximations of the published DBU counts,
// never a quote: the table is data the user overrides.
func DefaultRateTable() RateTable {
	return RateTable{
		Label: DefaultRateLabel,
		// Photon compute bills at about twice the DBUs of the same nodes,
		// as the service counts it for dbus_per_hour rules.
		PhotonMultiplier: DefaultPhotonMultiplier,
		Rates: map[string]float64{
			// Azure
			"Standard_DS3_v2": 0.75, "Standard_DS4_v2": 1.5, "Standard_DS5_v2": 3,
			"Standard_D4s_v3": 0.75, "Standard_D8s_v3": 1.5, "Standard_D16s_v3": 3,
			"Standard_D4ds_v5": 0.75, "Standard_D8ds_v5": 1.5, "Standard_D16ds_v5": 3, "Standard_D32ds_v5": 6,
			"Standard_E4ds_v4": 1, "Standard_E8ds_v4": 2, "Standard_E16ds_v4": 4, "Standard_E32ds_v4": 8,
			"Standard_F4s": 0.5, "Standard_F8s": 1, "Standard_F16s": 2,
			"Standard_L8s_v2": 2, "Standard_L16s_v2": 4,
			"Standard_NC4as_T4_v3": 1, "Standard_NC8as_T4_v3": 2, "Standard_NC6s_v3": 3, "Standard_NC12s_v3": 6,
			// AWS
			"m5d.large": 0.34, "m5d.xlarge": 0.69, "m5d.2xlarge": 1.37, "m5d.4xlarge": 2.74,
			"m5.xlarge": 0.69, "m5.2xlarge": 1.37, "m5.4xlarge": 2.74,
			"i3.xlarge": 1, "i3.2xlarge": 2, "i3.4xlarge": 4,
			"r5d.xlarge": 0.9, "r5d.2xlarge": 1.8, "c5d.xlarge": 0.61, "c5d.2xlarge": 1.22,
			"g4dn.xlarge": 0.71, "g5.xlarge": 1.1,
			// GCP
			"n2-standard-4": 0.87, "n2-standard-8": 1.74, "n2-standard-16": 3.48,
			"n2-highmem-4": 1.1, "n2-highmem-8": 2.2, "n1-standard-4": 0.87, "e2-standard-4": 0.87,
		},
		WarehouseSizes: DefaultWarehouseSizes(),
		Families: []FamilyRate{
			{Cloud: "azure", Prefix: "Standard_DS", DBUPerCore: 0.1875},
			{Cloud: "azure", Prefix: "Standard_D", DBUPerCore: 0.1875},
			{Cloud: "azure", Prefix: "Standard_E", DBUPerCore: 0.25},
			{Cloud: "azure", Prefix: "Standard_F", DBUPerCore: 0.125},
			{Cloud: "azure", Prefix: "Standard_L", DBUPerCore: 0.25},
			{Cloud: "azure", Prefix: "Standard_NC", DBUPerCore: 0.5},
			{Cloud: "aws", Prefix: "m5", DBUPerCore: 0.1725},
			{Cloud: "aws", Prefix: "m6", DBUPerCore: 0.1725},
			{Cloud: "aws", Prefix: "m7", DBUPerCore: 0.1725},
			{Cloud: "aws", Prefix: "i3", DBUPerCore: 0.25},
			{Cloud: "aws", Prefix: "i4", DBUPerCore: 0.25},
			{Cloud: "aws", Prefix: "r5", DBUPerCore: 0.225},
			{Cloud: "aws", Prefix: "r6", DBUPerCore: 0.225},
			{Cloud: "aws", Prefix: "c5", DBUPerCore: 0.1525},
			{Cloud: "aws", Prefix: "c6", DBUPerCore: 0.1525},
			{Cloud: "aws", Prefix: "g4dn", DBUPerCore: 0.18},
			{Cloud: "aws", Prefix: "g5", DBUPerCore: 0.28},
			{Cloud: "gcp", Prefix: "n2-standard", DBUPerCore: 0.2175},
			{Cloud: "gcp", Prefix: "n2d-standard", DBUPerCore: 0.2175},
			{Cloud: "gcp", Prefix: "n2-highmem", DBUPerCore: 0.275},
			{Cloud: "gcp", Prefix: "n1-standard", DBUPerCore: 0.2175},
			{Cloud: "gcp", Prefix: "e2-standard", DBUPerCore: 0.2175},
		},
	}
}

// DefaultWarehouseSizes are the DBUs per hour of one cluster of a SQL
// warehouse by size. Databricks' "SQL warehouse sizing, scaling, and
// queuing behavior" page (docs.databricks.com/aws/en/compute/sql-warehouse/warehouse-behavior;
// learn.microsoft.com/azure/databricks/compute/sql-warehouse/warehouse-behavior)
// gives each size's driver and workers, e.g. on Azure 2X-Small = a
// Standard_E8ds_v4 driver + 1 × Standard_E8ds_v4, X-Large = Standard_E64ds_v4
// + 32 × Standard_E8ds_v4; at the published 2 DBU/h per E8ds_v4 (16 per
// E64ds_v4, as in the node rates above) that is 4 DBU/h for a 2X-Small, the
// figure the Databricks pricing calculator and community answers quote
// (community.databricks.com/t5/warehousing-analytics/databricks-warehouse-cost-calculation/m-p/71385),
// up to 528 for a 4X-Large. Serverless sizes bill the same DBU counts at the
// serverless SQL price. Some third-party guides print other counts (1, 2,
// 4, …): the table is data the user overrides like the node rates.
func DefaultWarehouseSizes() map[string]float64 {
	return map[string]float64{
		"2X-Small": 4, "X-Small": 6, "Small": 12, "Medium": 24, "Large": 40,
		"X-Large": 80, "2X-Large": 144, "3X-Large": 272, "4X-Large": 528,
	}
}

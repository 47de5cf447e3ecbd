package clusters

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

// items is a section's lines as "label = value (field)".
func items(sections []Section, title string) []string {
	var out []string
	for _, s := range sections {
		if s.Title == title {
			for _, it := range s.Items {
				out = append(out, it.Label+" = "+it.Value+" ("+it.Field+")")
			}
		}
	}
	return out
}

func TestSummarizeObjectFields(t *testing.T) {
	tests := []struct {
		name    string
		details compute.ClusterDetails
		section string
		want    []string
	}{
		{
			name: "cloud attributes, a line each",
			details: compute.ClusterDetails{AzureAttributes: &compute.AzureAttributes{
				Availability: compute.AzureAvailabilityOnDemandAzure, FirstOnDemand: 1, SpotBidMaxPrice: -1}},
			section: "Cloud",
			want: []string{
				"Azure availability = ON_DEMAND_AZURE (azure_attributes.availability)",
				"Azure first on demand = 1 (azure_attributes.first_on_demand)",
				"Azure spot bid max price = -1 (azure_attributes.spot_bid_max_price)",
			},
		},
		{
			name: "a credential is said to be set, never shown",
			details: compute.ClusterDetails{AzureAttributes: &compute.AzureAttributes{
				LogAnalyticsInfo: &compute.LogAnalyticsInfo{LogAnalyticsWorkspaceId: "ws-1", LogAnalyticsPrimaryKey: "k3y"}}},
			section: "Cloud",
			want: []string{
				"Azure log analytics info log analytics primary key = Set (not shown) (azure_attributes.log_analytics_info.log_analytics_primary_key)",
				"Azure log analytics info log analytics workspace id = ws-1 (azure_attributes.log_analytics_info.log_analytics_workspace_id)",
			},
		},
		{
			name: "nested objects flatten; a container password is never shown",
			details: compute.ClusterDetails{DockerImage: &compute.DockerImage{Url: "img:1",
				BasicAuth: &compute.DockerBasicAuth{Username: "u", Password: "p4ss"}}},
			section: "Advanced",
			want: []string{
				"Container image basic auth password = Set (not shown) (docker_image.basic_auth.password)",
				"Container image basic auth username = u (docker_image.basic_auth.username)",
				"Container image url = img:1 (docker_image.url)",
			},
		},
		{
			name:    "autoscale stays one line",
			details: compute.ClusterDetails{Autoscale: &compute.AutoScale{MinWorkers: 2, MaxWorkers: 8}},
			section: "Nodes",
			want:    []string{"Autoscaling = 2 to 8 workers (autoscale)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := items(Summarize(&tt.details), tt.section)
			assert.Equal(t, tt.want, got)
			for _, line := range got {
				assert.NotContains(t, line, "k3y")
				assert.NotContains(t, line, "p4ss")
			}
		})
	}
}

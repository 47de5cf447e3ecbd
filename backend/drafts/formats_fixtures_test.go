package drafts

import (
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// roundTripCases are varied specs every format must carry unchanged.
func roundTripCases() map[string]Draft {
	return map[string]Draft{
		"autoscale azure": {Name: "ETL nightly", Spec: compute.ClusterSpec{
			ClusterName: "etl-nightly", SparkVersion: "15.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2",
			Autoscale: &compute.AutoScale{MinWorkers: 2, MaxWorkers: 8}, AutoterminationMinutes: 30,
			AzureAttributes: &compute.AzureAttributes{Availability: compute.AzureAvailabilitySpotWithFallbackAzure,
				FirstOnDemand: 1, SpotBidMaxPrice: -1},
			SparkConf:        map[string]string{"spark.sql.shuffle.partitions": "200", "spark.databricks.delta.preview.enabled": "true"},
			DataSecurityMode: compute.DataSecurityModeUserIsolation, RuntimeEngine: compute.RuntimeEnginePhoton,
		}},
		"single node": {Name: "Single node", Spec: compute.ClusterSpec{
			ClusterName: "solo", SparkVersion: "15.4.x-cpu-ml-scala2.12", NodeTypeId: "Standard_DS4_v2",
			NumWorkers: 0, IsSingleNode: true, Kind: compute.KindClassicPreview,
			SparkConf:        map[string]string{"spark.master": "local[*, 4]", "spark.databricks.cluster.profile": "singleNode"},
			CustomTags:       map[string]string{"ResourceClass": "SingleNode"},
			DataSecurityMode: compute.DataSecurityModeSingleUser, SingleUserName: "ana@example.com",
		}},
		"pools": {Name: "From pool", Spec: compute.ClusterSpec{
			ClusterName: "pooled", SparkVersion: "14.3.x-scala2.12", InstancePoolId: "0301-pool-abc",
			DriverInstancePoolId: "0301-pool-drv", NumWorkers: 3, PolicyId: "E0631F5C0D0003E6",
		}, PolicyID: "E0631F5C0D0003E6"},
		"odd tags and env": {Name: "Tags: odd / \"quoted\" ${x}", Spec: compute.ClusterSpec{
			ClusterName: "tags ${var.x} %{y}", SparkVersion: "15.4.x-scala2.12", NodeTypeId: "i3.xlarge", NumWorkers: 1,
			CustomTags:    map[string]string{"cost-center": "42", "team name": "BI & Data", "quote\"d": "a\\b\n", "ünï": "${var.x}", "true": "true"},
			SparkEnvVars:  map[string]string{"PYSPARK_PYTHON": "/databricks/python3/bin/python3", "EMPTY": ""},
			SshPublicKeys: []string{"ssh-ed25519 AAAA key@host"},
		}},
		"aws init scripts logs docker": {Name: "AWS full", Spec: compute.ClusterSpec{
			ClusterName: "aws", SparkVersion: "15.4.x-scala2.12", NodeTypeId: "i3.xlarge", DriverNodeTypeId: "i3.2xlarge",
			NumWorkers: 5, EnableElasticDisk: true,
			AwsAttributes: &compute.AwsAttributes{Availability: compute.AwsAvailabilitySpotWithFallback, ZoneId: "auto",
				FirstOnDemand: 1, SpotBidPricePercent: 100, EbsVolumeType: compute.EbsVolumeTypeGeneralPurposeSsd,
				EbsVolumeCount: 1, EbsVolumeSize: 100, InstanceProfileArn: "arn:aws:iam::123:instance-profile/x"},
			InitScripts: []compute.InitScriptInfo{
				{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/main/ops/scripts/setup.sh"}},
				{Workspace: &compute.WorkspaceStorageInfo{Destination: "/Users/a@b.c/init.sh"}},
				{S3: &compute.S3StorageInfo{Destination: "s3://bucket/init.sh", Region: "us-west-2"}},
			},
			ClusterLogConf: &compute.ClusterLogConf{Dbfs: &compute.DbfsStorageInfo{Destination: "dbfs:/cluster-logs"}},
			DockerImage:    &compute.DockerImage{Url: "example.com/img:1", BasicAuth: &compute.DockerBasicAuth{Username: "u", Password: "{{secrets/s/p}}"}},
		}, Libraries: []compute.Library{
			{Pypi: &compute.PythonPyPiLibrary{Package: "pandas==2.2.2", Repo: "https://pypi.example.com/simple"}},
			{Maven: &compute.MavenLibrary{Coordinates: "com.example:lib:1.0", Exclusions: []string{"org.slf4j:slf4j-api"}}},
			{Whl: "/Volumes/main/libs/pkg-1.0-py3-none-any.whl"},
		}},
		"gcp": {Name: "GCP", Spec: compute.ClusterSpec{
			ClusterName: "gcp", SparkVersion: "15.4.x-scala2.12", NodeTypeId: "n2-highmem-4", NumWorkers: 2,
			GcpAttributes: &compute.GcpAttributes{Availability: compute.GcpAvailabilityPreemptibleWithFallbackGcp,
				GoogleServiceAccount: "sa@proj.iam.gserviceaccount.com", LocalSsdCount: 1, ZoneId: "HA"},
			InitScripts:  []compute.InitScriptInfo{{Gcs: &compute.GcsStorageInfo{Destination: "gs://b/init.sh"}}},
			WorkloadType: &compute.WorkloadType{Clients: compute.ClientsTypes{Jobs: true, Notebooks: false, ForceSendFields: []string{"Notebooks"}}},
		}},
	}
}

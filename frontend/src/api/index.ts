export { ApiError, invoke, toApiError, type UIErrorShape } from './errors'
export { shellApi, type AppInfo } from './shell'
export { EventName, onEvent, scoped, type ScopedEvent } from './events'
export {
  ConnectionState,
  authTypeLabel,
  authTypeLabels,
  authTypes,
  emptyForm,
  workspacesApi,
  cloudLabel,
  type AuthType,
  type CatalogView,
  type CfgFile,
  type CfgProfile,
  type ConnectionView,
  type ImportResult,
  type KeychainView,
  type SecretsView,
  type TestResult,
  type WorkspaceDetail,
  type WorkspaceForm,
  type WorkspaceView,
} from './workspaces'
export {
  clustersApi,
  expandDelta,
  type ActionTable,
  type Availability,
  type ClusterAction,
  type ClusterConnection,
  type ClusterDetail,
  type ClusterDetailEvent,
  type ClusterNotice,
  type NoticeLink,
  type ClusterRow,
  type ClustersDelta,
  type ClustersStatus,
  type ClusterView,
  type ConnectionSnippet,
  type EventPage,
  type EventRow,
  type Explanation,
  type Size,
} from './clusters'
export { copyText } from './clipboard'
export * from './drafts'
export {
  editorApi,
  type CreateView,
  type EditPlan,
  type EditResult,
  type EditTarget,
  type EditorCatalog,
  type Evaluation,
  type FieldConstraint,
  type Problem,
  type ServerVerdict,
} from './editor'
export { operationsApi, type ProgressEvent } from './operations'
export {
  permissionsApi,
  type PermissionEntry,
  type PermissionGrant,
  type PermissionLevel,
  type PermissionObjectType,
  type PermissionsView,
  type Principal,
} from './permissions'
export {
  librariesApi,
  type LibrariesView,
  type LibraryElsewhere,
  type LibraryEntry,
  type LibraryForm,
  type LibraryKind,
  type LibraryOutcome,
  type LibraryProblem,
} from './libraries'
export {
  runsApi,
  type RunForm,
  type RunOutput,
  type RunProblem,
  type RunRow,
  type RunSubmitted,
  type RunTaskKind,
} from './runs'
export { logsApi, type LogFile, type LogLine, type LogRange, type LogsSaved, type LogsView, type LogWindow } from './logs'
export {
  metricsApi,
  noPrices,
  type MetricsCapacity,
  type MetricsCost,
  type MetricsPrices,
  type MetricsRange,
  type MetricsSeries,
  type MetricsSpan,
  type MetricsSpend,
  type MetricsSpendCluster,
  type MetricsSpendWarehouse,
  type MetricsUtilisation,
  type MetricsWarehouse,
  type MetricsWarehouses,
  type MetricsWorkers,
} from './metrics'
export { notificationsApi, type NotificationChannels, type NotificationChoice } from './notifications'
export { fleetApi, type FleetPage, type FleetRow, type FleetSaved, type FleetTotal, type FleetWorkspace } from './fleet'
export { finderApi, type FinderEntry, type FinderKind } from './finder'

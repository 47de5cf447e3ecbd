export { ApiError, invoke, toApiError, type UIErrorShape } from './errors'
export { shellApi, type AppInfo } from './shell'
export { EventName, onEvent, scoped } from './events'
export {
  ConnectionState,
  authTypeLabel,
  authTypeLabels,
  authTypes,
  emptyForm,
  workspacesApi,
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

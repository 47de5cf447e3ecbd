export { ApiError, invoke, toApiError, type UIErrorShape } from './errors'
export { shellApi, type AppInfo } from './shell'
export { EventName, onEvent, scoped } from './events'
export {
  ConnectionState,
  workspacesApi,
  type ConnectionView,
  type WorkspaceView,
} from './workspaces'
export * from './drafts'

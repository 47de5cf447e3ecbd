export { ApiError, invoke, toApiError, type UIErrorShape } from './errors'
export { shellApi, type AppInfo } from './shell'
export { EventName, onEvent, scoped } from './events'
export {
  ConnectionState,
  workspacesApi,
  type ConnectionView,
  type WorkspaceView,
} from './workspaces'
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

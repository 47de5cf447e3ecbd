import { Check, List, Select, Status } from '../../wailsjs/go/app/Workspaces'
import { app } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type WorkspaceView = app.WorkspaceView
export type ConnectionView = app.ConnectionView
export const ConnectionState = app.ConnectionState
export type ConnectionState = app.ConnectionState

export const workspacesApi = {
  list: (): Promise<WorkspaceView[]> => invoke(() => List()),
  select: (id: string): Promise<WorkspaceView> => invoke(() => Select(id)),
  /** Last known state; no network traffic. */
  status: (id: string): Promise<ConnectionView> => invoke(() => Status(id)),
  /** Contacts the workspace to see who we are. */
  check: (id: string): Promise<ConnectionView> => invoke(() => Check(id)),
}

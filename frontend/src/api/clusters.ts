import * as C from '../../wailsjs/go/app/Clusters'
import type { clusters } from '../../wailsjs/go/models'
import type { UIErrorShape } from './errors'
import { invoke } from './errors'

export type ClusterRow = clusters.Row
export type ClusterDetail = clusters.Detail
export type EventPage = clusters.EventPage
export type EventRow = clusters.EventRow
export type Explanation = clusters.Explanation
export type ClusterConnection = clusters.Connection
export type ConnectionSnippet = clusters.Snippet
export type ClusterView = 'all-purpose' | 'job'
export type ClusterAction =
  | 'start'
  | 'terminate'
  | 'restart'
  | 'resize'
  | 'edit'
  | 'pin'
  | 'unpin'
  | 'clone'
  | 'permanent-delete'

export interface Availability {
  action: ClusterAction
  enabled: boolean
  reason?: string
}
/** state → kind ("all-purpose" | "job") → availability of every action. */
export type ActionTable = Record<string, Record<string, Availability[]>>

/** clusters:changed:<workspace> — see clusters.Delta in Go. */
export interface ClustersDelta {
  workspace: string
  view: ClusterView
  reset: boolean
  complete: boolean
  upserts: ClusterRow[] | null
  removed: string[] | null
  /** Each distinct termination reason once; rows point at theirs (Delta.Wire). */
  explanations?: Explanation[] | null
}

/**
 * Gives each row its termination reason from the delta's shared list (the
 * rows of one reason share one object), as clusters.Delta.Wire sent it.
 */
export function expandDelta(d: ClustersDelta): ClustersDelta {
  const shared = d.explanations ?? []
  for (const r of d.upserts ?? []) {
    if (r.explained) r.termination = shared[r.explained - 1]
  }
  return d
}

/** clusters:status:<workspace> — app.ClusterStatusView. */
export interface ClustersStatus {
  workspace: string
  view: ClusterView
  lastUpdated: string
  nextAt: string
  running: boolean
  paused: boolean
  stale: boolean
  failures: number
  error?: UIErrorShape
}

/** cluster:changed:<workspace>:<id> — app.ClusterDetailEvent. */
export interface ClusterDetailEvent {
  workspace: string
  clusterId: string
  deleted: boolean
  detail?: ClusterDetail
  error?: UIErrorShape
}

/** The cluster a notice is about. */
export interface NoticeLink {
  workspace: string
  clusterId: string
}

/** clusters:notice — a cluster the user started is ready or failed, or a running one failed. */
export interface ClusterNotice extends NoticeLink {
  kind: 'success' | 'error'
  /** What happened ('ready', 'start-failed', 'failed', 'terminated'): Settings turns each off. */
  reason: string
  title: string
  body: string
}

export interface Size {
  autoscale: boolean
  numWorkers: number
  minWorkers: number
  maxWorkers: number
}

export const clustersApi = {
  actionTable: (): Promise<ActionTable> => invoke(() => C.ActionTable() as unknown as Promise<ActionTable>),
  eventTypes: (): Promise<string[]> => invoke(() => C.EventTypes()),
  watch: (ws: string, view: ClusterView): Promise<void> => invoke(() => C.Watch(ws, view)),
  unwatch: (ws: string): Promise<void> => invoke(() => C.Unwatch(ws)),
  setVisible: (visible: boolean): Promise<void> => invoke(() => C.SetVisible(visible)),
  /** false when a poll was already running (nothing was sent). */
  refresh: (ws: string): Promise<boolean> => invoke(() => C.Refresh(ws)),
  get: (ws: string, id: string): Promise<ClusterDetail> => invoke(() => C.Get(ws, id)),
  watchDetail: (ws: string, id: string): Promise<void> => invoke(() => C.WatchDetail(ws, id)),
  unwatchDetail: (): Promise<void> => invoke(() => C.UnwatchDetail()),
  events: (ws: string, id: string, q: { types: string[]; offset: number; limit: number }): Promise<EventPage> =>
    invoke(() => C.Events(ws, id, q)),
  start: (ws: string, id: string): Promise<void> => invoke(() => C.Start(ws, id)),
  terminate: (ws: string, id: string): Promise<void> => invoke(() => C.Terminate(ws, id)),
  restart: (ws: string, id: string): Promise<void> => invoke(() => C.Restart(ws, id)),
  pin: (ws: string, id: string): Promise<void> => invoke(() => C.Pin(ws, id)),
  unpin: (ws: string, id: string): Promise<void> => invoke(() => C.Unpin(ws, id)),
  permanentDelete: (ws: string, id: string, typedName: string): Promise<void> =>
    invoke(() => C.PermanentDelete(ws, id, typedName)),
  resize: (ws: string, id: string, size: Size): Promise<void> => invoke(() => C.Resize(ws, id, size)),
  cloneSpec: (ws: string, id: string): Promise<string> => invoke(() => C.CloneSpec(ws, id)),
  /** Opens the Spark UI in the system browser; returns the address. */
  openSparkUi: (ws: string, id: string): Promise<string> => invoke(() => C.OpenSparkUI(ws, id)),
  /** JDBC/ODBC settings and tool snippets for the cluster; never a secret. */
  connection: (ws: string, id: string): Promise<ClusterConnection> => invoke(() => C.Connection(ws, id)),
  /** Opens the page of the job run that owns job compute in the system browser; returns the address. */
  openRun: (ws: string, id: string): Promise<string> => invoke(() => C.OpenRun(ws, id)),
}

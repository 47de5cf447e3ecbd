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
  /** When the full listing these rows come from began: the rows' one age. */
  fetchedAt?: string
}

/** Row fields whose handful of values thousands of rows repeat. */
const repeatedFields = [
  'state', 'stateMessage', 'kind', 'source', 'driverType', 'workerType', 'workers',
  'sparkVersion', 'runtime', 'accessMode', 'accessModeLabel', 'creator',
] as const satisfies ReadonlyArray<keyof ClusterRow>

/**
 * One instance of each repeated value: every parsed delta brings its own
 * copies, which the rows would keep (at 10,000 rows, megabytes of the page's
 * heap). Emptied if a workspace ever has this many distinct values.
 */
const shared = new Map<string, string>()
const sharedTags = new Map<string, Record<string, string>>()
const sharedLimit = 50_000

function one<T>(pool: Map<string, T>, key: string, value: T): T {
  const found = pool.get(key)
  if (found !== undefined) return found
  if (pool.size >= sharedLimit) pool.clear()
  pool.set(key, value)
  return value
}

/**
 * Readies a delta's rows for the store: each row gets its termination reason
 * from the delta's shared list (the rows of one reason share one object, as
 * clusters.Delta.Wire sent it), and rows share one copy of each repeated
 * value and tag set.
 */
export function expandDelta(d: ClustersDelta): ClustersDelta {
  const reasons = d.explanations ?? []
  for (const r of d.upserts ?? []) {
    if (r.explained) r.termination = reasons[r.explained - 1]
    const row = r as unknown as Record<string, unknown>
    for (const f of repeatedFields) {
      const v = row[f]
      if (typeof v === 'string') row[f] = one(shared, v, v)
    }
    if (r.tags) r.tags = one(sharedTags, JSON.stringify(r.tags), Object.freeze(r.tags))
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

import { Check, Create, Delete, Edit, Export, Form, Impact, List, PlanEdit, SaveExport } from '../../wailsjs/go/app/Pools'
import type { app, clusterspec, pools } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type PoolRow = pools.PoolView
export type PoolList = pools.ListView
export type PoolClusterRef = pools.ClusterRef
export type PoolProblem = clusterspec.Violation
export type PoolSaved = pools.Saved
export type PoolEditPlan = pools.EditPlan
export type PoolChange = clusterspec.Change
export type PoolImpact = pools.Impact
export type PoolExport = pools.Export
export type PoolSavedFile = app.SavedFile
/** A pool as the Instance Pools API's create request (snake_case JSON). */
export type PoolSpec = Record<string, unknown>

/**
 * The Pools page: the live list, create, edit (plan first), delete (impact
 * first) and export. Specs travel as the API's JSON text so fields the form
 * does not touch, and explicit zeros, reach the backend as they are.
 */
export const poolsApi = {
  list: (ws: string): Promise<PoolList> => invoke(() => List(ws)),
  check: (ws: string, spec: PoolSpec): Promise<PoolProblem[]> => invoke(() => Check(ws, JSON.stringify(spec))),
  create: (ws: string, spec: PoolSpec): Promise<PoolSaved> => invoke(() => Create(ws, JSON.stringify(spec))),
  form: async (ws: string, id: string): Promise<PoolSpec> => JSON.parse(await invoke(() => Form(ws, id))) as PoolSpec,
  planEdit: (ws: string, id: string, spec: PoolSpec): Promise<PoolEditPlan> =>
    invoke(() => PlanEdit(ws, id, JSON.stringify(spec))),
  edit: (ws: string, id: string, spec: PoolSpec): Promise<PoolSaved> => invoke(() => Edit(ws, id, JSON.stringify(spec))),
  impact: (ws: string, id: string): Promise<PoolImpact> => invoke(() => Impact(ws, id)),
  remove: (ws: string, id: string, confirmName: string): Promise<void> => invoke(() => Delete(ws, id, confirmName)),
  exportPool: (ws: string, id: string): Promise<PoolExport> => invoke(() => Export(ws, id)),
  /** Saves through the desktop's save dialog; saved is false in the browser or when cancelled. */
  saveExport: (ws: string, id: string, format: 'json' | 'terraform'): Promise<PoolSavedFile> =>
    invoke(() => SaveExport(ws, id, format)),
}

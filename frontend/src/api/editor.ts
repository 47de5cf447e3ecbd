import {
  Catalog,
  CheckWithServer,
  Create,
  Edit,
  Evaluate,
  GetForEdit,
  NewRequestID,
  PlanEdit,
  Rates,
  RateSettings,
  RefreshCatalog,
  ResetRates,
  SaveRates,
} from '../../wailsjs/go/app/Editor'
import { app, apply, catalog, check, editor, policyeval } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type EditorCatalog = catalog.EditorCatalog
export type NodeTypeOption = catalog.NodeTypeOption
export type RuntimeOption = catalog.RuntimeOption
export type PoolOption = catalog.PoolOption
export type PolicyInfo = policyeval.Info
export type FieldConstraint = policyeval.FieldConstraint
export type Evaluation = editor.Evaluation
export type Problem = editor.Problem
export type CreateView = editor.CreateView
export type EditTarget = apply.EditTarget
export type EditPlan = apply.Plan
export type EditResult = editor.EditResult
export type ServerVerdict = check.ServerVerdict
export type RateTable = policyeval.RateTable
export type RateSettings = app.RateSettings
export type LibraryInstall = apply.LibraryInstall
/** A rate table as plain data (the dialog's form builds one). */
export interface RateTableInput {
  label: string
  rates: Record<string, number>
  families: Array<{ cloud: string; prefix: string; dbu_per_core: number }>
  photon_multiplier?: number
  replace_defaults?: boolean
}

/** The cluster editor's backend: catalog, offline checks, create and edit. */
export const editorApi = {
  catalog: (ws: string): Promise<EditorCatalog> => invoke(() => Catalog(ws)),
  refreshCatalog: (ws: string): Promise<EditorCatalog> => invoke(() => RefreshCatalog(ws)),
  /** Policy and API checks of a spec (its policy_id picks the policy), offline. */
  evaluate: (ws: string, spec: string, applyDefaults = false): Promise<Evaluation> =>
    invoke(() => Evaluate(ws, spec, applyDefaults)),
  newRequestId: (): Promise<string> => invoke(() => NewRequestID()),
  /** Creates once per requestId; steps are reported under operationId (operationsApi). */
  create: (ws: string, spec: string, requestId: string, operationId = ''): Promise<CreateView> =>
    invoke(() => Create(ws, spec, requestId, operationId)),
  getForEdit: (ws: string, clusterId: string): Promise<EditTarget> => invoke(() => GetForEdit(ws, clusterId)),
  planEdit: (ws: string, clusterId: string, spec: string): Promise<EditPlan> => invoke(() => PlanEdit(ws, clusterId, spec)),
  /** Saves if the cluster still gives the reviewed plan (its fingerprint); else PLAN_STALE. */
  edit: (ws: string, clusterId: string, spec: string, fingerprint: string, operationId = ''): Promise<EditResult> =>
    invoke(() => Edit(ws, clusterId, spec, fingerprint, operationId)),
  checkWithServer: (ws: string, clusterId: string, spec: string): Promise<ServerVerdict> =>
    invoke(() => CheckWithServer(ws, clusterId, spec)),
  rates: (): Promise<RateTable> => invoke(() => Rates()),
  /** Saves the user's own entries (not the merged table); returns the merged one. */
  saveRates: (t: RateTableInput): Promise<RateTable> => invoke(() => SaveRates(policyeval.RateTable.createFrom(t))),
  /** The user's entries, the built-in table and whether the user's file could be read. */
  rateSettings: (): Promise<RateSettings> => invoke(() => RateSettings()),
  /** Back to the built-in table (the user's file is removed). */
  resetRates: (): Promise<RateSettings> => invoke(() => ResetRates()),
}

import * as Drafts from '../../wailsjs/go/app/Drafts'
import { app, type clusterspec, drafts } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type DraftView = drafts.DraftView
export type DraftRow = drafts.DraftRow
export type DraftList = drafts.DraftList
export type CheckView = drafts.CheckView
export type CheckItem = drafts.CheckItem
export type CheckSummary = drafts.CheckSummary
export type CacheInfo = drafts.CacheInfo
export type TargetView = drafts.TargetView
export type TrashRow = drafts.TrashRow
export type ImportView = drafts.ImportView
export type ExportView = drafts.Exported
export type SavedExport = app.SavedExport
export type PlanView = drafts.PlanView
export type ApplyOutcome = drafts.ApplyOutcome
export type ClusterOption = drafts.ClusterOption
export type AppliedView = drafts.AppliedView
export type DraftRecovery = drafts.DraftRecovery
/** A draft file that could not be used (moved aside, or left for a newer build). */
export type DraftProblem = drafts.Problem
/** One field of an apply plan: current → draft. */
export type SpecChange = clusterspec.Change

/** A cluster spec as Clusters API JSON. */
export type Spec = Record<string, unknown>

// bundle: the resources fragment; bundle-project: a complete databricks.yml.
export type ExportFormat = 'json' | 'bundle' | 'bundle-project' | 'terraform'

export interface DraftContent {
  name: string
  workspaceId: string
  policyId: string
  notes: string
  spec: Spec
  /** Editor text that is not valid JSON, saved so nothing typed is lost; '' when spec is the text. */
  specText?: string
}

export const draftsApi = {
  /** Every draft with its offline check; no network. */
  list: (): Promise<DraftList> => invoke(() => Drafts.List()),
  get: (id: string): Promise<DraftView> => invoke(() => Drafts.Get(id)),
  create: (c: DraftContent): Promise<DraftView> => invoke(() => Drafts.Create(drafts.DraftInput.createFrom(c))),
  /** Autosave: unchanged content writes nothing; a stale revision fails with DRAFT_CONFLICT. */
  save: (id: string, revision: number, c: DraftContent): Promise<DraftView> =>
    invoke(() => Drafts.Save(drafts.DraftSave.createFrom({ id, revision, specText: '', ...c }))),
  /** Offline check against the workspace's cached catalog and the policy. */
  check: (workspaceId: string, policyId: string, spec: Spec): Promise<CheckView> =>
    invoke(() => Drafts.Check(workspaceId, policyId, spec)),
  rename: (id: string, name: string): Promise<DraftView> => invoke(() => Drafts.Rename(id, name)),
  duplicate: (id: string, name = ''): Promise<DraftView> => invoke(() => Drafts.Duplicate(id, name)),
  remove: (id: string): Promise<void> => invoke(() => Drafts.Delete(id)),
  restore: (id: string): Promise<DraftView> => invoke(() => Drafts.Restore(id)),
  trash: (): Promise<TrashRow[]> => invoke(() => Drafts.Trash()),
  purge: (id: string): Promise<void> => invoke(() => Drafts.Purge(id)),
  importText: (filename: string, content: string, workspaceId: string): Promise<ImportView> =>
    invoke(() => Drafts.Import(filename, content, workspaceId)),
  exportText: (format: ExportFormat, ids: string[]): Promise<ExportView> => invoke(() => Drafts.Export(format, ids)),
  /** Desktop: a save dialog; browser: the text comes back to copy (saved=false). */
  saveExport: (format: ExportFormat, ids: string[]): Promise<SavedExport> =>
    invoke(() => Drafts.SaveExport(format, ids)),
  /** Workspaces with their cached policies and cache age; no network. */
  targets: (): Promise<TargetView[]> => invoke(() => Drafts.Targets()),
  refreshCatalog: (workspaceId: string): Promise<TargetView> => invoke(() => Drafts.RefreshCatalog(workspaceId)),
  clusters: (workspaceId: string): Promise<ClusterOption[]> => invoke(() => Drafts.Clusters(workspaceId)),
  saveFromCluster: (workspaceId: string, clusterId: string, name = ''): Promise<DraftView> =>
    invoke(() => Drafts.SaveFromCluster(workspaceId, clusterId, name)),
  plan: (draftId: string, workspaceId: string, clusterId = ''): Promise<PlanView> =>
    invoke(() => Drafts.PlanApply(draftId, workspaceId, clusterId)),
  /** Carries out the reviewed plan (fingerprint); steps are reported under operationId. */
  apply: (req: {
    draftId: string
    workspaceId: string
    clusterId: string
    fingerprint: string
    start: boolean
    operationId?: string
  }): Promise<ApplyOutcome> =>
    invoke(() => Drafts.Apply(drafts.ApplyRequest.createFrom({ operationId: '', ...req }))),
}

import { Check, Create, Delete, Edit, EditImpact, Enforce, Export, Families, Get, List, SaveExport, Usage } from '../../wailsjs/go/app/Policies'
import { policies, policyeval, type app, type compute } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type PolicyView = policies.PolicyView
/** One policy as the list shows it; `get` gives the whole view. */
export type PolicySummary = policies.Summary
export type PoliciesView = policies.ListView
export type PolicyAvailability = policies.Availability
export type PolicyAction = 'create-compute' | 'edit' | 'delete'
export type PolicyFormCheck = policies.FormCheck
export type PolicyFamily = policies.FamilyView
/** A library a policy installs on its clusters, as the API writes it. */
export type PolicyLibrary = compute.Library
export type PolicyUsage = policies.UsageView
export type ClusterUse = policies.ClusterUse
export type PolicyImpact = policies.ImpactView
export type ImpactCluster = policies.ImpactCluster
export type EnforcePlan = policies.EnforcePlan
export type PolicyExport = policies.Exported
export type DefinitionProblem = policyeval.DefinitionProblem
export type SettingsChange = compute.ClusterSettingsChange
export type PolicyExportFormat = 'json' | 'terraform'
export type SavedFile = app.SavedFile

/** A policy as the create and edit page writes it (definition: overrides when familyId is set). */
export interface PolicyForm {
  name: string
  description: string
  maxClustersPerUser: number
  libraries: compute.Library[]
  familyId: string
  definition: string
}

export function emptyPolicyForm(): PolicyForm {
  return { name: '', description: '', maxClustersPerUser: 0, libraries: [], familyId: '', definition: '{\n}\n' }
}

/** The form that edits an existing policy: a family policy edits its overrides. */
export function formOf(p: PolicyView): PolicyForm {
  const own = p.info.familyId ? p.overrides : p.definition
  return {
    name: p.info.name,
    description: p.info.description,
    maxClustersPerUser: p.info.maxClustersPerUser,
    libraries: p.info.libraries.map((l) => l.library),
    familyId: p.info.familyId ?? '',
    definition: own.trim() ? own : '{\n}\n',
  }
}

/** The availability of one action of a policy (the backend's table decides it). */
export function availability(p: PolicyView, action: PolicyAction): PolicyAvailability {
  return p.actions.find((a) => a.action === action) ?? { action, enabled: false, reason: 'Not offered for this policy.' }
}

const toForm = (f: PolicyForm) => policies.Form.createFrom(f)

/** The Policies page: list from the cache; check, create, edit, delete, compliance and export through the workspace. */
export const policiesApi = {
  list: (workspaceId: string): Promise<PoliciesView> => invoke(() => List(workspaceId)),
  get: (workspaceId: string, policyId: string): Promise<PolicyView> => invoke(() => Get(workspaceId, policyId)),
  families: (workspaceId: string): Promise<PolicyFamily[]> => invoke(() => Families(workspaceId)),
  check: (workspaceId: string, editingId: string, form: PolicyForm): Promise<PolicyFormCheck> =>
    invoke(() => Check(workspaceId, editingId, toForm(form))),
  create: (workspaceId: string, form: PolicyForm): Promise<string> => invoke(() => Create(workspaceId, toForm(form))),
  edit: (workspaceId: string, policyId: string, form: PolicyForm): Promise<void> =>
    invoke(() => Edit(workspaceId, policyId, toForm(form))),
  /** What saving the form would do to the clusters using the policy (nothing is sent). */
  editImpact: (workspaceId: string, policyId: string, form: PolicyForm): Promise<PolicyImpact> =>
    invoke(() => EditImpact(workspaceId, policyId, toForm(form))),
  delete: (workspaceId: string, policyId: string): Promise<void> => invoke(() => Delete(workspaceId, policyId)),
  usage: (workspaceId: string, policyId: string): Promise<PolicyUsage> => invoke(() => Usage(workspaceId, policyId)),
  enforce: (workspaceId: string, clusterId: string, apply: boolean): Promise<EnforcePlan> =>
    invoke(() => Enforce(workspaceId, clusterId, apply)),
  export: (workspaceId: string, policyId: string, format: PolicyExportFormat): Promise<PolicyExport> =>
    invoke(() => Export(workspaceId, policyId, format)),
  /** Saves the export through the desktop's save dialog (saved false: none here, or cancelled). */
  saveExport: (workspaceId: string, policyId: string, format: PolicyExportFormat): Promise<SavedFile> =>
    invoke(() => SaveExport(workspaceId, policyId, format)),
}

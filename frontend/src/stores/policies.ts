import { defineStore } from 'pinia'
import { ref } from 'vue'
import { toApiError, type ApiError } from '@/api'
import {
  policiesApi,
  type EnforcePlan,
  type PolicyFamily,
  type PolicyForm,
  type PolicyUsage,
} from '@/api/policies'

const key = (workspaceId: string, policyId: string) => `${workspaceId}/${policyId}`

/**
 * The Policies area's shared state: the families a policy starts from and,
 * per policy, the clusters using it with their compliance. The listing
 * itself is read from the catalog cache (useCatalogListing), which the
 * backend refreshes after every change.
 */
export const usePoliciesStore = defineStore('policies', () => {
  const families = ref<Record<string, PolicyFamily[]>>({})
  const familiesError = ref<ApiError | null>(null)
  const usage = ref<Record<string, PolicyUsage>>({})
  const usageError = ref<Record<string, ApiError>>({})
  const usageLoading = ref<Record<string, boolean>>({})

  async function loadFamilies(workspaceId: string): Promise<PolicyFamily[]> {
    if (families.value[workspaceId]) return families.value[workspaceId]
    try {
      const list = await policiesApi.families(workspaceId)
      families.value[workspaceId] = list
      familiesError.value = null
      return list
    } catch (e) {
      familiesError.value = toApiError(e)
      return []
    }
  }

  async function loadUsage(workspaceId: string, policyId: string): Promise<void> {
    const k = key(workspaceId, policyId)
    usageLoading.value[k] = true
    try {
      usage.value[k] = await policiesApi.usage(workspaceId, policyId)
      delete usageError.value[k]
    } catch (e) {
      usageError.value[k] = toApiError(e)
    } finally {
      usageLoading.value[k] = false
    }
  }

  const usageOf = (workspaceId: string, policyId: string) => usage.value[key(workspaceId, policyId)] ?? null
  const usageErrorOf = (workspaceId: string, policyId: string) => usageError.value[key(workspaceId, policyId)] ?? null
  const usageLoadingOf = (workspaceId: string, policyId: string) => !!usageLoading.value[key(workspaceId, policyId)]

  const create = (workspaceId: string, form: PolicyForm): Promise<string> => policiesApi.create(workspaceId, form)
  const save = (workspaceId: string, policyId: string, form: PolicyForm): Promise<void> =>
    policiesApi.edit(workspaceId, policyId, form)

  async function remove(workspaceId: string, policyId: string): Promise<void> {
    await policiesApi.delete(workspaceId, policyId)
    delete usage.value[key(workspaceId, policyId)]
  }

  /** Previews (apply false) or applies a policy on one cluster; after applying, the compliance is read again. */
  async function enforce(workspaceId: string, policyId: string, clusterId: string, apply: boolean): Promise<EnforcePlan> {
    const plan = await policiesApi.enforce(workspaceId, clusterId, apply)
    if (apply) await loadUsage(workspaceId, policyId)
    return plan
  }

  return {
    families,
    familiesError,
    loadFamilies,
    loadUsage,
    usageOf,
    usageErrorOf,
    usageLoadingOf,
    create,
    save,
    remove,
    enforce,
  }
})

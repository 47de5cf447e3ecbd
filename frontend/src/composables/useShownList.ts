import { onScopeDispose, watch, type Ref } from 'vue'
import { useClustersStore } from '@/stores/clusters'

/**
 * Keeps the backend streaming the shown workspace's list while the caller
 * lives. Only a workspace switch watches again: a watch of the shown list
 * makes the backend send every row again, so the signed-in user (which
 * filters "mine" on the page) is updated in place.
 */
export function useShownList(workspace: Ref<string | null>, user: Ref<string>): void {
  const store = useClustersStore()
  watch(
    workspace,
    (id) => {
      if (id) void store.watch(id, store.view, user.value)
    },
    { immediate: true },
  )
  watch(user, (u) => {
    store.me = u
  })
  onScopeDispose(() => void store.unwatch())
}

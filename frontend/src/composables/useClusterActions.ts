import { useMessage, useNotification } from 'naive-ui'
import { h, reactive } from 'vue'
import { useRouter } from 'vue-router'
import { clustersApi, toApiError, type ClusterAction, type ClusterRow } from '@/api'
import ErrorBody from '@/components/clusters/ErrorBody.vue'
import { shownText } from '@/lib/text'
import { useClustersStore } from '@/stores/clusters'

/**
 * The confirmations and forms (restart, terminate, resize, permanent delete)
 * share one host component, ClusterActionDialogs, which names the workspace.
 */
export const actionDialog = reactive<{
  kind: 'restart' | 'terminate' | 'resize' | 'delete' | null
  workspace: string
  row: ClusterRow | null
}>({ kind: null, workspace: '', row: null })

export const actionLabels: Record<ClusterAction, string> = {
  start: 'Start',
  restart: 'Restart',
  terminate: 'Terminate',
  resize: 'Resize',
  edit: 'Edit',
  pin: 'Pin',
  unpin: 'Unpin',
  clone: 'Clone',
  'permanent-delete': 'Delete permanently',
}

const progress: Partial<Record<ClusterAction, string>> = {
  start: 'Starting',
  restart: 'Restarting',
  terminate: 'Terminating',
  pin: 'Pinned',
  unpin: 'Unpinned',
}

/**
 * Runs lifecycle actions with the confirmations the console promises:
 * restart and terminate ask once, permanent delete asks for the exact name,
 * and an action already on its way is never sent a second time.
 */
export function useClusterActions() {
  const store = useClustersStore()
  const message = useMessage()
  const notification = useNotification()
  const router = useRouter()

  const key = (id: string, a: ClusterAction) => `${id}/${a}`
  const isPending = (id: string, a: ClusterAction) => store.pending[key(id, a)] === true

  /** A failure stays on screen until dismissed: the fix may take a while to read. */
  function showFailure(title: string, e: unknown): void {
    const err = toApiError(e)
    notification.error({ title, content: () => h(ErrorBody, { error: err }), duration: 0, closable: true })
  }

  function showError(e: unknown, action: ClusterAction, row: Pick<ClusterRow, 'name'>): void {
    showFailure(`${actionLabels[action]} failed for ${shownText(row.name)}`, e)
  }

  /** Sends an action (no confirmation); resolves false when it failed or was already on its way. */
  async function send(ws: string, row: ClusterRow, action: ClusterAction, call: () => Promise<void>): Promise<boolean> {
    const k = key(row.id, action)
    if (store.pending[k]) return false
    store.pending[k] = true
    try {
      await call()
      const p = progress[action]
      if (p) message.success(action === 'pin' || action === 'unpin' ? `${p} ${shownText(row.name)}` : `${p} ${shownText(row.name)}…`)
      return true
    } catch (e) {
      showError(e, action, row)
      return false
    } finally {
      delete store.pending[k]
    }
  }

  function run(ws: string, row: ClusterRow, action: ClusterAction): void {
    if (!store.availability(row, action).enabled || isPending(row.id, action)) return
    switch (action) {
      case 'start':
        void send(ws, row, action, () => clustersApi.start(ws, row.id))
        return
      case 'pin':
        void send(ws, row, action, () => clustersApi.pin(ws, row.id))
        return
      case 'unpin':
        void send(ws, row, action, () => clustersApi.unpin(ws, row.id))
        return
      case 'terminate':
      case 'restart':
      case 'resize':
        Object.assign(actionDialog, { kind: action, workspace: ws, row })
        return
      case 'permanent-delete':
        Object.assign(actionDialog, { kind: 'delete', workspace: ws, row })
        return
      case 'edit':
        void router.push({ name: 'compute-edit', params: { ws, id: row.id } })
        return
      case 'clone':
        void router.push({ name: 'compute-new', query: { ws, clone: row.id } })
        return
    }
  }

  return { run, send, isPending, showError, showFailure }
}

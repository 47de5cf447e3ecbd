import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { ApiError, fleetApi, toApiError, type FleetPage } from '@/api'
import { usePoller } from '@/composables/usePoller'

/** How often the open page re-reads the fleet (the pollers behind it list every 30 s, or 5 s while something changes). */
const READ_EVERY_MS = 3000
/** …and while a workspace has not been listed yet (the page just opened). */
const READ_SOON_MS = 300

/** The Fleet page: every workspace's running compute, grouped as the user chose. */
export const useFleetStore = defineStore('fleet', () => {
  const page = shallowRef<FleetPage | null>(null)
  const groupBy = ref('workspace')
  const error = ref<ApiError | null>(null)

  async function read(): Promise<void> {
    try {
      page.value = await fleetApi.view(groupBy.value)
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    }
  }

  // Reads again soon while a workspace is still being listed, else every few
  // seconds (usePoller: slower after failures, paused while hidden).
  const poller = usePoller(async () => {
    await read()
    if (error.value) throw error.value
    const waiting = page.value?.fleet.workspaces.some((w) => !w.listedAt) ?? true
    return waiting ? READ_SOON_MS : READ_EVERY_MS
  })

  async function open(): Promise<void> {
    try {
      await fleetApi.watch()
    } catch (e) {
      error.value = toApiError(e)
    }
    await poller.poke()
  }

  function close(): void {
    poller.stop()
    void fleetApi.unwatch().catch(() => undefined)
  }

  async function setGroupBy(g: string): Promise<void> {
    groupBy.value = g
    await read()
  }

  return { page, groupBy, error, open, close, read, setGroupBy }
})

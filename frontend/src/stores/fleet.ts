import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { ApiError, fleetApi, toApiError, type FleetPage } from '@/api'

/** How often the open page re-reads the fleet (the pollers behind it list every 30 s, or 5 s while something changes). */
const READ_EVERY_MS = 3000
/** …and while a workspace has not been listed yet (the page just opened). */
const READ_SOON_MS = 300

/** The Fleet page: every workspace's running compute, grouped as the user chose. */
export const useFleetStore = defineStore('fleet', () => {
  const page = shallowRef<FleetPage | null>(null)
  const groupBy = ref('workspace')
  const error = ref<ApiError | null>(null)
  let timer: ReturnType<typeof setTimeout> | null = null
  let open_ = false

  async function read(): Promise<void> {
    try {
      page.value = await fleetApi.view(groupBy.value)
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    }
  }

  /** Reads, then reads again soon while a workspace is still being listed, else every few seconds. */
  async function loop(): Promise<void> {
    await read()
    if (!open_) return
    const waiting = page.value?.fleet.workspaces.some((w) => !w.listedAt) ?? true
    timer = setTimeout(() => void loop(), waiting ? READ_SOON_MS : READ_EVERY_MS)
  }

  async function open(): Promise<void> {
    open_ = true
    try {
      await fleetApi.watch()
    } catch (e) {
      error.value = toApiError(e)
    }
    if (timer) clearTimeout(timer)
    await loop()
  }

  function close(): void {
    open_ = false
    if (timer) clearTimeout(timer)
    timer = null
    void fleetApi.unwatch().catch(() => undefined)
  }

  async function setGroupBy(g: string): Promise<void> {
    groupBy.value = g
    await read()
  }

  return { page, groupBy, error, open, close, read, setGroupBy }
})

import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { ApiError, fleetApi, toApiError, type FleetPage } from '@/api'

/** How often the open page re-reads the fleet (the pollers behind it list every 30 s, or 5 s while something changes). */
const READ_EVERY_MS = 3000

/** The Fleet page: every workspace's running compute, grouped as the user chose. */
export const useFleetStore = defineStore('fleet', () => {
  const page = shallowRef<FleetPage | null>(null)
  const groupBy = ref('workspace')
  const error = ref<ApiError | null>(null)
  let timer: ReturnType<typeof setInterval> | null = null

  async function read(): Promise<void> {
    try {
      page.value = await fleetApi.view(groupBy.value)
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    }
  }

  async function open(): Promise<void> {
    try {
      await fleetApi.watch()
    } catch (e) {
      error.value = toApiError(e)
    }
    await read()
    timer ??= setInterval(() => void read(), READ_EVERY_MS)
  }

  function close(): void {
    if (timer) clearInterval(timer)
    timer = null
    void fleetApi.unwatch().catch(() => undefined)
  }

  async function setGroupBy(g: string): Promise<void> {
    groupBy.value = g
    await read()
  }

  return { page, groupBy, error, open, close, read, setGroupBy }
})

import { defineStore } from 'pinia'
import { ref } from 'vue'
import { ApiError, notificationsApi, toApiError, type NotificationChannels, type NotificationChoice } from '@/api'

/** Which kinds of cluster news notify, as Settings shows them. A failed save keeps the switches as they were. */
export const useNotificationsStore = defineStore('notifications', () => {
  const choices = ref<NotificationChoice[]>([])
  const error = ref<ApiError | null>(null)
  const saving = ref<string | null>(null)

  async function load(): Promise<void> {
    try {
      choices.value = await notificationsApi.list()
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    }
  }

  async function set(kind: string, to: NotificationChannels): Promise<void> {
    saving.value = kind
    try {
      choices.value = await notificationsApi.set(kind, to)
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    } finally {
      saving.value = null
    }
  }

  return { choices, error, saving, load, set }
})

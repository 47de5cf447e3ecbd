import { defineStore } from 'pinia'
import { ref } from 'vue'
import { shellApi, type AppInfo, ApiError, toApiError } from '@/api'

export type ThemePreference = 'system' | 'light' | 'dark'

const THEME_KEY = 'clusterdeck.theme'

function readTheme(storage: Storage | undefined): ThemePreference {
  const v = storage?.getItem(THEME_KEY)
  return v === 'light' || v === 'dark' ? v : 'system'
}

/** App-wide state: build info and the theme preference. */
export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null)
  const loadError = ref<ApiError | null>(null)
  const theme = ref<ThemePreference>(readTheme(globalThis.localStorage))

  async function load(): Promise<void> {
    try {
      info.value = await shellApi.info()
      loadError.value = null
    } catch (e) {
      loadError.value = toApiError(e)
    }
  }

  function setTheme(t: ThemePreference): void {
    theme.value = t
    globalThis.localStorage?.setItem(THEME_KEY, t)
  }

  return { info, loadError, theme, load, setTheme }
})

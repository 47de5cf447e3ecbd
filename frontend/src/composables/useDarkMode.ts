import { useOsTheme } from 'naive-ui'
import { computed, type ComputedRef } from 'vue'
import { useAppStore } from '@/stores/app'

/** Whether the app shows its dark theme: the user's choice, or the OS's when "system". */
export function useDarkMode(): ComputedRef<boolean> {
  const store = useAppStore()
  const os = useOsTheme()
  return computed(() => (store.theme === 'system' ? os.value === 'dark' : store.theme === 'dark'))
}

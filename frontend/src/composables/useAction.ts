import { ref, shallowRef } from 'vue'
import { toApiError, type ApiError } from '@/api'

/**
 * One user action of a dialog (save, delete, confirm): `busy` while its call
 * runs, the backend's error (message, hint, code, field) kept for display
 * until the next run, and the form left as it was on failure. A second run
 * while one is under way is ignored, so a double click sends one call.
 *
 * `run` resolves to the call's result, or undefined when it failed or was
 * ignored; a call that returns nothing can answer `true` to say it worked.
 */
export function useAction() {
  const busy = ref(false)
  // shallowRef: the ApiError is shown as it is, not made deeply reactive.
  const error = shallowRef<ApiError | null>(null)

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    if (busy.value) return undefined
    busy.value = true
    error.value = null
    try {
      return await call()
    } catch (e) {
      error.value = toApiError(e)
      return undefined
    } finally {
      busy.value = false
    }
  }

  /** Forgets the last error (the dialog opened again on something else). */
  function reset(): void {
    error.value = null
  }

  return { busy, error, run, reset }
}

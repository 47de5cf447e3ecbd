import { ref } from 'vue'
import { operationsApi } from '@/api'

/**
 * Runs one long operation at a time with its progress and a cancel: the
 * call gets an operation id, the steps the backend reports show in `step`,
 * and `cancel` asks the backend to stop it (the call then answers CANCELLED).
 */
export function useOperation() {
  const running = ref(false)
  const cancelling = ref(false)
  const step = ref('')
  let current = ''

  async function run<T>(call: (operationId: string) => Promise<T>): Promise<T> {
    running.value = true
    cancelling.value = false
    step.value = 'Starting'
    let off: (() => void) | undefined
    try {
      current = await operationsApi.newId()
      off = operationsApi.onProgress(current, (ev) => {
        step.value = ev.step
      })
      return await call(current)
    } finally {
      off?.()
      current = ''
      running.value = false
      cancelling.value = false
      step.value = ''
    }
  }

  async function cancel(): Promise<void> {
    if (!current || cancelling.value) return
    cancelling.value = true
    step.value = 'Cancelling…'
    await operationsApi.cancel(current)
  }

  return { running, cancelling, step, run, cancel }
}

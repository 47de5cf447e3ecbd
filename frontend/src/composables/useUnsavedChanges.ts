import { useDialog } from 'naive-ui'
import { computed, ref, watch } from 'vue'
import { onBeforeRouteLeave } from 'vue-router'

/** JSON with object keys sorted, so a reordered spec is not a change. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  )
}

/**
 * Asks before a changed form is thrown away, on every way out the router
 * sees (Cancel, the nav, a link). What the form shows before the user first
 * touches it (the loaded spec, a policy's defaults filled in) is the baseline;
 * markSaved() makes the current form the baseline, so leaving after a
 * successful save never asks.
 */
export function useUnsavedChanges(
  current: () => unknown,
  content = 'The changes you made in this form are not saved. Save them as a draft to keep them.',
) {
  const dialog = useDialog()
  const touched = ref(false)
  const text = computed(() => canonicalJson(current()))
  const baseline = ref(text.value)
  watch(text, (t) => {
    if (!touched.value) baseline.value = t
  })
  const dirty = computed(() => touched.value && text.value !== baseline.value)

  function touch(): void {
    touched.value = true
  }
  function markSaved(): void {
    touched.value = false
    baseline.value = text.value
  }
  function confirmDiscard(): Promise<boolean> {
    if (!dirty.value) return Promise.resolve(true)
    return new Promise((resolve) => {
      let answered = false
      const answer = (yes: boolean) => {
        if (!answered) resolve(yes)
        answered = true
      }
      dialog.warning({
        title: 'Discard your changes?',
        content,
        positiveText: 'Discard changes',
        negativeText: 'Keep editing',
        onPositiveClick: () => answer(true),
        onNegativeClick: () => answer(false),
        onClose: () => answer(false),
        onMaskClick: () => answer(false),
        onAfterLeave: () => answer(false),
      })
    })
  }
  onBeforeRouteLeave(() => confirmDiscard())
  return { dirty, touch, markSaved, confirmDiscard }
}

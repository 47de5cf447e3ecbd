import { onScopeDispose, ref, type Ref } from 'vue'

/** The current time (ms), updated every `every` ms, for "5 min ago" labels. */
export function useNow(every = 15_000): Ref<number> {
  const now = ref(Date.now())
  const timer = setInterval(() => (now.value = Date.now()), every)
  onScopeDispose(() => clearInterval(timer))
  return now
}

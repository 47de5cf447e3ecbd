import { getCurrentScope, onScopeDispose, readonly, ref, type Ref } from 'vue'

// The app's one clock for "… ago" labels: a single ref every user shares, so
// two ages on one screen are read at the same instant. It ticks each second
// while anything that uses it is alive, and stops when the last one goes.
const now = ref(Date.now())
let users = 0
let timer: ReturnType<typeof setInterval> | null = null

const tick = () => (now.value = Date.now())

/** The current time (ms), shared by every caller; call it in a component's or store's setup. */
export function useNow(): Readonly<Ref<number>> {
  if (getCurrentScope()) {
    if (users++ === 0) {
      tick()
      timer = setInterval(tick, 1000)
    }
    onScopeDispose(() => {
      if (--users === 0 && timer) {
        clearInterval(timer)
        timer = null
      }
    })
  } else {
    tick()
  }
  return readonly(now)
}

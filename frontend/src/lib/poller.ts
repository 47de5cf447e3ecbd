// The one way the page reads something again and again (issue 37): one read
// at a time, the next one when the read says (the backend's suggested
// interval), longer and longer after failures, nothing while the window is
// hidden (and a read at once when it is shown again if one fell due).

export interface PollerOptions {
  /**
   * One read. Resolves to the delay before the next (ms), or null to read
   * again only when poked or scheduled; throws when it failed.
   */
  read: () => Promise<number | null>
  /** The delay after a first failure when the reads set none yet (ms). */
  retryMs?: number
  /** Failures double the delay up to this (ms). */
  maxBackoffMs?: number
  /** Whose visibility pauses it (the page's document; absent in tests without one). */
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>
}

export interface Poller {
  /** Reads now (or right after the read under way) and goes on from there. */
  poke(): Promise<void>
  /** The next read in `ms` (null: none until poked), replacing the one planned. */
  schedule(ms: number | null): void
  /** No more reads; a read under way is not followed by another (its answer is the caller's to drop). Poke starts again. */
  stop(): void
  /** Failures in a row (0 after a good read). */
  readonly failures: number
}

export const RETRY_MS = 5_000
export const MAX_BACKOFF_MS = 120_000

export function createPoller(opts: PollerOptions): Poller {
  const doc = opts.doc ?? (typeof document === 'undefined' ? undefined : document)
  const retry = opts.retryMs ?? RETRY_MS
  const cap = opts.maxBackoffMs ?? MAX_BACKOFF_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: Promise<void> | null = null
  let again = false // poked while a read was under way
  let dueWhenShown = false
  let lastDelay: number | null = null
  let failures = 0
  let generation = 0 // bumped by schedule() and stop(): a read under way plans nothing
  let epoch = 0 // bumped by stop(): a read under way is forgotten, pokes and all
  let listening = false

  const hidden = () => doc?.visibilityState === 'hidden'
  const onVisibility = () => {
    if (!hidden() && dueWhenShown) {
      dueWhenShown = false
      void poke()
    }
  }
  function listen(on: boolean): void {
    if (!doc || on === listening) return
    listening = on
    if (on) doc.addEventListener('visibilitychange', onVisibility)
    else doc.removeEventListener('visibilitychange', onVisibility)
  }

  function schedule(ms: number | null): void {
    clearTimeout(timer)
    timer = undefined
    dueWhenShown = false
    if (ms === null) return
    listen(true)
    const gen = generation
    timer = setTimeout(() => {
      timer = undefined
      if (gen !== generation) return
      if (hidden()) dueWhenShown = true
      else void poke()
    }, ms)
  }

  async function once(): Promise<void> {
    const gen = generation
    const ep = epoch
    let next: number | null
    try {
      next = await opts.read()
      failures = 0
      lastDelay = next
    } catch {
      failures++
      next = Math.min(cap, (lastDelay ?? retry) * 2 ** failures)
    }
    if (ep !== epoch) return // stopped meanwhile
    // A poke made while this read ran is honoured even after a schedule():
    // it asked for a read after whatever it saw.
    if (again) {
      again = false
      return once()
    }
    if (gen !== generation) return // rescheduled meanwhile: that plan stands
    schedule(next)
  }

  function poke(): Promise<void> {
    listen(true)
    if (inFlight) {
      again = true
      return inFlight
    }
    clearTimeout(timer)
    timer = undefined
    dueWhenShown = false
    const read: Promise<void> = once().finally(() => {
      if (inFlight === read) inFlight = null
    })
    inFlight = read
    return read
  }

  // A read under way is left to finish unheard: a poke after stop reads anew
  // at once (a switched workspace must not wait on the old one's answer).
  function stop(): void {
    generation++
    epoch++
    inFlight = null
    again = false
    dueWhenShown = false
    clearTimeout(timer)
    timer = undefined
    listen(false)
  }

  return {
    poke,
    schedule: (ms) => {
      generation++ // a read under way does not plan over this
      again = false
      schedule(ms)
    },
    stop,
    get failures() {
      return failures
    },
  }
}

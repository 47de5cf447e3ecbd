// Autosave for the draft editor: a change is written shortly after typing
// stops, one write at a time, and at once when the window is closed or
// hidden or the page is left, so nothing typed is lost.

export interface Autosave {
  /** A change happened: save after the quiet delay. */
  schedule(): void
  /** Saves now if a change is waiting; resolves when the disk is current. */
  flush(): Promise<void>
  /** True while a change waits to be written (not yet handed to save, or its save failed). */
  pending(): boolean
  /** Stops the timer and the window listeners. */
  dispose(): void
}

export interface AutosaveOptions {
  delay?: number
  /** Where close/hide are listened for (the page's window by default). */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
}

export function createAutosave(save: () => Promise<void>, opts: AutosaveOptions = {}): Autosave {
  const delay = opts.delay ?? 600
  const win = opts.win ?? window
  const doc = opts.doc ?? document
  let timer: ReturnType<typeof setTimeout> | undefined
  let dirty = false
  let running: Promise<void> | null = null

  async function run(): Promise<void> {
    // One write at a time: a change made during a write is saved after it.
    while (running) await running
    if (!dirty) return
    dirty = false
    running = save().finally(() => (running = null))
    try {
      await running
    } catch (e) {
      // Not on disk: the change still waits, so the next flush (the window
      // closing, the page left) tries again instead of dropping it.
      dirty = true
      throw e
    }
  }

  function schedule(): void {
    dirty = true
    clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      void run().catch(() => undefined) // the save reports its own failure
    }, delay)
  }

  async function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    await run()
  }

  // The IPC call goes out before the window goes; nothing can be awaited here.
  const onLeave = (): void => void flush().catch(() => undefined)
  const onVisibility = (): void => {
    if (doc.visibilityState === 'hidden') onLeave()
  }
  win.addEventListener('beforeunload', onLeave)
  win.addEventListener('pagehide', onLeave)
  doc.addEventListener('visibilitychange', onVisibility)

  return {
    schedule,
    flush,
    pending: () => dirty,
    dispose() {
      clearTimeout(timer)
      win.removeEventListener('beforeunload', onLeave)
      win.removeEventListener('pagehide', onLeave)
      doc.removeEventListener('visibilitychange', onVisibility)
    },
  }
}

/**
 * Wraps an async call so each call leaves a performance measure named
 * `name` (start → settled): the browser benchmarks read these figures.
 */
export function measured<A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const start = performance.now()
    try {
      return await fn(...args)
    } finally {
      performance.measure(name, { start, end: performance.now() })
    }
  }
}

/** Runs fn once the frame being prepared now has been painted (the frame after next begins). */
export function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(fn))
}

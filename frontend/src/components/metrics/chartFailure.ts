// What a chart that is not on screen says instead of staying an empty box.
import { ApiError } from '@/api'
import { ChartError } from '@/lib/chart'

function detailOf(cause: unknown): string {
  if (cause instanceof Error) return cause.stack?.includes(cause.message) ? cause.stack : `${cause.name}: ${cause.message}\n${cause.stack ?? ''}`.trim()
  return String(cause)
}

/** A failed chart as a sentence with its fix, the engine's own error in the details. */
export function chartFailure(e: unknown): ApiError {
  const stage = e instanceof ChartError ? e.stage : 'draw'
  const detail = detailOf(e instanceof ChartError ? e.cause : e)
  if (stage === 'load') {
    return new ApiError({
      code: 'CHART_LIBRARY_NOT_LOADED',
      message: 'This chart cannot be drawn: the chart library did not load.',
      hint: 'The figures beside it are unaffected. Reload the window (Ctrl+R); if it keeps happening, copy the details and report it.',
      detail,
    })
  }
  return new ApiError({
    code: 'CHART_NOT_DRAWN',
    message: 'This chart could not be drawn.',
    hint: 'The other charts are unaffected. Reload the window (Ctrl+R); if it keeps happening, copy the details and report it.',
    detail,
  })
}

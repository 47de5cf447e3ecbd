// Every failure of a backend call becomes an ApiError: the shape Go's
// ErrorFormatter produces ({code, message, hint, status, detail}).

export interface UIErrorShape {
  code: string
  message: string
  hint: string
  status?: number
  detail?: string
}

export class ApiError extends Error {
  readonly code: string
  readonly hint: string
  readonly status?: number
  readonly detail?: string

  constructor(shape: UIErrorShape) {
    super(shape.message)
    this.name = 'ApiError'
    this.code = shape.code
    this.hint = shape.hint
    this.status = shape.status
    this.detail = shape.detail
  }
}

function isShape(v: unknown): v is UIErrorShape {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Record<string, unknown>).code === 'string' &&
    typeof (v as Record<string, unknown>).message === 'string'
  )
}

/** Normalises whatever a rejected binding produced into an ApiError. */
export function toApiError(raw: unknown): ApiError {
  if (raw instanceof ApiError) return raw
  if (isShape(raw)) {
    return new ApiError({ ...raw, hint: typeof raw.hint === 'string' ? raw.hint : '' })
  }
  // Wails reports transport problems (bad arguments, unknown method) as strings.
  const text = raw instanceof Error ? raw.message : String(raw)
  return new ApiError({
    code: 'BRIDGE',
    message: 'Clusterdeck could not reach its own backend.',
    hint: 'Restart Clusterdeck. If it happens again, report it with the details.',
    detail: text,
  })
}

/** Runs a binding call and turns its rejection into a thrown ApiError. */
export async function invoke<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (e) {
    throw toApiError(e)
  }
}

// Every failure of a backend call becomes an ApiError: the shape Go's
// ErrorFormatter produces ({code, message, hint, status, detail}).

export interface UIErrorShape {
  code: string
  message: string
  hint: string
  status?: number
  detail?: string
  /** The form field the error belongs to (e.g. "name"), when it is an input error. */
  field?: string
  /** Where in pasted text the error is (1-based). */
  line?: number
  column?: number
}

export class ApiError extends Error {
  readonly code: string
  readonly hint: string
  readonly status?: number
  readonly detail?: string
  readonly field?: string
  readonly line?: number
  readonly column?: number

  constructor(shape: UIErrorShape) {
    super(shape.message)
    this.name = 'ApiError'
    this.code = shape.code
    this.hint = shape.hint
    this.status = shape.status
    this.detail = shape.detail
    this.field = shape.field
    this.line = shape.line
    this.column = shape.column
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

import { describe, expect, it } from 'vitest'
import { ApiError, invoke, toApiError } from './errors'

describe('toApiError', () => {
  it.each([
    {
      name: 'formatted Go error keeps every field',
      raw: { code: 'PERMISSION_DENIED', message: 'No.', hint: 'Ask an admin.', status: 403, detail: 'raw' },
      want: { code: 'PERMISSION_DENIED', message: 'No.', hint: 'Ask an admin.', status: 403, detail: 'raw' },
    },
    {
      name: 'shape without hint gets an empty hint',
      raw: { code: 'X', message: 'm' },
      want: { code: 'X', message: 'm', hint: '', status: undefined, detail: undefined },
    },
    {
      name: 'transport string becomes a BRIDGE error with the text as detail',
      raw: "method 'app.Shell.Nope' not registered",
      want: {
        code: 'BRIDGE',
        message: 'Clusterdeck could not reach its own backend.',
        hint: 'Restart Clusterdeck. If it happens again, report it with the details.',
        status: undefined,
        detail: "method 'app.Shell.Nope' not registered",
      },
    },
    {
      name: 'a thrown Error keeps its message as detail',
      raw: new TypeError('fetch failed'),
      want: expect.objectContaining({ code: 'BRIDGE', detail: 'fetch failed' }),
    },
  ])('$name', ({ raw, want }) => {
    const err = toApiError(raw)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toBeInstanceOf(Error)
    expect({ code: err.code, message: err.message, hint: err.hint, status: err.status, detail: err.detail }).toEqual(want)
  })

  it('returns an ApiError unchanged', () => {
    const err = new ApiError({ code: 'A', message: 'b', hint: 'c' })
    expect(toApiError(err)).toBe(err)
  })
})

describe('invoke', () => {
  it('resolves with the binding result', async () => {
    await expect(invoke(() => Promise.resolve(42))).resolves.toBe(42)
  })

  it('throws an ApiError when the binding rejects', async () => {
    const call = invoke(() => Promise.reject({ code: 'INVALID_STATE', message: 'Busy.', hint: 'Wait.' }))
    await expect(call).rejects.toBeInstanceOf(ApiError)
    await expect(call).rejects.toMatchObject({ code: 'INVALID_STATE', message: 'Busy.', hint: 'Wait.' })
  })
})

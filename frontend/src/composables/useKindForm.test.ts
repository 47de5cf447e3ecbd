import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { ApiError } from '@/api'
import type { KindProblem } from '@/components/common/kindForm'
import { useKindForm, type KindFormCalls, type KindPlan, type KindSaved } from './useKindForm'

const problem = (path: string): KindProblem => ({ path, code: 'range', message: `${path} is wrong`, severity: 'error' })
const saved = (id: string, problems: KindProblem[] = []): KindSaved => ({ id, problems, adopted: false })
const plan = (changes: string[], problems: KindProblem[] = []): KindPlan => ({
  changes: changes.map((path) => ({ path, field: path, kind: 'changed', old: 1, new: 2 })),
  problems,
  notice: 'Saving restarts it.',
})
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
  await nextTick()
}

function setup(calls: Partial<KindFormCalls>, id: string | null = null) {
  const all: KindFormCalls = {
    load: vi.fn(async (x: string | null) => (x ? { name: 'old' } : { name: '' })),
    body: (s) => ({ ...s }),
    check: vi.fn(async () => []),
    create: vi.fn(async () => saved('new-id')),
    planEdit: vi.fn(async () => plan(['name'])),
    edit: vi.fn(async () => saved(id ?? '')),
    ...calls,
  }
  const open = ref(false)
  const onSaved = vi.fn()
  const scope = effectScope()
  const form = scope.run(() => useKindForm({ calls: () => all, open: () => open.value, id: () => id, onSaved, debounceMs: 250 }))!
  return { form, all, open, onSaved, scope }
}

describe('useKindForm', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('loads the form when the dialog opens, afresh each time', async () => {
    const { form, all, open } = setup({}, 'w1')
    open.value = true
    await flush()
    expect(all.load).toHaveBeenCalledWith('w1')
    expect(form.spec.value).toEqual({ name: 'old' })
    expect(form.loading.value).toBe(false)
    form.update({ name: 'typed' })
    open.value = false
    await flush()
    open.value = true
    await flush()
    expect(form.spec.value).toEqual({ name: 'old' })
  })

  it('checks once typing pauses, and only the latest answer counts', async () => {
    let answer: (v: KindProblem[]) => void = () => {}
    const check = vi.fn(
      (body: Record<string, unknown>) =>
        new Promise<KindProblem[]>((res) => {
          if (body.name === 'a') answer = res
          else res([])
        }),
    )
    const { form, open } = setup({ check })
    open.value = true
    await flush()
    form.update({ name: 'x' })
    form.update({ name: 'a' })
    vi.advanceTimersByTime(249)
    expect(check).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(check).toHaveBeenCalledTimes(1)
    // The user types on; the answer for "a" arrives after the newer one.
    form.update({ name: 'ab' })
    vi.advanceTimersByTime(250)
    await flush()
    answer([problem('name')])
    await flush()
    expect(form.problems.value).toEqual([])
    expect(form.hasErrors.value).toBe(false)
  })

  it('checks an edit as it would be saved (its plan), so its own name is not taken', async () => {
    const planEdit = vi.fn(async () => plan(['max'], [problem('max')]))
    const { form, all, open } = setup({ planEdit }, 'w1')
    open.value = true
    await flush()
    form.update({ name: 'old', max: 0 })
    vi.advanceTimersByTime(250)
    await flush()
    expect(all.check).not.toHaveBeenCalled()
    expect(planEdit).toHaveBeenCalledWith('w1', { name: 'old', max: 0 })
    expect(form.hasErrors.value).toBe(true)
  })

  it('reviews an edit before saving it; a plan with problems brings the form back', async () => {
    const planEdit = vi.fn(async () => plan(['name']))
    const { form, all, open, onSaved } = setup({ planEdit }, 'w1')
    open.value = true
    await flush()
    form.update({ name: 'new' })
    await form.review()
    expect(form.plan.value?.changes.map((c) => c.path)).toEqual(['name'])
    // A pending check is dropped: the plan answered it.
    vi.advanceTimersByTime(1000)
    expect(planEdit).toHaveBeenCalledTimes(1)
    await form.save()
    expect(all.edit).toHaveBeenCalledWith('w1', { name: 'new' })
    expect(onSaved).toHaveBeenCalledWith(saved('w1'))

    planEdit.mockResolvedValueOnce(plan(['max'], [problem('max')]))
    form.update({ name: 'new', max: -1 })
    await form.review()
    expect(form.plan.value).toBeNull()
    expect(form.problems.value.map((p) => p.path)).toEqual(['max'])
  })

  it('keeps the form as it was when a save fails or is stopped by problems', async () => {
    const create = vi
      .fn<KindFormCalls['create']>()
      .mockResolvedValueOnce(saved('', [problem('name')]))
      .mockRejectedValueOnce({ code: 'TIMEOUT', message: 'The workspace did not answer.', hint: 'Try again.' })
    const { form, open, onSaved } = setup({ create })
    open.value = true
    await flush()
    form.update({ name: 'x' })
    await form.save()
    expect(form.problems.value.map((p) => p.path)).toEqual(['name'])
    expect(onSaved).not.toHaveBeenCalled()
    await form.save()
    expect(form.error.value).toBeInstanceOf(ApiError)
    expect(form.error.value?.code).toBe('TIMEOUT')
    expect(form.spec.value).toEqual({ name: 'x' })
    expect(form.busy.value).toBe(false)
  })

  it('shows nothing to edit when the form cannot be read', async () => {
    const load = vi.fn(async () => {
      throw { code: 'WAREHOUSE_NOT_FOUND', message: 'gone', hint: '' }
    })
    const { form, open } = setup({ load }, 'w1')
    open.value = true
    await flush()
    expect(form.failed.value).toBe(true)
    expect(form.error.value?.code).toBe('WAREHOUSE_NOT_FOUND')
  })
})

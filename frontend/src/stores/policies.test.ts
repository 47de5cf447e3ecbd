import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({
  families: vi.fn(),
  usage: vi.fn(),
  enforce: vi.fn(),
  delete: vi.fn(),
  create: vi.fn(),
  edit: vi.fn(),
}))

vi.mock('@/api/policies', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/api/policies')>()
  return { ...real, policiesApi: api }
})

import { usePoliciesStore } from './policies'

const usage = (compliant: boolean) => ({
  policyId: 'p',
  source: 'server',
  clusters: [{ id: 'c', name: 'c', state: 'RUNNING', creator: 'me', compliant, violations: compliant ? [] : [{ path: 'x', message: 'bad' }] }],
})

describe('policies store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
  })

  it('fetches the families of a workspace once', async () => {
    api.families.mockResolvedValue([{ id: 'personal-vm', name: 'Personal Compute', description: '', definition: '{}' }])
    const store = usePoliciesStore()
    await store.loadFamilies('w')
    await store.loadFamilies('w')
    expect(api.families).toHaveBeenCalledTimes(1)
    expect(store.families.w!.map((f) => f.id)).toEqual(['personal-vm'])
  })

  it('keeps usage per policy and reads it again after enforcing', async () => {
    api.usage.mockResolvedValueOnce(usage(false)).mockResolvedValueOnce(usage(true))
    api.enforce.mockResolvedValue({ clusterId: 'c', changes: [], restarts: true, applied: true })
    const store = usePoliciesStore()
    await store.loadUsage('w', 'p')
    expect(store.usageOf('w', 'p')?.clusters[0]!.compliant).toBe(false)
    expect(store.usageOf('w', 'other')).toBeNull()
    await store.enforce('w', 'p', 'c', false)
    expect(api.usage).toHaveBeenCalledTimes(1) // a preview changes nothing
    await store.enforce('w', 'p', 'c', true)
    expect(api.enforce).toHaveBeenLastCalledWith('w', 'c', true)
    expect(store.usageOf('w', 'p')?.clusters[0]!.compliant).toBe(true)
  })

  it('keeps a usage failure for its policy', async () => {
    api.usage.mockRejectedValue({ code: 'FORBIDDEN', message: 'no', hint: '' })
    const store = usePoliciesStore()
    await store.loadUsage('w', 'p')
    expect(store.usageErrorOf('w', 'p')?.code).toBe('FORBIDDEN')
    expect(store.usageLoadingOf('w', 'p')).toBe(false)
  })
})

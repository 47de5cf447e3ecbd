import { describe, expect, it } from 'vitest'
import { nextTick, reactive } from 'vue'
import type { Spec } from '@/api'
import { linkPolicyId } from './policyLink'

describe('linkPolicyId', () => {
  it('follows the spec when its policy_id changes', async () => {
    const content = reactive({ policyId: '', spec: {} as Spec })
    linkPolicyId(content)
    content.spec = { cluster_name: 'etl', policy_id: 'p1' }
    await nextTick()
    expect(content.policyId).toBe('p1')
    content.spec = { cluster_name: 'etl' }
    await nextTick()
    expect(content.policyId).toBe('')
  })

  it('writes the picked policy into the spec, and removes it when cleared', async () => {
    const content = reactive({ policyId: '', spec: { cluster_name: 'etl' } as Spec })
    linkPolicyId(content)
    content.policyId = 'p2'
    await nextTick()
    expect(content.spec).toEqual({ cluster_name: 'etl', policy_id: 'p2' })
    content.policyId = ''
    await nextTick()
    expect(content.spec).toEqual({ cluster_name: 'etl' })
  })
})

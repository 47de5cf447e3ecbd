// A draft's policy and its spec's policy_id are one thing: whichever side
// changes (the form's policy picker, the JSON, the policy select), the
// other follows.
import { watch } from 'vue'
import type { DraftContent } from '@/api'

/** Keeps content.policyId and content.spec.policy_id equal; content must be reactive. Call during setup. */
export function linkPolicyId(content: Pick<DraftContent, 'policyId' | 'spec'>): void {
  watch(
    () => content.spec.policy_id,
    (p) => {
      const v = typeof p === 'string' ? p : ''
      if (v !== content.policyId) content.policyId = v
    },
  )
  watch(
    () => content.policyId,
    (p) => {
      if ((content.spec.policy_id ?? '') === p) return
      const next = { ...content.spec }
      if (p) next.policy_id = p
      else delete next.policy_id
      content.spec = next
    },
  )
}

import { describe, expect, it } from 'vitest'
import type { FieldConstraint } from '@/api'
import { clusterTypeLabel, ruleDetails, ruleLabel, valueText } from './ruleText'

function rule(c: Partial<FieldConstraint>): FieldConstraint {
  return {
    path: 'x',
    type: 'unlimited',
    locked: false,
    forbidden: false,
    hidden: false,
    required: false,
    virtual: false,
    wildcard: false,
    hint: '',
    ...c,
  } as FieldConstraint
}

describe('ruleDetails', () => {
  it.each([
    {
      name: 'a fixed value is its hint only (the default is the value)',
      c: rule({ type: 'fixed', locked: true, value: 60, default: 60, hint: 'Fixed by the policy: 60' }),
      want: ['Fixed by the policy: 60'],
    },
    {
      name: 'a range with a default the form fills in',
      c: rule({ type: 'range', min: 10, max: 120, default: 60, hint: 'Between 10 and 120' }),
      want: ['Between 10 and 120', 'Default: 60'],
    },
    {
      name: 'an allowlist that is hidden and required',
      c: rule({ type: 'allowlist', allowed: ['a', 'b'], hidden: true, required: true, default: 'a', hint: 'One of: a, b' }),
      want: ['One of: a, b', 'Required', 'Default: a', 'Hidden in the form'],
    },
    {
      name: 'unlimited and optional says any value',
      c: rule({ type: 'unlimited' }),
      want: ['Any value'],
    },
    {
      name: 'unlimited and required is not said twice',
      c: rule({ type: 'unlimited', required: true, hint: 'Required by the policy' }),
      want: ['Required by the policy'],
    },
    {
      name: 'a wildcard rule on a virtual attribute',
      c: rule({ type: 'forbidden', forbidden: true, wildcard: true, virtual: true, hint: 'Not allowed by the policy' }),
      want: [
        'Not allowed by the policy',
        'Applies to every element',
        'A derived attribute, not a field you set',
      ],
    },
    {
      name: 'an object default reads as JSON',
      c: rule({ type: 'regex', pattern: '^a', default: { k: 1 }, hint: 'Must match ^a' }),
      want: ['Must match ^a', 'Default: {"k":1}'],
    },
  ])('$name', ({ c, want }) => {
    expect(ruleDetails(c)).toEqual(want)
  })
})

describe('labels', () => {
  it('names every rule type and passes unknown ones through', () => {
    expect(['fixed', 'forbidden', 'allowlist', 'blocklist', 'regex', 'range', 'unlimited'].map(ruleLabel)).toEqual([
      'Fixed',
      'Forbidden',
      'Allowed values',
      'Blocked values',
      'Pattern',
      'Range',
      'Any value',
    ])
    expect(ruleLabel('future')).toBe('future')
  })

  it('reads cluster types and values', () => {
    expect(['all-purpose', 'job', 'dlt', 'x'].map(clusterTypeLabel)).toEqual(['All-purpose', 'Job', 'Pipelines', 'x'])
    expect(valueText('text')).toBe('text')
    expect(valueText(true)).toBe('true')
    expect(valueText([1, 'a'])).toBe('[1,"a"]')
  })
})

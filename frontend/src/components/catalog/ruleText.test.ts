import { describe, expect, it } from 'vitest'
import type { FieldConstraint } from '@/api'
import { clusterTypeLabel, ruleDetails, ruleHint, ruleLabel, valueText } from './ruleText'

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

describe('ruleHint', () => {
  const runtimes = [
    { key: '14.3.x-scala2.12', name: '14.3 LTS' },
    { key: '15.4.x-scala2.12', name: '15.4 LTS' },
    { key: '16.4.x-scala2.12', name: '16.4 LTS' },
    { key: '17.0.x-scala2.13', name: '17.0' },
  ]
  const sparkRule = (pattern: string) => rule({ path: 'spark_version', type: 'regex', pattern, hint: `Must match ${pattern}` })

  it('lists the runtimes a spark_version pattern allows instead of the pattern', () => {
    const h = ruleHint(sparkRule('1[5-6]\\.[0-9]+\\.x-scala2\\.12'), runtimes)
    expect(h).toEqual({ text: 'The policy allows 15.4 LTS, 16.4 LTS' })
  })
  it('counts the runtimes beyond four', () => {
    const h = ruleHint(sparkRule('.*'), [...runtimes, { key: '17.1.x-scala2.13', name: '17.1' }])
    expect(h?.text).toBe('The policy allows 14.3 LTS, 15.4 LTS, 16.4 LTS, 17.0 and 1 more')
  })
  it('matches the whole key, as the evaluator does', () => {
    expect(ruleHint(sparkRule('15'), runtimes)).toEqual({ text: 'No runtime in the catalog matches the policy', pattern: '15' })
  })
  it('says a pattern in words, the pattern apart, for other fields and without a catalog', () => {
    const other = rule({ path: 'custom_tags.team', type: 'regex', pattern: '[a-z]+', hint: 'Must match [a-z]+' })
    expect(ruleHint(other, runtimes)).toEqual({ text: 'Must match the policy’s pattern', pattern: '[a-z]+' })
    expect(ruleHint(sparkRule('1[5-7]\\..*'))?.text).not.toContain('1[5-7]')
  })
  it('keeps the backend hint for other rules', () => {
    expect(ruleHint(rule({ type: 'range', hint: 'Between 10 and 120' }))).toEqual({ text: 'Between 10 and 120' })
    expect(ruleHint(rule({ type: 'unlimited', hint: '' }))).toBeNull()
  })
})

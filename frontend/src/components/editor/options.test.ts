import { describe, expect, it } from 'vitest'
import type { FieldConstraint } from '@/api/editor'
import { logKindOptions, nodeGroups, OTHER_ALLOWED, restrict, restrictGroups, type Group } from './options'

const rule = (r: Partial<FieldConstraint>) => ({ path: 'x', locked: false, forbidden: false, hidden: false, required: false, ...r }) as FieldConstraint
const groups: Group[] = nodeGroups([
  { id: 'Standard_DS3_v2', category: 'General purpose', description: '', cores: 4, memoryGb: 14, gpus: 0, photon: true, deprecated: false },
  { id: 'Standard_DS4_v2', category: 'General purpose', description: '', cores: 8, memoryGb: 28, gpus: 0, photon: true, deprecated: false },
  { id: 'Standard_E8s_v3', category: 'Memory optimized', description: '', cores: 8, memoryGb: 64, gpus: 0, photon: true, deprecated: false },
  { id: 'Standard_NC6s_v3', category: 'GPU accelerated', description: '', cores: 6, memoryGb: 112, gpus: 1, photon: false, deprecated: false },
])
const values = (g: Group[]) => Object.fromEntries(g.map((x) => [x.label, x.children.map((c) => c.value)]))

describe('restrictGroups', () => {
  it('keeps each group to its own allowed values', () => {
    const out = restrictGroups(groups, rule({ allowed: ['Standard_DS3_v2', 'Standard_E8s_v3'] }))
    expect(values(out)).toEqual({ 'General purpose': ['Standard_DS3_v2'], 'Memory optimized': ['Standard_E8s_v3'] })
  })
  it('offers allowed values the catalog lacks once, in their own group', () => {
    const out = restrictGroups(groups, rule({ allowed: ['Standard_DS3_v2', 'Standard_L8s_v3', 'Standard_L8s_v3'] }))
    expect(values(out)).toEqual({ 'General purpose': ['Standard_DS3_v2'], [OTHER_ALLOWED]: ['Standard_L8s_v3'] })
    expect(out.flatMap((g) => g.children).filter((o) => o.value === 'Standard_L8s_v3')).toHaveLength(1)
  })
  it('marks blocked values and leaves the rest without a rule', () => {
    expect(restrictGroups(groups, undefined)).toEqual(groups)
    const out = restrictGroups(groups, rule({ blocked: ['Standard_NC6s_v3'] }))
    const gpu = out.find((g) => g.label === 'GPU accelerated')!.children[0]!
    expect(gpu.disabled).toBe(true)
    expect(gpu.label).toContain('blocked by policy')
  })
})

describe('restrict (flat lists)', () => {
  it('adds allowed values missing from the list', () => {
    const opts = [{ label: 'On-demand', value: 'ON_DEMAND_AZURE' }, { label: 'Spot', value: 'SPOT_AZURE' }]
    expect(restrict(opts, rule({ allowed: ['SPOT_AZURE', 'NEW_KIND'] })).map((o) => o.value)).toEqual(['SPOT_AZURE', 'NEW_KIND'])
  })
})

describe('logKindOptions', () => {
  it('follows the cluster_log_conf.type rule in any case', () => {
    expect(logKindOptions(undefined).map((o) => o.value)).toEqual(['dbfs', 'volumes', 's3'])
    expect(logKindOptions(rule({ allowed: ['VOLUMES', 'S3'] })).map((o) => o.value)).toEqual(['volumes', 's3'])
    expect(logKindOptions(rule({ locked: true, value: 'VOLUMES' })).map((o) => o.value)).toEqual(['volumes'])
    const blocked = logKindOptions(rule({ blocked: ['dbfs'] }))
    expect(blocked.find((o) => o.value === 'dbfs')?.disabled).toBe(true)
  })
  it.each([
    ['aws', ['dbfs', 'volumes', 's3']],
    ['azure', ['dbfs', 'volumes']],
    ['gcp', ['dbfs', 'volumes']],
  ])('offers the destinations of a %s workspace', (cloud, want) => {
    expect(logKindOptions(undefined, cloud).map((o) => o.value)).toEqual(want)
  })
  it('keeps the kind a spec already has, and applies the rule on top of the cloud', () => {
    expect(logKindOptions(undefined, 'azure', 's3').map((o) => o.value)).toEqual(['dbfs', 'volumes', 's3'])
    expect(logKindOptions(rule({ allowed: ['VOLUMES', 'S3'] }), 'azure').map((o) => o.value)).toEqual(['volumes'])
  })
})

import { describe, expect, it } from 'vitest'
import { fromForm, toForm, type RateForm } from './rates'

const form = (f: Partial<RateForm>): RateForm => ({ rates: [], families: [], photon: '', label: '', replaceDefaults: false, warehouseSizes: {}, ...f })

describe('DBU rate form', () => {
  it('reads the user table back unchanged', () => {
    const t = {
      label: 'Contract',
      rates: { Standard_DS3_v2: 0.75, 'm5.xlarge': 0.69 },
      families: [{ cloud: 'azure', prefix: 'Standard_E', dbu_per_core: 0.25 }],
      photon_multiplier: 2.5,
      replace_defaults: true,
      warehouse_sizes: { Small: 10 },
    }
    const back = fromForm(toForm(t))
    expect(back.errors).toEqual({})
    expect(back.table).toEqual(t)
  })

  it('puts a message on each bad field and saves nothing', () => {
    const { table, errors } = fromForm(
      form({
        rates: [
          { node: 'Standard_DS3_v2', rate: '-1' },
          { node: 'Standard_DS4_v2', rate: 'cheap' },
          { node: '', rate: '2' },
          { node: 'Standard_DS3_v2', rate: '1' },
          { node: 'big', rate: '20000' },
          { node: '', rate: '' },
        ],
        families: [
          { cloud: 'aws', prefix: '', perCore: '0.2' },
          { cloud: 'aws', prefix: 'm5', perCore: '' },
        ],
        photon: 'x2',
      }),
    )
    expect(table).toBeNull()
    expect(errors).toEqual({
      'rates.0.rate': 'Must not be negative.',
      'rates.1.rate': '"cheap" is not a number.',
      'rates.2.node': 'Enter a node type id.',
      'rates.3.node': 'Standard_DS3_v2 is listed twice.',
      'rates.4.rate': 'At most 10000.',
      'families.0.prefix': 'Enter the node type id prefix, e.g. Standard_E.',
      'families.1.perCore': 'Enter a number.',
      photon: '"x2" is not a number.',
    })
  })

  it('an empty form is an empty user table: only the built-in rates apply', () => {
    expect(fromForm(form({ rates: [{ node: '', rate: '' }] }))).toEqual({ table: { label: '', rates: {}, families: [] }, errors: {} })
  })

  it('reads SQL warehouse sizes as typed: blank keeps the built-in figure, a bad one is named at its size', () => {
    expect(toForm({ label: '', rates: {}, families: [], warehouse_sizes: { Small: 10 } }).warehouseSizes).toEqual({ Small: '10' })
    const ok = fromForm(form({ warehouseSizes: { Small: ' 11.5 ', Medium: '', Large: '0' } }))
    expect(ok.errors).toEqual({})
    expect(ok.table?.warehouse_sizes).toEqual({ Small: 11.5, Large: 0 })
    expect(fromForm(form({ warehouseSizes: { Medium: '' } })).table?.warehouse_sizes).toBeUndefined()
    const bad = fromForm(form({ warehouseSizes: { Small: 'abc', 'X-Large': '-2', '4X-Large': '20000' } }))
    expect(bad.table).toBeNull()
    expect(bad.errors).toEqual({
      'warehouse.Small': '"abc" is not a number.',
      'warehouse.X-Large': 'Must not be negative.',
      'warehouse.4X-Large': 'At most 10000.',
    })
  })
})

import { describe, expect, it } from 'vitest'
import { CHANNELS, emptyWarehouse, toBody, toForm, withCurrent } from './warehouseForm'

describe('warehouse form helpers', () => {
  it('proposes a complete pro warehouse, waiting only for its name', () => {
    const w = emptyWarehouse()
    expect(w).toMatchObject({ name: '', cluster_size: 'Small', warehouse_type: 'PRO', enable_photon: true, auto_stop_mins: 45 })
    expect(w.min_num_clusters).toBeLessThanOrEqual(w.max_num_clusters as number)
  })

  it('holds custom tags as a map while the form is open', () => {
    expect(toForm({ name: 'w', tags: { custom_tags: [{ key: 'team', value: 'bi' }, { key: 'cost', value: '7' }] } })).toEqual({
      name: 'w',
      tags: { custom_tags: { team: 'bi', cost: '7' } },
    })
  })

  it('sends the tags as the API list again, in their order', () => {
    const form = toForm({ name: 'w', tags: { custom_tags: [{ key: 'b', value: '1' }, { key: 'a', value: '2' }] } })
    expect(toBody(form)).toEqual({ name: 'w', tags: { custom_tags: [{ key: 'b', value: '1' }, { key: 'a', value: '2' }] } })
  })

  it('keeps zeros and false, drops what the controls leave empty', () => {
    expect(toBody({ name: 'w', auto_stop_mins: 0, enable_photon: false, spot_instance_policy: null, channel: { name: '' }, max_num_clusters: null })).toEqual({
      name: 'w',
      auto_stop_mins: 0,
      enable_photon: false,
    })
  })

  it('clears the tags of a warehouse that had some, and sends none for one that had none', () => {
    expect(toBody({ name: 'w', tags: { custom_tags: {} } }, true)).toEqual({ name: 'w', tags: { custom_tags: [] } })
    expect(toBody({ name: 'w', tags: { custom_tags: {} } }, false)).toEqual({ name: 'w' })
    expect(toBody({ name: 'w' }, false)).toEqual({ name: 'w' })
  })

  it('round-trips a form read from the API unchanged', () => {
    const api = {
      name: 'BI',
      cluster_size: 'Medium',
      min_num_clusters: 1,
      max_num_clusters: 3,
      auto_stop_mins: 0,
      enable_photon: true,
      enable_serverless_compute: false,
      warehouse_type: 'PRO',
      spot_instance_policy: 'COST_OPTIMIZED',
      channel: { name: 'CHANNEL_NAME_PREVIEW' },
      tags: { custom_tags: [{ key: 'team', value: 'bi' }] },
      instance_profile_arn: 'arn:aws:iam::1:instance-profile/x',
    }
    expect(toBody(toForm(api), true)).toEqual(api)
  })

  it('offers the value a warehouse has even when the list does not', () => {
    expect(withCurrent(CHANNELS, 'CHANNEL_NAME_CURRENT')).toBe(CHANNELS)
    expect(withCurrent(CHANNELS, 'CHANNEL_NAME_PREVIOUS').at(-1)).toEqual({ label: 'Previous', value: 'CHANNEL_NAME_PREVIOUS' })
    expect(withCurrent(CHANNELS, null)).toBe(CHANNELS)
  })
})

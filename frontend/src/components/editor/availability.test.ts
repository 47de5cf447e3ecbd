import { describe, expect, it } from 'vitest'
import { availabilityFor, availabilityLabels, spotPricePath } from './availability'

describe('availability', () => {
  it.each([
    ['aws', 'aws_attributes', 'aws_attributes.spot_bid_price_percent'],
    ['azure', 'azure_attributes', 'azure_attributes.spot_bid_max_price'],
    ['gcp', 'gcp_attributes', ''],
    ['other', 'azure_attributes', ''],
  ])('%s keeps availability under %s and its spot limit at %j', (cloud, attr, spot) => {
    expect(availabilityFor(cloud).attr).toBe(attr)
    expect(spotPricePath(cloud)).toBe(spot)
  })

  it('has a label for every value any cloud offers', () => {
    for (const cloud of ['aws', 'azure', 'gcp']) {
      for (const v of availabilityFor(cloud).options) expect(availabilityLabels[v], v).toBeTruthy()
    }
  })
})

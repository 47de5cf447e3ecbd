// Which availability values each cloud offers, what they read as, and
// where the cloud keeps its spot price limit (the Compute section's
// "Availability and disks" controls).

export interface CloudAvailability {
  attr: string
  options: string[]
}

export function availabilityFor(cloud: string): CloudAvailability {
  switch (cloud) {
    case 'aws':
      return { attr: 'aws_attributes', options: ['ON_DEMAND', 'SPOT', 'SPOT_WITH_FALLBACK'] }
    case 'gcp':
      return { attr: 'gcp_attributes', options: ['ON_DEMAND_GCP', 'PREEMPTIBLE_GCP', 'PREEMPTIBLE_WITH_FALLBACK_GCP'] }
    default:
      return { attr: 'azure_attributes', options: ['ON_DEMAND_AZURE', 'SPOT_AZURE', 'SPOT_WITH_FALLBACK_AZURE'] }
  }
}

export const availabilityLabels: Record<string, string> = {
  ON_DEMAND: 'On-demand',
  SPOT: 'Spot',
  SPOT_WITH_FALLBACK: 'Spot with fallback to on-demand',
  ON_DEMAND_AZURE: 'On-demand',
  SPOT_AZURE: 'Spot',
  SPOT_WITH_FALLBACK_AZURE: 'Spot with fallback to on-demand',
  ON_DEMAND_GCP: 'On-demand',
  PREEMPTIBLE_GCP: 'Preemptible',
  PREEMPTIBLE_WITH_FALLBACK_GCP: 'Preemptible with fallback',
}

/** The spot price limit's path: none on GCP. */
export function spotPricePath(cloud: string): string {
  return cloud === 'aws' ? 'aws_attributes.spot_bid_price_percent' : cloud === 'azure' ? 'azure_attributes.spot_bid_max_price' : ''
}

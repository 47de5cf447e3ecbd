// The one way the app writes numbers: counts with the user's digit grouping,
// sizes rounded so a label stays short.

// Made once: toLocaleString builds a formatter on every call.
const counts = new Intl.NumberFormat()

/** A count as the user's locale groups it: "10,000". */
export function countText(n: number): string {
  return counts.format(n)
}

/** A memory size in GB: whole from 10 GB up, one decimal below ("15.3 GB", "128 GB"). */
export function memoryText(gb: number): string {
  const shown = gb >= 10 ? Math.round(gb) : Math.round(gb * 10) / 10
  return `${shown} GB`
}

/** A DBU rate, one decimal: "≈ 4.5 DBU/h". */
export function dbuRateText(dbusPerHour: number): string {
  return `≈ ${dbusPerHour.toFixed(1)} DBU/h`
}

/** Dollars to the cent with US grouping: "$1,234.50" (prices here are in USD). */
export function dollarsText(v: number): string {
  return `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

// The one way the app writes numbers: counts and dollars grouped by
// thousands as its English text reads them ("10,000"), sizes rounded so a
// label stays short.
// Without Intl: its first use in a page starts ICU (20–40 ms in Chromium),
// and the Compute page's count and costs come in the start's first paint.

/** Digits grouped by thousands with commas: "1234567" → "1,234,567". */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',')
}

/** A number's text with its whole part grouped: "10000.5" → "10,000.5". */
function groupedText(text: string): string {
  const sign = text.startsWith('-') ? '-' : ''
  const [whole = '', fraction] = text.slice(sign.length).split('.')
  return `${sign}${grouped(whole)}${fraction === undefined ? '' : `.${fraction}`}`
}

/** A count grouped by thousands: "10,000". */
export function countText(n: number): string {
  return groupedText(String(n))
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
  return `$${groupedText(v.toFixed(2))}`
}

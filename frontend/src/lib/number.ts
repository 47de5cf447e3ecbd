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

/**
 * v rounded to `digits` decimals, halves away from zero, by its decimal
 * text as Intl rounds ("1.005" → 1.01; toFixed works on the binary value,
 * 1.00499…, and gives 1.00). No negative zero.
 */
function rounded(v: number, digits: number): number {
  const text = String(Math.abs(v))
  // Text already in exponent form (1e21, 1e-7) has no decimal tie to keep.
  const shifted = text.includes('e') ? Math.abs(v) * 10 ** digits : Number(`${text}e${digits}`)
  const r = Math.round(shifted) / 10 ** digits
  return v < 0 && r !== 0 ? -r : r
}

/** v with at most `digits` decimals, grouped: (1234.56, 1) → "1,234.6". */
function decimalText(v: number, digits: number): string {
  return Number.isFinite(v) ? groupedText(String(rounded(v, digits))) : String(v)
}

/** A count grouped by thousands: "10,000" (a fraction keeps up to three decimals, as Intl's default). */
export function countText(n: number): string {
  return decimalText(n, 3)
}

/** DBUs, at most one decimal: "1,234.5 DBU". */
export function dbuText(v: number): string {
  return `${decimalText(v, 1)} DBU`
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
  return Number.isFinite(v) ? `$${groupedText(rounded(v, 2).toFixed(2))}` : `$${v}`
}

/**
 * A decimal typed into a number field, with a point or a comma ("0.55",
 * "0,55": users of a decimal-comma locale type the latter); null when it is
 * not one number (text, "1,234.5", two separators). The field then keeps its
 * last value, as the kit does for anything it cannot read.
 */
export function parseDecimal(input: string): number | null {
  const text = input.trim()
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) return null
  const v = Number(text.replace(',', '.'))
  return Number.isFinite(v) ? v : null
}

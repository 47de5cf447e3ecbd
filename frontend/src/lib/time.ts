// The one way the app says how old something is. Every "… ago" on screen
// goes through agoText, with the time from the one clock (useNow), so two
// ages side by side never disagree in wording or rounding.

import { pageLocale } from './locale'

/**
 * Whole seconds from `then` (RFC 3339 text, or ms since the epoch) to `now`
 * (ms); null when `then` is empty or not a time. A time in the future counts
 * as 0: clocks of two machines drift a little.
 */
export function secondsSince(then: string | number | null | undefined, now: number): number | null {
  if (then === null || then === undefined || then === '') return null
  const t = typeof then === 'number' ? then : Date.parse(then)
  if (!Number.isFinite(t) || t <= 0) return null
  return Math.max(0, Math.floor((now - t) / 1000))
}

/** "just now", "41 s ago", "3 min ago", "5 h ago", "3 days ago": units are whole and rounded down. */
export function agoText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 5) return 'just now'
  if (s < 60) return `${s} s ago`
  const minutes = Math.floor(s / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return `${days} days ago`
}

/** agoText of the time since `then` (see secondsSince); null when `then` is unknown. */
export function ageText(then: string | number | null | undefined, now: number): string | null {
  const s = secondsSince(then, now)
  return s === null ? null : agoText(s)
}

/**
 * How old a cached copy is: from its fetch time when known, else from the
 * age the backend measured (the one wording for every cache line).
 */
export function fetchedAgeText(fetchedAt: string | null | undefined, ageSeconds: number, now: number): string {
  return ageText(fetchedAt, now) ?? agoText(ageSeconds)
}

/**
 * An RFC 3339 time relative to now (ms, from useNow): "5 min ago", or the
 * date when older than a week; '' when unknown.
 */
export function sinceText(iso: string, now: number): string {
  const seconds = secondsSince(iso, now)
  if (seconds === null) return ''
  if (seconds > 7 * 86400) return new Date(iso).toLocaleDateString(pageLocale, { year: 'numeric', month: 'short', day: 'numeric' })
  return agoText(seconds)
}

/** An RFC 3339 time as a local date and time ("23 Nov 2026, 14:05"); '' when unknown. */
export function dateText(iso: string): string {
  if (!iso) return ''
  const t = new Date(iso)
  if (Number.isNaN(t.getTime())) return ''
  return t.toLocaleString(pageLocale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}

/** An RFC 3339 time to the second, as an event log lists it ("Nov 23, 2026, 2:05:09 PM"). */
export function timestampText(iso: string): string {
  return new Date(iso).toLocaleString(pageLocale, { dateStyle: 'medium', timeStyle: 'medium' })
}

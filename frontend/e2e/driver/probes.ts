// Functions that run inside the page (serialised with toString by
// webkit.ts, with inpage.js's resolve in scope): no imports, no closures.
import type { Step } from './steps'
import type { ElementRef } from './webdriver'

/** What an action needs to know of its element, read in one round trip. */
export interface Probe {
  count: number
  el?: ElementRef
  visible?: boolean
  enabled?: boolean
  editable?: boolean
  stable?: boolean
}

// Reads one round trip of facts about the locator's element (in the page).
// For an action it also waits two frames and compares the element's box, as
// Playwright does: a dialog that still zooms in has its button moving, and a
// click at where it was lands elsewhere.
export async function probe(steps: Step[], action: boolean) {
  const els = resolve(steps, null)
  if (els.length !== 1) return { count: els.length }
  const el = els[0]!
  const st = getComputedStyle(el)
  const box = () => {
    const r = el.getBoundingClientRect()
    return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10)).join()
  }
  const r = el.getBoundingClientRect()
  const visible = r.width > 0 && r.height > 0 && st.visibility !== 'hidden'
  const disabled = el.disabled === true || !!el.closest('[aria-disabled="true"], fieldset:disabled')
  const editable = el.matches('input, textarea') ? !el.readOnly : el.isContentEditable
  let stable = true
  if (action && visible) {
    // Each scrolling box around it brings it to its middle, as
    // scrollIntoView would; WebKit's leaves the kit's modal body (overflow:
    // scroll, its scrollbar hidden) where it is.
    for (let box: HTMLElement | null = el.parentElement; box; box = box.parentElement) {
      if (box.scrollHeight <= box.clientHeight + 1 || !/auto|scroll/.test(getComputedStyle(box).overflowY)) continue
      const inner = el.getBoundingClientRect()
      const outer = box.getBoundingClientRect()
      box.scrollTop += inner.top + inner.height / 2 - (outer.top + Math.min(outer.height, innerHeight - outer.top) / 2)
    }
    el.scrollIntoView({ block: 'center', inline: 'center' })
    const before = box()
    // Two frames and 60 ms at least: WebKit's frames come far apart while a
    // dialog zooms in, so two of them can land on the same mid-zoom size.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    await new Promise((done) => setTimeout(done, 60))
    await new Promise((done) => requestAnimationFrame(done))
    // Still, and its centre on screen: a dialog still zooming in moves what
    // was scrolled to.
    const after = el.getBoundingClientRect()
    const cx = after.left + after.width / 2
    const cy = after.top + after.height / 2
    stable = box() === before && cx >= 0 && cy >= 0 && cx < innerWidth && cy < innerHeight
  }
  return { count: 1, el, visible, enabled: !disabled, editable, stable }
}
declare function resolve(steps: Step[], root: Element | null): HTMLInputElement[]

// What is at the element's centre, when it is not the element (in the page).
export function coveredBy(el: HTMLElement) {
  const r = el.getBoundingClientRect()
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
  if (!top) return `nothing (the centre ${Math.round(r.left + r.width / 2)},${Math.round(r.top + r.height / 2)} is outside the ${innerWidth}×${innerHeight} viewport)`
  if (el.contains(top)) return ''
  const text = (top.textContent ?? '').trim().slice(0, 60)
  return `<${top.tagName.toLowerCase()} class="${top.className}">${text}`
}

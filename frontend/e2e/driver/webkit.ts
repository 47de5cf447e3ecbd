// The suite's page API (types.ts) over WebKitWebDriver, for WebKitGTK: the
// engine of the Linux window. Locators are lazy lists of steps resolved in
// the page (inpage.js) on every use, and actions wait, as Playwright's do,
// for exactly one visible, enabled element; clicks, keys and the pointer go
// through WebDriver's input (trusted events from the engine), not script.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionOptions, Box, Keyboard, Locator, LocatorOptions, Mouse, Page } from './types'
import { ELEMENT, WebDriverError, WebDriverSession, type ElementRef } from './webdriver'

const RESOLVER = readFileSync(new URL('./inpage.js', import.meta.url), 'utf8')

/** One step of a locator (see inpage.js). */
type Step =
  | { kind: 'css'; css: string; visible?: boolean }
  | { kind: 'text'; text?: string; regex?: string; flags?: string; exact?: boolean }
  | { kind: 'role'; role: string; name?: TextMatch }
  | { kind: 'hasText'; text: TextMatch }
  | { kind: 'has'; steps: Step[] }
  | { kind: 'visible' }
  | { kind: 'parent' }
  | { kind: 'nth'; index: number }

type TextMatch = { text?: string; regex?: string; flags?: string; exact?: boolean }

function textMatch(t: string | RegExp, exact = false): TextMatch {
  return typeof t === 'string' ? { text: t, exact } : { regex: t.source, flags: t.flags }
}

/**
 * A selector as steps: Playwright's `:visible`, which CSS does not know,
 * filters what the part before it matched ("a:visible b" is a's visible
 * ones, then b inside them); `..` is the parent.
 */
function cssSteps(selector: string): Step[] {
  if (selector === '..') return [{ kind: 'parent' }]
  const parts = selector.split(':visible')
  return parts.flatMap((part, i): Step[] => {
    const css = part.trim()
    const last = i === parts.length - 1
    if (!css) return last ? [] : [{ kind: 'visible' }]
    return [{ kind: 'css', css, visible: !last }]
  })
}

/** W3C key values for the key names the suite presses. */
const KEYS: Record<string, string> = {
  Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', Backspace: '\uE003', Delete: '\uE017',
  ArrowDown: '\uE015', ArrowUp: '\uE013', ArrowLeft: '\uE012', ArrowRight: '\uE014',
  Home: '\uE011', End: '\uE010', PageUp: '\uE00E', PageDown: '\uE00F', Space: ' ',
  Control: '\uE009', Shift: '\uE008', Alt: '\uE00A', Meta: '\uE03D',
}

function keyValue(name: string): string {
  const v = KEYS[name] ?? (name.length === 1 ? name : undefined)
  if (v === undefined) throw new Error(`key ${name} is not mapped for WebDriver (driver/webkit.ts)`)
  return v
}

/** "Control+A" as key actions: modifiers down, the key, modifiers up. */
function chord(combo: string): Array<{ type: string; value: string }> {
  const parts = combo.split('+')
  const key = keyValue(parts.pop()!)
  const mods = parts.map(keyValue)
  return [
    ...mods.map((value) => ({ type: 'keyDown', value })),
    { type: 'keyDown', value: key },
    { type: 'keyUp', value: key },
    ...mods.reverse().map((value) => ({ type: 'keyUp', value })),
  ]
}

/** A driver answer worth retrying while an action waits (the page moved under it). */
function transient(e: unknown): boolean {
  return e instanceof WebDriverError &&
    ['stale element reference', 'element click intercepted', 'element not interactable', 'no such element'].includes(e.code)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface InPageResult<T> {
  value?: T
  thrown?: string
  errors: Array<{ kind: 'page' | 'console'; text: string }>
  href: string
}

/** What an action needs to know of its element, read in one round trip. */
interface Probe {
  count: number
  el?: ElementRef
  visible?: boolean
  enabled?: boolean
  editable?: boolean
  stable?: boolean
}

export class WebKitPage implements Page {
  private timeout = 30_000
  private href = ''
  private refreshing: Promise<void> | null = null
  private pointer = { x: 0, y: 0 }
  readonly keyboard: Keyboard
  readonly mouse: Mouse

  constructor(
    private readonly wd: WebDriverSession,
    private readonly errors: string[],
    private readonly consoleErrors: boolean,
  ) {
    this.keyboard = {
      press: (key) => this.keys(chord(key)),
      type: (text) => this.keys([...text].flatMap((c) => [{ type: 'keyDown', value: c }, { type: 'keyUp', value: c }])),
      insertText: async (text) => {
        await this.run((t: string) => {
          document.execCommand('insertText', false, t)
        }, [text])
      },
    }
    this.mouse = {
      move: async (x, y, options) => {
        const steps = Math.max(1, options?.steps ?? 1)
        const from = this.pointer
        const actions = Array.from({ length: steps }, (_, i) => ({
          type: 'pointerMove', origin: 'viewport', duration: 0,
          x: Math.round(from.x + ((x - from.x) * (i + 1)) / steps),
          y: Math.round(from.y + ((y - from.y) * (i + 1)) / steps),
        }))
        this.pointer = { x, y }
        await this.pointerActions(actions)
      },
      down: () => this.pointerActions([{ type: 'pointerDown', button: 0 }]),
      up: () => this.pointerActions([{ type: 'pointerUp', button: 0 }]),
    }
  }

  get defaultTimeout(): number {
    return this.timeout
  }

  /**
   * Runs `fn` in the page with `args` (its source inlined, never eval: the
   * page's CSP forbids it) and the locator resolver in scope. It also drains
   * the errors the bridge's runtime recorded (window.__bridgeErrors).
   */
  async run<T>(fn: ((...args: never[]) => unknown) | string, args: unknown[] = []): Promise<T> {
    const script = `${RESOLVER}
const __done = arguments[arguments.length - 1];
const __args = Array.prototype.slice.call(arguments, 0, -1);
const __drain = () => (window.__bridgeErrors || []).splice(0);
Promise.resolve().then(() => (${fn.toString()}).apply(null, __args)).then(
  (value) => __done({ value: value === undefined ? null : value, errors: __drain(), href: location.href }),
  (e) => __done({ thrown: String(e) + (e && e.stack ? '\\n' + e.stack : ''), errors: __drain(), href: location.href }),
);`
    const r = await this.wd.cmd<InPageResult<T>>('POST', '/execute/async', { script, args })
    this.href = r.href
    for (const e of r.errors ?? []) if (e.kind === 'page' || this.consoleErrors) this.errors.push(e.text)
    if (r.thrown !== undefined) throw new Error(`in the page: ${r.thrown}`)
    return r.value as T
  }

  /** Polls `check` until it returns a value (not undefined), or fails after `timeout` with `what`. */
  async waitUntil<T>(what: string, timeout: number | undefined, check: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + (timeout ?? this.timeout)
    let last: unknown
    for (;;) {
      try {
        const v = await check()
        if (v !== undefined) return v
      } catch (e) {
        if (!transient(e)) throw e
        last = e
      }
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout ?? this.timeout} ms waiting for ${what}${last ? ` (${String(last)})` : ''}`)
      await sleep(100)
    }
  }

  private async keys(actions: Array<{ type: string; value: string }>): Promise<void> {
    await this.wd.cmd('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] })
  }

  async pointerActions(actions: unknown[]): Promise<void> {
    await this.wd.cmd('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    })
  }

  async keysTo(el: ElementRef, actions: Array<{ type: string; value: string }>): Promise<void> {
    await this.run((e: HTMLElement) => e.focus(), [el])
    await this.keys(actions)
  }

  element(id: string): Promise<unknown> {
    return this.wd.cmd('POST', `/element/${id}/click`)
  }

  /** A screenshot of the page as an action gave up, in the artifacts folder; its path. */
  async failureShot(): Promise<string> {
    const dir = process.env.CLUSTERDECK_ARTIFACTS
    if (!dir) return ''
    mkdirSync(join(dir, 'webkit'), { recursive: true })
    const path = join(dir, 'webkit', `failed-action-${Date.now()}.png`)
    writeFileSync(path, Buffer.from(await this.wd.cmd<string>('GET', '/screenshot'), 'base64'))
    return path
  }

  elementScreenshot(id: string): Promise<string> {
    return this.wd.cmd<string>('GET', `/element/${id}/screenshot`)
  }

  locator(selector: string, options?: LocatorOptions): Locator {
    return new WebKitLocator(this, []).locator(selector, options)
  }
  getByTestId(id: string): Locator {
    return new WebKitLocator(this, []).getByTestId(id)
  }
  getByText(text: string | RegExp, options?: { exact?: boolean }): Locator {
    return new WebKitLocator(this, []).getByText(text, options)
  }
  getByRole(role: 'button', options?: { name?: string | RegExp; exact?: boolean }): Locator {
    return new WebKitLocator(this, []).getByRole(role, options)
  }

  async goto(url: string): Promise<void> {
    await this.drainBeforeLeaving()
    await this.wd.cmd('POST', '/url', { url })
    this.href = await this.wd.cmd<string>('GET', '/url')
  }
  async reload(): Promise<void> {
    await this.drainBeforeLeaving()
    await this.wd.cmd('POST', '/refresh')
  }
  async goBack(): Promise<void> {
    await this.drainBeforeLeaving()
    await this.wd.cmd('POST', '/back')
  }
  /** The errors a page recorded are lost with it: read them before it goes. */
  private async drainBeforeLeaving(): Promise<void> {
    await this.run(() => null).catch(() => undefined)
  }
  /**
   * The address as of the page's last answer (every locator call reads it),
   * and a fresh read for the next call: `expect.poll(() => page.url())`
   * follows a navigation as it does in Playwright.
   */
  url(): string {
    if (!this.refreshing) {
      this.refreshing = this.wd.cmd<string>('GET', '/url')
        .then((u) => { this.href = u })
        .catch(() => undefined)
        .finally(() => { this.refreshing = null })
    }
    return this.href
  }
  async waitForURL(url: string | RegExp, options?: ActionOptions): Promise<void> {
    const test = (u: string) => (typeof url === 'string' ? u === url : url.test(u))
    await this.waitUntil(`the address ${String(url)}`, options?.timeout, async () => {
      this.href = await this.wd.cmd<string>('GET', '/url')
      return test(this.href) ? true : undefined
    })
  }
  title(): Promise<string> {
    return this.wd.cmd<string>('GET', '/title')
  }
  content(): Promise<string> {
    return this.wd.cmd<string>('GET', '/source')
  }
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.run<R>(fn as (...args: never[]) => unknown, [arg === undefined ? null : arg])
  }
  async screenshot(options?: { path?: string; fullPage?: boolean }): Promise<Buffer> {
    const png = Buffer.from(await this.wd.cmd<string>('GET', '/screenshot'), 'base64')
    if (options?.path) writeFileSync(options.path, png)
    return png
  }
  /** Sizes the window so that its viewport (not its frame) is `size`, as Playwright's does. */
  async setViewportSize(size: { width: number; height: number }): Promise<void> {
    let rect = { width: size.width, height: size.height }
    for (let i = 0; i < 4; i++) {
      await this.wd.cmd('POST', '/window/rect', rect)
      const inner = await this.run<{ w: number; h: number }>(() => ({ w: innerWidth, h: innerHeight }))
      if (inner.w === size.width && inner.h === size.height) return
      rect = { width: rect.width + size.width - inner.w, height: rect.height + size.height - inner.h }
    }
    throw new Error(`the window would not give a ${size.width} × ${size.height} viewport`)
  }
  setDefaultTimeout(ms: number): void {
    this.timeout = ms
  }
  async close(): Promise<void> {
    await this.drainBeforeLeaving()
    await this.wd.close()
  }
}

// Reads one round trip of facts about the locator's element (in the page).
// For an action it also waits two frames and compares the element's box, as
// Playwright does: a dialog that still zooms in has its button moving, and a
// click at where it was lands elsewhere.
async function probe(steps: Step[], action: boolean) {
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
function coveredBy(el: HTMLElement) {
  const r = el.getBoundingClientRect()
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
  if (!top) return `nothing (the centre ${Math.round(r.left + r.width / 2)},${Math.round(r.top + r.height / 2)} is outside the ${innerWidth}×${innerHeight} viewport)`
  if (el.contains(top)) return ''
  const text = (top.textContent ?? '').trim().slice(0, 60)
  return `<${top.tagName.toLowerCase()} class="${top.className}">${text}`
}

export class WebKitLocator implements Locator {
  constructor(
    private readonly page: WebKitPage,
    private readonly steps: Step[],
  ) {}

  private with(...more: Step[]): WebKitLocator {
    return new WebKitLocator(this.page, [...this.steps, ...more])
  }
  private filterSteps(options?: LocatorOptions): Step[] {
    const out: Step[] = []
    if (options?.hasText !== undefined) out.push({ kind: 'hasText', text: textMatch(options.hasText) })
    if (options?.has) out.push({ kind: 'has', steps: (options.has as WebKitLocator).steps })
    return out
  }

  locator(selector: string, options?: LocatorOptions): Locator {
    return this.with(...cssSteps(selector), ...this.filterSteps(options))
  }
  getByTestId(id: string): Locator {
    return this.with({ kind: 'css', css: `[data-testid=${JSON.stringify(id)}]` })
  }
  getByText(text: string | RegExp, options?: { exact?: boolean }): Locator {
    return this.with({ kind: 'text', ...textMatch(text, options?.exact) })
  }
  getByRole(role: 'button', options?: { name?: string | RegExp; exact?: boolean }): Locator {
    return this.with({ kind: 'role', role, name: options?.name === undefined ? undefined : textMatch(options.name, options.exact) })
  }
  filter(options: LocatorOptions): Locator {
    return this.with(...this.filterSteps(options))
  }
  first(): Locator {
    return this.with({ kind: 'nth', index: 0 })
  }
  last(): Locator {
    return this.with({ kind: 'nth', index: -1 })
  }
  nth(index: number): Locator {
    return this.with({ kind: 'nth', index })
  }
  async all(): Promise<Locator[]> {
    const n = await this.count()
    return Array.from({ length: n }, (_, i) => this.nth(i))
  }
  count(): Promise<number> {
    return this.page.run<number>((steps: Step[]) => resolve(steps, null).length, [this.steps])
  }
  allTextContents(): Promise<string[]> {
    return this.page.run<string[]>((steps: Step[]) => resolve(steps, null).map((e) => e.textContent ?? ''), [this.steps])
  }
  evaluateAll<R, A = undefined>(fn: (els: Array<HTMLElement & SVGElement>, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.page.run<R>(`(steps, arg) => (${fn.toString()})(resolve(steps, null), arg)`, [this.steps, arg === undefined ? null : arg])
  }

  private describe(): string {
    return JSON.stringify(this.steps)
  }

  /** Waits for one element meeting `ready`; more than one is an error at once (Playwright's strictness). */
  private async one(what: string, timeout: number | undefined, ready: (p: Probe) => boolean, scroll = false): Promise<ElementRef> {
    return (await this.probeOne(what, timeout, ready, scroll)).el!
  }
  private probeOne(what: string, timeout: number | undefined, ready: (p: Probe) => boolean, scroll = false): Promise<Probe> {
    return this.page.waitUntil(`${what} of ${this.describe()}`, timeout, async () => {
      const p = await this.page.run<Probe>(probe, [this.steps, scroll])
      if (p.count > 1) throw new Error(`strict mode: ${p.count} elements match ${this.describe()}`)
      return p.count === 1 && p.el && ready(p) ? p : undefined
    })
  }

  /** Reads something of the one element (waiting for it to exist). */
  private async read<T>(fn: (el: HTMLInputElement, arg: string) => T, arg = '', options?: ActionOptions): Promise<T> {
    const el = await this.one('the element', options?.timeout, () => true)
    return this.page.run<T>(fn as (...args: never[]) => unknown, [el, arg])
  }

  async click(options?: ActionOptions): Promise<void> {
    let el: ElementRef | undefined
    try {
      await this.page.waitUntil(`a click on ${this.describe()}`, options?.timeout, async () => {
        el = await this.one('a visible, enabled, still element', options?.timeout, (p) => !!p.visible && !!p.enabled && !!p.stable, true)
        await this.page.element(el[ELEMENT])
        return true
      })
    } catch (e) {
      // Say what took the click (the driver does not), and keep a picture.
      const over = el ? await this.page.run<string>(coveredBy, [el]).catch(() => '') : ''
      const shot = await this.page.failureShot().catch(() => '')
      throw new Error(`${(e as Error).message}${over ? `; at its centre: ${over}` : ''}${shot ? `; screenshot ${shot}` : ''}`, { cause: e })
    }
  }
  async hover(options?: ActionOptions): Promise<void> {
    const el = await this.one('a visible, still element', options?.timeout, (p) => !!p.visible && !!p.stable, true)
    await this.page.pointerActions([{ type: 'pointerMove', origin: el, x: 0, y: 0, duration: 0 }])
  }
  async blur(options?: ActionOptions): Promise<void> {
    const el = await this.one('the element', options?.timeout, () => true)
    await this.page.run((e: HTMLElement) => e.blur(), [el])
  }
  async scrollIntoViewIfNeeded(options?: ActionOptions): Promise<void> {
    await this.one('a visible element, still and on screen', options?.timeout, (p) => !!p.visible && !!p.stable, true)
  }
  async fill(value: string, options?: ActionOptions): Promise<void> {
    const el = await this.one('an editable element', options?.timeout, (p) => !!p.visible && !!p.enabled && !!p.editable && !!p.stable, true)
    await this.page.run((e: HTMLInputElement, v: string) => {
      e.focus()
      if (e.matches('input, textarea')) e.select()
      else {
        const range = document.createRange()
        range.selectNodeContents(e)
        const sel = getSelection()
        sel?.removeAllRanges()
        sel?.addRange(range)
      }
      const done = v === '' ? document.execCommand('delete') : document.execCommand('insertText', false, v)
      if (!done && e.matches('input, textarea')) {
        e.value = v
        e.dispatchEvent(new Event('input', { bubbles: true }))
      }
    }, [el, value])
  }
  async press(key: string, options?: ActionOptions): Promise<void> {
    const el = await this.one('the element', options?.timeout, () => true)
    await this.page.keysTo(el, chord(key))
  }
  async type(text: string, options?: ActionOptions): Promise<void> {
    const el = await this.one('the element', options?.timeout, () => true)
    await this.page.keysTo(el, [...text].flatMap((c) => [{ type: 'keyDown', value: c }, { type: 'keyUp', value: c }]))
  }
  async waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void> {
    const state = options?.state ?? 'visible'
    await this.page.waitUntil(`${this.describe()} to be ${state}`, options?.timeout, async () => {
      const p = await this.page.run<Probe>(probe, [this.steps, false])
      if (p.count > 1 && state !== 'detached' && state !== 'hidden') throw new Error(`strict mode: ${p.count} elements match ${this.describe()}`)
      const ok = { attached: p.count >= 1, detached: p.count === 0, visible: p.count === 1 && !!p.visible, hidden: p.count === 0 || (p.count === 1 && !p.visible) }[state]
      return ok ? true : undefined
    })
  }
  async screenshot(options?: { path?: string }): Promise<Buffer> {
    const el = await this.one('a visible element', undefined, (p) => !!p.visible, true)
    const png = Buffer.from(await this.page.elementScreenshot(el[ELEMENT]), 'base64')
    if (options?.path) writeFileSync(options.path, png)
    return png
  }
  textContent(options?: ActionOptions): Promise<string | null> {
    return this.read((e) => e.textContent, '', options)
  }
  getAttribute(name: string, options?: ActionOptions): Promise<string | null> {
    return this.read((e, n) => e.getAttribute(n), name, options)
  }
  inputValue(options?: ActionOptions): Promise<string> {
    return this.read((e) => e.value, '', options)
  }
  async isDisabled(options?: ActionOptions): Promise<boolean> {
    return !(await this.probeOne('the element', options?.timeout, () => true)).enabled
  }
  async isEnabled(options?: ActionOptions): Promise<boolean> {
    return !(await this.isDisabled(options))
  }
  async isVisible(): Promise<boolean> {
    const p = await this.page.run<Probe>(probe, [this.steps, false])
    return p.count >= 1 && (p.count > 1 || !!p.visible)
  }
  async boundingBox(options?: ActionOptions): Promise<Box | null> {
    return this.read((e) => {
      const r = e.getBoundingClientRect()
      return r.width || r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null
    }, '', options)
  }
  async evaluate<R, A = undefined>(fn: (el: HTMLElement & SVGElement, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const el = await this.one('the element', undefined, () => true)
    return this.page.run<R>(fn as (...args: never[]) => unknown, [el, arg === undefined ? null : arg])
  }
}

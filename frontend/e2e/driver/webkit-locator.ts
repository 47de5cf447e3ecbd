// Locators of the WebKitGTK page (webkit.ts): lazy, resolved in the page on
// each use; actions wait for one visible, enabled, still element on screen.
import { writeFileSync } from 'node:fs'
import { chord } from './keys'
import { coveredBy, probe, type Probe } from './probes'
import { cssSteps, textMatch, type Step } from './steps'
import type { ActionOptions, Box, Locator, LocatorOptions } from './types'
import type { WebKitPage } from './webkit'
import { ELEMENT, type ElementRef } from './webdriver'

declare function resolve(steps: Step[], root: Element | null): HTMLInputElement[]

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

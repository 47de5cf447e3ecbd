// The suite's page API (types.ts) over WebKitWebDriver, for WebKitGTK: the
// engine of the Linux window. Locators are lazy lists of steps resolved in
// the page (inpage.js) on every use, and actions wait, as Playwright's do,
// for exactly one visible, enabled element; clicks, keys and the pointer go
// through WebDriver's input (trusted events from the engine), not script.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chord } from './keys'
import type { ActionOptions, Keyboard, Locator, LocatorOptions, Mouse, Page } from './types'
import { WebKitLocator } from './webkit-locator'
import { WebDriverError, WebDriverSession, type ElementRef } from './webdriver'

const RESOLVER = readFileSync(new URL('./inpage.js', import.meta.url), 'utf8')

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


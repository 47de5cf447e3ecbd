// What the browser tests may use of a page: a subset of Playwright's Page and
// Locator, so each test is written once and runs in both engines. Chromium
// gets Playwright's own objects (they have all of this); WebKitGTK gets
// webkit.ts, which does the same over W3C WebDriver (WebKitWebDriver).

export type Engine = 'chromium' | 'webkit'

export interface LocatorOptions {
  hasText?: string | RegExp
  has?: Locator
}

export interface ActionOptions {
  timeout?: number
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

export interface Locator {
  locator(selector: string, options?: LocatorOptions): Locator
  getByTestId(id: string): Locator
  getByText(text: string | RegExp, options?: { exact?: boolean }): Locator
  getByRole(role: 'button', options?: { name?: string | RegExp; exact?: boolean }): Locator
  filter(options: LocatorOptions): Locator
  first(): Locator
  last(): Locator
  nth(index: number): Locator
  all(): Promise<Locator[]>
  count(): Promise<number>
  allTextContents(): Promise<string[]>
  evaluateAll<R, A = undefined>(fn: (els: Array<HTMLElement & SVGElement>, arg: A) => R | Promise<R>, arg?: A): Promise<R>

  click(options?: ActionOptions): Promise<void>
  hover(options?: ActionOptions): Promise<void>
  blur(options?: ActionOptions): Promise<void>
  scrollIntoViewIfNeeded(options?: ActionOptions): Promise<void>
  fill(value: string, options?: ActionOptions): Promise<void>
  press(key: string, options?: ActionOptions): Promise<void>
  type(text: string, options?: ActionOptions): Promise<void>
  waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>
  screenshot(options?: { path?: string }): Promise<Buffer>

  textContent(options?: ActionOptions): Promise<string | null>
  getAttribute(name: string, options?: ActionOptions): Promise<string | null>
  inputValue(options?: ActionOptions): Promise<string>
  isDisabled(options?: ActionOptions): Promise<boolean>
  isEnabled(options?: ActionOptions): Promise<boolean>
  isVisible(): Promise<boolean>
  boundingBox(options?: ActionOptions): Promise<Box | null>
  evaluate<R, A = undefined>(fn: (el: HTMLElement & SVGElement, arg: A) => R | Promise<R>, arg?: A): Promise<R>
}

export interface Keyboard {
  press(key: string): Promise<void>
  type(text: string): Promise<void>
  insertText(text: string): Promise<void>
}

export interface Mouse {
  move(x: number, y: number, options?: { steps?: number }): Promise<void>
  down(): Promise<void>
  up(): Promise<void>
}

export interface Page {
  locator(selector: string, options?: LocatorOptions): Locator
  getByTestId(id: string): Locator
  getByText(text: string | RegExp, options?: { exact?: boolean }): Locator
  getByRole(role: 'button', options?: { name?: string | RegExp; exact?: boolean }): Locator

  goto(url: string): Promise<unknown>
  reload(): Promise<unknown>
  goBack(): Promise<unknown>
  /** The page's address (WebKit: as of the page's last answer to the driver). */
  url(): string
  waitForURL(url: string | RegExp, options?: ActionOptions): Promise<void>
  title(): Promise<string>
  content(): Promise<string>
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>
  screenshot(options?: { path?: string; fullPage?: boolean }): Promise<Buffer>
  setViewportSize(size: { width: number; height: number }): Promise<void>
  setDefaultTimeout(ms: number): void
  close(): Promise<void>
  readonly keyboard: Keyboard
  readonly mouse: Mouse
}

/** A browser window's life: closing it ends the page. */
export interface Context {
  close(): Promise<void>
}

export interface Browser {
  close(): Promise<void>
}

import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import type { Browser, Context, Engine, Page } from './driver/types'
import { WebKitPage } from './driver/webkit'
import { WebDriverSession } from './driver/webdriver'

export type { Browser, Context, Engine, Locator, Page } from './driver/types'

/**
 * The engine this run drives: CLUSTERDECK_ENGINE=webkit (WebKitGTK, the
 * Linux window's engine, through WebKitWebDriver) or chromium (Debian's,
 * through playwright-core). `make e2e` runs the suite in both.
 */
export const engine: Engine = process.env.CLUSTERDECK_ENGINE === 'webkit' ? 'webkit' : 'chromium'

// Debian's Chromium; never a downloaded browser.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

/** A benchmark figure's name in this run's engine: WebKitGTK's end in _webkit, printed beside Chromium's. */
export function bench(name: string): string {
  return engine === 'webkit' ? `${name}_webkit` : name
}

/** Where screenshots go: WebKitGTK's in a folder of their own, beside Chromium's. */
const artifactsRoot = process.env.CLUSTERDECK_ARTIFACTS ?? join(tmpdir(), 'clusterdeck-artifacts')
export const artifacts = engine === 'webkit' ? join(artifactsRoot, 'webkit') : artifactsRoot
mkdirSync(artifacts, { recursive: true })

/** WebKitGTK has no browser process of its own: each open() starts a driver and its window. */
class WebKitBrowser implements Browser {
  readonly pages = new Set<WebKitPage>()
  async close(): Promise<void> {
    await Promise.all([...this.pages].map((p) => p.close()))
    this.pages.clear()
  }
}

export async function launch(): Promise<Browser> {
  if (engine === 'webkit') return new WebKitBrowser()
  // Playwright gives each launch a fresh temporary profile of its own.
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

export interface Session {
  context: Context
  page: Page
  errors: string[]
  /** Chromium's own context, for what only Playwright can do (routes, permissions, responses); undefined in WebKitGTK. */
  chromium?: BrowserContext
}

export interface OpenOptions {
  colorScheme?: 'light' | 'dark'
  /** Chromium only: runs on the new context before the page loads (e.g. to route or slow down requests). */
  prepare?: (context: BrowserContext) => Promise<unknown>
  /**
   * Records the console's errors too, from before the page loads: Vue reports
   * render errors there, not as page errors, and Chromium a failed request
   * ("Failed to load resource"), whose address the message leaves out, so each
   * entry names where it came from. In WebKitGTK the bridge's runtime records
   * the page's errors and console.error calls (window.__bridgeErrors).
   */
  consoleErrors?: boolean
}

/**
 * Opens the app in a fresh context and records page errors. It returns once
 * the shell shows, which the app does only after its first route is settled.
 */
export async function open(browser: Browser, url: string, options: OpenOptions = {}): Promise<Session> {
  const errors: string[] = []
  if (browser instanceof WebKitBrowser) {
    if (options.prepare) throw new Error('open: prepare is Chromium-only (Playwright routes and permissions)')
    // WebKitGTK follows the GTK theme's dark variant for prefers-color-scheme.
    const wd = await WebDriverSession.start({ env: options.colorScheme === 'dark' ? { GTK_THEME: 'Adwaita:dark' } : {} })
    const page = new WebKitPage(wd, errors, options.consoleErrors ?? false)
    browser.pages.add(page)
    const context: Context = {
      close: async () => {
        browser.pages.delete(page)
        await page.close()
      },
    }
    try {
      await page.setViewportSize({ width: 1360, height: 860 })
      await page.goto(url)
      await page.getByTestId('workspace-switcher').waitFor()
    } catch (e) {
      await context.close()
      throw e
    }
    return { context, page, errors }
  }
  const context = await (browser as PlaywrightBrowser).newContext({
    viewport: { width: 1360, height: 860 },
    colorScheme: options.colorScheme ?? 'light',
  })
  await options.prepare?.(context)
  const page = await context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  if (options.consoleErrors) {
    page.on('console', (m) => {
      if (m.type() !== 'error') return
      const at = m.location().url
      errors.push(at ? `${m.text()} (${at})` : m.text())
    })
  }
  await page.goto(url)
  await page.getByTestId('workspace-switcher').waitFor()
  return { context, page: page as unknown as Page, errors, chromium: context }
}

/** A file's one browser and page, opened before its tests and closed after them. */
export interface FileSession {
  browser: Browser
  s: Session
}

/**
 * Launches the engine and opens the app once for a whole test file (the
 * file's tests share the page), with a 30 s bound on each step so a stuck
 * one says where. Call it at the top of the file.
 */
export function fileSession(url: string): FileSession {
  const file = {} as FileSession
  beforeAll(async () => {
    file.browser = await launch()
    file.s = await open(file.browser, url)
    file.s.page.setDefaultTimeout(30_000)
  })
  afterAll(async () => {
    await file.s?.context.close()
    await file.browser?.close()
  })
  return file
}

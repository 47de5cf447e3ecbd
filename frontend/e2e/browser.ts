import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'

// Debian's Chromium; never a downloaded browser.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

export const artifacts = process.env.CLUSTERDECK_ARTIFACTS ?? join(tmpdir(), 'clusterdeck-artifacts')
mkdirSync(artifacts, { recursive: true })

export async function launch(): Promise<Browser> {
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
  context: BrowserContext
  page: Page
  errors: string[]
}

export interface OpenOptions {
  colorScheme?: 'light' | 'dark'
  /** Runs on the new context before the page loads (e.g. to route or slow down requests). */
  prepare?: (context: BrowserContext) => Promise<unknown>
  /**
   * Records the console's errors too, from before the page loads: Vue reports
   * render errors there, not as page errors, and Chromium a failed request
   * ("Failed to load resource"), whose address the message leaves out, so each
   * entry names where it came from.
   */
  consoleErrors?: boolean
}

/**
 * Opens the app in a fresh context and records page errors. It returns once
 * the shell shows, which the app does only after its first route is settled.
 */
export async function open(browser: Browser, url: string, options: OpenOptions = {}): Promise<Session> {
  const context = await browser.newContext({
    viewport: { width: 1360, height: 860 },
    colorScheme: options.colorScheme ?? 'light',
  })
  await options.prepare?.(context)
  const page = await context.newPage()
  const errors: string[] = []
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
  return { context, page, errors }
}

/** A file's one browser and page, opened before its tests and closed after them. */
export interface FileSession {
  browser: Browser
  s: Session
}

/**
 * Launches Chromium and opens the app once for a whole test file (the
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

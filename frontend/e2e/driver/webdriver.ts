// A thin W3C WebDriver client for WebKitWebDriver (Debian's webkit2gtk-driver),
// which drives MiniBrowser: the same WebKitGTK as the desktop window. It is
// a few HTTP calls, so it is ours rather than a framework with its own test
// runner and element API (webdriverio, selenium-webdriver): the suite keeps
// one page API (types.ts) for both engines.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

const DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
const MINIBROWSER_PATHS = [
  process.env.WEBKIT_MINIBROWSER_PATH,
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
]

/** The web element reference key of the W3C protocol. */
export const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'
export type ElementRef = { [ELEMENT]: string }

/** An error the driver answered with (its W3C error code, e.g. "stale element reference"). */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`)
    this.name = 'WebDriverError'
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))))
    })
  })
}

export interface DriverOptions {
  /** Extra environment for the browser: LANG, TZ, GTK_THEME (dark), LOCPATH. */
  env?: Record<string, string>
}

/** One WebKitWebDriver process and its one session (one MiniBrowser window). */
export class WebDriverSession {
  private constructor(
    private readonly child: ChildProcess,
    private readonly base: string,
    readonly id: string,
  ) {}

  static async start(options: DriverOptions = {}): Promise<WebDriverSession> {
    const binary = MINIBROWSER_PATHS.find((p) => p && existsSync(p))
    if (!binary) throw new Error('MiniBrowser not found: install libwebkit2gtk-4.1-0 (make test-deps does)')
    if (!process.env.DISPLAY) throw new Error('WebKitGTK needs a display: run the suite under xvfb-run (make e2e does)')
    const port = await freePort()
    const child = spawn(DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
    const base = `http://127.0.0.1:${port}`
    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}: ${stderr}`)
      try {
        const res = await fetch(`${base}/status`)
        if (res.ok && ((await res.json()) as { value?: { ready?: boolean } }).value?.ready) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill()
        throw new Error(`WebKitWebDriver did not answer within 60 s: ${stderr}`)
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    try {
      const value = await call<{ sessionId: string }>(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary, args: ['--automation'] },
          },
        },
      })
      const session = new WebDriverSession(child, base, value.sessionId)
      await session.cmd('POST', '/timeouts', { script: 120_000, pageLoad: 120_000, implicit: 0 })
      return session
    } catch (e) {
      child.kill()
      throw e
    }
  }

  cmd<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return call<T>(this.base, method, `/session/${this.id}${path}`, body ?? (method === 'POST' ? {} : undefined))
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return
    await this.cmd('DELETE', '').catch(() => undefined)
    const exited = new Promise((r) => this.child.once('exit', r))
    this.child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
    if (this.child.exitCode === null) this.child.kill('SIGKILL')
  }
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: { value?: unknown }
  try {
    parsed = text ? (JSON.parse(text) as { value?: unknown }) : {}
  } catch {
    throw new WebDriverError('unknown error', `${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`)
  }
  if (!res.ok) {
    const v = (parsed.value ?? {}) as { error?: string; message?: string }
    throw new WebDriverError(v.error ?? `HTTP ${res.status}`, `${method} ${path}: ${v.message ?? text.slice(0, 300)}`)
  }
  return parsed.value as T
}

import type { Page } from './browser'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/** A bridge of a test file's own, with its own home and demo flags. */
export interface OwnBridge {
  url: string
  stop: () => Promise<void>
  /** The demo workspace's address and token (with --demo-control). */
  demoUrl?: string
  demoToken?: string
}

/**
 * Starts `clusterdeck bridge` with extra demo flags (e.g. --demo-clusters=10000)
 * in a temporary home, so the scale tests leave the suite's shared, small
 * seeded workspace alone. Seeding thousands of objects takes a while on a busy
 * machine: it waits for the URL line, not a fixed time.
 */
export async function startBridge(name: string, demoFlags: string[]): Promise<OwnBridge> {
  const binary = process.env.CLUSTERDECK_BINARY
  if (!binary) throw new Error('CLUSTERDECK_BINARY is not set: run the suite with `make e2e`')
  const home = mkdtempSync(join(tmpdir(), `clusterdeck-e2e-${name}-`))
  const child: ChildProcess = spawn(binary, ['bridge', '--addr', '127.0.0.1:0', ...demoFlags], {
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache'),
      XDG_DATA_HOME: join(home, 'data'), XDG_STATE_HOME: join(home, 'state') },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(home, { recursive: true, force: true })
  }
  try {
    const printed: Record<string, string> = {}
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the bridge did not print its URL within 90 s')), 90_000)
      child.once('exit', (code) => reject(new Error(`the bridge exited early with code ${code}`)))
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const m = /^(CLUSTERDECK_[A-Z_]+)=(.+)$/.exec(line)
        if (m?.[1] && m[2]) printed[m[1]] = m[2]
        if (m?.[1] === 'CLUSTERDECK_BRIDGE_URL' && m[2]) {
          clearTimeout(timer)
          resolve(m[2])
        }
      })
    })
    return { url, stop, demoUrl: printed.CLUSTERDECK_DEMO_URL, demoToken: printed.CLUSTERDECK_DEMO_TOKEN }
  } catch (e) {
    await stop()
    throw e
  }
}

/** Adds a workspace (personal access token) through the backend's own binding, as the dialog does. */
export async function addWorkspace(page: Page, name: string, host: string, token: string): Promise<void> {
  await page.evaluate(async ([name, host, token]) => {
    const w = window as unknown as { go: { app: { Workspaces: { Create(f: unknown): Promise<unknown> } } } }
    await w.go.app.Workspaces.Create({ name, host, authType: 'pat', token, clientId: '', azureTenant: '',
      label: '', color: '', production: false, warehouseId: '', clientSecret: '' })
  }, [name, host, token])
}

import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    bridgeUrl: string
    demoUrl: string
    demoToken: string
  }
}

/**
 * Starts the real desktop binary in bridge mode (`clusterdeck bridge`): the
 * same Go facades the window binds, served on loopback with a random token.
 * HOME and XDG dirs point at a temporary folder so nothing touches the user.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const binary = process.env.CLUSTERDECK_BINARY
  if (!binary) throw new Error('CLUSTERDECK_BINARY is not set: run the suite with `make e2e`')
  const home = mkdtempSync(join(tmpdir(), 'clusterdeck-e2e-'))
  // --demo-control prints the in-process demo's URL and token and enables its
  // test-only control API (advance time, inject faults): see e2e/demo.ts.
  const child: ChildProcess = spawn(binary, ['bridge', '--addr', '127.0.0.1:0', '--demo-control'], {
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_DATA_HOME: join(home, 'data'),
      XDG_STATE_HOME: join(home, 'state'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const printed: Record<string, string> = {}
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bridge did not print its URL within 60 s')), 60_000)
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
  project.provide('bridgeUrl', url)
  project.provide('demoUrl', printed.CLUSTERDECK_DEMO_URL ?? '')
  project.provide('demoToken', printed.CLUSTERDECK_DEMO_TOKEN ?? '')

  return async () => {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
    rmSync(home, { recursive: true, force: true })
  }
}

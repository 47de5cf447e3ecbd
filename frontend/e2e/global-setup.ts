import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    bridgeUrl: string
    /** The in-process demo workspace, for tests that set up content through its API. */
    demo: { host: string; token: string }
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
  const child: ChildProcess = spawn(binary, ['bridge', '--addr', '127.0.0.1:0'], {
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
  const demo = { host: '', token: '' }
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bridge did not print its URL within 60 s')), 60_000)
    child.once('exit', (code) => reject(new Error(`the bridge exited early with code ${code}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const d = /^CLUSTERDECK_DEMO_(HOST|TOKEN)=(.+)$/.exec(line)
      if (d?.[1] === 'HOST') demo.host = d[2]!
      if (d?.[1] === 'TOKEN') demo.token = d[2]!
      const m = /^CLUSTERDECK_BRIDGE_URL=(.+)$/.exec(line)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
  })
  project.provide('bridgeUrl', url)
  project.provide('demo', demo)

  return async () => {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
    rmSync(home, { recursive: true, force: true })
  }
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    bridgeUrl: string
    /** The bridge's HOME (where a test may put a .databrickscfg). */
    bridgeHome: string
    /** A second demo workspace (`clusterdeck demo-api`), seeded differently. */
    secondHost: string
    secondToken: string
    /** The bridge's in-process demo workspace, for tests that drive it through its API. */
    demoUrl: string
    demoToken: string
    /** cmd/faultproxy, built for this run (e2e/faultproxy.ts drives it). */
    faultProxy: string
  }
}

/** Starts a child and resolves with the first stdout lines matching each pattern. */
function started(child: ChildProcess, what: string, patterns: RegExp[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const found: string[] = new Array<string>(patterns.length)
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 60 s`)), 60_000)
    child.once('exit', (code) => reject(new Error(`${what} exited early with code ${code}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      patterns.forEach((p, i) => {
        const m = p.exec(line)
        if (m?.[1] && found[i] === undefined) found[i] = m[1]
      })
      if (found.filter((f) => f !== undefined).length === patterns.length) {
        clearTimeout(timer)
        resolve(found)
      }
    })
  })
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
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
  // A second workspace server: the same binary's headless demo API, with
  // extra pools so its catalog differs from the built-in demo's.
  const second: ChildProcess = spawn(binary, ['demo-api', '--addr', '127.0.0.1:0', '--pools', '3', '--seed', '4242'], {
    env: { ...process.env, HOME: home },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [secondHost, secondToken] = await started(second, 'demo-api', [
    /^DATABRICKS_HOST=(.+)$/,
    /^DATABRICKS_TOKEN=(.+)$/,
  ])
  project.provide('secondHost', secondHost!)
  project.provide('secondToken', secondToken!)
  project.provide('bridgeHome', home)

  // The fault proxy is a Go tool of this repository, built with the
  // toolchain that built the app.
  const faultProxy = join(home, 'faultproxy')
  const built = spawnSync('go', ['build', '-o', faultProxy, './cmd/faultproxy'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: 'inherit',
  })
  if (built.status !== 0) {
    await stop(second)
    throw new Error(`building cmd/faultproxy failed (${built.error?.message ?? `exit ${built.status}`})`)
  }
  project.provide('faultProxy', faultProxy)

  // --demo-control prints the in-process demo's URL and token and enables its
  // test-only control API (advance time, inject faults): see e2e/demo.ts.
  // --save-dir: a Save writes to <home>/saved instead of a dialog (logs.e2e.ts checks it).
  const child: ChildProcess = spawn(binary, ['bridge', '--addr', '127.0.0.1:0', '--demo-control', '--save-dir', join(home, 'saved')], {
    env: {
      ...process.env,
      // Shown by the import dialog as overriding .databrickscfg profiles;
      // Clusterdeck itself never reads DATABRICKS_* variables.
      DATABRICKS_CLUSTER_ID: 'e2e-env-override',
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_DATA_HOME: join(home, 'data'),
      XDG_STATE_HOME: join(home, 'state'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let url: string | undefined, demoUrl: string | undefined, demoToken: string | undefined
  try {
    ;[url, demoUrl, demoToken] = await started(child, 'the bridge', [
      /^CLUSTERDECK_BRIDGE_URL=(.+)$/,
      /^CLUSTERDECK_DEMO_URL=(.+)$/,
      /^CLUSTERDECK_DEMO_TOKEN=(.+)$/,
    ])
  } catch (e) {
    await Promise.all([stop(child), stop(second)])
    throw e
  }
  project.provide('bridgeUrl', url!)
  project.provide('demoUrl', demoUrl!)
  project.provide('demoToken', demoToken!)

  return async () => {
    await Promise.all([stop(child), stop(second)])
    rmSync(home, { recursive: true, force: true })
  }
}

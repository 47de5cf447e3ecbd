import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

/** What the proxy does to requests (backend/faultproxy.Fault, as JSON). */
export interface Fault {
  mode: 'pass' | 'refuse' | 'blackhole' | 'slow' | 'cut' | 'lose' | 'html' | 'status'
  status?: number
  retryAfter?: string
  delayMs?: number
  forward?: boolean
  hang?: boolean
  rate?: number
  path?: string
  method?: string
  count?: number
}

/**
 * The suite's bad network (cmd/faultproxy, built by the global setup) in
 * front of a workspace: the app connects to `url`, the test sets the fault.
 * The process ends with the test's (its stdin closes).
 */
export class FaultProxy {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly control: string,
  ) {}

  static async start(binary: string, target: string): Promise<FaultProxy> {
    const child = spawn(binary, ['-target', target], { stdio: ['pipe', 'pipe', 'inherit'] })
    const found = new Map<string, string>()
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('faultproxy did not start within 30 s')), 30_000)
      child.once('exit', (code) => reject(new Error(`faultproxy exited early with code ${code}`)))
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const m = /^(FAULTPROXY_\w+)=(.+)$/.exec(line)
        if (m) found.set(m[1]!, m[2]!)
        if (found.size === 2) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
    return new FaultProxy(child, found.get('FAULTPROXY_URL')!, found.get('FAULTPROXY_CONTROL')!)
  }

  async set(fault: Fault): Promise<void> {
    const res = await fetch(`${this.control}/fault`, { method: 'PUT', body: JSON.stringify(fault) })
    if (!res.ok) throw new Error(`faultproxy refused ${JSON.stringify(fault)}: ${await res.text()}`)
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return
    const exited = new Promise((r) => this.child.once('exit', r))
    this.child.kill('SIGTERM')
    await exited
  }
}

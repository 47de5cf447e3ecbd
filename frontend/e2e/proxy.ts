import { createConnection, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP forwarder on a fixed loopback port in front of a workspace server.
 * Stopping it makes the workspace unreachable exactly as a network outage
 * would (connections refused, open ones cut); starting it again on the same
 * port brings the same workspace back, token and all.
 */
export class Outage {
  private server: Server | null = null
  private sockets = new Set<Socket>()
  port = 0

  constructor(private readonly target: URL) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /** Forwards again (a no-op while it forwards). */
  async start(): Promise<void> {
    if (this.server) return
    const server = createServer((client) => {
      const upstream = createConnection({ host: this.target.hostname, port: Number(this.target.port) })
      for (const s of [client, upstream]) {
        this.sockets.add(s)
        s.on('close', () => this.sockets.delete(s))
        s.on('error', () => s.destroy())
      }
      client.pipe(upstream).pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    const addr = server.address()
    if (addr && typeof addr === 'object') this.port = addr.port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    for (const s of this.sockets) s.destroy()
    this.sockets.clear()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

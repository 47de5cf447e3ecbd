import type { Browser, Page } from './browser'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, open, type Session } from './browser'

// Issue 11, security 1: once the bridge page has been opened (the browser
// holds its cookie), a page served from another loopback port is the same
// *site*, so the SameSite cookie goes along. It must still not be able to
// call the bridge: no-cors text/plain, a JSON fetch and a form post all fail,
// and nothing is created.

const url = inject('bridgeUrl')
const bridge = new URL(url).origin
const MARK = 'pwned-by-another-page'

interface BridgeWindow {
  go: {
    app: {
      Drafts: { List(): Promise<{ drafts: Array<{ name: string }> }>; Create(d: unknown): Promise<unknown> }
      Workspaces: { List(): Promise<Array<{ name: string }>> }
    }
  }
}

const call = (name: string, arg: unknown) => JSON.stringify({ name, args: [arg] })
const draftCall = (suffix: string) =>
  call('app.Drafts.Create', { name: `${MARK}-${suffix}`, workspaceId: 'demo', policyId: '', notes: '', spec: {} })
const workspaceCall = (suffix: string) =>
  call('app.Workspaces.Create', { name: `${MARK}-${suffix}`, host: 'https://dbc-1.cloud.databricks.com', authType: 'databricks-cli' })

/** The attacker's page: three ways to post to the bridge, then title "done". */
function attackPage(): string {
  // A text/plain form posts "name=value": the name holds the JSON up to a
  // padding field whose value closes it.
  const formJSON = workspaceCall('form').slice(0, -2) + ',"pad":"'
  return `<!doctype html><html><head><title>attacker</title></head><body>
<iframe name="sink"></iframe>
<form id="f" method="POST" action="${bridge}/__bridge/call" enctype="text/plain" target="sink">
  <input type="hidden" name='${formJSON.replace(/'/g, '&#39;')}' value='"}]}'>
</form>
<script>
const target = ${JSON.stringify(bridge + '/__bridge/call')};
const attempts = [
  fetch(target, { method: 'POST', mode: 'no-cors', credentials: 'include',
    headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(draftCall('no-cors'))} }),
  fetch(target, { method: 'POST', mode: 'no-cors', credentials: 'include',
    headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(workspaceCall('no-cors-json'))} }),
  fetch(target, { method: 'POST', mode: 'cors', credentials: 'include',
    headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(draftCall('cors-json'))} }),
  fetch(${JSON.stringify(bridge + '/__bridge/session')}, { credentials: 'include' }).then((r) => r.text()),
  new Promise((resolve) => {
    document.querySelector('iframe').addEventListener('load', resolve, { once: true });
    document.getElementById('f').submit();
  }),
];
Promise.allSettled(attempts).then((r) => {
  window.outcomes = r.map((x) => x.status + ':' + (x.status === 'fulfilled' ? typeof x.value === 'string' ? x.value : '' : String(x.reason)));
  document.title = 'done';
});
</script></body></html>`
}

let browser: Browser
let s: Session
let attacker: Server
let attackerUrl = ''

beforeAll(async () => {
  attacker = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(attackPage())
  })
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`
  browser = await launch()
  s = await open(browser, url) // the bridge URL once: the context now holds its cookie
})
afterAll(async () => {
  await s?.context.close()
  await browser?.close()
  await new Promise((resolve) => attacker?.close(resolve))
})

async function names(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const go = (window as unknown as BridgeWindow).go.app
    const [drafts, workspaces] = await Promise.all([go.Drafts.List(), go.Workspaces.List()])
    return [...drafts.drafts.map((d) => d.name), ...workspaces.map((w) => w.name)]
  })
}

describe('another page on this computer', () => {
  it('cannot call the bridge, though the browser holds its cookie', async () => {
    const before = await names(s.page)
    // Chromium: a second page of the same context, whose answers Playwright
    // shows. WebKitGTK (WebDriver has one page and no network events): the
    // same window goes to the attacker's page, sharing the cookie jar.
    const statuses: number[] = []
    let outcomes: string[]
    if (s.chromium) {
      const cookies = await s.chromium.cookies(bridge)
      expect(cookies.map((c) => c.name)).toContain('clusterdeck_bridge')
      const page = await s.chromium.newPage()
      page.on('response', (res) => {
        if (res.url().startsWith(bridge)) statuses.push(res.status())
      })
      await page.goto(attackerUrl)
      await expect.poll(() => page.title(), { timeout: 30_000 }).toBe('done')
      outcomes = await page.evaluate(() => (window as unknown as { outcomes: string[] }).outcomes)
      await page.close()
    } else {
      await s.page.goto(attackerUrl)
      await expect.poll(() => s.page.title(), { timeout: 30_000 }).toBe('done')
      outcomes = await s.page.evaluate(() => (window as unknown as { outcomes: string[] }).outcomes)
      await s.page.goto(url)
      await s.page.getByTestId('workspace-switcher').waitFor()
    }

    // The CORS fetch and the token read are refused by the browser as well.
    expect(outcomes[2]).toMatch(/^rejected:/)
    expect(outcomes[3]).not.toMatch(/"token"/)
    if (s.chromium) {
      // Whatever reached the bridge was refused there.
      expect(statuses.length).toBeGreaterThan(0)
      for (const st of statuses) expect(st).toBeGreaterThanOrEqual(400)
    }

    const after = await names(s.page)
    expect(after.filter((n) => n.includes(MARK))).toEqual([])
    expect(after).toEqual(before)
  })

  it('the page itself still calls, and a call over the size limit says which limit', async () => {
    expect(await names(s.page)).toContain('Demo workspace')
    const said = await s.page.evaluate(async () => {
      try {
        await (window as unknown as BridgeWindow).go.app.Drafts.Create({
          name: 'too big', workspaceId: 'demo', policyId: '', notes: 'x'.repeat(17 << 20), spec: {},
        })
        return 'created'
      } catch (e) {
        return String(e)
      }
    })
    expect(said).toContain('limited to 16 MB')
  })
})

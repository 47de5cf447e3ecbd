import { execFileSync } from 'node:child_process'
import type { Browser } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, engine, launch, open } from './browser'
import { DemoWorkspace } from './demo'

let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

// Issue 14: the Connection details tab, ready to copy, never a secret.
describe('connection details', () => {
  it('copies a JDBC URL with this host, org id and cluster id, and no token', async () => {
    const id = await demo.createCluster(`e2e-conn-${Math.random().toString(36).slice(2, 7)}`, { data_security_mode: 'USER_ISOLATION' })
    const origin = new URL(url).origin
    const { page, context, errors } = await open(browser, url, {
      // Chromium asks for the clipboard permissions; WebKitGTK lets a click write it.
      prepare: engine === 'chromium' ? (ctx) => ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin }) : undefined,
    })
    page.setDefaultTimeout(30_000)
    await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
    await page.locator('.n-tabs-tab[data-name="connection"]').click()
    const jdbc = page.getByTestId('snippet-jdbc')
    await expect.poll(() => jdbc.count(), { timeout: 30_000 }).toBe(1)

    await page.getByTestId('copy-jdbc').click()
    // Chromium: the page reads it back. WebKitGTK: the window wrote the X
    // display's clipboard, which xclip reads as any other program would.
    const clipboard = () =>
      engine === 'webkit'
        ? execFileSync('xclip', ['-o', '-selection', 'clipboard'], { encoding: 'utf8', timeout: 10_000 })
        : page.evaluate(() => navigator.clipboard.readText())
    await expect.poll(clipboard).toBe(await jdbc.textContent())
    const copied = await clipboard()
    const demoURL = new URL(demo.url)
    const m = copied.match(/^jdbc:databricks:\/\/([^:]+):(\d+)\/default;transportMode=http;ssl=0;httpPath=sql\/protocolv1\/o\/(\d+)\/([^;]+);AuthMech=3;UID=token;PWD=<personal-access-token>$/)
    expect(m, copied).not.toBeNull()
    expect(m![1]).toBe(demoURL.hostname)
    expect(m![2]).toBe(demoURL.port) // the demo is plain HTTP on its own port; a workspace is HTTPS on 443
    expect(m![4]).toBe(id)
    expect(await page.getByTestId('conn-http-path').textContent()).toContain(`sql/protocolv1/o/${m![3]}/${id}`)
    expect(await page.getByTestId('access-note').textContent()).toContain('Databricks Connect and Spark Connect work')

    await page.screenshot({ path: join(artifacts, 'e2e-cluster-connection.png'), fullPage: true })
    const everything = await page.getByTestId('connection-tab').textContent()
    expect(everything).not.toContain(demo.token)
    expect(errors).toEqual([])
    await context.close()
  })
})

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, open } from './browser'
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
      prepare: (ctx) => ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin }),
    })
    page.setDefaultTimeout(30_000)
    await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
    await page.locator('.n-tabs-tab[data-name="connection"]').click()
    const jdbc = page.getByTestId('snippet-jdbc')
    await expect.poll(() => jdbc.count(), { timeout: 30_000 }).toBe(1)

    await page.getByTestId('copy-jdbc').click()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(await jdbc.textContent())
    const host = new URL(demo.url).hostname
    const m = copied.match(/^jdbc:databricks:\/\/([^:]+):443\/default;transportMode=http;ssl=1;httpPath=sql\/protocolv1\/o\/(\d+)\/([^;]+);AuthMech=3;UID=token;PWD=<personal-access-token>$/)
    expect(m, copied).not.toBeNull()
    expect(m![1]).toBe(host)
    expect(m![3]).toBe(id)
    expect(await page.getByTestId('conn-http-path').textContent()).toContain(`sql/protocolv1/o/${m![2]}/${id}`)
    expect(await page.getByTestId('access-note').textContent()).toContain('Databricks Connect and Spark Connect work')

    const everything = await page.getByTestId('connection-tab').textContent()
    expect(everything).not.toContain(demo.token)
    expect(errors).toEqual([])
    await context.close()
  })
})

import { join } from 'node:path'
import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { artifacts, launch, open } from './browser'
import { addWorkspace, startBridge, type OwnBridge } from './own-bridge'

// Issue 15's Fleet page: a bridge of its own with its demo workspace and a
// second workspace (the suite's second demo server) added through the
// backend; the fleet lists both, its totals are the sums over workspaces,
// and a cluster is terminated from its row with the workspace named.

const secondHost = inject('secondHost')
const secondToken = inject('secondToken')
let bridge: OwnBridge
let browser: Browser

beforeAll(async () => {
  bridge = await startBridge('fleet', [])
  browser = await launch()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await bridge?.stop()
})

interface Card { id: string; clusters: number; dbus: number; dollars: number; listed: boolean }
async function cards(page: Page): Promise<{ total: Card; workspaces: Card[] }> {
  return page.evaluate(() => {
    const read = (el: Element): Card => ({
      id: el.getAttribute('data-workspace') ?? '', clusters: Number(el.getAttribute('data-clusters')),
      dbus: Number(el.getAttribute('data-dbus')), dollars: Number(el.getAttribute('data-dollars')),
      listed: !(el.textContent ?? '').includes('listing…'),
    })
    return {
      total: read(document.querySelector('[data-testid="fleet-total"]')!),
      workspaces: [...document.querySelectorAll('[data-testid="fleet-workspace"]')].map(read),
    }
  })
}

describe('fleet', () => {
  it('lists every workspace, totals the sums over workspaces, and terminates from a row', async () => {
    const { page, context, errors } = await open(browser, bridge.url)
    page.setDefaultTimeout(60_000)
    await page.locator('[data-nav="compute"]').waitFor()
    await addWorkspace(page, 'Second demo', secondHost, secondToken)

    await page.locator('[data-nav="fleet"]').click()
    await expect.poll(async () => {
      const c = await cards(page)
      return c.workspaces.length === 2 && c.workspaces.every((w) => w.listed && w.clusters > 0)
    }, { timeout: 60_000 }).toBe(true)

    const { total, workspaces } = await cards(page)
    const sum = (k: 'clusters' | 'dbus' | 'dollars') => workspaces.reduce((s, w) => s + w[k], 0)
    expect(total.clusters).toBe(sum('clusters'))
    expect(Math.abs(total.dbus - sum('dbus'))).toBeLessThan(0.011)
    expect(Math.abs(total.dollars - sum('dollars'))).toBeLessThan(0.011)
    // Each workspace's count is its rows in the table.
    // (The table renders after the cards it is counted from: poll it.)
    for (const w of workspaces) {
      await expect.poll(() => page.locator(`[data-testid="fleet-table"] tr[data-workspace="${w.id}"]`).count()).toBe(w.clusters)
    }
    // Group by a tag: the groups add up to the whole fleet.
    await page.getByTestId('fleet-group').click()
    await page.locator('.n-base-select-option', { hasText: 'Tag: team' }).click()
    await expect.poll(() => page.getByTestId('fleet-groups').locator('.chip').count()).toBeGreaterThan(1)
    await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
    await page.screenshot({ path: join(artifacts, 'e2e-fleet.png') })

    // Terminate a running cluster of the bridge's own demo workspace from its row.
    const row = page.locator('[data-testid="fleet-table"] tr[data-workspace="demo"][data-state="RUNNING"]').first()
    const id = await row.getAttribute('data-id')
    await row.getByTestId('fleet-terminate').click()
    const dialog = page.getByTestId('action-dialog')
    await expect.poll(() => dialog.textContent()).toContain('Demo workspace')
    await page.getByRole('button', { name: /^Yes, terminate/ }).click()
    await expect.poll(async () => {
      const r = page.locator(`[data-testid="fleet-table"] tr[data-id="${id}"]`)
      return (await r.count()) === 0 || (await r.getAttribute('data-state')) !== 'RUNNING'
    }, { timeout: 60_000 }).toBe(true)
    expect(errors).toEqual([])
    await context.close()

    // The same page in dark mode, for the eye (artifacts).
    const dark = await open(browser, bridge.url, { colorScheme: 'dark' })
    await dark.page.locator('[data-nav="fleet"]').click()
    await expect.poll(() => dark.page.getByTestId('fleet-workspace').count(), { timeout: 60_000 }).toBe(2)
    await expect.poll(() => dark.page.locator('[data-testid="fleet-table"] .n-base-loading').count()).toBe(0)
    await dark.page.screenshot({ path: join(artifacts, 'e2e-fleet-dark.png') })
    await dark.context.close()
  }, 240_000)
})

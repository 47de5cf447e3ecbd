import type { Browser } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'
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

describe("a SQL warehouse's page", () => {
  it('shows its configuration, stops it after asking, grants on it, and reads as gone once someone deletes it', async () => {
    const { page, context, errors } = await open(browser, url)
    const name = `e2e-whp-${Date.now().toString(36)}`
    const id = await demo.createWarehouse(name, {
      cluster_size: 'Small', min_num_clusters: 1, max_num_clusters: 2, auto_stop_mins: 45, tags: { custom_tags: [{ key: 'team', value: 'bi' }] },
    })
    await demo.advance(30)

    await page.goto(`${url.split('#')[0]}#/warehouses/demo/${id}`)
    const detail = page.getByTestId('warehouse-detail')
    await expect.poll(() => detail.getAttribute('data-state'), { timeout: 60_000 }).toBe('RUNNING')
    expect(await page.getByTestId('warehouse-title').textContent()).toBe(name)
    const fact = (label: string) => page.locator(`[data-fact="${label}"]`).textContent()
    expect(await fact('Cluster size')).toBe('Small')
    expect(await fact('Clusters')).toContain('1–2')
    expect(await fact('Auto-stop')).toContain('45 min')
    expect(await fact('Tags')).toContain('team: bi')
    expect(await fact('Type')).toContain('Pro')
    await page.screenshot({ path: join(artifacts, 'warehouse-page.png') })

    // Edit opens the warehouse's own form, filled in from the workspace.
    await page.getByTestId('warehouse-edit').click()
    const form = page.getByTestId('warehouse-form-dialog')
    await expect.poll(() => form.getByTestId('warehouse-name').locator('input').inputValue()).toBe(name)
    await form.locator('button', { hasText: 'Cancel' }).click()
    await form.waitFor({ state: 'hidden' })

    // Stop asks first, naming the workspace; the page follows the state.
    await page.getByTestId('warehouse-stop').click()
    await page.getByTestId('warehouse-stop-confirm').click()
    await expect.poll(() => demo.warehouseState(id)).toMatch(/STOPPING|STOPPED/)
    await demo.advance(30)
    await expect.poll(() => detail.getAttribute('data-state'), { timeout: 60_000 }).toBe('STOPPED')
    expect(await page.getByTestId('warehouse-start').isDisabled()).toBe(false)

    // Permissions: the shared panel with the warehouse's levels.
    await page.locator('.n-tabs-tab', { hasText: 'Permissions' }).click()
    const panel = page.getByTestId('permissions-panel')
    await expect.poll(() => panel.getByTestId('permission-row').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await panel.textContent()).toContain('Is owner')

    // Deleted behind the page's back: it says the warehouse is gone.
    await demo.deleteWarehouse(id)
    await demo.advance(30)
    await page.getByTestId('warehouse-gone').waitFor({ timeout: 60_000 })
    expect(await page.getByTestId('warehouse-gone').textContent()).toContain('no longer exists')
    expect(errors).toEqual([])
    await context.close()
  })

  it("has a Spend tab: the warehouse's own daily DBUs and $ from system.billing.usage, filtered by its id", async () => {
    const { page, context, errors } = await open(browser, url)
    const starter = '4f8c2a9b1d3e5f70' // serverless, never stops: it bills every weekday
    await page.goto(`${url.split('#')[0]}#/warehouses/demo/${starter}`)
    await expect.poll(() => page.getByTestId('warehouse-title').textContent(), { timeout: 30_000 }).toBe('Serverless Starter Warehouse')
    await page.locator('.n-tabs-tab', { hasText: 'Spend' }).click()
    await page.getByTestId('spend-panel').waitFor()
    if (await page.getByTestId('spend-no-warehouse').count()) {
      await page.getByTestId('spend-warehouse').click()
      await page.locator('.n-base-select-option:visible', { hasText: 'Serverless Starter Warehouse' }).click()
    }
    const chart = page.getByTestId('chart-spend-dbus')
    await expect.poll(() => chart.getAttribute('data-drawn'), { timeout: 60_000 }).toBe('yes')
    const plotted = JSON.parse((await chart.getAttribute('data-plotted')) ?? '{}') as { points: number; x: number[]; lines: Record<string, number[]> }
    expect(plotted.points).toBe(30)
    // The same query, filtered by usage_metadata.warehouse_id as a bound parameter.
    const days = plotted.x.map((t) => new Date(t * 1000).toISOString().slice(0, 10))
    const org = (await fetch(`${demo.url}/api/2.0/preview/scim/v2/Me`, { headers: { Authorization: `Bearer ${demo.token}` } })).headers.get('x-databricks-org-id')
    const res = await fetch(`${demo.url}/api/2.0/sql/statements`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        warehouse_id: starter, wait_timeout: '30s',
        statement: 'SELECT usage_date, sku_name, SUM(usage_quantity) AS dbus FROM system.billing.usage WHERE workspace_id = :workspace_id ' +
          "AND usage_metadata.warehouse_id = :warehouse_id AND usage_unit = 'DBU' AND usage_date >= :from AND usage_date < :to GROUP BY usage_date, sku_name",
        parameters: [{ name: 'workspace_id', value: org }, { name: 'warehouse_id', value: starter },
          { name: 'from', value: days[0], type: 'DATE' },
          { name: 'to', value: new Date(Date.parse(`${days.at(-1)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), type: 'DATE' }],
      }),
    })
    const rows = ((await res.json()) as { result?: { data_array?: string[][] } }).result?.data_array ?? []
    expect(rows.length).toBeGreaterThan(10)
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['PREMIUM_SERVERLESS_SQL_COMPUTE']))
    const want = days.map((d) => rows.filter((r) => r[0] === d).reduce((a, r) => a + Number(r[2]), 0))
    expect(plotted.lines['DBUs']!.slice(0, -1)).toEqual(want.slice(0, -1).map((v) => Math.round(v * 100) / 100))
    const total = page.getByTestId('spend-total')
    expect(Number(await total.getAttribute('data-dbus'))).toBeGreaterThan(0)
    expect(await total.getAttribute('data-prices')).toBe('list')
    expect(await page.getByTestId('spend-warehouses').count()).toBe(0) // the workspace's split is the drawer's
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))
    await page.screenshot({ path: join(artifacts, 'warehouse-page-spend.png') })
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

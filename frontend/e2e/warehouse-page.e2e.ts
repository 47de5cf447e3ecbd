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
})

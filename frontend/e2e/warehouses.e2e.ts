import type { Browser, Page } from './browser'
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

const row = (page: Page, id: string) => page.locator(`tr[data-warehouse="${id}"]`)
const state = (page: Page, id: string) =>
  row(page, id)
    .count()
    .then((n) => (n ? row(page, id).getAttribute('data-state') : 'gone'))

describe('SQL warehouses', () => {
  it('lists the warehouses live, stops and starts one following its states, and deletes it by its typed name', async () => {
    const { page, context, errors } = await open(browser, url)
    // Its own warehouse: other files start and choose the seeded ones.
    const name = `e2e-wh-${Date.now().toString(36)}`
    const id = await demo.createWarehouse(name, { max_num_clusters: 3, tags: { custom_tags: [{ key: 'suite', value: 'e2e' }] } })
    await demo.advance(30)

    await page.locator('[data-nav="warehouses"]').click()
    await page.getByTestId('warehouses-table').waitFor()
    await expect.poll(() => page.getByTestId('cache-line').getAttribute('data-live')).toBe('true')
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toBe('RUNNING')
    const text = await row(page, id).textContent()
    expect(text).toContain('Pro')
    expect(text).toContain('2X-Small')
    expect(text).toContain('1–3')
    expect(text).toContain('never') // auto-stop 0
    expect(text).toContain('suite: e2e')
    // The seeded estate is there too, each kind named.
    expect(await page.locator('tr[data-warehouse-name="Serverless Starter Warehouse"]').textContent()).toContain('Serverless')
    expect(await page.locator('tr[data-warehouse-name="Classic BI"]').textContent()).toContain('Classic')
    // A stopped warehouse offers Start, not Stop, and says why.
    const classic = page.locator('tr[data-warehouse-name="Classic BI"]')
    expect(await classic.getByTestId('warehouse-stop').isDisabled()).toBe(true)
    expect(await classic.getByTestId('warehouse-stop').getAttribute('title')).toContain('stopped')

    // Its name opens who may use and manage it, with the warehouse levels.
    await row(page, id).getByTestId('warehouse-access').click()
    const panel = page.getByTestId('permissions-panel')
    await panel.waitFor()
    await expect.poll(() => panel.getByTestId('permission-row').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await panel.textContent()).toContain('Is owner') // its creator
    await panel.getByTestId('grant-level').click()
    const levels = (await page.locator('.n-base-select-option').allTextContents()).join(' | ')
    expect(levels).toMatch(/Can use/)
    expect(levels).toMatch(/Can monitor/)
    expect(levels).not.toMatch(/attach/i) // a cluster's level, not a warehouse's
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'hidden' })

    // Search narrows the rows to what matches.
    await page.getByTestId('warehouse-search').locator('input').fill(name)
    await expect.poll(() => page.locator('tr[data-warehouse]').count()).toBe(1)
    await page.screenshot({ path: join(artifacts, 'e2e-warehouses-list.png') })

    // Stop asks first, naming the workspace; the list follows STOPPING → STOPPED.
    await row(page, id).getByTestId('warehouse-stop').click()
    const dialog = page.getByTestId('warehouse-dialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Demo')
    expect(await dialog.textContent()).toContain('Queries running on it fail')
    await page.getByTestId('warehouse-stop-confirm').click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toMatch(/STOPPING|STOPPED/)
    await demo.advance(30)
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toBe('STOPPED')

    // Start needs no question: STARTING, then RUNNING as the demo's time moves.
    await row(page, id).getByTestId('warehouse-start').click()
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toMatch(/STARTING|RUNNING/)
    await demo.advance(30)
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toBe('RUNNING')

    // Delete: only the exact name enables it; then it is gone from the list and the workspace.
    await row(page, id).getByTestId('warehouse-delete').click()
    await dialog.waitFor()
    await page.getByTestId('warehouse-delete-name').locator('input').fill(name.toUpperCase())
    expect(await page.getByTestId('warehouse-delete-submit').isDisabled()).toBe(true)
    await page.getByTestId('warehouse-delete-name').locator('input').fill(name)
    await page.screenshot({ path: join(artifacts, 'e2e-warehouses-delete.png') })
    await page.getByTestId('warehouse-delete-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await demo.advance(30)
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toBe('gone')
    expect(await demo.warehouseState(id)).toBe('')

    expect(errors).toEqual([])
    await context.close()
  })

  it('says a warehouse deleted behind the user’s back is gone, not that the action failed', async () => {
    const { page, context } = await open(browser, url)
    const name = `e2e-wh-gone-${Date.now().toString(36)}`
    const id = await demo.createWarehouse(name)
    await demo.advance(30)
    await page.locator('[data-nav="warehouses"]').click()
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toBe('RUNNING')
    await fetch(`${demo.url}/api/2.0/sql/warehouses/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${demo.token}` } })
    await demo.advance(30)
    await row(page, id).getByTestId('warehouse-stop').click()
    await page.getByTestId('warehouse-stop-confirm').click()
    const dialog = page.getByTestId('warehouse-dialog')
    await expect.poll(() => dialog.textContent(), { timeout: 30_000 }).toContain('no longer exists')
    await page.keyboard.press('Escape')
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toBe('gone')
    await context.close()
  })
})

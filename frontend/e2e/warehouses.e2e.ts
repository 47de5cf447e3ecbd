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

// The create/edit dialog: each field's problems sit in it (FieldRow's data-field).
const formDialog = (page: Page) => page.getByTestId('warehouse-form-dialog')
const field = (page: Page, path: string) => formDialog(page).locator(`[data-field="${path}"]`)
const problems = (page: Page, path: string) =>
  field(page, path)
    .locator('.field-problem')
    .allTextContents()
    .then((t) => t.join(' '))
async function typeNumber(page: Page, path: string, value: string): Promise<void> {
  const input = field(page, path).locator('input')
  await input.fill(value)
  await input.blur()
}
const byName = (page: Page, name: string) => page.locator(`tr[data-warehouse-name="${name}"]`)
const textByName = (page: Page, name: string) =>
  byName(page, name)
    .count()
    .then((n) => (n ? byName(page, name).textContent() : ''))

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

    // Its name opens its page, where Permissions has the warehouse levels.
    await row(page, id).getByTestId('warehouse-open').click()
    await expect.poll(() => page.getByTestId('warehouse-title').textContent()).toBe(name)
    await page.locator('.n-tabs-tab', { hasText: 'Permissions' }).click()
    const panel = page.getByTestId('permissions-panel')
    await panel.waitFor()
    await expect.poll(() => panel.getByTestId('permission-row').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await panel.textContent()).toContain('Is owner') // its creator
    await panel.getByTestId('grant-level').click()
    // The menu opens after the click returns (WebKitGTK read it empty once).
    await expect.poll(() => page.locator('.n-base-select-option').count()).toBeGreaterThan(0)
    const levels = (await page.locator('.n-base-select-option').allTextContents()).join(' | ')
    expect(levels).toMatch(/Can use/)
    expect(levels).toMatch(/Can monitor/)
    expect(levels).not.toMatch(/attach/i) // a cluster's level, not a warehouse's
    await page.keyboard.press('Escape')
    await page.locator('[data-nav="warehouses"]').click()
    await page.getByTestId('warehouses-table').waitFor()

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

  it('creates a warehouse with its problems at their fields, edits it after showing the diff, and exports it as Terraform', async () => {
    const { page, context, errors } = await open(browser, url)
    // The smallest window the app is made for: the dialog must fit it.
    await page.setViewportSize({ width: 1280, height: 720 })
    const name = `e2e-wh-form-${Date.now().toString(36)}`
    await page.locator('[data-nav="warehouses"]').click()
    await page.getByTestId('warehouses-table').waitFor()
    await expect.poll(() => page.getByTestId('cache-line').getAttribute('data-live')).toBe('true')
    await expect.poll(() => page.getByTestId('warehouse-new').isEnabled()).toBe(true)

    // Create: a problem sits next to its field before anything is sent, and Save waits.
    await page.getByTestId('warehouse-new').click()
    await formDialog(page).waitFor()
    await page.getByTestId('warehouse-name').locator('input').fill(name)
    await page.getByTestId('warehouse-size').click()
    await page.locator('.n-base-select-option', { hasText: 'Medium' }).first().click()
    await typeNumber(page, 'auto_stop_mins', '5')
    await expect.poll(() => problems(page, 'auto_stop_mins')).toContain('10 minutes at the soonest')
    expect(await problems(page, 'name')).toBe('')
    await expect.poll(() => page.getByTestId('warehouse-form-save').isDisabled()).toBe(true)
    expect(await page.getByTestId('warehouse-form-has-problems').textContent()).toContain('Fix the fields')
    // Every field in sight: the dialog fits the window, its buttons too.
    const box = await page.locator('.kind-form-dialog').boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280)
    const saveBox = await page.getByTestId('warehouse-form-save').boundingBox()
    expect(saveBox!.y + saveBox!.height).toBeLessThanOrEqual(720)
    await page.screenshot({ path: join(artifacts, 'e2e-warehouses-create.png') })

    await typeNumber(page, 'auto_stop_mins', '15')
    await expect.poll(() => problems(page, 'auto_stop_mins')).toBe('')
    await expect.poll(() => page.getByTestId('warehouse-form-save').isEnabled()).toBe(true)
    await page.getByTestId('warehouse-form-save').click()
    await formDialog(page).waitFor({ state: 'hidden' })
    // The list is read again: the new warehouse is there at once.
    await expect.poll(() => textByName(page, name)).toContain('Medium')
    expect(await textByName(page, name)).toContain('15 min idle')
    const id = (await byName(page, name).getAttribute('data-warehouse')) ?? ''
    expect(id).not.toBe('')

    // Edit: once it runs; the review shows the change and the restart before anything is sent.
    await demo.advance(30)
    await expect.poll(() => state(page, id), { timeout: 60_000 }).toBe('RUNNING')
    await row(page, id).getByTestId('warehouse-edit').click()
    await expect.poll(() => page.getByTestId('warehouse-name').locator('input').inputValue()).toBe(name)
    await typeNumber(page, 'auto_stop_mins', '30')
    await page.getByTestId('warehouse-form-review').click()
    const plan = page.getByTestId('warehouse-form-plan')
    await plan.waitFor()
    const change = await plan.locator('[data-change="auto_stop_mins"]').textContent()
    expect(change).toContain('15')
    expect(change).toContain('30')
    expect(await plan.locator('tr[data-change]').count()).toBe(1)
    expect(await page.getByTestId('warehouse-form-notice').textContent()).toContain('restarts the warehouse')
    await page.screenshot({ path: join(artifacts, 'e2e-warehouses-edit.png') })
    await page.getByTestId('warehouse-form-save').click()
    await formDialog(page).waitFor({ state: 'hidden' })
    await expect.poll(() => textByName(page, name)).toContain('30 min idle')

    // Export: API JSON first, then Terraform's databricks_sql_endpoint.
    await row(page, id).getByTestId('warehouse-export').click()
    const exported = () => page.getByTestId('warehouse-export-text').locator('textarea').inputValue()
    await expect.poll(exported).toContain(`"name": "${name}"`)
    await page.getByTestId('warehouse-export-format').getByText('Terraform').click()
    await expect.poll(exported).toContain('resource "databricks_sql_endpoint"')
    expect(await exported()).toContain('auto_stop_mins')
    await expect.poll(() => page.getByTestId('warehouse-export-format').locator('.n-radio-button--checked').textContent()).toBe('Terraform')
    await page.screenshot({ path: join(artifacts, 'e2e-warehouses-export.png') })
    await page.keyboard.press('Escape')
    await page.getByTestId('warehouse-export-text').waitFor({ state: 'hidden' })

    await fetch(`${demo.url}/api/2.0/sql/warehouses/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${demo.token}` } })
    expect(errors).toEqual([])
    await context.close()
  }, 240_000)

  it('narrows the rows by type and by state, as the Compute filters do, and clears them', async () => {
    const { page, context, errors } = await open(browser, url)
    // A Pro warehouse of its own, so the list holds more than one type whatever other files left.
    const name = `e2e-wh-filter-${Date.now().toString(36)}`
    const id = await demo.createWarehouse(name, { max_num_clusters: 1 })
    await page.locator('[data-nav="warehouses"]').click()
    await page.getByTestId('warehouses-table').waitFor()
    await expect.poll(() => row(page, id).count(), { timeout: 30_000 }).toBe(1)
    const rows = page.locator('tr[data-warehouse]')
    const kinds = () => rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td:nth-child(3)')?.textContent ?? ''))
    const states = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-state')))
    const all = await rows.count()
    expect(all).toBeGreaterThan(2)

    // Type: Classic only (the seeded Classic BI), each option with its count.
    await page.getByTestId('warehouse-filter-kind').click()
    const option = (text: string) => page.locator('.n-base-select-menu:visible .n-base-select-option', { hasText: text })
    await expect.poll(() => option('Classic (').count()).toBe(1)
    await option('Classic (').click()
    await page.keyboard.press('Escape')
    await expect.poll(() => rows.count()).toBeLessThan(all)
    expect(await byName(page, 'Classic BI').count()).toBe(1)
    expect((await kinds()).every((k) => k.startsWith('Classic'))).toBe(true)
    expect(await row(page, id).count()).toBe(0)
    await expect.poll(() => page.getByTestId('warehouse-count').textContent()).toMatch(new RegExp(`^${await rows.count()} of \\d+$`))
    // At the smallest window the app is made for; after two frames, so WebKitGTK's shot shows the narrowed rows.
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))
    await page.screenshot({ path: join(artifacts, 'e2e-warehouses-filter.png') })

    // Clear, then a state: Running, which the Starter warehouse always is (spend
    // queries go through it); every row shown runs, live.
    await page.getByTestId('warehouse-filters-clear').click()
    await expect.poll(() => row(page, id).count()).toBe(1)
    await page.getByTestId('warehouse-filter-state').click()
    await option('Running (').click()
    await page.keyboard.press('Escape')
    await expect.poll(async () => {
      const s = await states()
      return s.length > 0 && s.every((x) => x === 'RUNNING')
    }).toBe(true)
    expect(await row(page, '4f8c2a9b1d3e5f70').count()).toBe(1)
    await page.getByTestId('warehouse-filters-clear').click()
    await expect.poll(() => rows.count()).toBeGreaterThan(2)

    await fetch(`${demo.url}/api/2.0/sql/warehouses/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${demo.token}` } })
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  // Issue 38: warehouse sizes are in the one DBU rate table (Settings), each
  // blank field keeping the built-in figure, and the list's estimate follows.
  it('edits a warehouse size in the DBU rate table, refuses a bad figure at its size, and the estimate follows', async () => {
    const { page, context, errors } = await open(browser, url)
    const starter = '4f8c2a9b1d3e5f70' // Serverless Starter: 2X-Small, one cluster, always running
    const rates = page.getByTestId('rates-dialog')
    const size = rates.locator('[data-size="2X-Small"] input')
    await page.goto(`${url.split('#')[0]}#/settings`)
    await page.getByTestId('settings-rates-edit').click()
    await expect.poll(() => size.getAttribute('placeholder')).toMatch(/^built in: \d/)
    await size.fill('abc')
    await rates.getByTestId('rates-save').click()
    await expect.poll(() => rates.locator('[data-error="warehouse.2X-Small"]').textContent()).toContain('not a number')
    await size.fill('333')
    await rates.getByTestId('rates-save').click()
    await expect.poll(() => rates.count()).toBe(0)

    await page.goto(`${url.split('#')[0]}#/warehouses`)
    await expect.poll(() => row(page, starter).getByTestId('warehouse-cost').textContent()).toContain('333.0 DBU/h')

    // Back to the built-in figures for the other files.
    await page.goto(`${url.split('#')[0]}#/settings`)
    await page.getByTestId('settings-rates-edit').click()
    await expect.poll(() => size.inputValue()).toBe('333')
    await page.getByTestId('rates-reset').click()
    await page.locator('.n-popconfirm').getByRole('button', { name: /confirm|ok|yes/i }).click()
    await expect.poll(() => size.inputValue()).toBe('')
    await page.getByTestId('rates-cancel').click()
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

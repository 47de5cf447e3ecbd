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

const dialog = (page: Page) => page.getByTestId('pool-dialog')
const field = (page: Page, path: string) => dialog(page).locator(`[data-field="${path}"]`)
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

const row = (page: Page, name: string) => page.locator(`tr[data-pool-name="${name}"]`)
const rowText = (page: Page, name: string) =>
  row(page, name)
    .count()
    .then((n) => (n ? row(page, name).textContent() : ''))

/** The pool's id, asked behind the app's back. */
async function poolId(name: string): Promise<string> {
  const res = await fetch(`${demo.url}/api/2.0/instance-pools/list`, { headers: { Authorization: `Bearer ${demo.token}` } })
  const body = (await res.json()) as { instance_pools?: Array<{ instance_pool_id: string; instance_pool_name: string }> }
  return body.instance_pools?.find((p) => p.instance_pool_name === name)?.instance_pool_id ?? ''
}

describe('instance pools', () => {
  it('creates a pool, follows its counts as a cluster uses it, edits it and deletes it after showing the impact', async () => {
    const { page, context, errors } = await open(browser, url)
    const name = `e2e-pool-${Date.now().toString(36)}`
    await page.locator('[data-nav="pools"]').click()
    await page.getByTestId('pools-table').waitFor()
    await expect.poll(() => page.getByTestId('cache-line').getAttribute('data-live')).toBe('true')

    // Create: a problem sits next to its field before anything is sent.
    await page.getByTestId('pool-new').click()
    await dialog(page).waitFor()
    await page.getByTestId('pool-name').locator('input').fill(name)
    await page.getByTestId('pool-node-type').click()
    await page.locator('.n-base-select-option', { hasText: 'Standard_DS3_v2' }).first().click()
    await typeNumber(page, 'min_idle_instances', '3')
    await typeNumber(page, 'max_capacity', '2')
    await expect.poll(() => problems(page, 'max_capacity'), { timeout: 30_000 }).toContain('cannot be below min idle')
    expect(await page.getByTestId('pool-save').isDisabled()).toBe(true)
    await page.screenshot({ path: join(artifacts, 'e2e-pools-create.png') })
    await typeNumber(page, 'min_idle_instances', '1')
    await typeNumber(page, 'max_capacity', '4')
    await expect.poll(() => problems(page, 'max_capacity')).toBe('')
    await page.getByTestId('pool-save').click()
    await dialog(page).waitFor({ state: 'hidden' })
    await expect.poll(() => rowText(page, name)).toContain('Standard_DS3_v2')
    expect(await rowText(page, name)).toContain('1 / 4')
    const id = await poolId(name)
    expect(id).not.toBe('')
    // Identifiers keep one line, cut at the column's edge: whole in their title.
    expect(await row(page, name).locator('.node').getAttribute('title')).toBe('Standard_DS3_v2')
    expect(await row(page, name).locator('.mono.clip').getAttribute('title')).toBe(id)
    expect(await row(page, name).locator('.node').evaluate((e) => getComputedStyle(e).whiteSpace)).toBe('nowrap')
    // The name opens a drawer: it looks like a link, not like the text around it.
    const [nameColor, textColor, underline] = await row(page, name)
      .getByTestId('pool-access')
      .evaluate((e) => [getComputedStyle(e).color, getComputedStyle(e.closest('tr')!).color, getComputedStyle(e).textDecorationLine])
    expect(nameColor).not.toBe(textColor)
    expect(underline).toContain('underline')

    // The min idle instance comes up (demo time moves on); the list follows by itself.
    await demo.advance(180)
    await expect.poll(() => rowText(page, name), { timeout: 60_000 }).toContain('1 idle · 0 used')

    // A cluster on the pool takes the idle instance plus one: used counts move and the cluster is linked.
    const clusterName = `${name}-cluster`
    const clusterId = await demo.createCluster(clusterName, { instance_pool_id: id, node_type_id: undefined, num_workers: 1 })
    await demo.waitState(clusterId, 'RUNNING')
    await demo.advance(180)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(() => rowText(page, name), { timeout: 60_000 }).toContain('2 used')
    expect(await row(page, name).getByTestId('pool-clusters').textContent()).toContain(clusterName)

    // Edit: only the editable fields change; the node type is read-only with the reason; a diff first.
    await row(page, name).getByTestId('pool-edit').click()
    await expect.poll(() => page.getByTestId('pool-name').locator('input').inputValue()).toBe(name)
    expect(await page.getByTestId('pool-node-type').locator('.n-base-selection--disabled').count()).toBe(1)
    expect(await field(page, 'node_type_id').textContent()).toContain('cannot change after the pool is created')
    await page.getByTestId('pool-name').locator('input').fill(`${name}-b`)
    await typeNumber(page, 'max_capacity', '6')
    await page.getByTestId('pool-review').click()
    const plan = page.getByTestId('pool-plan')
    await plan.waitFor()
    // The review is where the eye is: in place of the form, at the dialog's top, in view.
    expect(await page.getByTestId('pool-name').count()).toBe(0)
    const seen = await plan.evaluate((el) => {
      const r = el.getBoundingClientRect()
      return r.top >= 0 && r.top < window.innerHeight / 2
    })
    expect(seen).toBe(true)
    expect(await plan.locator('[data-change="instance_pool_name"]').textContent()).toContain(`${name}-b`)
    expect(await plan.locator('[data-change="max_capacity"]').textContent()).toContain('6')
    expect(await plan.locator('tr[data-change]').count()).toBe(2)
    await page.screenshot({ path: join(artifacts, 'e2e-pools-edit.png') })
    // Back to the form finds it as it was left; the review comes again.
    await page.getByTestId('pool-back').click()
    await expect.poll(() => page.getByTestId('pool-name').locator('input').inputValue()).toBe(`${name}-b`)
    await page.getByTestId('pool-review').click()
    await plan.waitFor()
    await page.getByTestId('pool-save').click()
    await dialog(page).waitFor({ state: 'hidden' })
    await expect.poll(() => rowText(page, `${name}-b`)).toContain('1 / 6')

    // Export: API JSON, then Terraform.
    await row(page, `${name}-b`).getByTestId('pool-export').click()
    const exported = () => page.getByTestId('pool-export-text').locator('textarea').inputValue()
    await expect.poll(exported).toContain(`"instance_pool_name": "${name}-b"`)
    await page.getByTestId('pool-export-format').getByText('Terraform').click()
    await expect.poll(exported).toContain('resource "databricks_instance_pool"')
    expect(await exported()).toContain('max_capacity')
    await page.keyboard.press('Escape')
    await page.getByTestId('pool-export-text').waitFor({ state: 'hidden' })

    await page.screenshot({ path: join(artifacts, 'e2e-pools-list.png') })
    // Delete: the impact names the running cluster; the exact name is required.
    await row(page, `${name}-b`).getByTestId('pool-delete').click()
    const del = page.getByTestId('pool-delete-dialog')
    await expect.poll(() => del.getByTestId('pool-impact-running').count()).toBe(1)
    expect(await del.getByTestId('pool-impact-running').textContent()).toContain(clusterName)
    await page.getByTestId('pool-delete-confirm').locator('input').fill(name)
    expect(await page.getByTestId('pool-delete-submit').isDisabled()).toBe(true)
    await page.getByTestId('pool-delete-confirm').locator('input').fill(`${name}-b`)
    await page.screenshot({ path: join(artifacts, 'e2e-pools-delete.png') })
    await page.getByTestId('pool-delete-submit').click()
    await del.waitFor({ state: 'hidden' })
    await expect.poll(() => row(page, `${name}-b`).count()).toBe(0)
    expect(await poolId(`${name}-b`)).toBe('')

    await demo.terminate(clusterId)
    expect(errors).toEqual([])
    await context.close()
  })
})

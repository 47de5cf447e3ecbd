// The editor as a user meets it: where a save lands, what leaving a changed
// form does, how it looks in dark mode, and names where ids were.
import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'
import { DemoWorkspace } from './demo'

let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))
const live = { timeout: 30_000 }
const base = () => url.split('#')[0]

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`)
async function typeNumber(page: Page, path: string, value: string): Promise<void> {
  const input = field(page, path).locator('input')
  await input.fill(value)
  await input.blur()
}
async function openEditor(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`${base()}#/compute/demo/${id}/edit`)
  await expect.poll(() => page.getByTestId('cluster-name').locator('input').inputValue(), live).toBe(name)
  await expect.poll(() => page.getByTestId('cluster-state').getAttribute('data-state'), live).toBe('RUNNING')
}
async function runningCluster(prefix: string): Promise<{ id: string; name: string }> {
  const name = `${prefix}-${Date.now()}`
  const id = await demo.createCluster(name)
  await demo.waitState(id, 'RUNNING')
  return { id, name }
}
const heading = (page: Page) => page.locator('.head h1').textContent()
const dialogTitle = (page: Page) => page.locator('.n-dialog__title').textContent()

describe('editor navigation', () => {
  it('goes to the cluster page after "Save and restart"', async () => {
    const { id, name } = await runningCluster('e2e-ui-restart')
    const { page, context, errors } = await open(browser, url)
    await openEditor(page, id, name)

    await typeNumber(page, 'autotermination_minutes', '45')
    await page.getByTestId('save-button').click()
    const dialog = page.getByTestId('edit-plan')
    await expect.poll(() => dialog.getByTestId('restart-warning').count(), live).toBe(1)
    await dialog.getByTestId('confirm-save').click()

    // The cluster's page, not an editor saying it cannot be edited; no "discard?" on the way.
    await expect.poll(() => heading(page), live).toBe(`Compute: ${name}`)
    expect(page.url()).toMatch(new RegExp(`#/compute/demo/${id}$`))
    expect(await page.getByTestId('not-editable').count()).toBe(0)
    expect(await page.locator('.n-dialog').count()).toBe(0)
    await expect.poll(() => page.locator('.n-message').allTextContents().then((t) => t.join(' ')), live).toContain('restarting')
    await expect.poll(async () => (await demo.get(id)).state, live).toMatch(/RESTARTING|PENDING|RUNNING/)
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)

  it('asks before Cancel throws a changed form away, and not when nothing changed', async () => {
    const { id, name } = await runningCluster('e2e-ui-cancel')
    const { page, context, errors } = await open(browser, url)

    // Unchanged: Cancel leaves at once, to the cluster's page.
    await openEditor(page, id, name)
    await page.getByTestId('cancel-button').click()
    await expect.poll(() => heading(page), live).toBe(`Compute: ${name}`)
    expect(await page.locator('.n-dialog').count()).toBe(0)

    // Changed: Cancel asks; "Keep editing" stays with the change.
    await openEditor(page, id, name)
    await typeNumber(page, 'autotermination_minutes', '77')
    await page.getByTestId('cancel-button').click()
    await expect.poll(() => dialogTitle(page), live).toContain('Discard your changes?')
    await page.screenshot({ path: join(artifacts, 'e2e-editor-ui-discard.png') })
    await page.locator('.n-dialog').getByRole('button', { name: 'Keep editing' }).click()
    await expect.poll(() => page.locator('.n-dialog').count(), live).toBe(0)
    expect(page.url()).toContain('/edit')
    expect(await field(page, 'autotermination_minutes').locator('input').inputValue()).toBe('77')

    // Leaving through the navigation asks too; "Discard changes" leaves.
    await page.locator('[data-nav="drafts"]').click()
    await expect.poll(() => dialogTitle(page), live).toContain('Discard your changes?')
    await page.locator('.n-dialog').getByRole('button', { name: 'Discard changes' }).click()
    await expect.poll(() => page.url(), live).toMatch(/#\/drafts$/)
    expect((await demo.get(id)) as { autotermination_minutes?: number }).toMatchObject({ autotermination_minutes: 120 })
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)
})

describe('editor look and names', () => {
  it('shows the JSON editor dark in dark mode', async () => {
    const { page, context, errors } = await open(browser, url, { colorScheme: 'dark' })
    await page.goto(`${base()}#/compute/new?ws=demo`)
    await page.locator('.n-tabs-tab', { hasText: 'JSON' }).click()
    const editor = page.getByTestId('json-editor')
    await editor.locator('.cm-gutters').waitFor()
    const colours = await editor.evaluate((el) => ({
      editor: getComputedStyle(el.querySelector('.cm-editor')!).backgroundColor,
      gutter: getComputedStyle(el.querySelector('.cm-gutters')!).backgroundColor,
      text: getComputedStyle(el.querySelector('.cm-content')!).color,
    }))
    const lightness = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+/g) ?? ['255', '255', '255']).map(Number)
      return (r! + g! + b!) / 3
    }
    expect(lightness(colours.editor)).toBeLessThan(60)
    expect(lightness(colours.gutter)).toBeLessThan(60)
    expect(lightness(colours.text)).toBeGreaterThan(140)
    await page.screenshot({ path: join(artifacts, 'e2e-editor-ui-json-dark.png') })
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  it("names the cluster's policy, linked to the Policies page", async () => {
    const list = await fetch(new URL('/api/2.1/clusters/list', demo.url), { headers: { Authorization: `Bearer ${demo.token}` } })
    const clusters = ((await list.json()) as { clusters: Array<{ cluster_id: string; cluster_name: string; policy_id?: string }> }).clusters
    const shared = clusters.find((c) => c.cluster_name === 'shared-analytics' && c.policy_id)
    expect(shared, 'the seeded shared-analytics cluster has a policy').toBeDefined()
    const { page, context, errors } = await open(browser, url)
    // The Policies page fills the catalog cache the name comes from.
    await page.locator('[data-nav="policies"]').click()
    await expect.poll(() => page.locator(`[data-policy="${shared!.policy_id}"]`).count(), live).toBe(1)
    await page.goto(`${base()}#/compute/demo/${shared!.cluster_id}`)
    const value = page.getByTestId('policy-value')
    await expect.poll(() => value.textContent().then((t) => t?.trim()), live).toBe('Shared Compute')
    await value.locator('a').click()
    await expect.poll(() => page.url(), live).toContain(`policy=${shared!.policy_id}`)
    await expect.poll(() => page.locator('[aria-current="true"]').textContent(), live).toContain('Shared Compute')
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

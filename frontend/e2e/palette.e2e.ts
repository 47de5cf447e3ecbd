import type { Browser } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'
import { DemoWorkspace } from './demo'

// Issue 36: Ctrl/Cmd+K is a palette over pages, workspaces, clusters and
// actions; `/` focuses the page's search; `?` lists the shortcuts.

let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const options = '[data-testid="palette"] li[role="option"]'

describe('command palette', () => {
  it('finds a cluster by a few of its letters, opens it, then offers its actions; / and ? work', async () => {
    const name = `e2e-palette-${Math.random().toString(36).slice(2, 7)}`
    const id = await demo.createCluster(name)
    await demo.waitState(id, 'RUNNING')
    const { page, context, errors } = await open(browser, url)
    page.setDefaultTimeout(30_000)
    await page.locator('[data-nav="compute"]').click()
    // The list holds the cluster (the suite's other clusters may push its row
    // out of view: the search brings it up; the palette reads the whole list).
    await page.getByTestId('cluster-search').locator('input').fill(name)
    await expect.poll(() => page.locator(`tr[data-id="${id}"]`).count()).toBe(1)

    // `/` focuses the page's search.
    await page.locator('h1').click()
    await page.keyboard.press('/')
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="cluster-search"]') !== null)).toBe(true)

    // Ctrl+K, a few letters of the name: the cluster, its letters marked.
    await page.locator('h1').click()
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type(name.slice(-5))
    await expect.poll(() => page.locator(options).first().getAttribute('data-id')).toBe(`cluster:demo:${id}`)
    expect(await page.locator(options).first().locator('b').count()).toBeGreaterThan(0)
    await page.screenshot({ path: join(artifacts, 'e2e-palette.png') })
    await page.keyboard.press('Enter')
    await page.waitForURL(new RegExp(`#/compute/demo/${id}$`))

    // On its page the palette offers its actions, and remembers the choice.
    await page.locator('.head h1').waitFor()
    await page.locator('.head h1').click()
    await page.keyboard.press('Control+k')
    await expect.poll(() => page.locator(`${options}[data-id="action:terminate"]`).count()).toBe(1)
    expect(await page.locator(`${options}[data-id="cluster:demo:${id}"]`).count()).toBe(1) // recent
    await page.keyboard.type('copy the id')
    await expect.poll(() => page.locator(options).first().getAttribute('data-id')).toBe('action:copy-id')
    await page.keyboard.press('Escape')
    await page.getByTestId('palette').waitFor({ state: 'hidden' })
    // A click on the dimmed page around it closes it too.
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.mouse.move(20, 700)
    await page.mouse.down()
    await page.mouse.up()
    await page.getByTestId('palette').waitFor({ state: 'hidden' })

    // A policy, from the workspace's cached catalog, opens on the Policies page.
    await page.locator('.head h1').click()
    await page.keyboard.press('Control+k')
    await page.keyboard.type('power user')
    await expect.poll(() => page.locator(options).first().getAttribute('data-id')).toMatch(/^policy:demo:/)
    await page.keyboard.press('Enter')
    await page.waitForURL(/#\/policies\?policy=/)
    await expect.poll(() => page.getByTestId('policy-detail').textContent()).toContain('Power User Compute')

    // `?` lists the shortcuts.
    await page.locator('h1').first().click()
    await page.keyboard.press('?')
    await expect.poll(() => page.getByTestId('shortcuts').textContent()).toContain('Command palette')
    // Over a dialog (it holds the focus and Esc) the palette waits for it to close.
    await page.keyboard.press('Control+k')
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))
    expect(await page.getByTestId('palette').count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('shortcuts').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})

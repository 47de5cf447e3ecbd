import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'
import { DemoWorkspace } from './demo'

// Issue 36: every page is usable at 1,280 × 720, the smallest common laptop.
// No action (button, link, field, menu trigger) may be cut by the window or
// by a box that clips it; scrolling up and down is fine, sideways is not.

let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))
const base = url.split('#')[0]

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The actions on the page that a box or the window cuts sideways, by their text. */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const actions = document.querySelectorAll<HTMLElement>(
      '.shell-content button, .shell-content a[href], .shell-content [role="button"], .shell-content input:not([type="hidden"]), .shell-content .n-base-selection',
    )
    const out: string[] = []
    for (const el of actions) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue
      let cut = r.left < -1 || r.right > window.innerWidth + 1
      for (let a = el.parentElement; a && !cut; a = a.parentElement) {
        const s = getComputedStyle(a)
        if (s.overflowX === 'visible') continue
        const box = a.getBoundingClientRect()
        if (r.right > box.right + 1 || r.left < box.left - 1) cut = true
      }
      if (cut) out.push((el.getAttribute('aria-label') || el.textContent || el.getAttribute('data-testid') || el.tagName).trim().slice(0, 40))
    }
    return out
  })
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

describe('layout at 1,280 × 720', () => {
  it('cuts no action on any page', async () => {
    const name = `e2e-layout-${Math.random().toString(36).slice(2, 7)}`
    const id = await demo.createCluster(name)
    await demo.waitState(id, 'RUNNING')
    const { page, context, errors } = await open(browser, url)
    page.setDefaultTimeout(30_000)
    await page.setViewportSize({ width: 1280, height: 720 })

    const pages: Array<[string, string, (p: Page) => Promise<void>]> = [
      ['compute', '#/compute', (p) => p.locator('tr[data-id]').first().waitFor()],
      ['cluster', `#/compute/demo/${id}`, (p) => p.locator('button[data-action="terminate"]').waitFor()],
      ['create', '#/compute/new', (p) => p.getByTestId('cluster-name').waitFor()],
      ['edit', `#/compute/demo/${id}/edit`, (p) => p.getByTestId('save-button').waitFor()],
      ['fleet', '#/fleet', (p) => p.locator('[data-testid="fleet-table"] tr[data-id]').first().waitFor()],
      ['warehouses', '#/warehouses', (p) => p.getByTestId('warehouse-delete').first().waitFor()],
      ['pools', '#/pools', (p) => p.getByTestId('pool-edit').first().waitFor()],
      ['policies', '#/policies', (p) => p.locator('.policy-item').first().waitFor()],
      ['policy-new', '#/policies/new', (p) => p.getByTestId('policy-name').waitFor()],
      ['drafts', '#/drafts', (p) => p.getByTestId('new-draft').waitFor()],
      ['workspaces', '#/workspaces', (p) => p.locator('[data-ws="demo"]').waitFor()],
      ['settings', '#/settings', (p) => p.locator('h1').waitFor()],
    ]
    const cut: Record<string, string[]> = {}
    for (const [key, hash, ready] of pages) {
      await page.goto(`${base}${hash}`)
      await ready(page)
      await settle(page)
      await page.screenshot({ path: join(artifacts, `layout-1280-${key}.png`) })
      const found = await clipped(page)
      if (found.length) cut[key] = found
    }
    expect(cut).toEqual({})
    expect(errors).toEqual([])
    await context.close()
  }, 240_000)
})

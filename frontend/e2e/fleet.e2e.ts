import { join } from 'node:path'
import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { artifacts, launch, open } from './browser'
import { DemoWorkspace } from './demo'
import { addWorkspace, startBridge, type OwnBridge } from './own-bridge'

// Issue 15's Fleet page: a bridge of its own with its demo workspace and a
// second workspace (the suite's second demo server) added through the
// backend; the fleet lists both, its totals are the sums over workspaces,
// and a cluster is terminated from its row with the workspace named.

const secondHost = inject('secondHost')
const secondToken = inject('secondToken')
let bridge: OwnBridge
let browser: Browser
let secondAdded = false // the bridge keeps it for the file's later tests

beforeAll(async () => {
  bridge = await startBridge('fleet', [])
  browser = await launch()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await bridge?.stop()
})

/** A row of the fleet table: a group's heading, or a cluster's or warehouse's row. */
interface TableEntry { head: string | null; id: string; workspace: string }

/**
 * Every row of the fleet table in order, scrolled through from top to
 * bottom: the table is virtual, so only the rows in view are in the page
 * at a time.
 */
async function scanTable(page: Page): Promise<TableEntry[]> {
  return page.evaluate(async () => {
    const table = document.querySelector('[data-testid="fleet-table"]')
    if (!table) return []
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))))
    const seen = new Map<string, { head: string | null; id: string; workspace: string }>()
    const collect = () => {
      for (const tr of table.querySelectorAll('tbody tr')) {
        const head = tr.getAttribute('data-group-row')
        const id = tr.getAttribute('data-id') ?? ''
        const workspace = tr.getAttribute('data-workspace') ?? ''
        if (head === null && !id) continue
        const key = head !== null ? `head:${head}` : `${workspace}/${tr.getAttribute('data-kind')}/${id}`
        if (!seen.has(key)) seen.set(key, { head, id, workspace })
      }
    }
    collect()
    const scroller = [...table.querySelectorAll<HTMLElement>('*')].find(
      (e) => e.scrollHeight > e.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY),
    )
    if (scroller) {
      const step = Math.max(40, scroller.clientHeight - 40)
      for (let top = 0; top < scroller.scrollHeight; top += step) {
        scroller.scrollTop = top
        await frames()
        collect()
      }
      scroller.scrollTop = 0
      await frames()
    }
    return [...seen.values()]
  })
}
const tableRows = async (page: Page) => (await scanTable(page)).filter((e) => e.head === null)
const rowsOf = async (page: Page, ws: string) => (await tableRows(page)).filter((r) => r.workspace === ws).length

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
    // Tall enough that the virtual table holds every row at once: reading
    // it needs no scrolling pass (scanTable still scrolls if it must).
    await page.setViewportSize({ width: 1360, height: 2000 })
    await page.locator('[data-nav="compute"]').waitFor()
    await addWorkspace(page, 'Second demo', secondHost, secondToken)
    secondAdded = true

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
    // Each workspace's count is its rows in the table. (The table renders
    // after the cards it is counted from, and a workspace's cached SQL
    // warehouses may join both meanwhile: compare the two as they are now.)
    for (const w of workspaces) {
      await expect.poll(async () => {
        const card = (await cards(page)).workspaces.find((c) => c.id === w.id)
        return (await rowsOf(page, w.id)) === card?.clusters
      }).toBe(true)
    }
    // The table is grouped: a heading per workspace, its rows under it.
    const grouping = async () => {
      let current = ''
      const heads: string[] = []
      let misplaced = 0
      for (const e of await scanTable(page)) {
        if (e.head !== null) {
          current = e.head
          heads.push(e.head)
        } else if (e.workspace !== current) misplaced++
      }
      return { heads, misplaced }
    }
    await expect.poll(async () => (await grouping()).heads.length).toBe(2)
    expect((await grouping()).misplaced).toBe(0)
    // Figures are never cut at this width (the Workspace column gives way to
    // the headings); names and e-mail addresses may be, whole in their title.
    const cut = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="fleet-table"] tbody td')]
          .filter((td) => ['workers', 'runtime', 'runningFor', 'cost'].includes(td.getAttribute('data-col-key') ?? ''))
          .flatMap((td) => [...td.querySelectorAll('span')])
          .filter((e) => e.scrollWidth > e.clientWidth + 1)
          .map((e) => e.textContent),
      )
    expect(await cut()).toEqual([])
    const untitled = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="fleet-table"] tbody td .clip')].filter((e) => e.scrollWidth > e.clientWidth + 1 && !e.getAttribute('title')).length,
    )
    expect(untitled).toBe(0)

    // A workspace card narrows the table to its rows, and again shows all.
    const second = workspaces.find((w) => w.id !== 'demo')!
    await page.locator(`[data-testid="fleet-workspace"][data-workspace="${second.id}"]`).click()
    await expect.poll(() => page.getByTestId('fleet-focus').textContent()).toContain('Second demo')
    await expect.poll(() => page.locator('[data-testid="fleet-table"] tr[data-workspace="demo"]').count()).toBe(0)
    const secondNow = (await cards(page)).workspaces.find((c) => c.id === second.id)
    expect(await rowsOf(page, second.id)).toBe(secondNow?.clusters)
    await page.getByTestId('fleet-show-all').click()
    await expect.poll(() => page.locator('[data-testid="fleet-table"] tr[data-workspace="demo"]').count()).toBeGreaterThan(0)

    // Group by a tag: the groups add up to the whole fleet, and the table follows.
    await page.getByTestId('fleet-group').click()
    await page.locator('.n-base-select-option', { hasText: 'Tag: team' }).click()
    await expect.poll(() => page.getByTestId('fleet-group-chip').count()).toBeGreaterThan(1)
    await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
    await expect.poll(async () => (await grouping()).heads.length).toBe(await page.getByTestId('fleet-group-chip').count())
    await page.screenshot({ path: join(artifacts, 'e2e-fleet.png') })
    const chip = page.getByTestId('fleet-group-chip').first()
    const group = await chip.getAttribute('data-group')
    await chip.click()
    await expect.poll(async () => (await grouping()).heads).toEqual([group])
    await chip.click()
    await expect.poll(() => page.getByTestId('fleet-focus').count()).toBe(0)

    // Terminate a running cluster of the bridge's own demo workspace from its row.
    // (A cluster's row: SQL warehouse rows have no Terminate.)
    const row = page.locator('[data-testid="fleet-table"] tr[data-workspace="demo"][data-state="RUNNING"]:not([data-kind="sql-warehouse"])').first()
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

  // A running SQL warehouse's row opens its own page in its workspace.
  it("opens a SQL warehouse's page from its row", async () => {
    const { page, context, errors } = await open(browser, bridge.url)
    page.setDefaultTimeout(60_000)
    await page.locator('[data-nav="fleet"]').click()
    const row = page.locator('[data-testid="fleet-table"] tr[data-workspace="demo"][data-kind="sql-warehouse"][data-id="4f8c2a9b1d3e5f70"]')
    await row.waitFor()
    expect(await row.getByTestId('fleet-terminate').count()).toBe(0)
    await row.locator('a.name').click()
    await page.waitForURL(/#\/warehouses\/demo\/4f8c2a9b1d3e5f70$/)
    await expect.poll(() => page.getByTestId('warehouse-title').textContent()).toBe('Serverless Starter Warehouse')
    await expect.poll(() => page.getByTestId('warehouse-detail').getAttribute('data-state')).toBe('RUNNING')
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  // Issue 38: a running warehouse is flagged by its query history. The
  // demo's ETL Classic (X-Small, one cluster) ran at most a few queries at
  // once over its seeded week and none waited: "oversized", one size down.
  it('flags a warehouse larger than its recent load needs', async () => {
    const { page, context, errors } = await open(browser, bridge.url)
    page.setDefaultTimeout(60_000)
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.locator('[data-nav="fleet"]').click()
    const row = page.locator('[data-testid="fleet-table"] tr[data-workspace="demo"][data-kind="sql-warehouse"][data-id="5b7d9f1e3a2c4e60"]')
    // The table is virtual and this window short: scroll it (round and
    // round) until the row is in view. The flag is read in the background
    // while the page is open, so it comes on a later read.
    const flag = row.locator('[data-flag="oversized-warehouse"]')
    await expect.poll(async () => {
      if ((await flag.count()) === 1) return true
      if ((await row.count()) === 0) {
        await page.evaluate(() => {
          const table = document.querySelector('[data-testid="fleet-table"]')
          const scroller = [...(table?.querySelectorAll<HTMLElement>('*') ?? [])].find(
            (e) => e.scrollHeight > e.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY),
          )
          if (scroller) scroller.scrollTop = scroller.scrollTop + scroller.clientHeight / 2 >= scroller.scrollHeight - scroller.clientHeight + 1 ? 0 : scroller.scrollTop + scroller.clientHeight / 2
        })
      }
      return false
    }, { timeout: 60_000 }).toBe(true)
    expect(await flag.textContent()).toBe('oversized')
    expect(await flag.getAttribute('title')).toMatch(/none waited .*Try size 2X-Small$/)
    await row.scrollIntoViewIfNeeded()
    // The flags are never cut: each tag whole in its cell, the cell inside the table's view.
    const cut = await row.evaluate((tr) => {
      const td = tr.querySelector('td[data-col-key="flags"]')!
      const box = td.getBoundingClientRect()
      return [...td.querySelectorAll('.n-tag')].filter((t) => {
        const r = t.getBoundingClientRect()
        return t.scrollWidth > t.clientWidth + 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1 || r.right > window.innerWidth
      }).map((t) => t.textContent)
    })
    expect(cut).toEqual([])
    await page.screenshot({ path: join(artifacts, 'e2e-fleet-warehouse-flags.png') })
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  // Issue 36: the palette reaches every workspace's compute from the lists
  // the app holds, and opens a cluster in its own workspace.
  it('opens a cluster of another workspace from the palette, in that workspace', async () => {
    const name = `e2e-elsewhere-${Math.random().toString(36).slice(2, 7)}`
    const id = await new DemoWorkspace(secondHost, secondToken).createCluster(name)
    const { page, context, errors } = await open(browser, bridge.url)
    page.setDefaultTimeout(60_000)
    if (!secondAdded) {
      await page.locator('[data-nav="compute"]').waitFor()
      await addWorkspace(page, 'Second demo', secondHost, secondToken)
      secondAdded = true
    }
    await page.locator('[data-nav="fleet"]').click()
    await expect.poll(async () => (await tableRows(page)).filter((r) => r.id === id).length, { timeout: 60_000 }).toBe(1)
    const second = (await tableRows(page)).find((r) => r.id === id)?.workspace
    expect(second).not.toBe('demo')

    await page.locator('h1').first().click()
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type(name.slice(-5))
    const first = page.locator('[data-testid="palette"] li[role="option"]').first()
    await expect.poll(() => first.getAttribute('data-id')).toBe(`cluster:${second}:${id}`)
    expect(await first.textContent()).toContain('Second demo')
    await page.screenshot({ path: join(artifacts, 'e2e-palette-elsewhere.png') })
    await page.keyboard.press('Enter')
    await page.waitForURL(new RegExp(`#/compute/${second}/${id}$`))
    await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toContain('Second demo')
    await expect.poll(() => page.locator('.head h1').textContent()).toContain(name)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

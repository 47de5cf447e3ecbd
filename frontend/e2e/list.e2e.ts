import type { Browser, Locator, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'
import { DemoWorkspace } from './demo'

// The compute list at a 1,360 px window: which columns show, what the user
// chose, and that nothing in a row runs under the pinned row menu.
let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))
const wait = { timeout: 30_000, interval: 250 }

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const unique = (what: string) => `e2e-${what}-${Math.random().toString(36).slice(2, 7)}`
const longTags = {
  'cost-center': 'finance-analytics-emea-reporting-and-forecasting',
  team: 'data-platform-engineering-shared-services',
  owner: 'someone.with.a.rather.long.name@example.com',
  environment: 'production',
}

async function start() {
  const s = await open(browser, url, { consoleErrors: true })
  await s.page.setViewportSize({ width: 1360, height: 800 })
  s.page.setDefaultTimeout(25_000)
  return s
}

async function showList(page: Page, search: string): Promise<void> {
  // The app opens on Compute; click only when elsewhere (a click waits for
  // the link to hold still, which a starved renderer may not show for long).
  const nav = page.locator('[data-nav="compute"]')
  if ((await nav.getAttribute('aria-current')) !== 'page') await nav.click()
  await page.getByTestId('cluster-search').locator('input').fill(search)
  await expect.poll(() => page.locator('tr[data-id]').count(), wait).toBe(1)
}

const header = (page: Page, key: string) => page.locator(`.cluster-table th[data-col-key="${key}"]`)
const headerKeys = (page: Page) =>
  page.locator('.cluster-table thead th[data-col-key]').evaluateAll((ths) => ths.map((t) => t.getAttribute('data-col-key')))

async function box(l: Locator) {
  const b = await l.boundingBox()
  if (!b) throw new Error('not on screen')
  return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height, width: b.width, height: b.height }
}

describe('compute list columns', () => {
  it('fits 1,360 px: name, state, creator, tags, $/h and the row menu on screen, tag chips inside their cell', async () => {
    const name = unique('fit')
    await demo.createCluster(name, { custom_tags: longTags })
    const { page, context, errors } = await start()
    await showList(page, name)

    expect(await headerKeys(page)).toEqual(['name', 'state', 'workers', 'runtime', 'creator', 'tags', 'cost', 'actions'])
    for (const key of ['name', 'state', 'creator', 'tags', 'cost', 'actions']) {
      const b = await box(header(page, key))
      expect(b.left, key).toBeGreaterThanOrEqual(0)
      expect(b.right, key).toBeLessThanOrEqual(1360)
    }
    // Nothing sits under the pinned row menu at the default widths.
    expect((await box(header(page, 'cost'))).right).toBeLessThanOrEqual((await box(header(page, 'actions'))).left + 0.5)

    const row = page.locator('tr[data-id]')
    const tagsCell = await box(row.locator('td[data-col-key="tags"]'))
    const actionsCell = await box(row.locator('td[data-col-key="actions"]'))
    const chips = row.locator('td[data-col-key="tags"] [data-testid="tag"], td[data-col-key="tags"] .more')
    expect(await chips.count()).toBe(3) // two tags and "+2"
    for (const chip of await chips.all()) {
      const c = await box(chip)
      expect(c.width).toBeGreaterThan(0)
      expect(c.right).toBeLessThanOrEqual(tagsCell.right + 0.5)
      expect(c.right).toBeLessThanOrEqual(actionsCell.left + 0.5)
    }
    await page.screenshot({ path: join(artifacts, 'e2e-list-1360.png') })
    expect(errors).toEqual([])
    await context.close()
  })

  it('hides, moves and resizes columns, keeps the choice over a reload, and resets', async () => {
    const name = unique('cols')
    await demo.createCluster(name)
    const { page, context, errors } = await start()
    await showList(page, name)
    const initial = (await box(header(page, 'runtime'))).width

    await page.getByTestId('columns-button').click()
    const panel = page.getByTestId('columns-panel')
    await panel.locator('[data-column="creator"] .n-checkbox').click()
    await expect.poll(() => header(page, 'creator').count(), wait).toBe(0)
    await panel.locator('[data-column="dbus"] .n-checkbox').click()
    await panel.locator('[data-column="tags"] [data-testid="column-up"]').click()
    // (All of them fit a 1,360 px window, the runtime widened below too: none gives way.)
    const chosen = ['name', 'state', 'workers', 'runtime', 'tags', 'cost', 'dbus', 'actions']
    await expect.poll(() => headerKeys(page), wait).toEqual(chosen)
    expect(await panel.locator('[data-column="name"] .n-checkbox--disabled').count()).toBe(1) // the name always shows
    await page.keyboard.press('Escape')

    // Drag the runtime column's edge 60 px wider.
    const before = (await box(header(page, 'runtime'))).width
    const handle = await box(header(page, 'runtime').getByTestId('column-resize'))
    const y = (handle.top + handle.bottom) / 2
    await page.mouse.move((handle.left + handle.right) / 2, y)
    await page.mouse.down()
    await page.mouse.move((handle.left + handle.right) / 2 + 30, y, { steps: 3 })
    await page.mouse.move((handle.left + handle.right) / 2 + 60, y, { steps: 3 })
    await page.mouse.up()
    await expect.poll(async () => Math.round((await box(header(page, 'runtime'))).width), wait).toBeGreaterThanOrEqual(Math.round(before + 50))
    const widened = (await box(header(page, 'runtime'))).width

    // A new page load (as after a restart) shows the same choice.
    await page.goto(url)
    await page.getByTestId('workspace-switcher').waitFor()
    await showList(page, name)
    await expect.poll(() => headerKeys(page), wait).toEqual(chosen)
    expect(Math.abs((await box(header(page, 'runtime'))).width - widened)).toBeLessThanOrEqual(2)
    // The pinned columns' edge shadows follow what is scrolled out of view,
    // from the first layout on.
    const table = page.getByTestId('cluster-table')
    const edges = () => table.evaluate((t) => {
      const s = t.querySelector<HTMLElement>('[data-testid="cluster-scroller"]')!
      return { more: s.scrollWidth > s.clientWidth + 1, left: t.classList.contains('shadow-left'), right: t.classList.contains('shadow-right') }
    })
    await expect.poll(async () => { const e = await edges(); return e.right === e.more && !e.left }, wait).toBe(true)
    // Narrower, columns give way in the documented order (tags first), and
    // the Columns menu says so; none hides under the row menu.
    await page.setViewportSize({ width: 1100, height: 860 })
    await expect.poll(() => header(page, 'tags').count(), wait).toBe(0)
    await expect.poll(edges, wait).toEqual({ more: false, left: false, right: false })
    await page.getByTestId('columns-button').click()
    await expect.poll(() => page.getByTestId('columns-panel').locator('[data-column="tags"] [data-testid="column-narrow"]').count()).toBe(1)
    await page.getByTestId('columns-button').click() // the menu closes as it opened
    await page.getByTestId('columns-panel').waitFor({ state: 'hidden' })
    // Narrower than name, state and $/h together: those scroll sideways…
    await page.setViewportSize({ width: 760, height: 860 })
    await expect.poll(edges, wait).toEqual({ more: true, left: false, right: true })
    await table.getByTestId('cluster-scroller').evaluate((s) => (s.scrollLeft = s.scrollWidth))
    await expect.poll(edges, wait).toEqual({ more: true, left: true, right: false }) // …and scrolled to, beyond the left
    await page.setViewportSize({ width: 1360, height: 860 })
    await page.screenshot({ path: join(artifacts, 'e2e-list-columns.png') })

    await page.getByTestId('columns-button').click()
    await page.getByTestId('columns-reset').click()
    await expect.poll(() => headerKeys(page), wait).toEqual(['name', 'state', 'workers', 'runtime', 'creator', 'tags', 'cost', 'actions'])
    expect(Math.abs((await box(header(page, 'runtime'))).width - initial)).toBeLessThanOrEqual(2)
    expect(errors).toEqual([])
    await context.close()
  })

  it('chooses several values in a filter select from the keyboard, the select keeping the focus', async () => {
    const { page, context, errors } = await start()
    const nav = page.locator('[data-nav="compute"]')
    if ((await nav.getAttribute('aria-current')) !== 'page') await nav.click()
    await expect.poll(() => page.locator('tr[data-id]').count(), wait).toBeGreaterThan(1)
    for (const id of ['filter-state', 'filter-creator']) {
      const select = page.getByTestId(id)
      const height = (await box(select)).height
      await select.click()
      const chosen = page.locator('.n-base-select-menu:visible .n-base-select-option--selected')
      await page.keyboard.press('Enter') // the first value…
      await expect.poll(() => chosen.count(), wait).toBe(1)
      // …leaves the select focused with its menu open, so the next keys still choose.
      await expect.poll(() => select.evaluate((s) => s.contains(document.activeElement)), wait).toBe(true)
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      await expect.poll(() => chosen.count(), wait).toBe(2)
      // The first value and a count of the others, on the field's one line.
      await expect.poll(async () => (await select.locator('.n-base-selection-tag-wrapper').allTextContents()).at(-1), wait).toBe('+1')
      expect(Math.abs((await box(select)).height - height)).toBeLessThanOrEqual(1)
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('.n-base-select-menu:visible').count(), wait).toBe(0)
    }
    // A search typed in the creator select, two values chosen, shows inside the field.
    const creator = page.getByTestId('filter-creator')
    await creator.click()
    await page.keyboard.type('pri')
    const typed = creator.locator('input')
    await expect.poll(() => typed.inputValue(), wait).toBe('pri')
    const [field, text] = [await box(creator), await box(typed)]
    expect(text.width).toBeGreaterThan(8)
    expect(text.left).toBeGreaterThanOrEqual(field.left)
    expect(text.right).toBeLessThanOrEqual(field.right)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Clear filters' }).click()
    expect(errors).toEqual([])
    await context.close()
  })

  it('row menu: each disabled item keeps its reason inside its own line', async () => {
    const name = unique('menu')
    const id = await demo.createTerminated(name)
    const { page, context, errors } = await start()
    await showList(page, name)
    await expect.poll(() => page.locator(`tr[data-id="${id}"]`).getAttribute('data-state'), wait).toBe('TERMINATED')

    await page.locator(`tr[data-id="${id}"]`).getByTestId('row-menu').click()
    const items = page.locator('.n-dropdown-option-body[data-action]')
    await expect.poll(() => items.locator('.why').count(), wait).toBeGreaterThanOrEqual(2)
    // Once the menu has opened (it zooms in: measured mid-zoom, the lines
    // overlap), no line overlaps the one above and each reason sits in its line.
    const layout = async (): Promise<string> => {
      const all = await items.all()
      const boxes = await Promise.all(all.map(box))
      for (let i = 1; i < boxes.length; i++) if (boxes[i]!.top < boxes[i - 1]!.bottom - 0.5) return `line ${i} overlaps the one above`
      for (const [i, item] of all.entries()) {
        for (const why of await item.locator('.why').all()) {
          const w = await box(why)
          if (w.top < boxes[i]!.top - 0.5 || w.bottom > boxes[i]!.bottom + 0.5) return `the reason of line ${i} is outside it`
        }
      }
      return 'ok'
    }
    await expect.poll(layout, wait).toBe('ok')
    await page.screenshot({ path: join(artifacts, 'e2e-list-row-menu.png') })
    expect(errors).toEqual([])
    await context.close()
  })
})

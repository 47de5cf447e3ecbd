import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'
import { DemoWorkspace } from './demo'

let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))
const live = { timeout: 30_000, interval: 250 } // a transitional list polls every 5 s

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await demo.clearFaults()
  await browser?.close()
})

const unique = (what: string) => `e2e-${what}-${Math.random().toString(36).slice(2, 7)}`

async function openList(page: Page, search: string): Promise<void> {
  await page.locator('[data-nav="compute"]').click()
  await page.getByTestId('cluster-search').locator('input').fill(search)
}
const row = (page: Page, id: string) => page.locator(`tr[data-id="${id}"]`)
const rowState = (page: Page, id: string) => row(page, id).getAttribute('data-state')
const detailState = (page: Page) => page.locator('.head [data-testid="state-badge"]').getAttribute('data-state')

async function rowAction(page: Page, id: string, action: string): Promise<void> {
  await row(page, id).getByTestId('row-menu').click()
  await page.locator(`.n-dropdown-option-body[data-action="${action}"]`).click()
}

async function start(): Promise<Awaited<ReturnType<typeof open>>> {
  const s = await open(browser, url, { consoleErrors: true })
  s.page.setDefaultTimeout(30_000) // a failing step reports where it stuck
  return s
}

async function openDetail(page: Page, id: string): Promise<void> {
  await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
  await page.locator('.head h1').waitFor()
}

describe('clusters console', () => {
  it('lists compute, finds a cluster in a keystroke, and starts it from the row menu: PENDING → RUNNING live', async () => {
    const name = unique('start')
    const id = await demo.createCluster(name)
    await demo.waitState(id, 'RUNNING')
    await demo.terminate(id)
    await demo.waitState(id, 'TERMINATED', 10)

    const { page, context, errors } = await start()
    await page.locator('[data-nav="compute"]').click()
    await expect.poll(() => page.locator('tr[data-id]').count(), live).toBeGreaterThan(5)
    await expect.poll(() => page.getByTestId('poll-status').textContent(), live).toMatch(/Updated/)
    await page.screenshot({ path: join(artifacts, 'e2e-clusters-list.png') })

    await openList(page, name)
    await expect.poll(() => page.locator('tr[data-id]').count(), live).toBe(1)
    expect(await rowState(page, id)).toBe('TERMINATED')

    // The menu says why actions are off.
    await row(page, id).getByTestId('row-menu').click()
    const restart = page.locator('.n-dropdown-option-body[data-action="restart"]')
    await expect.poll(() => restart.textContent()).toContain('Restart needs a running cluster.')
    await page.keyboard.press('Escape')

    await rowAction(page, id, 'start')
    await expect.poll(() => rowState(page, id), live).toBe('PENDING')
    // A starting cluster's badge stays still: an endless animation would
    // repaint the window every frame for as long as the cluster starts.
    expect(await row(page, id).getByTestId('state-badge').evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0)
    await demo.advance(300)
    await expect.poll(() => rowState(page, id), live).toBe('RUNNING')
    // The cluster the user started is ready: the in-app notice says so.
    await expect.poll(() => page.locator('.n-notification').filter({ hasText: `${name} is ready` }).count(), live).toBe(1)
    await page.screenshot({ path: join(artifacts, 'e2e-clusters-started.png') })
    // The notice never covers the last row's menu: scrolled to the end at
    // 1,280 × 720, the list leaves room for it below that row. (The pointer
    // rests on the notice, which keeps it up meanwhile.)
    const notice = page.locator('.n-notification').filter({ hasText: `${name} is ready` })
    await notice.hover()
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.getByTestId('cluster-search').locator('input').fill('')
    await expect.poll(() => page.locator('tr[data-id]').count(), live).toBeGreaterThan(5)
    const lastMenuFree = () =>
      page.evaluate(async () => {
        const scroller = document.querySelector('.cluster-table .scroller')!
        scroller.scrollTop = scroller.scrollHeight
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
        const buttons = [...document.querySelectorAll('tr[data-id] [data-testid="row-menu"]')]
        const last = buttons.at(-1)!.getBoundingClientRect()
        const hit = document.elementFromPoint(last.left + last.width / 2, last.top + last.height / 2)
        return !!hit?.closest('[data-testid="row-menu"]')
      })
    expect(await notice.count()).toBe(1)
    await expect.poll(lastMenuFree).toBe(true)
    await page.setViewportSize({ width: 1360, height: 860 })
    await openList(page, name)

    // Edit is on the row menu too (docs/guide.md promises it from each row).
    await rowAction(page, id, 'edit')
    await page.getByTestId('save-button').waitFor()
    expect(page.url()).toContain(`/compute/demo/${id}/edit`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('restarts, resizes, pins, terminates and starts from the detail page, watching each transition', async () => {
    const name = unique('detail')
    const id = await demo.createCluster(name, { num_workers: 1 })
    await demo.waitState(id, 'RUNNING')
    const { page, context, errors } = await start()
    await openDetail(page, id)
    await expect.poll(() => page.locator('.head h1').textContent(), live).toBe(`Compute: ${name}`)
    await expect.poll(() => detailState(page), live).toBe('RUNNING')
    // Configuration: every spec field in words, and the API spec as JSON.
    await expect.poll(() => page.getByTestId('spec-json').textContent(), live).toContain(`"cluster_name": "${name}"`)
    const config = page.getByTestId('configuration-tab')
    expect(await config.textContent()).toContain('16.4 LTS (Scala 2.12)')
    expect(await config.textContent()).toContain('Dedicated (single user)')
    await page.screenshot({ path: join(artifacts, 'e2e-cluster-detail.png') })

    // Restart asks once.
    await page.locator('button[data-action="restart"]').click()
    await page.getByRole('button', { name: 'Yes, restart it' }).click()
    await expect.poll(() => detailState(page), live).toBe('RESTARTING')
    await demo.advance(240)
    await expect.poll(() => detailState(page), live).toBe('RUNNING')

    // Resize to a fixed size; the form checks its numbers.
    await page.locator('button[data-action="resize"]').click()
    await page.getByTestId('resize-workers').locator('input').fill('3')
    await page.getByTestId('confirm-resize').click()
    await expect.poll(() => detailState(page), live).toBe('RESIZING')
    await demo.advance(180)
    await expect.poll(() => detailState(page), live).toBe('RUNNING')
    expect((await demo.get(id)).num_workers).toBe(3)

    // Resize to autoscaling bounds; the form refuses a minimum above the maximum.
    await page.locator('button[data-action="resize"]').click()
    await page.locator('.n-radio-button').filter({ hasText: 'Autoscaling' }).click()
    await page.getByTestId('resize-min').locator('input').fill('6')
    await page.getByTestId('resize-max').locator('input').fill('4')
    await page.getByTestId('resize-min').locator('input').press('Tab')
    await expect.poll(() => page.getByTestId('confirm-resize').isDisabled()).toBe(true)
    await page.getByTestId('resize-min').locator('input').fill('2')
    await page.getByTestId('resize-min').locator('input').press('Tab')
    await page.getByTestId('confirm-resize').click()
    await expect.poll(async () => (await demo.get(id)).autoscale, live).toEqual({ min_workers: 2, max_workers: 4 })
    await demo.advance(180)
    await expect.poll(() => detailState(page), live).toBe('RUNNING')
    await expect.poll(() => page.getByTestId('configuration-tab').textContent(), live).toMatch(/2\D+4/)

    // Pin, then the header offers Unpin, which undoes it.
    await page.locator('button[data-action="pin"]').click()
    await expect.poll(() => page.locator('button[data-action="unpin"]').count(), live).toBe(1)
    await page.locator('button[data-action="unpin"]').click()
    await expect.poll(() => page.locator('button[data-action="pin"]').count(), live).toBe(1)

    // Terminate asks once; then Start brings it back.
    await page.locator('button[data-action="terminate"]').click()
    await page.getByRole('button', { name: 'Yes, terminate it' }).click()
    await expect.poll(() => detailState(page), live).toMatch(/TERMINATING|TERMINATED/)
    await demo.advance(60)
    await expect.poll(() => detailState(page), live).toBe('TERMINATED')
    await expect.poll(() => page.getByTestId('termination-reason').textContent()).toContain('Terminated by')
    await page.locator('button[data-action="start"]').click()
    await expect.poll(() => detailState(page), live).toBe('PENDING')
    await demo.advance(300)
    await expect.poll(() => detailState(page), live).toBe('RUNNING')

    // The event log: newest first, filterable by type.
    await page.locator('.n-tabs-tab').filter({ hasText: 'Event log' }).click()
    await expect.poll(() => page.getByTestId('event-row').count(), live).toBeGreaterThan(5)
    expect(await page.getByTestId('event-row').first().getAttribute('data-type')).toMatch(/DRIVER_HEALTHY|RUNNING/)
    await page.getByTestId('event-type-filter').click()
    await page.keyboard.type('resiz')
    await page.locator('.n-base-select-option').filter({ hasText: /^Resizing$/ }).click()
    await page.keyboard.press('Escape')
    await expect.poll(async () => [...new Set(await page.getByTestId('event-row').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-type'))))], live).toEqual(['RESIZING'])
    await page.screenshot({ path: join(artifacts, 'e2e-cluster-events.png') })
    expect(errors).toEqual([])
    await context.close()
  })

  it('deletes permanently only after the exact name is typed', async () => {
    const name = unique('delete')
    const id = await demo.createCluster(name)
    const { page, context } = await start()
    await openList(page, name)
    await expect.poll(() => page.locator('tr[data-id]').count(), live).toBe(1)
    await rowAction(page, id, 'permanent-delete')
    const confirm = page.getByTestId('confirm-delete')
    expect(await confirm.isDisabled()).toBe(true)
    await page.getByTestId('confirm-name').locator('input').fill(name.toUpperCase())
    expect(await confirm.isDisabled()).toBe(true)
    await page.getByTestId('confirm-name').locator('input').fill(name)
    await page.screenshot({ path: join(artifacts, 'e2e-cluster-delete.png') })
    expect(await confirm.isDisabled()).toBe(false)
    await confirm.click()
    await expect.poll(() => page.locator('tr[data-id]').count(), live).toBe(0)
    await expect(demo.get(id)).rejects.toThrow(/does not exist/)
    await context.close()
  })

  it('shows a banner when the open cluster is deleted behind the user\'s back', async () => {
    const name = unique('gone')
    const id = await demo.createCluster(name) // PENDING: the detail polls every 5 s
    const { page, context } = await start()
    await openDetail(page, id)
    await expect.poll(() => detailState(page), live).toBe('PENDING')
    await demo.permanentDelete(id)
    await expect.poll(() => page.getByTestId('deleted-banner').count(), live).toBe(1)
    expect(await page.getByTestId('deleted-banner').textContent()).toContain('This compute has been deleted')
    expect(await page.locator('button[data-action="terminate"]').isDisabled()).toBe(true)
    await page.screenshot({ path: join(artifacts, 'e2e-cluster-deleted.png') })
    await context.close()
  })

  it('shows a name that hides a right-to-left override as it really is', async () => {
    // Issue 36: "invoice\u202Egpj.exe" drew as "invoiceexe.jpg" in the title and the breadcrumb.
    const name = `${unique('rlo')}-invoice\u202Egpj.exe`
    const id = await demo.createCluster(name)
    const { page, context } = await start()
    await openList(page, 'invoice')
    await expect.poll(() => row(page, id).count(), live).toBe(1)
    expect(await row(page, id).textContent()).toContain('invoice⟨U+202E⟩gpj.exe')
    await openDetail(page, id)
    await expect.poll(() => page.getByTestId('cluster-title').textContent(), live).toContain('invoice⟨U+202E⟩gpj.exe')
    expect(await page.locator('.n-breadcrumb').textContent()).toContain('invoice⟨U+202E⟩gpj.exe')
    // The palette and a confirmation name it the same way, and the override
    // cannot reorder the workspace named after it.
    await page.getByTestId('cluster-title').click()
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type('invoice')
    const option = page.locator(`[data-testid="palette"] li[data-id="cluster:demo:${id}"]`)
    await expect.poll(() => option.textContent(), live).toContain('invoice⟨U+202E⟩gpj.exe')
    await page.keyboard.press('Escape')
    await page.getByTestId('palette').waitFor({ state: 'hidden' })
    const terminate = page.locator('button[data-action="terminate"]')
    await expect.poll(() => terminate.isEnabled(), live).toBe(true)
    await terminate.click()
    await expect.poll(() => page.getByTestId('action-dialog').textContent(), live).toContain(
      `«${name.replace('\u202E', '⟨U+202E⟩')}» in workspace «Demo workspace»`,
    )
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await context.close()
  })

  it('explains a quota failure in plain words, with the fix', async () => {
    const name = unique('quota')
    // Standard_NC6s_v3 has no core quota in the demo subscription.
    const id = await demo.createCluster(name, { node_type_id: 'Standard_NC6s_v3', spark_version: '15.4.x-gpu-ml-scala2.12' })
    await demo.waitState(id, 'TERMINATED', 20)
    const { page, context } = await start()
    // The list's row says it too: its reason came once in the delta, shared.
    await openList(page, name)
    const badge = row(page, id).getByTestId('state-badge')
    await expect.poll(async () => (await badge.getAttribute('class')) ?? '', live).toContain('failed')
    await badge.hover()
    const tip = page.locator('.n-tooltip').filter({ hasText: 'AZURE_QUOTA_EXCEEDED_EXCEPTION' })
    await expect.poll(() => tip.textContent(), live).toContain('no core quota left for this VM family')
    expect(await tip.textContent()).toContain('pick a node type from another family')

    await openDetail(page, id)
    const reason = page.getByTestId('termination-reason')
    await expect.poll(() => reason.textContent(), live).toContain('no core quota left for this VM family')
    expect(await reason.textContent()).toContain('pick a node type from another family')
    expect(await reason.textContent()).toContain('AZURE_QUOTA_EXCEEDED_EXCEPTION')

    // Starting it again fails the same way: the notice says why and what to do.
    await page.locator('button[data-action="start"]').click()
    await expect.poll(() => detailState(page), live).toBe('PENDING')
    await demo.advance(120)
    const notice = page.locator('.n-notification').filter({ hasText: `${name} failed to start` })
    await expect.poll(() => notice.count(), live).toBe(1)
    expect(await notice.textContent()).toContain('Request a quota increase')
    await page.screenshot({ path: join(artifacts, 'e2e-cluster-quota.png') })
    await context.close()
  })

  it('turns an API failure into a plain sentence, the fix, and the raw details', async () => {
    const name = unique('fault')
    const id = await demo.createCluster(name)
    await demo.waitState(id, 'RUNNING')
    const { page, context } = await start()
    await openDetail(page, id)
    await expect.poll(() => detailState(page), live).toBe('RUNNING')
    await demo.injectFault({ Method: 'POST', PathPrefix: '/api/2.1/clusters/restart', Kind: '500', Count: 1 })
    await page.locator('button[data-action="restart"]').click()
    await page.getByRole('button', { name: 'Yes, restart it' }).click()
    const err = page.getByTestId('action-error')
    await expect.poll(() => err.count(), live).toBe(1)
    expect(await err.textContent()).toContain('Databricks reported an internal error.')
    expect(await err.textContent()).toContain('INTERNAL_ERROR')
    await page.screenshot({ path: join(artifacts, 'e2e-cluster-error.png') })
    await context.close()
  })

  it('shows job compute on its own tab through the server-side filter', async () => {
    const { page, context } = await start()
    await page.locator('[data-nav="compute"]').click()
    await page.getByTestId('tab-job').click()
    await expect.poll(() => page.locator('tr[data-id]').count(), live).toBeGreaterThan(0)
    const names = await page.getByTestId('cluster-name').allTextContents()
    expect(names.filter((n) => !n.startsWith('job-'))).toEqual([])
    await context.close()
  })

  it('filters to the compute the signed-in user created', async () => {
    const name = unique('mine') // created with the demo's own token: this user's
    const id = await demo.createCluster(name)
    const { page, context } = await start()
    await page.locator('[data-nav="compute"]').click()
    await expect.poll(() => page.getByTestId('poll-status').textContent(), live).toMatch(/Updated/)
    const count = async () => Number((await page.getByTestId('cluster-count').textContent())!.split(' of ')[0]!.replace(/\D/g, ''))
    const everyone = await count()
    await page.getByTestId('filter-mine').click()
    await expect.poll(count, live).toBeLessThan(everyone) // the seed has other creators' compute
    expect(await count()).toBeGreaterThan(0)
    await page.getByTestId('cluster-search').locator('input').fill(name)
    await expect.poll(() => row(page, id).count(), live).toBe(1)
    await page.getByTestId('cluster-search').locator('input').fill('')
    const creators = await page.locator('tr[data-id] td[data-col-key="creator"]').allTextContents()
    expect(creators.length).toBeGreaterThan(0)
    expect(new Set(creators).size).toBe(1)
    await context.close()
  })

  it('keeps an offline workspace read-only, with the reason on every action', { timeout: 120_000 }, async () => {
    const name = unique('offline')
    const id = await demo.createCluster(name)
    await demo.waitState(id, 'RUNNING')
    const { page, context, errors } = await start()
    await openList(page, name)
    await expect.poll(() => rowState(page, id), live).toBe('RUNNING')
    const conn = page.locator('.topbar [data-testid="connection-state"]')
    try {
      await demo.outage()
      await page.locator('[data-nav="workspaces"]').click()
      await page.locator('.ws-card', { hasText: 'Demo' }).first().getByText('Check connection').click()
      await expect.poll(() => conn.getAttribute('data-state'), live).toBe('offline')
      await page.locator('[data-nav="compute"]').click()
      // The last known rows stay, read-only.
      await expect.poll(() => page.getByTestId('offline-banner').count(), live).toBe(1)
      expect(await page.getByTestId('offline-banner').textContent()).toMatch(/Offline: showing data from .+; reconnects by itself/)
      expect(await rowState(page, id)).toBe('RUNNING')
      expect(await page.getByTestId('create-compute').isDisabled()).toBe(true)
      await row(page, id).getByTestId('row-menu').click()
      await expect.poll(() => page.getByTestId('menu-offline').textContent()).toMatch(/^Offline: showing data from .+; reconnects by itself$/)
      const terminate = page.locator('.n-dropdown-option-body[data-action="terminate"]')
      expect(await terminate.getAttribute('title')).toContain('reconnects by itself')
      expect(await terminate.getAttribute('class')).toContain('disabled')
      await page.screenshot({ path: join(artifacts, 'e2e-clusters-offline.png') })
      await page.keyboard.press('Escape')
    } finally {
      await demo.restore()
    }
    // It reconnects by itself; Retry (while it shows) only hurries it.
    await expect.poll(async () => {
      const retry = conn.getByRole('button', { name: 'Retry' })
      if (await retry.count()) await retry.click({ timeout: 1000 }).catch(() => undefined)
      return conn.getAttribute('data-state')
    }, { timeout: 60_000, interval: 1000 }).toBe('online')
    await expect.poll(() => page.getByTestId('offline-banner').count(), live).toBe(0)
    expect(errors.filter((e) => !/Failed to load resource|ERR_|net::/.test(e))).toEqual([])
    await context.close()
  })
})

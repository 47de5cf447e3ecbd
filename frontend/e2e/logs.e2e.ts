import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from './browser'
import { describe, expect, inject, it } from 'vitest'
import { artifacts, fileSession } from './browser'
import { DemoWorkspace } from './demo'

// Issue 14's Driver logs tab, end to end: a running demo cluster delivering
// to DBFS with a multi-MB log; the tab shows the tail (one window, not the
// file), follows new lines as the demo clock moves, reads earlier lines on
// scroll, searches the loaded text and downloads the whole file through the
// save path (the bridge's test-only --save-dir). Compute without delivery
// says so and opens the editor with a destination filled in.

const url = inject('bridgeUrl')
const home = inject('bridgeHome')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))
const slow = { timeout: 30_000 }

const file = fileSession(url)


async function openLogs(page: Page, id: string): Promise<void> {
  await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
  await page.locator('.head h1').waitFor()
  await page.locator('.n-tabs-tab', { hasText: 'Driver logs' }).click()
  await page.getByTestId('logs-tab').waitFor()
}

const lines = (page: Page) => page.getByTestId('logs-lines')
const attr = async (page: Page, name: string) => Number(await lines(page).getAttribute(name))
const lastLine = (page: Page) => page.getByTestId('log-line').last().textContent()

describe('driver logs tab', () => {
  it('follows a growing driver log, pages back, searches it and downloads it', async () => {
    const { page } = file.s
    const id = await demo.createCluster(`e2e-logs-${Math.random().toString(36).slice(2, 7)}`, {
      cluster_log_conf: { dbfs: { destination: 'dbfs:/cluster-logs' } },
    })
    await demo.waitState(id, 'RUNNING')
    await demo.advance(600) // two deliveries
    await demo.logSize(id, 3 * 1024 * 1024)
    await openLogs(page, id)

    await expect.poll(() => page.getByTestId('logs-delivery').textContent(), slow).toContain('Delivered every 5 minutes; last delivery at')
    await expect.poll(() => attr(page, 'data-count'), slow).toBeGreaterThan(100)
    // One window of the tail, not the whole 3 MB file.
    expect(await attr(page, 'data-start')).toBeGreaterThan(2 * 1024 * 1024)
    expect(await attr(page, 'data-end') - (await attr(page, 'data-start'))).toBeLessThanOrEqual(256 * 1024)
    await page.screenshot({ path: join(artifacts, 'e2e-driver-logs.png') })

    // Following: the clock moves, a delivery comes, the new lines appear at the bottom.
    const end = await attr(page, 'data-end')
    const before = await lastLine(page)
    await demo.advance(600)
    await expect.poll(() => attr(page, 'data-end'), slow).toBeGreaterThan(end)
    await expect.poll(() => lastLine(page), slow).not.toBe(before)

    // Scrolling to the top reads the window before.
    const start = await attr(page, 'data-start')
    await lines(page).evaluate((el) => {
      const scroller = el.querySelector('.v-vl') ?? el
      scroller.scrollTop = 0
      scroller.dispatchEvent(new Event('scroll'))
    })
    await expect.poll(() => attr(page, 'data-start'), slow).toBeLessThan(start)

    // Search within the loaded lines: matches are counted, and "only matches" keeps just them.
    await page.locator('[data-testid="logs-search"] input').fill('heartbeat')
    await expect.poll(() => page.getByTestId('logs-matches').textContent(), slow).toMatch(/^[1-9][\d,]* matching$/)
    await page.getByTestId('logs-only').click()
    await expect.poll(async () => (await page.getByTestId('log-line').allTextContents()).every((t) => t.includes('heartbeat')), slow).toBe(true)
    expect(await page.locator('[data-testid="log-line"] mark').first().textContent()).toBe('heartbeat')

    // Download: the whole file goes through the save path as spark-driver-logs.txt.
    await page.getByTestId('logs-download').click()
    await expect.poll(() => page.locator('.n-message').last().textContent(), slow).toContain('Saved stdout')
    const saved = join(home, 'saved', 'spark-driver-logs.txt')
    // Where it went stays on the tab after the message has gone.
    expect(await page.getByTestId('logs-saved').textContent()).toContain(`to ${saved}`)
    expect((await stat(saved)).size).toBeGreaterThan(3 * 1024 * 1024)
    const text = await readFile(saved, 'utf8')
    expect(text).toContain(`${before}\n`)
    expect(text).toMatch(/^\d\d\/\d\d\/\d\d \d\d:\d\d:\d\d INFO /) // from the file's first line

    // Another file: stderr's warnings, the search kept and marked.
    await page.getByTestId('logs-file').click()
    await page.locator('.n-base-select-option:visible', { hasText: 'stderr' }).click()
    await page.locator('[data-testid="logs-search"] input').fill('WARN')
    await expect.poll(() => page.locator('[data-testid="log-line"] mark').first().textContent(), slow).toBe('WARN')
    await page.screenshot({ path: join(artifacts, 'e2e-driver-logs-search.png') })
  })

  it('says when log delivery is off and opens the editor with a destination filled in', async () => {
    const { page } = file.s
    const id = await demo.createCluster(`e2e-nologs-${Math.random().toString(36).slice(2, 7)}`)
    await demo.waitState(id, 'RUNNING')
    await openLogs(page, id)
    await expect.poll(() => page.getByTestId('logs-off').textContent(), slow).toContain('Log delivery is off')
    expect(await page.locator('[data-testid="logs-destination"] input').inputValue()).toBe('dbfs:/cluster-logs')
    await page.screenshot({ path: join(artifacts, 'e2e-driver-logs-off.png') })
    await page.getByTestId('logs-turn-on').click()
    await expect.poll(() => page.url(), slow).toContain(`/compute/demo/${id}/edit?logTo=dbfs`)
    // The one cluster edit path: review shows the change (and the restart it needs), then saves it.
    await expect.poll(() => page.getByTestId('cluster-state').getAttribute('data-state'), slow).toBe('RUNNING')
    await page.getByTestId('save-button').click()
    const dialog = page.getByTestId('edit-plan')
    await expect.poll(() => dialog.textContent(), slow).toContain('cluster_log_conf')
    await dialog.getByTestId('confirm-save').click()
    // Wait on what the app reports: the cluster's page once saved, or the
    // reason it was not (said in the failure, with a screenshot).
    const outcome = async (): Promise<string> => {
      if (!page.url().includes('/edit')) return 'saved'
      const err = page.getByTestId('action-error')
      return (await err.count()) ? `error ${await err.getAttribute('data-code')}: ${await err.textContent()}` : 'saving'
    }
    try {
      await expect.poll(outcome, { timeout: 90_000 }).toBe('saved')
    } finally {
      await page.screenshot({ path: join(artifacts, 'e2e-driver-logs-turned-on.png') })
    }
    await expect.poll(async () => ((await demo.get(id)) as { cluster_log_conf?: { dbfs?: { destination: string } } }).cluster_log_conf?.dbfs?.destination, slow).toBe('dbfs:/cluster-logs')
  })
})

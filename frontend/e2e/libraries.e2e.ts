import { join } from 'node:path'
import type { Page } from './browser'
import { describe, expect, inject, it } from 'vitest'
import { artifacts, fileSession } from './browser'
import { DemoWorkspace } from './demo'

// Issue 14's Libraries tab, end to end: install a PyPI library on a running
// cluster and watch the page (which re-reads while a status is changing)
// reach INSTALLED as the demo clock moves; uninstall it and see it marked
// UNINSTALL_ON_RESTART with a restart offered, which removes it. A bad Maven coordinate is
// refused next to its field before anything is sent.

const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))

const file = fileSession(url)


async function openLibraries(page: Page, id: string): Promise<void> {
  await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
  await page.locator('.head h1').waitFor()
  await page.locator('.n-tabs-tab', { hasText: 'Libraries' }).click()
  await page.getByTestId('libraries-tab').waitFor()
}

const row = (page: Page, label: string) => page.locator(`[data-testid="library-row"][data-label="${label}"]`)
const status = async (page: Page, label: string) => ((await row(page, label).count()) ? await row(page, label).getAttribute('data-status') : 'absent')

describe('libraries tab', () => {
  it('installs a PyPI library on a running cluster until INSTALLED, then uninstalls it for the next restart', async () => {
    const { page } = file.s
    const id = await demo.createCluster(`e2e-libs-${Math.random().toString(36).slice(2, 7)}`)
    await demo.waitState(id, 'RUNNING')
    await openLibraries(page, id)
    await page.getByTestId('libraries-empty').waitFor()

    // A malformed Maven coordinate is refused next to its field.
    await page.getByTestId('library-kind').click()
    await page.locator('.n-base-select-option:visible', { hasText: 'Maven' }).click()
    await page.locator('[data-testid="library-coordinates"] input').fill('org.jsoup:jsoup')
    await page.getByTestId('library-install-submit').click()
    await expect.poll(() => page.getByTestId('problem-coordinates').first().textContent(), { timeout: 30_000 }).toContain('group:artifact:version')
    expect(await page.getByTestId('library-row').count()).toBe(0)

    await page.getByTestId('library-kind').click()
    await page.locator('.n-base-select-option:visible', { hasText: 'PyPI' }).click()
    await page.locator('[data-testid="library-package"] input').fill('pandas==2.2.2')
    await page.getByTestId('library-install-submit').click()
    await expect.poll(() => page.getByTestId('libraries-note').textContent(), { timeout: 30_000 }).toContain('Installing now')
    await expect.poll(() => status(page, 'pandas==2.2.2'), { timeout: 30_000 }).not.toBe('absent')

    // The page follows the status by itself; the demo clock moves meanwhile.
    await expect.poll(async () => {
      await demo.advance(10)
      return status(page, 'pandas==2.2.2')
    }, { timeout: 60_000, interval: 1_000 }).toBe('INSTALLED')

    await row(page, 'pandas==2.2.2').getByTestId('library-uninstall').click()
    await expect.poll(() => status(page, 'pandas==2.2.2'), { timeout: 30_000 }).toBe('UNINSTALL_ON_RESTART')
    expect(await page.getByTestId('libraries-note').textContent()).toContain('until the cluster restarts')
    expect(await page.getByTestId('libraries-restart').count()).toBe(1)
    await page.screenshot({ path: join(artifacts, 'e2e-libraries.png') })

    // Restart (through the page's confirmation): the library is gone once the cluster runs again.
    await page.getByTestId('libraries-restart').click()
    await page.getByTestId('confirm-action').click()
    await expect.poll(async () => {
      await demo.advance(30)
      return status(page, 'pandas==2.2.2')
    }, { timeout: 90_000, interval: 2_000 }).toBe('absent')
    await demo.waitState(id, 'RUNNING')
  })
})

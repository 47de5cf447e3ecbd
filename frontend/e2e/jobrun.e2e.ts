import type { Browser } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'

let browser: Browser
const url = inject('bridgeUrl')
const live = { timeout: 30_000, interval: 250 }

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

// Issue 14: job compute rows and pages link to the run that owns them.
describe('job compute', () => {
  it('links each row and its page to the run that owns it', async () => {
    const { page, context, errors } = await open(browser, url)
    page.setDefaultTimeout(30_000)
    await page.locator('[data-nav="compute"]').click()
    await page.getByTestId('tab-job').click()
    const row = page.locator('tr[data-name="job-771204563-run-3320117"]')
    await expect.poll(() => row.count(), live).toBe(1)
    await page.screenshot({ path: join(artifacts, 'e2e-job-compute.png') })
    const link = row.getByTestId('job-run-link')
    expect(await link.getAttribute('title')).toBe('Open run 3320117 of job 771204563 in the workspace')
    await link.click()
    await expect.poll(() => page.locator('.n-notification').count()).toBe(0) // opened, no failure shown

    // An all-purpose row has no run link.
    await page.getByTestId('tab-all-purpose').click()
    await expect.poll(() => page.locator('tr[data-id]').count(), live).toBeGreaterThan(3)
    expect(await page.getByTestId('job-run-link').count()).toBe(0)

    await page.getByTestId('tab-job').click()
    await row.getByTestId('cluster-name').click()
    const runButton = page.getByTestId('job-run')
    await expect.poll(() => runButton.textContent(), live).toContain('Run 3320117')
    await runButton.click()
    await expect.poll(() => page.locator('.n-notification').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})

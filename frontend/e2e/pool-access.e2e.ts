import type { Browser } from './browser'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { artifacts, launch, open } from './browser'

let browser: Browser
const url = inject('bridgeUrl')

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

// Issue 13: pools get the same permissions panel as clusters (CAN_ATTACH_TO, CAN_MANAGE).
describe('pool permissions', () => {
  it('opens the permissions panel of a pool from its name', async () => {
    const { page, context, errors } = await open(browser, url)
    page.setDefaultTimeout(30_000)
    await page.locator('[data-nav="pools"]').click()
    const pool = page.locator('tr[data-pool-name="general-purpose-pool"]')
    await pool.getByTestId('pool-access').click()
    const panel = page.getByTestId('permissions-panel')
    await panel.waitFor()
    await expect.poll(() => panel.getByTestId('permission-row').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    await panel.getByTestId('grant-level').click()
    const levels = await page.locator('.n-base-select-option').allTextContents()
    expect(levels.join(' | ')).toMatch(/attach/i)
    expect(levels.join(' | ')).toMatch(/manage/i)
    expect(levels.join(' | ')).not.toMatch(/restart/i) // a cluster level, not a pool's
    await page.screenshot({ path: join(artifacts, 'e2e-pool-permissions.png') })
    expect(errors).toEqual([])
    await context.close()
  })
})

import type { Browser } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'

let browser: Browser
const url = inject('bridgeUrl')

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('app shell', () => {
  it('opens on the Demo workspace and connects to it through the SDK', async () => {
    const { page, context, errors } = await open(browser, url)
    await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toContain('Demo workspace')
    const conn = page.getByTestId('connection-state')
    await expect.poll(() => conn.getAttribute('data-state')).toBe('online')
    // The user name comes from the demo server's SCIM Me, via the SDK.
    expect(await conn.textContent()).toContain('Connected as demo.user@example.com')
    await page.screenshot({ path: join(artifacts, 'e2e-demo.png') })

    await page.locator('[data-nav="workspaces"]').click()
    const card = page.locator('[data-ws="demo"]')
    await card.getByText('Check connection').click()
    await expect.poll(() => card.getByTestId('connection-state').getAttribute('data-state')).toBe('online')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the navigation and every page it leads to', async () => {
    const { page, context, errors } = await open(browser, url)
    const pages = [
      ['compute', 'Compute'],
      ['warehouses', 'SQL warehouses'],
      ['pools', 'Pools'],
      ['policies', 'Policies'],
      ['drafts', 'Drafts'],
      ['fleet', 'Fleet'],
      ['workspaces', 'Workspaces'],
      ['settings', 'Settings'],
    ] as const
    for (const [key, title] of pages) {
      await page.locator(`[data-nav="${key}"]`).click()
      await expect.poll(() => page.locator('h1').textContent()).toBe(title)
      expect(page.url()).toContain(`#/${key}`)
    }
    await page.locator('[data-nav="compute"]').click()
    await page.screenshot({ path: join(artifacts, 'e2e-shell.png') })
    expect(errors).toEqual([])
    await context.close()
  })

  it("lists the demo's pools and policies from its catalog", async () => {
    const { page, context, errors } = await open(browser, url)
    await page.locator('[data-nav="pools"]').click()
    const pools = page.getByTestId('pools-table')
    await pools.waitFor()
    // The demo seeds these three pools; their sizing comes from the Pools API via the cache.
    const memory = pools.locator('tr[data-pool]', { hasText: 'memory-optimized-pool' })
    await expect.poll(() => memory.textContent()).toContain('Standard_E8ds_v4')
    expect(await memory.textContent()).toContain('2 / 20')
    expect(await memory.textContent()).toContain('team: data-engineering')
    for (const name of ['general-purpose-pool', 'gpu-t4-pool']) {
      expect(await pools.locator('tr[data-pool]', { hasText: name }).count()).toBe(1)
    }
    expect(await page.getByTestId('cache-line').textContent()).toMatch(/fetched/)
    await page.screenshot({ path: join(artifacts, 'e2e-pools.png') })

    await page.locator('[data-nav="policies"]').click()
    const list = page.getByTestId('policy-list')
    await list.waitFor()
    // The list shows before its policies arrive: wait for them.
    await expect
      .poll(() => list.locator('button .name').allTextContents())
      .toEqual(expect.arrayContaining(['Personal Compute', 'Job Compute', 'Data Engineering Standard']))
    await list.getByText('Personal Compute', { exact: true }).click()
    const detail = page.getByTestId('policy-detail')
    await expect.poll(() => detail.locator('h2').textContent()).toBe('Personal Compute')
    expect(await detail.textContent()).toContain('At most 1')
    expect(await detail.getByTestId('policy-rules').locator('tr[data-rule]').count()).toBeGreaterThan(0)
    expect(page.url()).toMatch(/policy=/)
    await page.screenshot({ path: join(artifacts, 'e2e-policies.png') })

    // A job-only policy is listed but offers no all-purpose create.
    await list.getByText('Job Compute', { exact: true }).click()
    await expect.poll(() => detail.locator('h2').textContent()).toBe('Job Compute')
    expect(await detail.getByTestId('create-with-policy').count()).toBe(0)

    await list.getByText('Personal Compute', { exact: true }).click()
    await detail.getByTestId('create-with-policy').click()
    await expect.poll(() => page.url()).toContain('#/compute/new?ws=demo')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows build facts that come from the Go backend', async () => {
    const { page, context } = await open(browser, url)
    await page.locator('[data-nav="settings"]').click()
    // "bridge" and the Go platform string can only come from app.Shell.Info.
    await expect.poll(() => page.getByText('Running as').locator('..').textContent()).toContain('bridge')
    await expect.poll(() => page.locator('body').textContent()).toMatch(/linux\/(amd64|arm64)|darwin\/|windows\//)
    await context.close()
  })

  it('receives Go errors through the formatter, as {code, message, hint}', async () => {
    const { page, context } = await open(browser, url)
    const err = await page.evaluate(async () => {
      const w = window as unknown as { go: { app: { Workspaces: { Select(id: string): Promise<unknown> } } } }
      return w.go.app.Workspaces.Select('no-such-workspace').then(
        () => null,
        (e: unknown) => e,
      )
    })
    expect(err).toMatchObject({
      code: 'UNKNOWN_WORKSPACE',
      message: 'That workspace is not open in Clusterdeck.',
      hint: 'Pick a workspace from the switcher.',
    })
    await context.close()
  })

  it('follows the OS colour scheme, and the user can override it', async () => {
    const background = (p: import('./browser').Page) =>
      p.evaluate(() => getComputedStyle(document.querySelector('.n-layout-header')!).backgroundColor)

    const dark = await open(browser, url, { colorScheme: 'dark' })
    expect(await background(dark.page)).toBe('rgb(21, 24, 29)')
    await dark.page.screenshot({ path: join(artifacts, 'e2e-shell-dark.png') })

    await dark.page.locator('[data-nav="settings"]').click()
    await dark.page.getByTestId('theme-choice').getByText('Light', { exact: true }).click()
    await expect.poll(() => background(dark.page)).toBe('rgb(255, 255, 255)')
    await dark.context.close()
  })

  it('keeps the notification choices per kind across a reload', async () => {
    const { page, context } = await open(browser, url)
    await page.locator('[data-nav="settings"]').click()
    const terminated = page.getByTestId('notification-settings').locator('tr[data-kind="terminated"]')
    const desktop = terminated.getByTestId('notify-desktop')
    await expect.poll(() => desktop.getAttribute('aria-checked')).toBe('true')
    expect(await page.getByTestId('notification-settings').locator('tbody tr').count()).toBe(4)
    await page.screenshot({ path: join(artifacts, 'e2e-settings.png'), fullPage: true })

    // Desktop only: in-app notices are what other tests wait on.
    await desktop.click()
    await expect.poll(() => desktop.getAttribute('aria-checked')).toBe('false')
    await page.reload()
    await page.locator('[data-nav="settings"]').click()
    await expect.poll(() => desktop.getAttribute('aria-checked')).toBe('false')
    expect(await terminated.getByTestId('notify-in-app').getAttribute('aria-checked')).toBe('true')

    await desktop.click()
    await expect.poll(() => desktop.getAttribute('aria-checked')).toBe('true')
    await context.close()
  })

  it('refuses a caller without the bridge token', async () => {
    const res = await fetch(new URL('/__bridge/call', url), {
      method: 'POST',
      body: JSON.stringify({ name: 'app.Shell.Info', args: [] }),
    })
    expect(res.status).toBe(401)
  })
})

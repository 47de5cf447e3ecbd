import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'

// A SQL warehouse's Query history, Load and Connection details tabs (issue
// 38), against the demo's Dashboards Pro warehouse: seeded running, with a
// week of queries and a dashboard refresh in progress.

const url = inject('bridgeUrl')
const demoUrl = inject('demoUrl')
const demoToken = inject('demoToken')
const warehouseId = '6c8e0a2f4b3d5f71' // Dashboards Pro
const live = { timeout: 30_000 }

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function rest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(demoUrl + path, {
    method, headers: { Authorization: `Bearer ${demoToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** The ids of the warehouse's queries running now, as the demo's own history API lists them. */
async function runningNow(): Promise<string[]> {
  const q = `filter_by.warehouse_ids=${warehouseId}&filter_by.statuses=RUNNING&max_results=100`
  const json = await rest<{ res?: { query_id: string }[] }>('GET', `/api/2.0/sql/history/queries?${q}`)
  return (json.res ?? []).map((r) => r.query_id)
}

const rowsOf = (page: Page) => page.getByTestId('query-row').evaluateAll((rs) => rs.map((r) => ({
  id: r.getAttribute('data-query-id') ?? '',
  status: r.getAttribute('data-status') ?? '',
  statement: r.querySelector('[data-testid="query-statement"]')?.getAttribute('title') ?? '',
  error: r.querySelector('[data-testid="query-error"]')?.textContent ?? '',
})))

async function tab(page: Page, name: string): Promise<void> {
  await page.locator('.n-tabs-tab').filter({ hasText: name }).click()
}

describe("a SQL warehouse's query history, load and connection tabs", () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`lists, filters and pages its queries, charts its load and shows how to connect (${scheme})`, async () => {
      const { page, context, errors } = await open(browser, url, { colorScheme: scheme })
      await page.setViewportSize({ width: 1280, height: 720 })
      const marker = `e2e-wht-${scheme}-${Date.now().toString(36)}`
      const ran = await rest<{ statement_id: string }>('POST', '/api/2.0/sql/statements',
        { warehouse_id: warehouseId, wait_timeout: '30s', statement: `SELECT '${marker}' AS marker` })
      const running = await runningNow()

      await page.goto(`${url.split('#')[0]}#/warehouses/demo/${warehouseId}`)
      await page.getByTestId('warehouse-title').waitFor({ timeout: 60_000 })

      // Query history: newest first, the statement just run among them, the running one marked.
      await tab(page, 'Query history')
      await expect.poll(async () => (await rowsOf(page)).length, live).toBeGreaterThan(5)
      await expect.poll(async () => (await rowsOf(page)).find((r) => r.id === ran.statement_id)?.statement ?? '', live).toContain(marker)
      const first = await rowsOf(page)
      // A query running before the page read its rows and still running after
      // was running when they were read (a seeded one may finish meanwhile).
      const still = (await runningNow()).filter((id) => running.includes(id))
      for (const id of still) expect(first.find((r) => r.id === id)?.status).toBe('RUNNING')
      if (still.length > 0) expect(await page.getByTestId('history-live').textContent()).toContain('every')
      await page.screenshot({ path: join(artifacts, `warehouse-history-${scheme}.png`) })

      // Older: a different page, and back.
      await page.getByTestId('history-older').click()
      await expect.poll(() => page.getByTestId('history-page').textContent(), live).toBe('Page 2')
      await expect.poll(async () => (await rowsOf(page)).some((r) => first.some((f) => f.id === r.id)), live).toBe(false)
      expect((await rowsOf(page)).length).toBeGreaterThan(0)
      await page.getByTestId('history-newer').click()
      await expect.poll(() => page.getByTestId('history-page').textContent(), live).toBe('Page 1')

      // A user the workspace does not have: the error beside the filter, the rows kept.
      const users = page.getByTestId('history-users').locator('input')
      const before = (await rowsOf(page)).length
      await users.fill('nobody-e2e@example.com')
      await users.press('Enter')
      await page.getByTestId('history-error').waitFor(live)
      expect(await page.getByTestId('history-error').textContent()).toContain('BAD_HISTORY_FILTER')
      expect((await rowsOf(page)).length).toBe(before)
      // The user who ran the statement: only theirs, the statement among them
      // (whatever its status: on a warehouse that had stopped it waits for the start).
      await users.fill('demo.user@example.com')
      await users.press('Enter')
      await expect.poll(() => page.getByTestId('history-error').count(), live).toBe(0)
      await expect.poll(async () => (await rowsOf(page)).some((r) => r.id === ran.statement_id), live).toBe(true)
      expect(await page.getByTestId('history-table').locator('bdi.user').evaluateAll((us) => [...new Set(us.map((u) => u.textContent))])).toEqual(['demo.user@example.com'])

      // Everyone's again, failed only: each row failed, with its error.
      await users.fill('')
      await users.press('Enter')
      await page.getByTestId('history-statuses').click()
      await page.locator('.n-base-select-option').filter({ hasText: /^Failed$/ }).click()
      await page.keyboard.press('Escape')
      await expect.poll(async () => [...new Set((await rowsOf(page)).map((r) => r.status))], live).toEqual(['FAILED'])
      const failed = await rowsOf(page)
      expect(failed.every((r) => r.error.trim() !== '')).toBe(true)
      await page.screenshot({ path: join(artifacts, `warehouse-history-failed-${scheme}.png`) })

      // Load: the chart draws.
      await tab(page, 'Load')
      await expect.poll(() => page.getByTestId('load-chart').getAttribute('data-drawn'), live).toBe('yes')
      await page.screenshot({ path: join(artifacts, `warehouse-load-${scheme}.png`) })

      // Connection details: the warehouse's HTTP path, and no token anywhere.
      await tab(page, 'Connection details')
      await expect.poll(() => page.getByTestId('conn-http-path').textContent(), live).toContain(`/sql/1.0/warehouses/${warehouseId}`)
      const everything = (await page.getByTestId('warehouse-connection').textContent()) ?? ''
      expect(everything).not.toContain(demoToken)
      expect(everything).not.toMatch(/dapi[0-9a-f]{8,}/)
      await page.screenshot({ path: join(artifacts, `warehouse-connection-${scheme}.png`) })

      expect(errors).toEqual([])
      await context.close()
    })
  }
})

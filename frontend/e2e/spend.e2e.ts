import { join } from 'node:path'
import type { Page } from './browser'
import { describe, expect, inject, it } from 'vitest'
import { artifacts, fileSession, open } from './browser'

// Actual spend (issue 15), end to end against the Demo workspace: the
// cluster's "Spend, last 30 days" and the workspace's Spend drawer plot the
// daily DBUs and $ that the same system.billing.usage query returns, priced
// at the system.billing.list_prices row in effect; and the Settings price
// form changes the $/h the cluster's Metrics tab shows.

const url = inject('bridgeUrl')
const demoUrl = inject('demoUrl')
const demoToken = inject('demoToken')
const warehouseId = '4f8c2a9b1d3e5f70' // the demo's running serverless warehouse

const file = fileSession(url)

async function rest<T>(method: string, path: string, body?: unknown): Promise<{ json: T; headers: Headers }> {
  const res = await fetch(demoUrl + path, {
    method, headers: { Authorization: `Bearer ${demoToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return { json: (await res.json()) as T, headers: res.headers }
}

async function query(statement: string, parameters: { name: string; value: string; type?: string }[]): Promise<string[][]> {
  const { json } = await rest<{ status: { state: string }; result?: { data_array?: string[][] } }>('POST', '/api/2.0/sql/statements',
    { warehouse_id: warehouseId, wait_timeout: '30s', statement, parameters })
  expect(json.status.state).toBe('SUCCEEDED')
  return json.result?.data_array ?? []
}

interface ClusterJson { cluster_id: string; cluster_name: string }
async function clusterNamed(name: string): Promise<ClusterJson> {
  const { json } = await rest<{ clusters: ClusterJson[] }>('GET', '/api/2.1/clusters/list?page_size=100')
  const c = json.clusters.find((x) => x.cluster_name === name)
  if (!c) throw new Error(`no ${name} cluster in the demo`)
  return c
}

/** The same usage query the app runs, priced by day with the list price in effect, as the chart should show it. */
async function expected(days: string[], clusterId: string) {
  const { headers } = await rest('GET', '/api/2.0/preview/scim/v2/Me')
  const org = headers.get('x-databricks-org-id') ?? ''
  const day = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
  const from = days[0]!
  const to = day(days.at(-1)!, 1)
  const usage = await query(
    'SELECT usage_date, sku_name, cloud, SUM(usage_quantity) AS dbus FROM system.billing.usage ' +
    `WHERE workspace_id = :workspace_id ${clusterId ? 'AND usage_metadata.cluster_id = :cluster_id ' : ''}AND usage_unit = 'DBU' ` +
    'AND usage_date >= :from AND usage_date < :to GROUP BY usage_date, sku_name, cloud',
    [{ name: 'workspace_id', value: org }, ...(clusterId ? [{ name: 'cluster_id', value: clusterId }] : []),
      { name: 'from', value: from, type: 'DATE' }, { name: 'to', value: to, type: 'DATE' }],
  )
  const prices = await query(
    "SELECT sku_name, cloud, pricing.default AS price, price_start_time, price_end_time FROM system.billing.list_prices WHERE currency_code = 'USD'", [])
  const priceOn = (sku: string, cloud: string, d: string) => {
    const t = Date.parse(`${d}T00:00:00Z`)
    const p = prices.find(([s, c, , start, end]) => s === sku && c === cloud && Date.parse(start!) <= t && (!end || t < Date.parse(end)))
    return p ? Number(p[2]) : 0
  }
  const r2 = (v: number) => Math.round(v * 100) / 100
  const dbus = days.map(() => 0)
  const dollars = days.map(() => 0)
  for (const [d, sku, cloud, q] of usage) {
    const i = days.indexOf(d!)
    if (i < 0) continue
    dbus[i] = (dbus[i] ?? 0) + Number(q)
    dollars[i] = (dollars[i] ?? 0) + Number(q) * priceOn(sku!, cloud!, d!)
  }
  return { rows: usage.length, dbus: dbus.map(r2), dollars: dollars.map(r2) }
}

/** Each SQL warehouse's DBUs over the days, grouped by usage_metadata.warehouse_id as the app's query does. */
async function warehouseTotals(days: string[]): Promise<Map<string, number>> {
  const { headers } = await rest('GET', '/api/2.0/preview/scim/v2/Me')
  const to = new Date(Date.parse(`${days.at(-1)!}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  const rows = await query(
    'SELECT usage_metadata.warehouse_id AS warehouse_id, SUM(usage_quantity) AS dbus FROM system.billing.usage ' +
    "WHERE workspace_id = :workspace_id AND usage_unit = 'DBU' AND usage_date >= :from AND usage_date < :to GROUP BY usage_metadata.warehouse_id",
    [{ name: 'workspace_id', value: headers.get('x-databricks-org-id') ?? '' }, { name: 'from', value: days[0]!, type: 'DATE' }, { name: 'to', value: to, type: 'DATE' }],
  )
  return new Map(rows.filter(([id]) => id).map(([id, q]) => [id!, Number(q)]))
}

interface Plotted { points: number; x: number[]; lines: Record<string, (number | null)[]> }
const plotted = async (page: Page, testid: string): Promise<Plotted | null> => {
  const el = page.getByTestId(testid)
  if (!(await el.count()) || (await el.getAttribute('data-drawn')) !== 'yes') return null
  return JSON.parse((await el.getAttribute('data-plotted')) ?? 'null') as Plotted
}
const daysOf = (x: number[]) => x.map((t) => new Date(t * 1000).toISOString().slice(0, 10))


async function chooseWarehouse(page: Page, testid: string): Promise<void> {
  await page.getByTestId(testid).click()
  await page.locator('.n-base-select-option:visible', { hasText: 'Serverless Starter Warehouse' }).click()
}

async function openMetrics(page: Page, id: string): Promise<void> {
  await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
  await page.locator('.head h1').waitFor()
  await page.locator('.n-tabs-tab', { hasText: 'Metrics' }).click()
  await page.getByTestId('metrics-tab').waitFor()
}

// The clock of the demo moves on while the test runs: today's figures grow,
// the days before it are settled.
// $ are summed per usage row and rounded to the cent per day, so the order
// of a float sum can move a day by a cent.
function expectSettledDays(got: (number | null)[] | undefined, want: number[], what: string, cent = 0) {
  expect(got?.length, what).toBe(want.length)
  want.slice(0, -1).forEach((w, i) => expect(Math.abs((got![i] ?? NaN) - w), `${what} on day ${i}: ${got![i]} vs ${w}`).toBeLessThanOrEqual(cent + 1e-9))
  expect(got!.at(-1)!, what).toBeLessThanOrEqual(want.at(-1)! + 0.01)
}

describe('spend', () => {
  it("a cluster's Metrics tab plots the daily DBUs and $ that system.billing.usage and list_prices give", async () => {
    const { page } = file.s
    const cl = await clusterNamed('streaming-orders')
    await openMetrics(page, cl.cluster_id)
    await page.getByTestId('spend-panel').waitFor()
    if (await page.getByTestId('spend-no-warehouse').count()) await chooseWarehouse(page, 'metrics-warehouse')
    await expect.poll(() => plotted(page, 'chart-spend-dollars'), { timeout: 60_000 }).not.toBeNull()
    await expect.poll(() => plotted(page, 'chart-spend-dbus'), { timeout: 30_000 }).not.toBeNull()
    const dbus = (await plotted(page, 'chart-spend-dbus'))!
    const dollars = (await plotted(page, 'chart-spend-dollars'))!
    expect(dbus.points).toBe(30)
    const days = daysOf(dbus.x)
    const want = await expected(days, cl.cluster_id)
    expect(want.rows).toBeGreaterThan(25)
    expectSettledDays(dbus.lines['DBUs'], want.dbus, 'DBUs')
    expectSettledDays(dollars.lines['$'], want.dollars, '$')
    // A Photon cluster with no auto-termination: 12 DBU/h all day at $0.55.
    expect(want.dbus[10]).toBe(288)
    expect(want.dollars[10]).toBe(158.4)
    const total = page.getByTestId('spend-total')
    expect(await total.getAttribute('data-prices')).toBe('list')
    const sum = (dbus.lines['DBUs'] ?? []).reduce<number>((a, b) => a + (b ?? 0), 0)
    expect(Number(await total.getAttribute('data-dbus'))).toBeCloseTo(sum, 1)
    expect(await total.textContent()).toContain('at list prices')
    await page.getByTestId('spend-panel').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(artifacts, 'e2e-spend-cluster.png') })
    expect(file.s.errors).toEqual([])
  })

  it("a workspace's Spend drawer plots its daily total by SKU and names the clusters that cost most", async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const sess = scheme === 'light' ? file.s : await open(file.browser, url, { colorScheme: 'dark' })
      const { page } = sess
      try {
        await page.setViewportSize({ width: 1360, height: 900 })
        await page.goto(`${url.split('#')[0]}#/workspaces`)
        await page.locator('[data-ws="demo"] [data-testid="workspace-spend"]').click()
        await page.getByTestId('spend-drawer').waitFor()
        if (await page.getByTestId('spend-no-warehouse').count()) await chooseWarehouse(page, 'spend-warehouse')
        await expect.poll(() => plotted(page, 'chart-spend-ws-dollars'), { timeout: 60_000 }).not.toBeNull()
        const got = (await plotted(page, 'chart-spend-ws-dollars'))!
        const gotDbus = (await plotted(page, 'chart-spend-ws-dbus'))!
        const want = await expected(daysOf(got.x), '')
        expectSettledDays(gotDbus.lines['Total'], want.dbus, 'DBUs')
        expectSettledDays(got.lines['Total'], want.dollars, '$', 0.01)
        expect(Object.keys(got.lines)).toEqual(expect.arrayContaining(['All purpose compute (premium)', 'Serverless SQL compute (premium)']))
        const top = page.getByTestId('spend-top').locator('tbody tr')
        expect(await top.count()).toBeGreaterThan(2)
        expect(await top.first().locator('a').textContent()).toBeTruthy()
        await page.screenshot({ path: join(artifacts, `e2e-spend-workspace-${scheme}.png`) })
        if (scheme === 'light') {
          // By warehouse: each SQL warehouse that billed, named from the workspace's list, with the
          // DBUs the same usage query grouped by usage_metadata.warehouse_id gives.
          const byWh = page.getByTestId('spend-warehouses')
          const starter = byWh.locator(`tr[data-warehouse="${warehouseId}"]`)
          expect(await starter.locator('td').first().textContent()).toBe('Serverless Starter Warehouse')
          // (Only the Starter's: it never stops, while other files start and stop theirs meanwhile.)
          const totals = await warehouseTotals(daysOf(got.x))
          expect(totals.get(warehouseId)).toBeGreaterThan(0)
          expect(Number(await starter.getAttribute('data-dbus'))).toBeCloseTo(totals.get(warehouseId)!, 1)
          await page.setViewportSize({ width: 1280, height: 720 })
          await byWh.scrollIntoViewIfNeeded()
          await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))
          await page.screenshot({ path: join(artifacts, 'e2e-spend-by-warehouse.png') })
        }
        if (scheme === 'light') {
          // A ranked cluster opens its page.
          const name = (await top.first().locator('a').textContent())!
          await top.first().locator('a').click()
          await expect.poll(() => page.locator('.head h1').textContent()).toContain(name)
        }
        expect(sess.errors).toEqual([])
      } finally {
        if (scheme === 'dark') await sess.context.close()
      }
    }
  })

  it('the Settings price form sets the prices per DBU that the $/h estimate uses', async () => {
    const { page } = file.s
    const cl = await clusterNamed('shared-analytics')
    for (const price of [0.42, 0.61]) {
      await page.goto(`${url.split('#')[0]}#/settings`)
      const card = page.getByTestId('settings-prices')
      await card.waitFor()
      await expect.poll(() => card.getByTestId('prices-workspace').textContent()).toContain('Demo')
      const input = card.locator('[data-testid="price-allPurpose"] input')
      await input.fill(String(price))
      await input.blur()
      await card.getByTestId('prices-save').click()
      await card.getByTestId('prices-saved').waitFor()
      if (price === 0.42) await page.screenshot({ path: join(artifacts, 'e2e-settings-prices.png') })

      await openMetrics(page, cl.cluster_id)
      const cost = page.getByTestId('metrics-cost')
      await expect.poll(async () => {
        const dbus = Number(await cost.getAttribute('data-dbus'))
        const dollars = Number(await cost.getAttribute('data-dollars'))
        return dbus > 0 && Math.abs(dollars - Math.round(dbus * price * 100) / 100) < 0.006
      }, { timeout: 30_000 }).toBe(true)
      expect(await cost.textContent()).toContain(`$${price.toFixed(2)}/DBU`)
      // The Prices… dialog is the same form, showing what Settings saved.
      await page.getByTestId('metrics-prices').click()
      expect(await page.locator('.n-dialog [data-testid="price-allPurpose"] input').inputValue()).toBe(String(price))
      await page.locator('.n-dialog .n-button', { hasText: 'Cancel' }).click()
    }
    expect(file.s.errors).toEqual([])
  })
})

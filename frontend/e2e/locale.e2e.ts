import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { artifacts, engine, fileSession } from './browser'
import { DemoWorkspace } from './demo'

// Issue 34: the page in the user's own locale and time zone. `make e2e` runs
// this file in WebKitGTK under C.UTF-8, de_DE, ja_JP and ar_EG, each with a
// time zone far from UTC (build/scripts/e2e-locales.sh); in the full suite it
// runs in both engines in the suite's locale.

const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))
const file = fileSession(url)

const lang = process.env.LANG ?? ''
const tz = process.env.TZ ?? ''
/** What WebKitGTK's navigator.language must become in the page (lib/locale.ts). */
const WANT: Record<string, string> = {
  'C.UTF-8': 'en-US', C: 'en-US', POSIX: 'en-US', 'de_DE.UTF-8': 'de-DE', 'ja_JP.UTF-8': 'ja-JP', 'ar_EG.UTF-8': 'ar-EG',
}
const tag = lang.replace(/[.@].*$/, '')

interface DemoEvent { timestamp: number; type: string }
async function events(id: string): Promise<DemoEvent[]> {
  const res = await fetch(`${demo.url}/api/2.1/clusters/events`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ cluster_id: id, order: 'DESC', limit: 50 }),
  })
  return ((await res.json()) as { events?: DemoEvent[] }).events ?? []
}

describe(`the page in LANG=${lang || '(unset)'} TZ=${tz || '(unset)'}`, () => {
  it('speaks a valid language tag, the one the system names', async () => {
    const { page } = file.s
    const got = await page.evaluate(() => [navigator.language, ...navigator.languages])
    for (const t of got) expect(() => Intl.getCanonicalLocales(t), t).not.toThrow()
    if (engine === 'webkit' && WANT[lang]) expect(got[0]).toBe(WANT[lang])
  })

  it('draws the Metrics tab charts, and event times in the local time zone', async () => {
    const { page } = file.s
    const id = await demo.createCluster(`e2e-locale-${tag}-${Math.random().toString(36).slice(2, 6)}`)
    await demo.waitState(id, 'RUNNING')
    await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
    await page.locator('.n-tabs-tab', { hasText: 'Metrics' }).click()
    const workers = page.getByTestId('chart-workers')
    await expect.poll(() => workers.getAttribute('data-drawn'), { timeout: 60_000 }).toBe('yes')
    expect(await page.getByTestId('chart-failed').count()).toBe(0)
    // Drawn pixels, not just an element: the canvas holds more than one colour.
    const colours = await workers.locator('canvas').first().evaluate((c) => {
      const canvas = c as unknown as HTMLCanvasElement
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
      const seen = new Set<number>()
      for (let i = 0; i < data.length && seen.size < 10; i += 4 * 97) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!)
      return seen.size
    })
    expect(colours).toBeGreaterThan(1)

    await page.locator('.n-tabs-tab', { hasText: 'Event log' }).click()
    const first = page.getByTestId('event-row').first()
    await first.waitFor()
    const newest = (await events(id))[0]!
    // The page's own Intl, told the zone outright, against what the row shows
    // with no zone given: equal only if the page follows the system's zone.
    const [shown, inZone, inUtc] = await Promise.all([
      first.locator('td.time').textContent(),
      page.evaluate(([ms, zone]) => new Date(ms).toLocaleString(navigator.language, { dateStyle: 'medium', timeStyle: 'medium', timeZone: zone || undefined }), [newest.timestamp, tz] as const),
      page.evaluate((ms) => new Date(ms).toLocaleString(navigator.language, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }), newest.timestamp),
    ])
    expect(shown).toBe(inZone)
    if (tz && tz !== 'UTC') expect(shown).not.toBe(inUtc)
    await page.screenshot({ path: join(artifacts, `e2e-locale-${tag || 'default'}-events.png`) })
    await demo.terminate(id)
  })

  it('reads a price typed with a decimal comma', async () => {
    const { page } = file.s
    await page.goto(`${url.split('#')[0]}#/settings`)
    const card = page.getByTestId('settings-prices')
    await card.waitFor()
    await expect.poll(() => card.getByTestId('prices-workspace').textContent()).toContain('Demo')
    const input = card.locator('[data-testid="price-jobs"] input')
    await input.fill('0,37')
    await input.blur()
    await expect.poll(() => input.inputValue()).toBe('0.37')
    await card.getByTestId('prices-save').click()
    await card.getByTestId('prices-saved').waitFor()
  })

  it('shows a right-to-left name in its own direction, isolated, without breaking the row', async () => {
    const { page } = file.s
    const name = `تحليلات المبيعات ${Math.random().toString(36).slice(2, 6)}`
    const id = await demo.createCluster(name)
    await page.goto(`${url.split('#')[0]}#/compute`)
    const search = page.getByTestId('cluster-search').locator('input')
    await search.fill(name)
    const row = page.locator('tr[data-id]', { hasText: name })
    await row.waitFor()
    const cell = row.getByTestId('cluster-name').locator('.clip')
    expect(await cell.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext')
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('ltr')
    await search.fill('')
    // The row is as tall as its neighbours: the name did not wrap or push the layout.
    const heights = await page.locator('tr[data-id]').evaluateAll((rows) => [...new Set(rows.slice(0, 12).map((r) => Math.round(r.getBoundingClientRect().height)))])
    expect(heights).toHaveLength(1)
    await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
    const title = page.getByTestId('cluster-title')
    await expect.poll(() => title.textContent()).toBe(name)
    expect(await page.locator('.head h1').textContent()).toBe(`Compute: ${name}`)
    expect(await title.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext')
    await page.screenshot({ path: join(artifacts, `e2e-locale-${tag || 'default'}-rtl.png`) })
    expect(file.s.errors).toEqual([])
    await demo.terminate(id)
  })
})

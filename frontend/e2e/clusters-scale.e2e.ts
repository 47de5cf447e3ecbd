import { join } from 'node:path'
import type { Browser } from './browser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { artifacts, bench, engine, launch, open } from './browser'
import { startBridge, type OwnBridge } from './own-bridge'

// A bridge of its own whose demo workspace holds 10,000 more clusters, so the
// rest of the suite keeps the small seeded workspace.
let bridge: OwnBridge
let url: string
let browser: Browser

beforeAll(async () => {
  bridge = await startBridge('scale', ['--demo-clusters=10000'])
  url = bridge.url
  browser = await launch()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await bridge?.stop()
})

describe('clusters console at scale (figures, not assertions on time)', () => {
  it('streams 10,000 clusters into a smooth virtual list and filters them per keystroke', async () => {
    const { page, context, errors } = await open(browser, url)
    page.setDefaultTimeout(60_000)
    await page.locator('[data-nav="compute"]').click()
    const count = page.getByTestId('cluster-count')
    // Wait for the stream to finish, then count: the generator's job/all-purpose
    // split is random per run (about 80 % all-purpose), so the total varies a little.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('clusters:all-rows').length), {
      timeout: 120_000, interval: 250,
    }).toBe(1)
    const total = Number((await count.textContent())!.split(' of ')[1]!.replaceAll(',', ''))
    expect(total).toBeGreaterThan(7_500)

    const marks = await page.evaluate(() => {
      const at = (n: string) => performance.getEntriesByName(n).at(-1)?.startTime ?? NaN
      // The first Watch: the view may watch again once its rows arrived.
      return { watch: performance.getEntriesByName('clusters:watch')[0]?.startTime ?? NaN, first: at('clusters:first-rows'), all: at('clusters:all-rows') }
    })
    // Re-render all rows: sort by name descending and back (pinned stay first).
    const sortMs = await page.evaluate(async () => {
      const header = document.querySelector<HTMLButtonElement>('[data-testid="cluster-table"] th[data-col-key="name"] button')!
      const t0 = performance.now()
      header.click()
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      return performance.now() - t0
    })
    // Scroll through the virtual list: time per frame.
    const scroll = await page.evaluate(async () => {
      // The virtual list's own scroller.
      const body = document.querySelector('[data-testid="cluster-scroller"]')!
      // Two animation frames: the change is painted. Written out, not passed as
      // text: the page's CSP forbids turning text into code (WebKit enforces it).
      const wait = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))
      const times: number[] = []
      for (let i = 1; i <= 60; i++) {
        const t0 = performance.now()
        body.scrollTop = i * 1500
        await wait()
        times.push(performance.now() - t0)
      }
      return { avg: times.reduce((a, b) => a + b, 0) / times.length, max: Math.max(...times), rows: document.querySelectorAll('tr[data-id]').length }
    })
    // Filter keystroke by keystroke. `ms`: input event → the page's work done
    // and laid out (Vue's update flushes in a microtask; reading the layout
    // forces style and layout), the figure the 16 ms target is about.
    // `frameMs`: input → the next frame after that (includes waiting for
    // the display's frame boundary, so never much under 16 ms).
    const keys = await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="cluster-search"] input')!
      // Two animation frames: the change is painted. Written out, not passed as
      // text: the page's CSP forbids turning text into code (WebKit enforces it).
      const wait = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))
      const out: Array<{ text: string; ms: number; frameMs: number; shown: string; shownAtDone: string; firstAtDone: string }> = []
      const scroller = document.querySelector('[data-testid="cluster-scroller"]')!
      const count = () => document.querySelector('[data-testid="cluster-count"]')!.textContent ?? ''
      // Type a word, then take it back letter by letter (the list grows again).
      const word = 'analytics-'
      const texts = [...[...word].map((_, i) => word.slice(0, i + 1)), ...[...word].map((_, i) => word.slice(0, word.length - 1 - i))].slice(0, -1)
      for (const text of texts) {
        await wait() // start from an idle frame
        const t0 = performance.now()
        input.value = text
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await Promise.resolve()
        await Promise.resolve()
        document.body.getBoundingClientRect()
        const done = performance.now()
        const shownAtDone = count()
        // Which row shows first, and where the scroller is: the list's first
        // (row 2 of the table, after its header) at the top, not the old offset.
        const firstAtDone = `${scroller.querySelector<HTMLElement>('tr[data-id]')?.getAttribute('aria-rowindex') ?? 'no rows'} at ${scroller.scrollTop}`
        await wait()
        out.push({ text: input.value, ms: done - t0, frameMs: performance.now() - t0, shown: count(), shownAtDone, firstAtDone })
      }
      return out
    })
    await page.screenshot({ path: join(artifacts, 'e2e-clusters-10k.png') })

    // The command palette over the same 10,000 clusters: opened, then a name
    // typed key by key; each entry is a query (or the opening) → its results painted.
    await page.locator('h1').click()
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type('analytics-9')
    await expect.poll(() => page.locator('[data-testid="palette"] li[role="option"]').first().textContent()).toContain('analytics-9')
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('palette-results').length)).toBeGreaterThanOrEqual(12)
    const paletteMs = await page.evaluate(() => performance.getEntriesByName('palette-results').map((m) => m.duration))
    await page.keyboard.press('Escape')

    const perKey = keys.map((k) => k.ms)
    const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.ceil(v.length * 0.95) - 1]!
    console.log(
      [
        `clusters at scale (${engine}, ${total.toLocaleString()} all-purpose rows of 10,000+ generated):`,
        `  first rows painted ${(marks.first - marks.watch).toFixed(0)} ms after Watch; all rows ${(marks.all - marks.watch).toFixed(0)} ms`,
        `  re-sort and repaint of all rows: ${sortMs.toFixed(1)} ms`,
        `  scrolling 60 steps of 1,500 px: ${scroll.avg.toFixed(1)} ms per step on average (max ${scroll.max.toFixed(1)} ms), ${scroll.rows} rows in the DOM`,
        `  filter per keystroke: ${perKey.map((m) => m.toFixed(1)).join(', ')} ms (avg ${(perKey.reduce((a, b) => a + b, 0) / perKey.length).toFixed(1)} ms)`,
        `  last search "${keys.at(-1)?.text}" shows ${keys.at(-1)?.shown}`,
        `  palette: opened in ${paletteMs[0]!.toFixed(1)} ms, then per key ${paletteMs.slice(1).map((m) => m.toFixed(1)).join(', ')} ms`,
        `BENCH ${bench('filter_keystroke_p95_ms')} ${p95(perKey).toFixed(1)}   # ${engine}, ${total.toLocaleString()} rows, input → filtered, rendered and laid out`,
        `BENCH ${bench('filter_keystroke_frame_p95_ms')} ${p95(keys.map((k) => k.frameMs)).toFixed(1)}   # input → the next frame painted (frame waits included)`,
        `BENCH ${bench('sort_ms')} ${sortMs.toFixed(1)}                  # re-sort by name and repaint`,
        `BENCH ${bench('clusters10k_first_rows_ms')} ${(marks.first - marks.watch).toFixed(0)}   # Watch → first rows (${engine}, bridge)`,
        `BENCH ${bench('palette_first_results_ms')} ${paletteMs[0]!.toFixed(1)}   # Ctrl+K over ${total.toLocaleString()} clusters → first results painted (target ≤ 50)`,
        `BENCH ${bench('palette_key_p95_ms')} ${p95(paletteMs.slice(1)).toFixed(1)}   # a key typed in the palette → its results painted`,
      ].join('\n'),
    )
    expect(scroll.rows).toBeLessThan(200) // virtual: only what is on screen is in the DOM
    expect(keys.at(-1)?.shown).not.toMatch(/^0 of/)
    // The work timed was the whole update: the count was already the new one.
    expect(keys.map((k) => k.shownAtDone)).toEqual(keys.map((k) => k.shown))
    // The scroll above left the list far down: a search shows its first matches
    // from the first key on, in the same update.
    expect(keys.map((k) => k.firstAtDone)).toEqual(keys.map(() => '2 at 0'))
    expect(errors).toEqual([])
    await context.close()
  }, 240_000)

  // The first key above is also the page's first input, which costs Chromium
  // more than the search does (V8 drops and recompiles Vue's optimized render
  // code at a page's first input: docs/performance.md). The same key in a page that was
  // searched once, before the same sort and scroll, shows what is the search's.
  it('types the same first key in a page searched once before', async () => {
    const { page, context, errors } = await open(browser, url)
    page.setDefaultTimeout(60_000)
    await page.locator('[data-nav="compute"]').click()
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('clusters:all-rows').length), {
      timeout: 120_000, interval: 250,
    }).toBe(1)
    const key = await page.evaluate(async () => {
      // Two animation frames: the change is painted. Written out, not passed as
      // text: the page's CSP forbids turning text into code (WebKit enforces it).
      const wait = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))
      const input = document.querySelector<HTMLInputElement>('[data-testid="cluster-search"] input')!
      const count = () => document.querySelector('[data-testid="cluster-count"]')!.textContent ?? ''
      const type = (text: string) => {
        input.value = text
        input.dispatchEvent(new Event('input', { bubbles: true }))
      }
      type('no-such-cluster')
      await wait()
      const none = count()
      type('')
      await wait()
      // As the first test: sorted by name descending, then 90,000 px down.
      document.querySelector<HTMLButtonElement>('[data-testid="cluster-table"] th[data-col-key="name"] button')!.click()
      await wait()
      const scroller = document.querySelector('[data-testid="cluster-scroller"]')!
      for (let i = 1; i <= 60; i++) {
        scroller.scrollTop = i * 1500
        await wait()
      }
      await wait()
      const t0 = performance.now()
      type('a')
      await Promise.resolve()
      await Promise.resolve()
      document.body.getBoundingClientRect()
      const ms = performance.now() - t0
      const shownAtDone = count()
      const firstAtDone = `${scroller.querySelector<HTMLElement>('tr[data-id]')?.getAttribute('aria-rowindex') ?? 'no rows'} at ${scroller.scrollTop}`
      await wait()
      return { ms, none, shownAtDone, firstAtDone, shown: count() }
    })
    console.log(
      [
        `the same first key in a page searched once before (${engine}):`,
        `BENCH ${bench('filter_first_key_searched_once_ms')} ${key.ms.toFixed(1)}   # the p95's key above, less the page's first input`,
      ].join('\n'),
    )
    expect(key.none).toMatch(/^0 of /)
    expect(key.shown).not.toMatch(/^0 of /)
    // As above: the work timed was the whole update, back at the list's top.
    expect(key.shownAtDone).toBe(key.shown)
    expect(key.firstAtDone).toBe('2 at 0')
    expect(errors).toEqual([])
    await context.close()
  }, 240_000)
})

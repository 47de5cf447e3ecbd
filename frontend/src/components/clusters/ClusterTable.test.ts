import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { ClusterRow } from '@/api'
import { defaultPrefs, loadPrefs, useColumnPrefs, widthOf } from '@/clusters/columns'
import ClusterTable from './ClusterTable.vue'

function row(i: number, p: Partial<ClusterRow> = {}): ClusterRow {
  return {
    id: `c-${i}`, name: `cluster-${i}`, state: 'RUNNING', transitional: false, kind: 'all-purpose', source: 'UI', driverType: 'D',
    workerType: 'W', workers: '2', workersSort: 2, sparkVersion: '16.4.x-scala2.12', runtime: '16.4 LTS (Scala 2.12)',
    accessMode: 'USER_ISOLATION', accessModeLabel: 'Standard (shared)', creator: 'a@x.com', pinned: false, startTime: 0,
    ...p,
  } as ClusterRow
}

const hostile = '<img src=x onerror="window.pwned=1">'

function mountTable(rows: ClusterRow[]) {
  return mount(ClusterTable, {
    props: { workspace: 'demo', rows, sort: { key: 'name', order: 'ascend' }, loading: false },
    attachTo: document.body,
    global: { stubs: { ActionMenu: true } }, // the menu has tests of its own in the e2e suite
  })
}

// Scrolls the table's list so that row `index` is at its top.
async function scrollTo(scroller: HTMLElement, index: number): Promise<void> {
  scroller.scrollTop = 42 * index
  scroller.dispatchEvent(new Event('scroll'))
  await nextTick()
}

// happy-dom lays nothing out: the scroller reports the size a window gives it.
const scrollerSize = { clientHeight: 600, clientWidth: 1100 }
const isScroller = (el: Element) => (el as HTMLElement).dataset?.testid === 'cluster-scroller'

describe('ClusterTable', () => {
  beforeAll(() => {
    for (const [prop, size] of Object.entries(scrollerSize)) {
      vi.spyOn(HTMLElement.prototype, prop as 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
        return isScroller(this) ? size : 0
      })
    }
  })
  afterAll(() => vi.restoreAllMocks())
  beforeEach(() => {
    setActivePinia(createPinia())
    localStorage.clear()
    useColumnPrefs().reset()
    document.body.innerHTML = ''
  })

  it('puts only the rows on screen in the page, names and tags as text', async () => {
    const rows = [row(0, { name: hostile, creator: hostile, tags: { [hostile]: hostile } }), ...Array.from({ length: 9_999 }, (_, i) => row(i + 1))]
    const w = mountTable(rows)
    await nextTick()
    const trs = w.findAll('tbody tr[data-id]')
    expect(trs.length).toBeGreaterThan(0)
    expect(trs.length).toBeLessThan(50)
    expect(trs[0]!.attributes('data-id')).toBe('c-0')
    expect(trs[0]!.attributes('aria-rowindex')).toBe('2') // the header row is 1
    expect(w.get('table').attributes('aria-rowcount')).toBe('10001')
    expect(w.find('tbody img').exists()).toBe(false)
    expect(trs[0]!.find('[data-col-key="name"]').text()).toBe(hostile)
    expect(trs[0]!.find('[data-testid="tag"]').text()).toBe(`${hostile}: ${hostile}`)
    const creator = trs[0]!.find('[data-col-key="creator"]')
    expect(creator.element.textContent).toBe(hostile) // the cell holds the text itself…
    expect(creator.attributes('title')).toBeUndefined()
    await creator.trigger('mouseover') // …whole in its title once the pointer comes
    expect(creator.attributes('title')).toBe(hostile)
    const name = trs[0]!.get('a.name')
    await name.trigger('mouseover')
    expect(name.attributes('title')).toBe(hostile)
    // The body is as tall as every row, so the scroll bar is the whole list's.
    expect(w.find('tbody').attributes('style')).toContain(`height: ${10_000 * 42}px`)
    w.unmount()
  })

  it('marks a pinned row with a labelled icon and a job row with a run link whose icon is decoration', async () => {
    const w = mountTable([row(0, { pinned: true }), row(1, { kind: 'job', jobRun: { jobId: 7, runId: 9 } } as Partial<ClusterRow>), row(2)])
    await nextTick()
    const [pinned, job, plain] = w.findAll('tbody tr[data-id]')
    const pin = pinned!.get('a.name .pin')
    expect(pin.attributes('role')).toBe('img')
    expect(pin.attributes('aria-label')).toBe('Pinned')
    expect(pin.find('svg').exists()).toBe(true)
    const link = job!.get('[data-testid="job-run-link"]')
    expect(link.attributes('aria-label')).toBe('Open the run of cluster-1')
    expect(link.get('.icon').attributes('aria-hidden')).toBe('true')
    expect(link.find('svg').exists()).toBe(true)
    expect(plain!.find('.icon').exists()).toBe(false)
    w.unmount()
  })

  it('shows the chosen columns in order with their widths, the row menu last', async () => {
    const { update } = useColumnPrefs()
    update({ ...defaultPrefs(), order: ['name', 'tags', 'state', 'workers', 'runtime', 'creator', 'cost', 'dbus', 'driverType', 'accessMode'], hidden: ['creator', 'dbus', 'driverType', 'accessMode'], widths: { tags: 300 } })
    const w = mountTable([row(1)])
    await nextTick()
    const keys = (sel: string) => w.findAll(sel).map((c) => c.attributes('data-col-key'))
    expect(keys('thead th[data-col-key]')).toEqual(['name', 'tags', 'state', 'workers', 'runtime', 'cost', 'actions'])
    expect(keys('tbody tr[data-id] > td')).toEqual(['name', 'tags', 'state', 'workers', 'runtime', 'cost', 'actions'])
    expect(w.find('th[data-col-key="tags"]').attributes('style')).toBe('width: 300px;')
    expect(w.find('td[data-col-key="tags"]').attributes('style')).toBe('width: 300px;')
    w.unmount()
  })

  it('sorts from the header: ascending, descending, then back to by name', async () => {
    const w = mountTable([row(1)])
    await w.find('th[data-col-key="state"] button').trigger('click')
    expect(w.emitted('update:sort')?.at(-1)).toEqual([{ key: 'state', order: 'ascend' }])
    await w.setProps({ sort: { key: 'state', order: 'ascend' } })
    expect(w.find('th[data-col-key="state"]').attributes('aria-sort')).toBe('ascending')
    expect(w.find('th[data-col-key="name"]').attributes('aria-sort')).toBe('none')
    await w.find('th[data-col-key="state"] button').trigger('click')
    expect(w.emitted('update:sort')?.at(-1)).toEqual([{ key: 'state', order: 'descend' }])
    await w.setProps({ sort: { key: 'state', order: 'descend' } })
    await w.find('th[data-col-key="state"] button').trigger('click')
    expect(w.emitted('update:sort')?.at(-1)).toEqual([{ key: 'name', order: 'ascend' }])
    w.unmount()
  })

  it('resizes a column from its edge with the arrow keys, within bounds, and keeps the width', async () => {
    const w = mountTable([row(1)])
    const handle = w.find('th[data-col-key="runtime"] [data-testid="column-resize"]')
    const before = widthOf(useColumnPrefs().prefs.value, 'runtime')
    await handle.trigger('keydown', { key: 'ArrowRight' })
    expect(widthOf(useColumnPrefs().prefs.value, 'runtime')).toBe(before + 16)
    expect(w.find('td[data-col-key="runtime"]').attributes('style')).toBe(`width: ${before + 16}px;`)
    expect(widthOf(loadPrefs(localStorage), 'runtime')).toBe(before + 16)
    for (let i = 0; i < 40; i++) await handle.trigger('keydown', { key: 'ArrowLeft' })
    expect(widthOf(useColumnPrefs().prefs.value, 'runtime')).toBe(90) // its minimum
    await handle.trigger('keydown', { key: 'a' })
    expect(widthOf(useColumnPrefs().prefs.value, 'runtime')).toBe(90)
    w.unmount()
  })

  it('opens the row menu under the clicked row and closes it on a second click', async () => {
    const w = mountTable([row(1), row(2)])
    await nextTick()
    const button = w.find('tr[data-id="c-2"] [data-testid="row-menu"]')
    await button.trigger('click')
    expect(button.attributes('aria-expanded')).toBe('true')
    expect(w.find('tr[data-id="c-1"] [data-testid="row-menu"]').attributes('aria-expanded')).toBe('false')
    await button.trigger('click')
    expect(button.attributes('aria-expanded')).toBe('false')
    w.unmount()
  })

  it('explains a badge in the one shared tooltip while the pointer is on it', async () => {
    const why = { type: 'SUCCESS', summary: 'Stopped after 60 minutes without activity.', fix: '', code: 'INACTIVITY', failure: false }
    const w = mountTable([row(1), row(2, { state: 'TERMINATED', termination: why })])
    await nextTick()
    await w.find('tr[data-id="c-1"] [data-testid="state-badge"]').trigger('mouseover')
    expect(document.querySelector('.n-tooltip')).toBeNull() // a running cluster has nothing to explain
    await w.find('tr[data-id="c-2"] [data-testid="state-badge"]').trigger('mouseover')
    await expect.poll(() => document.querySelector('.n-tooltip')?.textContent ?? '', { timeout: 2_000 }).toContain(why.summary)
    expect(document.querySelector('.n-tooltip')?.textContent).toContain('INACTIVITY')
    await w.find('tr[data-id="c-2"] [data-col-key="creator"]').trigger('mouseover')
    await expect.poll(() => document.querySelector('.n-tooltip'), { timeout: 2_000 }).toBeNull()
    // New rows (a poll, a search) may put another row under the pointer: it goes.
    await w.find('tr[data-id="c-2"] [data-testid="state-badge"]').trigger('mouseover')
    await expect.poll(() => document.querySelector('.n-tooltip')?.textContent ?? '', { timeout: 2_000 }).toContain(why.summary)
    await w.setProps({ rows: [row(2, { state: 'TERMINATED', termination: why }), row(1)] })
    await expect.poll(() => document.querySelector('.n-tooltip'), { timeout: 2_000 }).toBeNull()
    w.unmount()
  })

  it('reuses the elements of rows that go for rows that come, and leaves rows that stay alone', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => row(i))
    const w = mountTable(rows)
    await nextTick()
    const scroller = w.get('[data-testid="cluster-scroller"]').element as HTMLElement
    const trs = () => [...scroller.querySelectorAll<HTMLElement>('tbody tr[data-id]')]
    // What each row shows is all its own row's, and it sits at its place.
    const showsItsRow = () => {
      for (const t of trs()) {
        const i = Number(t.dataset.id!.slice(2))
        expect(t.querySelector('[data-col-key="name"]')!.textContent).toBe(`cluster-${i}`)
        expect(t.getAttribute('aria-rowindex')).toBe(String(i + 2))
      }
      const first = Number(trs()[0]!.dataset.id!.slice(2))
      expect(w.get('tbody').attributes('style')).toContain(`padding-top: ${first * 42}px`)
    }
    await scrollTo(scroller, 20) // settle the window's size (overscan above and below)
    const before = trs()
    const byId = new Map(before.map((t) => [t.dataset.id, t]))
    await scrollTo(scroller, 30) // ten rows on: some stay, some go, as many come
    const after = trs()
    expect(after).toHaveLength(before.length)
    for (const t of after) if (byId.has(t.dataset.id)) expect(t).toBe(byId.get(t.dataset.id)) // rows that stay
    expect(after.filter((t) => !byId.has(t.dataset.id)).every((t) => before.includes(t))).toBe(true) // rows that come
    expect(after.filter((t) => !byId.has(t.dataset.id)).length).toBeGreaterThan(5)
    showsItsRow()
    await scrollTo(scroller, 5_000) // far down: every row shown is another, in the same elements
    expect(new Set(trs())).toEqual(new Set(after))
    expect(Number(trs()[0]!.dataset.id!.slice(2))).toBeGreaterThan(4_900)
    showsItsRow()
    w.unmount()
  })

  it('lets a row holding the focus go with its elements, not hand them to another cluster', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => row(i))
    const w = mountTable(rows)
    await nextTick()
    const scroller = w.get('[data-testid="cluster-scroller"]').element as HTMLElement
    const link = scroller.querySelector<HTMLElement>('tbody tr[data-id="c-0"] a.name')!
    link.focus()
    expect(document.activeElement).toBe(link)
    await scrollTo(scroller, 5_000)
    // The focused link left with its row; nothing shown is focused as another cluster.
    expect(link.isConnected).toBe(false)
    expect(scroller.contains(document.activeElement)).toBe(false)
    w.unmount()
  })

  it('takes a cell title away when new rows come into its elements', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => row(i, { creator: `user-${i}@x.com` }))
    const w = mountTable(rows)
    await nextTick()
    const cell = w.get('tbody tr[data-id] td[data-col-key="creator"]')
    await cell.trigger('mouseover')
    expect(cell.attributes('title')).toBe('user-0@x.com')
    await w.setProps({ rows: [...rows].reverse() }) // e.g. a sort: the same elements now show other clusters
    await nextTick()
    expect(cell.element.textContent).not.toBe('user-0@x.com')
    expect(cell.attributes('title')).toBeUndefined()
    w.unmount()
  })

  it('goes back to its top in the same update when its top key changes, and not for new rows alone', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => row(i))
    const w = mountTable(rows)
    await w.setProps({ topKey: 'search a' })
    const scroller = w.get('[data-testid="cluster-scroller"]').element as HTMLElement
    const first = () => w.get('tbody tr[data-id]').attributes('data-id') ?? ''
    await scrollTo(scroller, 5_000)
    expect(Number(first().slice(2))).toBeGreaterThan(4_900)
    await w.setProps({ rows: rows.slice(1) }) // a poll's news: the user stays where they are
    expect(Number(first().slice(2))).toBeGreaterThan(4_900)
    await w.setProps({ rows: rows.slice(0, 9_000), topKey: 'search an' })
    expect(first()).toBe('c-0') // rendered from the top in that update
    await nextTick()
    expect(scroller.scrollTop).toBe(0) // and the scroller follows once they are in
    // A new search that finds the same rows (the same array) goes to the top too.
    await scrollTo(scroller, 3_000)
    expect(Number(first().slice(2))).toBeGreaterThan(2_900)
    await w.setProps({ topKey: 'search an ' })
    expect(first()).toBe('c-0')
    w.unmount()
  })

  it('resizes a column by dragging its edge, live while dragging, kept on release; a click alone changes nothing', async () => {
    const w = mountTable([row(1)])
    const handle = w.get('th[data-col-key="runtime"] [data-testid="column-resize"]')
    const el = handle.element as HTMLElement
    el.setPointerCapture = () => undefined // happy-dom has no pointer capture
    const before = widthOf(useColumnPrefs().prefs.value, 'runtime')
    const pointer = (type: string, clientX: number) => el.dispatchEvent(new PointerEvent(type, { clientX, button: 0, pointerId: 1, bubbles: true }))

    pointer('pointerdown', 100)
    pointer('pointerup', 100)
    await nextTick()
    expect(useColumnPrefs().prefs.value.widths).toEqual({})

    pointer('pointerdown', 100)
    pointer('pointermove', 130)
    pointer('pointermove', 160)
    await nextTick()
    expect(w.get('td[data-col-key="runtime"]').attributes('style')).toBe(`width: ${before + 60}px;`)
    expect(widthOf(loadPrefs(localStorage), 'runtime')).toBe(before) // not kept yet
    pointer('pointerup', 160)
    await nextTick()
    expect(widthOf(loadPrefs(localStorage), 'runtime')).toBe(before + 60)
    pointer('pointermove', 400) // after release the edge no longer follows
    await nextTick()
    expect(w.get('td[data-col-key="runtime"]').attributes('style')).toBe(`width: ${before + 60}px;`)
    // A drag the system cancels puts the width back.
    pointer('pointerdown', 100)
    pointer('pointermove', 200)
    await nextTick()
    expect(w.get('td[data-col-key="runtime"]').attributes('style')).toBe(`width: ${before + 160}px;`)
    pointer('pointercancel', 200)
    await nextTick()
    expect(w.get('td[data-col-key="runtime"]').attributes('style')).toBe(`width: ${before + 60}px;`)
    expect(widthOf(loadPrefs(localStorage), 'runtime')).toBe(before + 60)
    w.unmount()
  })
})

import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'
import { DemoWorkspace } from './demo'
import { pasteJson } from './jsonTab'

let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

type GoWindow = {
  go: {
    app: {
      Workspaces: { List(): Promise<Array<{ id: string; host: string }>> }
      Drafts: {
        Targets(): Promise<Array<{ id: string; cache: { cached: boolean } }>>
        Create(input: Record<string, unknown>): Promise<{ id: string }>
      }
    }
  }
}

async function setSpec(page: Page, spec: Record<string, unknown>): Promise<void> {
  await page.getByTestId('spec-json').locator('textarea').fill(JSON.stringify(spec, null, 2))
}

const tab = (page: Page, name: 'Form' | 'JSON') => page.locator('.n-tabs-tab', { hasText: name }).click()

/** Replaces the text in the cluster editor's JSON tab, as a user pasting it. */
async function setFormJson(page: Page, text: string): Promise<void> {
  await tab(page, 'JSON')
  const cm = page.getByTestId('draft-form').locator('.cm-content')
  await pasteJson(page, cm, text)
}

const field = (page: Page, path: string) => page.getByTestId('draft-form').locator(`[data-field="${path}"]`)

async function typeNumber(page: Page, path: string, value: string): Promise<void> {
  const input = field(page, path).locator('input')
  await input.fill(value)
  await input.blur()
}

/** The ids of the demo's clusters with this name, asked behind the app's back. */
async function clusterIdsNamed(name: string): Promise<string[]> {
  const ids: string[] = []
  let token = ''
  for (let page = 0; page < 200; page++) {
    const q = new URLSearchParams({ page_size: '100', ...(token ? { page_token: token } : {}) })
    const res = await fetch(`${demo.url}/api/2.1/clusters/list?${q}`, { headers: { Authorization: `Bearer ${demo.token}` } })
    if (!res.ok) throw new Error(`clusters/list: HTTP ${res.status}`)
    const body = (await res.json()) as { clusters?: Array<{ cluster_id: string; cluster_name: string }>; next_page_token?: string }
    ids.push(...(body.clusters ?? []).filter((c) => c.cluster_name === name).map((c) => c.cluster_id))
    token = body.next_page_token ?? ''
    if (!token) break
  }
  return ids
}

const saveState = (page: Page) => page.getByTestId('save-state').getAttribute('data-state')

// The seeded "data-science-shared" cluster (terminated), as a draft written
// from memory on a plane: same settings, a smaller autoscale maximum and a
// shorter idle timeout.
const planeSpec = {
  cluster_name: 'data-science-shared',
  spark_version: '16.4.x-scala2.12',
  node_type_id: 'Standard_E16ds_v4',
  driver_node_type_id: 'Standard_E16ds_v4',
  autoscale: { min_workers: 1, max_workers: 4 },
  autotermination_minutes: 5,
  data_security_mode: 'USER_ISOLATION',
  custom_tags: { team: 'data-science', 'cost-center': 'cc-data-science' },
  azure_attributes: { availability: 'ON_DEMAND_AZURE', first_on_demand: 1, spot_bid_max_price: -1 },
}

describe('drafts', () => {
  it('is written and checked offline, then applied with a diff, and the cluster starts', async () => {
    const { page, context, errors } = await open(browser, url)

    // Online once: the Drafts page caches the demo's catalog for later.
    await page.locator('[data-nav="drafts"]').click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Drafts')
    await expect
      .poll(async () => (await page.evaluate(() => (window as unknown as GoWindow).go.app.Drafts.Targets())).find((t) => t.id === 'demo')?.cache.cached)
      .toBe(true)

    await demo.outage()
    try {
      await page.getByTestId('new-draft').click()
      await page.getByTestId('new-name').locator('input').fill('Shared DS, smaller')
      await page.getByTestId('new-create').click()
      await page.waitForURL(/#\/drafts\/[0-9a-f]+$/)
      await expect.poll(() => page.getByTestId('save-state').getAttribute('data-state')).toBe('saved')

      // The target is the demo workspace: the cluster editor's form, on the
      // catalog cached while online.
      await page.getByTestId('draft-form').waitFor()
      // One line says the form works from the cache, and how old it is; no
      // box per catalog section (issue 35).
      await expect.poll(() => page.getByTestId('catalog-age').textContent(), { timeout: 60_000 })
        .toMatch(/^\s*Offline: using the catalog cached (just now|\d+ \w+ ago)\s*$/)
      expect(await page.getByTestId('catalog-problem').count()).toBe(0)
      // A new draft has no auto-termination: the check says it would never stop.
      await expect
        .poll(() => page.getByTestId('draft-check').locator('[data-testid="check-item"][data-path="autotermination_minutes"]').textContent())
        .toContain('Auto-termination is off')
      await setFormJson(page, JSON.stringify(planeSpec, null, 2))
      const check = page.getByTestId('draft-check')
      const badTimeout = check.locator('[data-testid="check-item"][data-path="autotermination_minutes"]')
      await badTimeout.waitFor()
      expect(await check.getAttribute('data-state')).toBe('errors')
      expect(await page.getByTestId('check-cache').textContent()).toMatch(/catalog from (just now|.* ago)/)
      await tab(page, 'Form')
      await expect.poll(() => field(page, 'autotermination_minutes').locator('.field-problem').count()).toBeGreaterThan(0)
      await expect.poll(() => saveState(page)).toBe('saved')
      await page.screenshot({ path: join(artifacts, 'e2e-draft-offline-invalid.png') })

      // Text that is not JSON is saved as typed, and is there after a reload.
      const broken = '{ "cluster_name": "data-science-shared", "num_workers": }'
      await setFormJson(page, broken)
      await expect.poll(() => saveState(page)).toBe('invalid')
      await page.reload()
      await page.getByTestId('text-pending').waitFor()
      expect(await page.getByTestId('spec-json').locator('textarea').inputValue()).toBe(broken)
      await expect.poll(() => page.getByTestId('spec-syntax-error').textContent()).toMatch(/^Line 1, column \d+/)
      await page.screenshot({ path: join(artifacts, 'e2e-draft-offline-text-kept.png') })

      // Fixed in the text box, the draft goes back to the form; the form fixes the timeout.
      await setSpec(page, planeSpec)
      await expect.poll(() => saveState(page)).toBe('saved')
      await page.getByTestId('use-form').click()
      await page.getByTestId('draft-form').waitFor()
      await tab(page, 'Form')
      await typeNumber(page, 'autotermination_minutes', '45')
      await expect.poll(() => check.getAttribute('data-state')).toBe('ok')
      await expect.poll(() => field(page, 'autotermination_minutes').locator('.field-problem').count()).toBe(0)
      await expect.poll(() => saveState(page)).toBe('saved')
      await page.screenshot({ path: join(artifacts, 'e2e-draft-offline-valid.png') })

      // The list works with no network too.
      await page.getByText('Drafts', { exact: true }).first().click()
      const row = page.getByTestId('drafts-table').locator('tr', { hasText: 'Shared DS, smaller' })
      await expect.poll(() => row.getByTestId('row-check').getAttribute('data-state')).toBe('ok')
      await page.screenshot({ path: join(artifacts, 'e2e-drafts-list-offline.png') })
      await row.getByTestId('draft-link').click()
      await page.waitForURL(/#\/drafts\/[0-9a-f]+$/)
    } finally {
      await demo.restore()
    }

    // Back online: apply. The plan shows the diff current → draft.
    await page.getByTestId('apply-open').click()
    const plan = page.getByTestId('apply-plan')
    await expect.poll(() => plan.getAttribute('data-action'), { timeout: 30_000 }).toBe('edit')
    const changes = page.getByTestId('plan-changes')
    expect(await changes.locator('tr[data-path="autoscale.max_workers"]').textContent()).toMatch(/6\s*4/)
    expect(await changes.locator('tr[data-path="autotermination_minutes"]').textContent()).toMatch(/60\s*45/)
    expect(await page.getByTestId('apply-start').getAttribute('aria-checked')).toBe('true')
    await page.screenshot({ path: join(artifacts, 'e2e-draft-apply-diff.png') })

    await page.getByTestId('apply-confirm').click()
    await page.waitForURL(/#\/compute\/demo\/[^/?]+$/)
    const state = page.getByTestId('state-badge').first()
    await expect.poll(() => state.getAttribute('data-state')).toBe('PENDING')
    await page.screenshot({ path: join(artifacts, 'e2e-draft-applied-starting.png') })
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 120_000, interval: 1000 }).toBe('RUNNING')

    // The draft links to the cluster now.
    await page.goBack()
    await page.getByTestId('draft-applied').waitFor()
    expect(await page.getByTestId('draft-applied').textContent()).toContain('Applied to Demo workspace')
    expect(errors).toEqual([])
    await context.close()
  }, 240_000)

  it('imports with placed errors, exports, and restores from the trash', async () => {
    const { page, context, errors } = await open(browser, url)
    await page.locator('[data-nav="drafts"]').click()
    await page.getByTestId('open-import').click()
    const text = page.getByTestId('import-text').locator('textarea')
    await text.fill('resources:\n  clusters:\n    etl:\n      num_workers: [\n')
    await page.getByTestId('import-run').click()
    await expect.poll(() => page.locator('.n-form-item-feedback').first().textContent()).toMatch(/^Line 4: Not valid YAML/)

    await text.fill('{\n  "cluster_name": "etl",\n  "num_workers": two\n}')
    await page.getByTestId('import-run').click()
    await expect.poll(() => page.locator('.n-form-item-feedback').first().textContent()).toMatch(/^Line 3, column \d+: /)
    await page.screenshot({ path: join(artifacts, 'e2e-draft-import-error.png') })

    await text.fill(
      'resources:\n  clusters:\n    nightly_etl:\n      cluster_name: nightly-etl\n      spark_version: 16.4.x-scala2.12\n      node_type_id: Standard_DS3_v2\n      num_workers: 2\n      autotermination_minutes: 30\n',
    )
    await page.getByTestId('import-run').click()
    const row = page.getByTestId('drafts-table').locator('tr', { hasText: 'nightly-etl' })
    await row.waitFor()

    await row.getByTestId('row-menu').click()
    await page.getByText('Export…', { exact: true }).click()
    await page.getByTestId('export-format').getByText('Terraform').click()
    await expect.poll(() => page.getByTestId('export-text').locator('textarea').inputValue()).toContain('resource "databricks_cluster"')
    await page.screenshot({ path: join(artifacts, 'e2e-draft-export.png') })
    await page.keyboard.press('Escape')

    await row.getByTestId('row-menu').click()
    await page.getByText('Move to trash', { exact: true }).click()
    await expect.poll(() => row.count()).toBe(0)
    await page.getByTestId('open-trash').click()
    await page.getByTestId('trash-row').filter({ hasText: 'nightly' }).getByTestId('trash-restore').click()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('drafts-table').locator('tr', { hasText: 'nightly-etl' }).count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('asks which cluster when several share the name, and creates when none does', async () => {
    const twinSpec = {
      spark_version: '16.4.x-scala2.12',
      node_type_id: 'Standard_DS3_v2',
      num_workers: 1,
      autotermination_minutes: 120,
      data_security_mode: 'USER_ISOLATION',
    }
    const first = await demo.createCluster('e2e-draft-twin', twinSpec)
    const second = await demo.createCluster('e2e-draft-twin', twinSpec)
    await demo.waitState(first, 'RUNNING')
    await demo.waitState(second, 'RUNNING')
    const { page, context, errors } = await open(browser, url)
    const draftOf = async (name: string, spec: Record<string, unknown>) =>
      page.evaluate(
        ([n, s]) => (window as unknown as GoWindow).go.app.Drafts.Create({ name: n, workspaceId: 'demo', policyId: '', notes: '', spec: s }),
        [name, spec] as const,
      )

    // Two clusters named alike: the user picks one; only that one changes.
    const twin = await draftOf('Twin', { cluster_name: 'e2e-draft-twin', custom_tags: { suite: 'e2e' }, ...twinSpec, num_workers: 3 })
    await page.goto(`${url.split('#')[0]}#/drafts/${twin.id}`)
    await page.getByTestId('draft-form').waitFor()
    await page.getByTestId('apply-open').click()
    const plan = page.getByTestId('apply-plan')
    await expect.poll(() => plan.getAttribute('data-action'), { timeout: 30_000 }).toBe('choose')
    expect(await page.getByTestId('apply-confirm').isDisabled()).toBe(true)
    await page.screenshot({ path: join(artifacts, 'e2e-draft-apply-choose.png') })
    await page.getByTestId(`candidate-${second}`).click()
    await expect.poll(() => plan.getAttribute('data-action'), { timeout: 30_000 }).toMatch(/^(edit|resize)$/)
    await page.getByTestId('apply-confirm').click()
    await page.waitForURL(new RegExp(`#/compute/demo/${second}$`))
    await expect.poll(async () => (await demo.get(second)).num_workers, { timeout: 30_000 }).toBe(3)
    expect((await demo.get(first)).num_workers).toBe(1)

    // No cluster of that name: applying creates exactly one.
    const name = `e2e-draft-new-${Date.now()}`
    const fresh = await draftOf('Fresh', { cluster_name: name, ...twinSpec })
    await page.goto(`${url.split('#')[0]}#/drafts/${fresh.id}`)
    await page.getByTestId('draft-form').waitFor()
    await page.getByTestId('apply-open').click()
    await expect.poll(() => plan.getAttribute('data-action'), { timeout: 30_000 }).toBe('create')
    await page.getByTestId('apply-confirm').click()
    await page.waitForURL(/#\/compute\/demo\/[^/?]+$/)
    const created = decodeURIComponent(page.url().split('/').pop() ?? '')
    const made = await clusterIdsNamed(name)
    expect(made).toEqual([created])
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

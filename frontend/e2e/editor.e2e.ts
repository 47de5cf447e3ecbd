import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { DemoWorkspace } from './demo'
import { artifacts, launch, open } from './browser'
import { pasteJson } from './jsonTab'

let browser: Browser
const url = inject('bridgeUrl')
const demo = { host: inject('demoUrl'), token: inject('demoToken') }
const workspace = new DemoWorkspace(demo.host, demo.token)
const policyName = 'E2E fixed node type'

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, demo.host), {
    method,
    headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

beforeAll(async () => {
  browser = await launch()
  // No seeded policy fixes the node type: add one through the workspace API.
  await api('POST', '/api/2.0/policies/clusters/create', {
    name: policyName,
    definition: JSON.stringify({
      node_type_id: { type: 'fixed', value: 'Standard_DS3_v2' },
      'autoscale.max_workers': { type: 'range', maxValue: 4, defaultValue: 2 },
      'autoscale.min_workers': { type: 'range', minValue: 1, defaultValue: 1 },
      autotermination_minutes: { type: 'range', minValue: 10, maxValue: 60, defaultValue: 30 },
      spark_version: { type: 'unlimited', defaultValue: '16.4.x-scala2.12' },
      cluster_type: { type: 'fixed', value: 'all-purpose' },
    }),
  })
})
afterAll(async () => {
  await browser?.close()
})

const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`)
const problemText = (page: Page, path: string) =>
  field(page, path)
    .locator('.field-problem')
    .allTextContents()
    .then((t) => t.join(' '))

/** Chooses an option as a user does: a select that searches gets the name typed (its list shows only some options at a time). */
async function pick(page: Page, testId: string, option: string): Promise<void> {
  const select = page.getByTestId(testId)
  await select.click()
  if (await select.locator('input').count()) await select.locator('input').fill(option)
  await page.locator('.n-base-select-option', { hasText: option }).first().click()
}

async function typeNumber(page: Page, path: string, value: string): Promise<void> {
  const input = field(page, path).locator('input')
  await input.fill(value)
  await input.blur()
}

describe('cluster editor', () => {
  it('creates a cluster under a policy that fixes the node type, after fixing a range violation', async () => {
    const { page, context, errors } = await open(browser, url)
    await page.getByTestId('create-compute').click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Create compute')
    await page.getByText('Refresh catalog').click() // the policy was made after the cache was filled
    await expect.poll(() => page.getByTestId('catalog-age').textContent()).toContain('Catalog')

    await page.getByTestId('cluster-name').locator('input').fill('e2e-fixed-node')
    await pick(page, 'policy-picker', policyName)
    // The node type control is locked to the policy's value.
    await expect.poll(() => field(page, 'node_type_id').getByTestId('field-lock').count()).toBe(1)
    await expect.poll(() => field(page, 'node_type_id').textContent()).toContain('Standard_DS3_v2')
    expect(await field(page, 'node_type_id').locator('.n-base-selection--disabled').count()).toBe(1)

    // The DBU estimate opens the rate table: a bad rate is refused at its
    // field, a good one changes the estimate (driver + 2 workers).
    await expect.poll(() => page.getByTestId('dbu-estimate').textContent()).toContain('DBU/h')
    await page.getByTestId('dbu-estimate').click()
    const rates = page.getByTestId('rates-dialog')
    await rates.getByTestId('add-rate').click()
    await rates.getByTestId('rate-node').last().locator('input').fill('Standard_DS3_v2')
    await rates.getByTestId('rate-value').last().locator('input').fill('-2')
    await rates.getByTestId('rates-save').click()
    await expect.poll(() => rates.locator('[data-error="rates.0.rate"]').textContent()).toContain('negative')
    await page.screenshot({ path: join(artifacts, 'e2e-editor-rates.png') })
    await rates.getByTestId('rate-value').last().locator('input').fill('1')
    await rates.getByTestId('rates-save').click()
    await expect.poll(() => rates.count()).toBe(0)
    await expect.poll(() => page.getByTestId('dbu-estimate').textContent()).toContain('3.0 DBU/h')
    await page.getByTestId('dbu-estimate').click()
    await page.getByTestId('rates-reset').click()
    await page.locator('.n-popconfirm').getByRole('button', { name: /confirm|ok|yes/i }).click()
    await expect.poll(() => page.getByTestId('rates-dialog').getByTestId('rate-row').count()).toBe(0)
    await page.getByTestId('rates-cancel').click()
    await expect.poll(() => page.getByTestId('rates-dialog').count()).toBe(0)

    // The policy's size defaults switched autoscaling on.
    await expect.poll(() => page.getByTestId('autoscale').getAttribute('aria-checked')).toBe('true')
    expect(await field(page, 'autoscale.max_workers').locator('input').inputValue()).toBe('2')
    await typeNumber(page, 'autoscale.max_workers', '9')
    await expect.poll(() => problemText(page, 'autoscale.max_workers')).toContain('4')
    await field(page, 'autoscale.max_workers').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(artifacts, 'e2e-editor-violation.png') })
    await expect.poll(() => problemText(page, 'autoscale.max_workers')).toContain('4')
    await expect.poll(() => page.getByTestId('create-button').textContent()).toContain('1 problem remain')
    expect(await page.getByTestId('create-button').isDisabled()).toBe(true)
    await page.screenshot({ path: join(artifacts, 'e2e-editor-violation.png'), })

    // The JSON tab shows the same spec; an unknown field typed there survives form edits.
    await page.locator('.n-tabs-tab', { hasText: 'JSON' }).click()
    const cm = page.locator('.cm-content')
    await expect.poll(() => cm.textContent()).toContain('"max_workers": 9')
    const current = JSON.parse((await page.evaluate(() => document.querySelector('.cm-content')!.textContent)) ?? '{}') as Record<
      string,
      unknown
    >
    await pasteJson(page, cm, JSON.stringify({ ...current, x_team_field: { keep: true }, autotermination_minutes: 100 }, null, 2))
    await page.locator('.n-tabs-tab', { hasText: 'Form' }).click()
    await expect.poll(() => problemText(page, 'autotermination_minutes')).toContain('60')
    await typeNumber(page, 'autotermination_minutes', '45')
    await typeNumber(page, 'autoscale.max_workers', '3')
    await expect.poll(() => problemText(page, 'autoscale.max_workers')).toBe('')
    await page.locator('.n-tabs-tab', { hasText: 'JSON' }).click()
    await expect.poll(() => cm.textContent()).toContain('"x_team_field"')
    await expect.poll(() => cm.textContent()).toContain('"autotermination_minutes": 45')
    await page.locator('.n-tabs-tab', { hasText: 'Form' }).click()

    await expect.poll(() => page.getByTestId('create-button').textContent()).toBe('Create compute')
    await page.screenshot({ path: join(artifacts, 'e2e-editor-ready.png'), })
    await page.getByTestId('create-button').click()
    // Create lands on the new cluster's page in the Compute console.
    await page.waitForURL(/#\/compute\/demo\/[^/?]+$/)
    const state = page.getByTestId('state-badge').first()
    await expect.poll(() => state.getAttribute('data-state')).toMatch(/PENDING|RUNNING/)
    // A start takes about 4 virtual minutes: move the demo's clock past it
    // rather than wait for it (on a busy machine the wait was not enough),
    // then wait for the page to report RUNNING.
    await workspace.advance(300)
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 110_000, interval: 1000 }).toBe('RUNNING')
    await page.screenshot({ path: join(artifacts, 'e2e-editor-created.png'), })

    const list = await api<{ clusters: Array<{ cluster_name: string; node_type_id: string; autoscale?: { max_workers: number } }> }>(
      'GET',
      '/api/2.1/clusters/list',
    )
    const made = list.clusters.filter((c) => c.cluster_name === 'e2e-fixed-node')
    expect(made).toHaveLength(1)
    expect(made[0]!.node_type_id).toBe('Standard_DS3_v2')
    expect(made[0]!.autoscale?.max_workers).toBe(3)
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)

  it('saves the form as a draft and opens it', async () => {
    const { page, context, errors } = await open(browser, url)
    await page.getByTestId('create-compute').click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Create compute')
    await page.getByTestId('cluster-name').locator('input').fill('e2e-editor-draft')
    await typeNumber(page, 'autotermination_minutes', '45')
    // A library and a key the API does not know, typed in the JSON tab: the draft keeps both.
    await page.locator('.n-tabs-tab', { hasText: 'JSON' }).click()
    const cm = page.locator('.cm-content')
    await expect.poll(() => cm.textContent()).toContain('"autotermination_minutes": 45')
    const current = JSON.parse((await page.evaluate(() => document.querySelector('.cm-content')!.textContent)) ?? '{}') as Record<string, unknown>
    await pasteJson(page, cm, JSON.stringify({ ...current, libraries: [{ pypi: { package: 'e2e-lib==1.0' } }], x_owner: 'team-e2e' }, null, 2))
    await page.locator('.n-tabs-tab', { hasText: 'Form' }).click()
    await expect.poll(() => page.locator('[data-field="libraries.0"]').count()).toBe(1)
    await page.getByTestId('save-draft').click()
    await page.waitForURL(/#\/drafts\/[^/?]+$/)
    await expect.poll(() => page.getByTestId('draft-name').locator('input').inputValue()).toBe('e2e-editor-draft')
    const draftForm = page.getByTestId('draft-form')
    await expect.poll(() => draftForm.locator('[data-field="libraries.0"]').count()).toBe(1)
    await page.screenshot({ path: join(artifacts, 'e2e-editor-draft.png') })

    // After a reload the library and the unknown key are still in the draft's spec, not in its notes.
    await page.reload()
    await draftForm.locator('[data-field="libraries.0"]').waitFor()
    const id = decodeURIComponent(page.url().split('/').pop() ?? '')
    const saved = await page.evaluate(
      (d) => (window as unknown as { go: { app: { Drafts: { Get(id: string): Promise<{ spec: Record<string, unknown>; notes: string }> } } } }).go.app.Drafts.Get(d),
      id,
    )
    expect(saved.spec.libraries).toEqual([{ pypi: { package: 'e2e-lib==1.0' } }])
    expect(saved.spec.x_owner).toBe('team-e2e')
    expect(saved.notes).not.toContain('e2e-lib')
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  it('starts with the policy named in the link (?policy=, from the Policies page)', async () => {
    const { policies } = await api<{ policies: Array<{ policy_id: string; name: string }> }>('GET', '/api/2.0/policies/clusters/list')
    const id = policies.find((p) => p.name === policyName)!.policy_id
    const { page, context, errors } = await open(browser, url)
    await page.goto(`${url.split('#')[0]}#/compute/new?ws=demo&policy=${encodeURIComponent(id)}`)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Create compute')
    await expect.poll(() => page.getByTestId('policy-picker').textContent()).toContain(policyName)
    // Picked as the user would: its fixed value locks, its defaults fill in.
    await expect.poll(() => field(page, 'node_type_id').getByTestId('field-lock').count()).toBe(1)
    await expect.poll(() => page.getByTestId('autoscale').getAttribute('aria-checked')).toBe('true')
    expect(await field(page, 'autotermination_minutes').locator('input').inputValue()).toBe('30')
    await page.screenshot({ path: join(artifacts, 'e2e-editor-policy-link.png') })
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  it('edits a running cluster: shows the restart warning and the change, old → new', async () => {
    const list = await api<{ clusters: Array<{ cluster_id: string; cluster_name: string; state: string }> }>(
      'GET',
      '/api/2.1/clusters/list',
    )
    const running = list.clusters.find((c) => c.cluster_name === 'shared-analytics')
    expect(running, 'the seeded shared-analytics cluster is listed').toBeDefined()
    // It stops by itself after 120 idle minutes of demo time (20 real minutes
    // into a slow run): start it when it has, and wait until it runs.
    if (running!.state === 'TERMINATED') await api('POST', '/api/2.1/clusters/start', { cluster_id: running!.cluster_id })
    await workspace.waitState(running!.cluster_id, 'RUNNING')
    const { page, context, errors } = await open(browser, url)
    await page.goto(`${url.split('?')[0]}?${url.split('?')[1]}#/compute/demo/${running!.cluster_id}/edit`)
    await expect.poll(() => page.getByTestId('cluster-name').locator('input').inputValue()).toBe('shared-analytics')
    await expect.poll(() => page.getByTestId('cluster-state').getAttribute('data-state')).toBe('RUNNING')

    await typeNumber(page, 'autotermination_minutes', '90')
    await expect.poll(() => page.getByTestId('save-button').textContent()).toBe('Review and save')
    await page.getByTestId('save-button').click()
    const dialog = page.getByTestId('edit-plan')
    await expect.poll(() => dialog.getByTestId('restart-warning').count()).toBe(1)
    const row = dialog.locator('[data-change="autotermination_minutes"]')
    expect(await row.locator('.old').textContent()).toBe('120')
    expect(await row.locator('.new').textContent()).toBe('90')
    await page.screenshot({ path: join(artifacts, 'e2e-editor-restart.png'), })
    await dialog.getByTestId('confirm-save').click()
    // Saved: the cluster's page shows it restarting (see editor-ui.e2e.ts).
    await expect.poll(() => page.locator('.head h1').textContent(), { timeout: 30_000 }).toBe('Compute: shared-analytics')
    await expect.poll(() => page.getByTestId('state-badge').first().getAttribute('data-state'), { timeout: 30_000 }).toMatch(/RESTARTING|PENDING|RUNNING/)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

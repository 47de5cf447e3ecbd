import { join } from 'node:path'
import type { Page } from './browser'
import { describe, expect, inject, it } from 'vitest'
import { artifacts, fileSession } from './browser'
import { DemoWorkspace } from './demo'

// Issue 16's Runs tab, end to end on a running demo cluster: a notebook run
// is submitted, seen running and then succeeded with its notebook result; a
// run of a missing notebook fails with the workspace's error; a running one
// is cancelled; a relative path is refused next to its field before sending.

const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))

const file = fileSession(url)


async function openRuns(page: Page, id: string): Promise<void> {
  await page.goto(`${url.split('#')[0]}#/compute/demo/${id}`)
  await page.locator('.head h1').waitFor()
  await page.locator('.n-tabs-tab', { hasText: 'Runs' }).click()
  await page.getByTestId('runs-tab').waitFor()
}

async function submitNotebook(page: Page, path: string, params = ''): Promise<void> {
  await page.locator('[data-testid="run-path"] input').fill(path)
  await page.locator('[data-testid="run-parameters"] textarea').fill(params)
  await page.getByTestId('run-submit-button').click()
}

const rows = (page: Page) => page.getByTestId('run-row')
const statusOfRow = (page: Page, i: number) => rows(page).nth(i).getAttribute('data-status')

describe('runs tab', () => {
  it('submits notebook runs: one succeeds with its output, one fails with the error, one is cancelled', async () => {
    const { page } = file.s
    const id = await demo.createCluster(`e2e-runs-${Math.random().toString(36).slice(2, 7)}`)
    await demo.waitState(id, 'RUNNING')
    await openRuns(page, id)
    await page.getByTestId('runs-empty').waitFor()

    // A relative path is refused next to its field, and nothing is submitted.
    await submitNotebook(page, 'Shared/etl/load')
    await expect.poll(() => page.getByTestId('problem-path').first().textContent(), { timeout: 30_000 }).toContain('must be absolute')
    expect(await rows(page).count()).toBe(0)

    // A notebook run: running first, then succeeded with its result.
    await submitNotebook(page, '/Shared/etl/load', 'date=2026-11-23')
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(1)
    expect(await statusOfRow(page, 0)).toBe('running')
    await expect.poll(() => page.getByTestId('run-output-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('running')
    await expect.poll(async () => {
      await demo.advance(30)
      return statusOfRow(page, 0)
    }, { timeout: 90_000, interval: 1_000 }).toBe('succeeded')
    expect(await rows(page).nth(0).getByTestId('run-raw').textContent()).toContain('TERMINATED · SUCCESS')
    await expect.poll(() => page.getByTestId('run-output-result').textContent(), { timeout: 30_000 }).toContain('"date":"2026-11-23"')

    // A missing notebook: failed, with the workspace's error shown as text.
    await submitNotebook(page, '/Shared/missing-notebook')
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(2)
    await expect.poll(async () => {
      await demo.advance(10)
      return statusOfRow(page, 0)
    }, { timeout: 90_000, interval: 1_000 }).toBe('failed')
    await expect.poll(() => page.getByTestId('run-output-error').textContent(), { timeout: 30_000 })
      .toBe('Notebook not found: /Shared/missing-notebook')
    expect(await rows(page).nth(0).getByTestId('run-raw').textContent()).toContain('INTERNAL_ERROR')

    // A running one is cancelled: it ends CANCELED in the workspace.
    await submitNotebook(page, '/Shared/etl/long')
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(3)
    expect(await statusOfRow(page, 0)).toBe('running')
    await page.screenshot({ path: join(artifacts, 'e2e-runs.png') })
    await rows(page).nth(0).getByTestId('run-cancel').click()
    await expect.poll(async () => {
      await demo.advance(10)
      return statusOfRow(page, 0)
    }, { timeout: 90_000, interval: 1_000 }).toBe('cancelled')
    expect(await rows(page).nth(0).getByTestId('run-raw').textContent()).toContain('CANCELED')
    expect(await rows(page).nth(1).getAttribute('data-status')).toBe('failed')
    expect(await rows(page).nth(2).getAttribute('data-status')).toBe('succeeded')
    await page.screenshot({ path: join(artifacts, 'e2e-runs-done.png') })
    expect(file.s.errors).toEqual([])
  })

  it('runs a notebook on a new job cluster made from a draft', async () => {
    const { page } = file.s
    type GoWindow = { go: { app: { Drafts: { Create(d: unknown): Promise<{ id: string }> } } } }
    const name = `e2e-runs-draft-${Math.random().toString(36).slice(2, 7)}`
    await page.evaluate(
      (n) => (window as unknown as GoWindow).go.app.Drafts.Create({ name: n, workspaceId: 'demo', policyId: '', notes: '',
        spec: { cluster_name: n, spark_version: '16.4.x-scala2.12', node_type_id: 'Standard_DS3_v2', num_workers: 1 } }),
      name,
    )
    const id = await demo.createCluster(`e2e-runs-host-${Math.random().toString(36).slice(2, 7)}`)
    await openRuns(page, id)
    await page.getByTestId('run-target').click()
    await page.locator('.n-base-select-option:visible', { hasText: 'A new cluster from a draft' }).click()
    await page.getByTestId('run-draft').click()
    await page.locator('.n-base-select-option:visible', { hasText: name }).click()
    await submitNotebook(page, '/Shared/etl/load')
    // The run is on its own job cluster: its output shows here, not in this cluster's list.
    await expect.poll(() => page.getByTestId('run-output-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('running')
    await expect.poll(async () => {
      await demo.advance(30)
      return page.getByTestId('run-output-status').getAttribute('data-status')
    }, { timeout: 120_000, interval: 1_000 }).toBe('succeeded')
    expect(await page.getByTestId('run-output-result').textContent()).toContain('rows_written')
    expect(await rows(page).count()).toBe(0)
    expect(file.s.errors).toEqual([])
  })
})

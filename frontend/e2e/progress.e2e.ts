import type { Browser } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, open } from './browser'
import { DemoWorkspace } from './demo'

// Long operations report their steps and can be cancelled from the page;
// a cancelled create leaves its request remembered, so creating again makes
// exactly one cluster.
let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await demo.clearFaults()
  await browser?.close()
})

/** Ids of the workspace's clusters named name (every page of the list). */
async function clustersNamed(name: string): Promise<string[]> {
  const ids: string[] = []
  let token = ''
  for (;;) {
    const q = new URLSearchParams({ page_size: '100' })
    if (token) q.set('page_token', token)
    const res = await fetch(`${demo.url}/api/2.1/clusters/list?${q}`, { headers: { Authorization: `Bearer ${demo.token}` } })
    if (!res.ok) throw new Error(`list clusters: HTTP ${res.status}`)
    const page = (await res.json()) as { clusters?: Array<{ cluster_id: string; cluster_name: string }>; next_page_token?: string }
    for (const c of page.clusters ?? []) if (c.cluster_name === name) ids.push(c.cluster_id)
    if (!page.next_page_token) return ids
    token = page.next_page_token
  }
}

describe('progress and cancel', () => {
  it('shows a create in progress, cancels it, and a retry makes exactly one cluster', async () => {
    const { page, context, errors } = await open(browser, url)
    const name = `e2e-progress-${Date.now()}`
    await page.getByTestId('create-compute').click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Create compute')
    await page.getByTestId('cluster-name').locator('input').fill(name)
    await expect.poll(() => page.getByTestId('create-button').isDisabled()).toBe(false)

    // The workspace takes the create and never answers: the page waits.
    await demo.injectFault({ Method: 'POST', PathPrefix: '/api/2.1/clusters/create', Kind: 'hang', Count: 1 })
    await page.getByTestId('create-button').click()
    await expect.poll(() => page.getByTestId('operation-step').textContent()).toContain('Sending create (attempt 1 of 3)')

    await page.getByTestId('operation-cancel').click()
    await expect.poll(() => page.getByTestId('action-error').getAttribute('data-code')).toBe('CANCELLED')
    const error = await page.getByTestId('action-error').textContent()
    expect(error).toContain('Cancelled')
    expect(error).toContain('never makes a second one')
    await expect.poll(() => page.getByTestId('operation-progress').count()).toBe(0)
    expect(await page.locator('h1').textContent()).toBe('Create compute') // the form stays as it was

    // Again, with the same request: it looks first, then creates once.
    await page.getByTestId('create-button').click()
    await expect.poll(() => page.url()).not.toContain('/compute/new')
    await expect.poll(() => clustersNamed(name).then((ids) => ids.length)).toBe(1)
    const [id] = await clustersNamed(name)
    expect(page.url()).toContain(id)
    expect(errors).toEqual([])
    await context.close()
  })
})

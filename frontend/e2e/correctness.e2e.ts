import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { join } from 'node:path'
import { artifacts, launch, open } from './browser'
import { DemoWorkspace } from './demo'
import { pasteJson } from './jsonTab'

// Issue 11, correctness: the editor's review of an empty or libraries-only
// edit, and the notice for a running cluster that fails.
let browser: Browser
const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))
const slow = { timeout: 30_000 }

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const unique = (what: string) => `e2e-${what}-${Math.random().toString(36).slice(2, 7)}`

async function runningCluster(name: string): Promise<string> {
  const id = await demo.createCluster(name)
  await demo.waitState(id, 'RUNNING')
  return id
}

/** Opens the app and records page errors and Vue's render errors (console). */
async function start(): Promise<Awaited<ReturnType<typeof open>>> {
  const s = await open(browser, url, { consoleErrors: true })
  s.page.setDefaultTimeout(30_000)
  return s
}

async function replaceJson(page: Page, change: (spec: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  await page.locator('.n-tabs-tab', { hasText: 'JSON' }).click()
  const cm = page.locator('.cm-content')
  await expect.poll(() => cm.textContent(), slow).toContain('"cluster_name"')
  const current = JSON.parse((await page.evaluate(() => document.querySelector('.cm-content')!.textContent)) ?? '{}') as Record<string, unknown>
  await pasteJson(page, cm, JSON.stringify(change(current), null, 2))
  await page.locator('.n-tabs-tab', { hasText: 'Form' }).click()
}

describe('correctness', () => {
  it('reviews an unchanged running cluster as "No changes", then installs a library without a restart', async () => {
    const name = unique('libs')
    const id = await runningCluster(name)
    const { page, context, errors } = await start()
    await page.goto(`${url.split('#')[0]}#/compute/demo/${id}/edit`)
    await expect.poll(() => page.getByTestId('cluster-name').locator('input').inputValue(), slow).toBe(name)
    await expect.poll(() => page.getByTestId('cluster-state').getAttribute('data-state'), slow).toBe('RUNNING')

    // Review with no change: the dialog says so and closes, leaving the page usable.
    await expect.poll(() => page.getByTestId('save-button').textContent(), slow).toBe('Review and save')
    await page.getByTestId('save-button').click()
    const dialog = page.getByTestId('edit-plan')
    await expect.poll(() => dialog.getByTestId('no-changes').textContent(), slow).toContain('No changes')
    expect(await dialog.getByTestId('confirm-save').count()).toBe(0)
    await page.screenshot({ path: join(artifacts, 'e2e-correctness-no-changes.png') })
    await dialog.getByRole('button', { name: 'Back to the form' }).click()
    await expect.poll(() => page.locator('.n-modal-mask').isVisible(), slow).toBe(false)
    await expect.poll(() => dialog.count(), slow).toBe(0)

    // Only a library added: "Install libraries", no restart warning.
    await replaceJson(page, (spec) => ({ ...spec, libraries: [{ pypi: { package: 'e2e-correct==1.0' } }] }))
    await expect.poll(() => page.locator('[data-field="libraries.0"]').count(), slow).toBe(1)
    await page.getByTestId('save-button').click() // clickable: no invisible modal in the way
    await expect.poll(() => dialog.getByTestId('library-install').textContent(), slow).toContain('e2e-correct==1.0')
    expect(await dialog.getByTestId('restart-warning').count()).toBe(0)
    expect(await dialog.getByTestId('no-changes').count()).toBe(0)
    await expect.poll(() => dialog.getByTestId('confirm-save').textContent(), slow).toContain('Install libraries')
    await dialog.getByTestId('confirm-save').click()
    // Saved: the page moves to the cluster's page (the toast saying "Installing 1 library" is
    // brief, so the test waits on the page it lands on and on the workspace's own answer).
    await expect.poll(() => page.locator('.head h1').textContent(), slow).toBe(`Compute: ${name}`)
    expect(page.url()).toMatch(new RegExp(`#/compute/demo/${id}$`))

    // Still running, never restarted; the workspace has the library.
    expect((await demo.get(id)).state).toBe('RUNNING')
    const lib = (await demo.libraryStatuses(id)).find((l) => l.library.pypi?.package === 'e2e-correct==1.0')
    expect(lib?.status).toMatch(/PENDING|RESOLVING|INSTALLING|INSTALLED/)
    await expect.poll(() => page.getByTestId('state-badge').first().getAttribute('data-state'), slow).toBe('RUNNING')
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)

  it('tells the user when a running cluster fails, though they did not start it', async () => {
    const name = unique('fails')
    const id = await runningCluster(name)
    const { page, context, errors } = await start()
    await page.locator('[data-nav="compute"]').click()
    await page.getByTestId('cluster-search').locator('input').fill(name)
    const row = page.locator(`tr[data-id="${id}"]`)
    await expect.poll(() => row.getAttribute('data-state'), slow).toBe('RUNNING')

    await demo.failCluster(id)
    await page.getByTestId('poll-status').getByRole('button', { name: 'Refresh now' }).click()
    const notice = page.locator('.n-notification', { hasText: `${name} failed` })
    await expect.poll(() => notice.count(), { timeout: 60_000 }).toBe(1)
    expect(await notice.textContent()).toContain('driver')
    await expect.poll(() => row.getAttribute('data-state'), slow).toBe('ERROR')
    await page.screenshot({ path: join(artifacts, 'e2e-correctness-failed-notice.png') })
    // The notice stays until dismissed, but never covers a dialog's buttons:
    // the pool dialog's Create button, under it at 1,360 px, takes the pointer.
    await page.locator('[data-nav="pools"]').click()
    await expect.poll(() => page.getByTestId('pool-new').isEnabled(), slow).toBe(true)
    await page.getByTestId('pool-new').click()
    const save = page.getByTestId('pool-save')
    await save.waitFor()
    await save.scrollIntoViewIfNeeded()
    const atSave = await save.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const top = document.elementFromPoint(r.left + r.width * 0.8, r.top + r.height / 2)
      return el.contains(top) ? 'the button' : `${top?.tagName}.${top?.className}`
    })
    expect(atSave).toBe('the button')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await save.waitFor({ state: 'hidden' })
    // Open takes the user to the cluster.
    await notice.getByRole('button', { name: 'Open' }).click()
    await page.waitForURL(new RegExp(`${id}`), slow)
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)
})

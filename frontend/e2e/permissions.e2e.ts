import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { artifacts, launch, open, type Session } from './browser'
import { DemoWorkspace } from './demo'

// Issue 14's Permissions tab and issue 17's cluster visibility, end to end:
// an admin grants a group CAN_RESTART on a cluster and sees it in the panel;
// a user who is not an admin (the demo's analyst, on a demo-api of our own,
// added through the Workspaces dialog) lists only the cluster they hold a
// permission on and sees its panel read-only, with the reason.

const url = inject('bridgeUrl')
const demo = new DemoWorkspace(inject('demoUrl'), inject('demoToken'))
const LIMITED = 'Limited analyst'

let browser: Browser
let s: Session
let child: ChildProcess | undefined
let other: { host: string; admin: string; analyst: string }

/** Starts `clusterdeck demo-api` and reads its host, admin token and the limited user's token. */
function startDemoApi(): Promise<{ host: string; admin: string; analyst: string }> {
  const binary = process.env.CLUSTERDECK_BINARY
  if (!binary) throw new Error('CLUSTERDECK_BINARY is not set')
  child = spawn(binary, ['demo-api', '--addr', '127.0.0.1:0', '--seed', '1414'], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    const got: Record<string, string> = {}
    const timer = setTimeout(() => reject(new Error('demo-api did not start within 60 s')), 60_000)
    createInterface({ input: child!.stdout! }).on('line', (line) => {
      const m = /^(DATABRICKS_HOST|DATABRICKS_TOKEN)=(.+)$/.exec(line) ?? /^# limited user \(.*\): (DATABRICKS_TOKEN)=(.+)$/.exec(line)
      if (!m) return
      got[line.startsWith('#') ? 'analyst' : m[1] === 'DATABRICKS_HOST' ? 'host' : 'admin'] = m[2]!
      if (got.host && got.admin && got.analyst) {
        clearTimeout(timer)
        resolve({ host: got.host, admin: got.admin, analyst: got.analyst })
      }
    })
  })
}

async function api<T>(host: string, token: string, path: string): Promise<T> {
  const res = await fetch(host + path, { headers: { Authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

async function clusterId(host: string, token: string, name: string): Promise<string> {
  const res = await api<{ clusters?: Array<{ cluster_id: string; cluster_name: string }> }>(host, token, '/api/2.1/clusters/list?page_size=100')
  const c = (res.clusters ?? []).find((x) => x.cluster_name === name)
  if (!c) throw new Error(`no cluster ${name}`)
  return c.cluster_id
}

beforeAll(async () => {
  other = await startDemoApi()
  browser = await launch()
  s = await open(browser, url, { consoleErrors: true })
  s.page.setDefaultTimeout(30_000)
})
afterAll(async () => {
  child?.kill('SIGTERM')
  await s?.context.close()
  await browser?.close()
})

async function openPermissions(page: Page, ws: string, id: string): Promise<void> {
  await page.goto(`${url.split('#')[0]}#/compute/${ws}/${id}`)
  await page.locator('.head h1').waitFor()
  await page.locator('.n-tabs-tab', { hasText: 'Permissions' }).click()
  await page.getByTestId('permissions-panel').waitFor()
}

/** Picks an option of an open Naive UI select by its text. */
const option = (page: Page, text: string) => page.locator('.n-base-select-option:visible', { hasText: text })

const row = (page: Page, principal: string) => page.locator(`[data-testid="permission-row"][data-principal="${principal}"]`)

describe('permissions panel', () => {
  it('an admin grants a group CAN_RESTART on a cluster and sees it, with the owner and the inherited admins', async () => {
    const { page } = s
    const id = await demo.createCluster(`e2e-perms-${Math.random().toString(36).slice(2, 7)}`)
    await openPermissions(page, 'demo', id)

    await expect.poll(() => row(page, 'admins').getAttribute('data-level')).toBe('CAN_MANAGE')
    expect(await row(page, 'admins').textContent()).toContain('inherited from')
    expect(await row(page, 'demo.user@example.com').textContent()).toContain('owner')
    expect(await page.getByTestId('permissions-readonly').count()).toBe(0)
    expect(await page.getByTestId('permissions-add').textContent()).toContain('adds to the list')

    await page.getByTestId('principal-search').click()
    await page.keyboard.type('analy')
    await option(page, 'analysts · Group').click()
    await page.getByTestId('grant-level').click()
    await option(page, 'Can restart').click()
    await page.getByTestId('grant-add').click()

    await expect.poll(() => row(page, 'analysts').getAttribute('data-level')).toBe('CAN_RESTART')
    expect(await row(page, 'analysts').textContent()).toContain('granted here')
    // The workspace holds it too, next to what was there.
    const acl = await api<{ access_control_list: Array<{ group_name?: string; all_permissions: Array<{ permission_level: string }> }> }>(
      demo.url, demo.token, `/api/2.0/permissions/clusters/${id}`)
    const analysts = acl.access_control_list.find((a) => a.group_name === 'analysts')
    expect(analysts?.all_permissions.map((p) => p.permission_level)).toEqual(['CAN_RESTART'])
    await page.screenshot({ path: join(artifacts, 'e2e-permissions-admin.png') })
  })

  it('a user who is not an admin sees only the compute they may use, and its panel read-only with the reason', async () => {
    const { page } = s
    await page.locator('[data-nav="workspaces"]').click()
    await page.getByTestId('add-workspace').click()
    const dialog = page.getByTestId('workspace-dialog')
    await dialog.waitFor()
    await page.locator('[data-field="name"] input').fill(LIMITED)
    await page.locator('[data-field="host"] input').fill(other.host)
    await page.locator('[data-field="token"] input').fill(other.analyst)
    await page.getByTestId('test-connection').click()
    await expect.poll(() => page.getByTestId('test-result').textContent()).toContain('Connected as li.wei@example.com')
    await page.getByTestId('save-workspace').click()
    const formError = page.getByTestId('form-error')
    const outcome = async () =>
      (await formError.count()) ? `refused: ${await formError.textContent()}` : (await dialog.isVisible()) ? 'saving' : 'closed'
    await expect.poll(outcome).toBe('closed')
    const ws = (await page.locator('.ws-card', { hasText: LIMITED }).getAttribute('data-ws')) ?? ''
    expect(ws).not.toBe('')

    // The analyst holds CAN_ATTACH_TO on shared-analytics (through "users"), nothing else.
    const shared = await clusterId(other.host, other.admin, 'shared-analytics')
    await openPermissions(page, ws, shared)
    const readOnly = page.getByTestId('permissions-readonly')
    await expect.poll(() => readOnly.textContent()).toContain('needs Can manage on this compute')
    expect(await page.getByTestId('permission-row').count()).toBe(0)
    expect(await page.getByTestId('permissions-add').count()).toBe(0)
    expect(await page.getByTestId('permissions-panel').textContent()).toContain('start, restart and terminate')
    await page.screenshot({ path: join(artifacts, 'e2e-permissions-limited.png') })

    await page.locator('h1').click() // focus the page (not a field), away from the side bar's links
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type('limited')
    await expect.poll(() => page.locator('[data-testid="palette"] li[role="option"]').first().getAttribute('data-kind')).toBe('workspace')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toContain(LIMITED)
    await page.locator('[data-nav="compute"]').click()
    await expect.poll(() => page.locator('tr[data-id]').count()).toBe(1)
    expect(await page.locator(`tr[data-id="${shared}"]`).count()).toBe(1)
    expect(s.errors).toEqual([])
  })

  it('removes the limited workspace again (the other files expect only theirs)', async () => {
    const { page } = s
    await page.locator('[data-nav="workspaces"]').click()
    const card = page.locator('.ws-card', { hasText: LIMITED })
    await card.getByTestId('remove-workspace').click()
    await page.locator('.n-popconfirm').getByRole('button', { name: 'Confirm' }).click()
    await expect.poll(() => card.count()).toBe(0)
    await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toContain('Demo workspace')
  })
})

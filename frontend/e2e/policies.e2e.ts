import type { Browser, Page } from './browser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DemoWorkspace } from './demo'
import { artifacts, launch, open } from './browser'
import { pasteJson } from './jsonTab'

let browser: Browser
const url = inject('bridgeUrl')
const demo = { host: inject('demoUrl'), token: inject('demoToken') }
const workspace = new DemoWorkspace(demo.host, demo.token)
const policyName = 'E2E team shared'
const clusterName = 'e2e-under-policy'

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function clusterId(name: string): Promise<string> {
  const res = await fetch(new URL('/api/2.1/clusters/list', demo.host), { headers: { Authorization: `Bearer ${demo.token}` } })
  const body = (await res.json()) as { clusters?: Array<{ cluster_id: string; cluster_name: string }> }
  return body.clusters?.find((c) => c.cluster_name === name)?.cluster_id ?? ''
}

/** Replaces the text of the CodeMirror editor inside testId. */
async function setDefinition(page: Page, testId: string, text: string): Promise<void> {
  await pasteJson(page, page.getByTestId(testId).locator('.cm-content'), text)
}

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click()
  await page.locator('.n-base-select-option', { hasText: option }).first().click()
}

async function openPolicies(page: Page): Promise<void> {
  await page.locator('[data-nav="policies"]').click()
  await expect.poll(() => page.locator('h1').textContent()).toBe('Policies')
}

describe('cluster policies', () => {
  it('creates a policy from a family, previews it, creates a cluster under it, finds it violating and enforces it', async () => {
    const { page, context, errors } = await open(browser, url)
    await openPolicies(page)
    await page.getByTestId('policy-new').click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('New cluster policy')

    await page.getByTestId('policy-name').locator('input').fill(policyName)
    await pick(page, 'policy-family', 'Shared Compute')
    // A misspelt attribute is marked at its line, with a suggestion.
    await setDefinition(page, 'policy-definition', '{\n  "autotermination_minute": {"type": "range", "maxValue": 60}\n}')
    const problems = page.getByTestId('definition-problems')
    await expect.poll(() => problems.textContent()).toContain('line 2:3')
    await expect.poll(() => problems.textContent()).toContain('Did you mean autotermination_minutes?')
    await expect.poll(() => page.getByTestId('policy-definition').locator('.cm-lintRange-error').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('policy-save').isDisabled()).toBe(true)

    await setDefinition(
      page,
      'policy-definition',
      '{\n  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 60, "defaultValue": 45}\n}',
    )
    await expect.poll(() => page.getByTestId('definition-status').textContent()).toContain('No errors')
    await expect.poll(() => page.getByTestId('policy-definition').locator('.cm-lintRange-error').count()).toBe(0)
    // The preview is the editor's own form as the policy's users open it:
    // the override's limit with its default filled in, the family's access
    // mode hidden from the form (and listed beside it as hidden).
    const preview = page.getByTestId('policy-preview')
    const autoterm = preview.locator('[data-field="autotermination_minutes"]')
    await expect.poll(() => autoterm.getAttribute('data-state')).toBe('limited')
    await expect.poll(() => autoterm.locator('input').inputValue()).toBe('45')
    expect(await preview.getByTestId('policy-picker').locator('input').inputValue()).toBe(policyName)
    expect(await preview.locator('[data-field="data_security_mode"]').count()).toBe(0)
    await expect.poll(() => preview.locator('[data-preview="data_security_mode"]').getAttribute('data-state')).toBe('hidden')
    await page.screenshot({ path: join(artifacts, 'policies-edit.png'), fullPage: true })
    await page.getByTestId('policy-save').click()

    await expect.poll(() => page.locator('h1').textContent()).toBe('Policies')
    const detail = page.getByTestId('policy-detail')
    await expect.poll(() => detail.locator('h2').textContent()).toBe(policyName)
    await detail.locator('.n-tabs-tab', { hasText: 'JSON' }).click()
    await expect.poll(() => detail.getByTestId('policy-overrides-json').textContent()).toContain('"defaultValue": 45')
    await expect.poll(() => detail.getByTestId('policy-json').textContent()).toContain('USER_ISOLATION')

    // Create compute under it: the form follows the policy.
    await detail.getByTestId('create-with-policy').click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Create compute')
    await expect.poll(() => page.getByTestId('policy-picker').textContent()).toContain(policyName)
    await page.getByTestId('cluster-name').locator('input').fill(clusterName)
    await expect.poll(() => page.getByTestId('create-button').textContent()).toBe('Create compute')
    await page.getByTestId('create-button').click()
    await expect.poll(() => clusterId(clusterName)).not.toBe('')
    const id = await clusterId(clusterName)
    await workspace.waitState(id, 'RUNNING')

    // Tighten the policy: the running cluster (45 minutes) now violates it.
    await openPolicies(page)
    await page.getByTestId('policy-filter').locator('input').fill(policyName)
    await page.locator('.policy-item', { hasText: policyName }).click()
    await expect.poll(() => detail.locator('h2').textContent()).toBe(policyName)
    await detail.getByTestId('policy-edit').click()
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Edit policy «${policyName}»`)
    await expect.poll(() => page.getByTestId('policy-definition').textContent()).toContain('"defaultValue": 45')
    // A definition that cannot be read keeps the last preview, marked out of date.
    await expect.poll(() => preview.locator('[data-field="autotermination_minutes"]').count()).toBe(1)
    await setDefinition(page, 'policy-definition', '{\n  "autotermination_minutes": {"type": "range", "maxValue": \n}')
    await expect.poll(() => preview.getAttribute('data-stale')).toBe('yes')
    expect(await preview.getByTestId('preview-stale').textContent()).toContain('Out of date')
    expect(await preview.locator('[data-field="autotermination_minutes"]').count()).toBe(1)
    await setDefinition(
      page,
      'policy-definition',
      '{\n  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 30, "defaultValue": 30}\n}',
    )
    await expect.poll(() => page.getByTestId('definition-status').textContent()).toContain('No errors')
    await expect.poll(() => preview.getAttribute('data-stale')).toBe('no')
    // Cancel asks before the edit is thrown away.
    await page.getByTestId('policy-cancel').click()
    await page.locator('.n-dialog', { hasText: 'Discard your changes?' }).getByRole('button', { name: 'Keep editing' }).click()
    expect(await page.locator('h1').textContent()).toBe(`Edit policy «${policyName}»`)
    // Saving first shows the running cluster (45 minutes) that the edit takes out of compliance.
    await page.getByTestId('policy-save').click()
    const impact = page.getByTestId('policy-impact-dialog')
    await expect.poll(() => impact.getByTestId('impact-clusters').textContent()).toContain(clusterName)
    expect(await impact.getByTestId('impact-clusters').textContent()).toContain('autotermination_minutes')
    await page.screenshot({ path: join(artifacts, 'policies-edit-impact.png') })
    await impact.getByTestId('impact-save').click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Policies')

    await detail.locator('.n-tabs-tab', { hasText: 'Clusters and compliance' }).click()
    const row = detail.locator(`[data-cluster="${clusterName}"]`)
    await expect.poll(() => row.getAttribute('data-compliant')).toBe('false')
    await expect.poll(() => row.textContent()).toContain('autotermination_minutes')
    await page.screenshot({ path: join(artifacts, 'policies-compliance.png'), fullPage: true })

    // Enforce: first what changes, and that the running cluster restarts.
    await row.getByTestId('enforce').click()
    const dialog = page.getByTestId('enforce-dialog')
    await expect.poll(() => dialog.getByTestId('enforce-changes').textContent()).toContain('autotermination_minutes')
    await expect.poll(() => dialog.getByTestId('enforce-changes').textContent()).toContain('45')
    await expect.poll(() => dialog.getByTestId('enforce-restarts').count()).toBe(1)
    await dialog.getByTestId('enforce-apply').click()
    await expect.poll(() => page.getByTestId('enforce-dialog').count()).toBe(0)
    await expect.poll(() => row.getAttribute('data-compliant')).toBe('true')
    await expect.poll(async () => (await workspace.get(id)).state).not.toBe('RUNNING')

    // The permissions panel (built once for every kind) shows on the policy.
    await detail.locator('.n-tabs-tab', { hasText: 'Permissions' }).click()
    await expect.poll(() => detail.getByTestId('permissions-panel').count()).toBe(1)

    // Export as Terraform, then delete after seeing the cluster that uses it.
    await detail.getByTestId('policy-export').click()
    const exp = page.getByTestId('policy-export-dialog')
    await expect.poll(() => exp.getByTestId('export-content').locator('textarea').inputValue()).toContain('"policy_family_id"')
    await exp.getByTestId('export-terraform').click()
    await expect
      .poll(() => exp.getByTestId('export-content').locator('textarea').inputValue())
      .toContain('resource "databricks_cluster_policy" "e2e_team_shared"')
    expect(await exp.getByTestId('export-content').locator('textarea').inputValue()).toContain('provider "databricks" {')
    // Save… writes the file (the bridge's --save-dir stands in for the dialog) and says where.
    await exp.getByTestId('policy-export-save').click()
    const savedTo = join(inject('bridgeHome'), 'saved', 'e2e-team-shared.tf')
    await expect.poll(() => page.locator('.n-message', { hasText: `Saved to ${savedTo}` }).count()).toBe(1)
    expect(await readFile(savedTo, 'utf8')).toContain('provider "databricks" {')
    await exp.getByRole('button', { name: 'Close', exact: true }).click()
    await detail.getByTestId('policy-delete').click()
    const del = page.getByTestId('policy-delete-dialog')
    await expect.poll(() => del.getByTestId('delete-clusters').textContent()).toContain(clusterName)
    expect(await del.getByTestId('delete-confirm').isDisabled()).toBe(true)
    await del.getByTestId('delete-typed-name').locator('input').fill(policyName)
    await del.getByTestId('delete-confirm').click()
    await expect.poll(() => page.locator('.policy-item', { hasText: policyName }).count()).toBe(0)

    expect(errors).toEqual([])
    await context.close()
  })
})

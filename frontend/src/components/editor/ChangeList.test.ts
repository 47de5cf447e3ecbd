import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { EditPlan } from '@/api'
import ChangeList from './ChangeList.vue'

type Changes = EditPlan['changes']

describe('ChangeList', () => {
  it.each([
    ['an empty plan', [] as Changes, []],
    ['lists that arrived as null', null, null],
  ])('says "No changes" for %s', (_name, changes, libraries) => {
    const w = mount(ChangeList, { props: { changes, libraries } })
    expect(w.get('[data-testid="no-changes"]').text()).toContain('No changes')
    expect(w.find('[data-testid="edit-changes"]').exists()).toBe(false)
  })

  it('lists a library to install even when no setting changes', () => {
    const w = mount(ChangeList, { props: { changes: [] as Changes, libraries: [{ kind: 'pypi', label: 'requests' }] } })
    expect(w.find('[data-testid="no-changes"]').exists()).toBe(false)
    expect(w.get('[data-testid="library-install"]').text()).toContain('pypi requests')
  })

  it('shows each change old → new as text', () => {
    const changes = [{ path: 'cluster_name', old: 'a', new: '<b>b</b>' }] as unknown as Changes
    const w = mount(ChangeList, { props: { changes } })
    expect(w.get('[data-change="cluster_name"] .new').text()).toBe('<b>b</b>')
  })
})

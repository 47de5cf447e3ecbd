import { describe, expect, it, vi } from 'vitest'

const runtime = vi.hoisted(() => ({ EventsOn: vi.fn(() => () => undefined) }))
vi.mock('../../wailsjs/runtime/runtime', () => runtime)

import { EventName, onEvent, scoped } from './events'

describe('onEvent', () => {
  it('subscribes to an event name or a scoped one under its full name', () => {
    onEvent(EventName.WorkspacesChanged, () => undefined)
    onEvent(scoped(EventName.ClusterChanged, 'demo:c-1'), () => undefined)
    expect(runtime.EventsOn.mock.calls.map((c: unknown[]) => c[0])).toEqual([
      'workspaces:changed',
      'cluster:changed:demo:c-1',
    ])
  })

  it('takes no bare string as a name (checked by the type check)', () => {
    // @ts-expect-error a hand-spelled name is not an EventName nor made by scoped()
    onEvent('cluster:changed:demo:c-1', () => undefined)
    // @ts-expect-error a string built by hand is not a ScopedEvent either
    onEvent(`${EventName.ClusterChanged}:demo`, () => undefined)
    expect(runtime.EventsOn).toHaveBeenCalled()
  })
})

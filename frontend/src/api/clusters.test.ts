import { beforeEach, describe, expect, it, vi } from 'vitest'

// The generated bindings call window.go; here they are replaced so the test
// checks only what the typed layer adds: argument order, results, error shape.
const bindings = vi.hoisted(() => ({
  ActionTable: vi.fn(),
  EventTypes: vi.fn(),
  Watch: vi.fn(),
  Unwatch: vi.fn(),
  SetVisible: vi.fn(),
  Refresh: vi.fn(),
  Get: vi.fn(),
  WatchDetail: vi.fn(),
  UnwatchDetail: vi.fn(),
  Events: vi.fn(),
  Start: vi.fn(),
  Terminate: vi.fn(),
  Restart: vi.fn(),
  Pin: vi.fn(),
  Unpin: vi.fn(),
  PermanentDelete: vi.fn(),
  Resize: vi.fn(),
  CloneSpec: vi.fn(),
  OpenSparkUI: vi.fn(),
}))
vi.mock('../../wailsjs/go/app/Clusters', () => bindings)

import { clustersApi, expandDelta, type ClusterRow, type ClustersDelta } from './clusters'
import { ApiError } from './errors'

type Binding = keyof typeof bindings
const size = { autoscale: true, numWorkers: 0, minWorkers: 2, maxWorkers: 8 }
const query = { types: ['RESIZING'], offset: 50, limit: 50 }

describe('clustersApi', () => {
  beforeEach(() => vi.resetAllMocks())

  // Each wrapper, the binding it must call, and the arguments that binding must get.
  it.each<{ call: () => Promise<unknown>; binding: Binding; args: unknown[] }>([
    { call: () => clustersApi.actionTable(), binding: 'ActionTable', args: [] },
    { call: () => clustersApi.eventTypes(), binding: 'EventTypes', args: [] },
    { call: () => clustersApi.watch('ws1', 'job'), binding: 'Watch', args: ['ws1', 'job'] },
    { call: () => clustersApi.unwatch('ws1'), binding: 'Unwatch', args: ['ws1'] },
    { call: () => clustersApi.setVisible(false), binding: 'SetVisible', args: [false] },
    { call: () => clustersApi.refresh('ws1'), binding: 'Refresh', args: ['ws1'] },
    { call: () => clustersApi.get('ws1', 'c1'), binding: 'Get', args: ['ws1', 'c1'] },
    { call: () => clustersApi.watchDetail('ws1', 'c1'), binding: 'WatchDetail', args: ['ws1', 'c1'] },
    { call: () => clustersApi.unwatchDetail(), binding: 'UnwatchDetail', args: [] },
    { call: () => clustersApi.events('ws1', 'c1', query), binding: 'Events', args: ['ws1', 'c1', query] },
    { call: () => clustersApi.start('ws1', 'c1'), binding: 'Start', args: ['ws1', 'c1'] },
    { call: () => clustersApi.terminate('ws1', 'c1'), binding: 'Terminate', args: ['ws1', 'c1'] },
    { call: () => clustersApi.restart('ws1', 'c1'), binding: 'Restart', args: ['ws1', 'c1'] },
    { call: () => clustersApi.pin('ws1', 'c1'), binding: 'Pin', args: ['ws1', 'c1'] },
    { call: () => clustersApi.unpin('ws1', 'c1'), binding: 'Unpin', args: ['ws1', 'c1'] },
    {
      call: () => clustersApi.permanentDelete('ws1', 'c1', 'etl nightly'),
      binding: 'PermanentDelete',
      args: ['ws1', 'c1', 'etl nightly'],
    },
    { call: () => clustersApi.resize('ws1', 'c1', size), binding: 'Resize', args: ['ws1', 'c1', size] },
    { call: () => clustersApi.cloneSpec('ws1', 'c1'), binding: 'CloneSpec', args: ['ws1', 'c1'] },
    { call: () => clustersApi.openSparkUi('ws1', 'c1'), binding: 'OpenSparkUI', args: ['ws1', 'c1'] },
  ])('$binding gets its arguments in order and its result comes back', async ({ call, binding, args }) => {
    const result = { from: binding }
    bindings[binding].mockResolvedValue(result)
    await expect(call()).resolves.toBe(result)
    expect(bindings[binding]).toHaveBeenCalledTimes(1)
    expect(bindings[binding]).toHaveBeenCalledWith(...args)
  })

  it('reports that a refresh was already running', async () => {
    bindings.Refresh.mockResolvedValue(false)
    await expect(clustersApi.refresh('ws1')).resolves.toBe(false)
  })

  it('throws a Go error as an ApiError with its code and hint', async () => {
    bindings.Start.mockRejectedValue({
      code: 'INVALID_STATE',
      message: 'The cluster is already running.',
      hint: 'Refresh the list.',
      status: 400,
      detail: 'INVALID_STATE: Cluster c1 is in unexpected state Running.',
    })
    const err = await clustersApi.start('ws1', 'c1').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'INVALID_STATE', hint: 'Refresh the list.', status: 400 })
  })

  it('throws a transport failure as a BRIDGE error that keeps the raw text', async () => {
    bindings.Resize.mockRejectedValue('json: cannot unmarshal string into Go value of type int')
    const err = await clustersApi.resize('ws1', 'c1', size).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'BRIDGE', detail: 'json: cannot unmarshal string into Go value of type int' })
  })
})

describe('expandDelta', () => {
  it('gives each row its termination reason from the shared list, one object per reason', () => {
    const idle = { code: 'INACTIVITY', type: 'SUCCESS', summary: 'Idle for 30 minutes.', failure: false }
    const lost = { code: 'DRIVER_UNREACHABLE', type: 'CLOUD_FAILURE', summary: 'The driver was lost.', failure: true }
    const row = (id: string, explained?: number) => ({ id, state: 'TERMINATED', explained }) as unknown as ClusterRow
    const d: ClustersDelta = {
      workspace: 'ws', view: 'all-purpose', reset: false, complete: true, removed: null,
      upserts: [row('a', 1), row('b'), row('c', 2), row('d', 1)],
      explanations: [idle, lost] as ClustersDelta['explanations'],
    }
    const rows = expandDelta(d).upserts!
    expect(rows.map((r) => r.termination?.code)).toEqual(['INACTIVITY', undefined, 'DRIVER_UNREACHABLE', 'INACTIVITY'])
    expect(rows[0]?.termination).toBe(rows[3]?.termination)
    const plain = { ...d, explanations: undefined, upserts: [{ id: 'e', termination: lost } as unknown as ClusterRow] }
    expect(expandDelta(plain).upserts?.[0]?.termination).toBe(lost) // a row that carries its own keeps it
  })

  it('leaves every value as sent and gives rows with the same tags one frozen tag set', () => {
    const row = (id: string, team: string) =>
      ({ id, name: `n-${id}`, state: 'RUNNING', creator: 'ana@example.com', workers: '2–8 workers', tags: { team, env: 'dev' } }) as unknown as ClusterRow
    const sent = [row('a', 'risk'), row('b', 'risk'), row('c', 'growth')]
    const copy = JSON.parse(JSON.stringify(sent)) as ClusterRow[]
    const d: ClustersDelta = { workspace: 'ws', view: 'all-purpose', reset: false, complete: true, removed: null, upserts: sent }
    const rows = expandDelta(d).upserts!
    expect(rows).toEqual(copy)
    expect(rows[0]?.tags).toBe(rows[1]?.tags)
    expect(rows[2]?.tags).not.toBe(rows[0]?.tags)
    expect(Object.isFrozen(rows[0]?.tags)).toBe(true)
    // A later delta's equal tags are the same set again.
    const later = expandDelta({ ...d, upserts: [row('d', 'risk')] }).upserts!
    expect(later[0]?.tags).toBe(rows[0]?.tags)
  })
})

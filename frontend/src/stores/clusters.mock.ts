import { vi } from 'vitest'

type Api = typeof import('@/api')

/**
 * The api as the clusters store's tests (and tests of what drives the store)
 * see it: no events, and the list calls answered at once.
 */
export function withClustersMocked(real: Api): Api {
  return {
    ...real,
    onEvent: vi.fn(() => () => undefined),
    clustersApi: {
      ...real.clustersApi,
      watch: vi.fn(async () => undefined),
      unwatch: vi.fn(async () => undefined),
      actionTable: vi.fn(async () => ({})),
      watchDetail: vi.fn(async () => undefined),
      unwatchDetail: vi.fn(async () => undefined),
    },
  }
}

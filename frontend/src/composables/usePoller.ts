import { getCurrentScope, onScopeDispose } from 'vue'
import { createPoller, type Poller, type PollerOptions } from '@/lib/poller'

/** A poller (lib/poller.ts) that stops with the component or store that made it. */
export function usePoller(read: PollerOptions['read'], opts: Omit<PollerOptions, 'read'> = {}): Poller {
  const poller = createPoller({ ...opts, read })
  if (getCurrentScope()) onScopeDispose(() => poller.stop())
  return poller
}

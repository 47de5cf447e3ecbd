import { Entries } from '../../wailsjs/go/app/Finder'
import type { finder } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type FinderKind = 'cluster' | 'pool' | 'policy' | 'warehouse'
/** A cluster, pool, policy or SQL warehouse the palette can open, in its workspace. */
export type FinderEntry = Omit<finder.Entry, 'kind'> & { kind: FinderKind }

/** The command palette's names in every workspace, from what the app holds (no workspace is called). */
export const finderApi = {
  entries: (): Promise<FinderEntry[]> => invoke(() => Entries()) as Promise<FinderEntry[]>,
}

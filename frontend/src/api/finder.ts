import { Entries } from '../../wailsjs/go/app/Finder'
import type { finder } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type FinderKind = 'cluster' | 'pool' | 'policy'
/** A cluster, pool or policy the palette can open, in its workspace. */
export type FinderEntry = Omit<finder.Entry, 'kind'> & { kind: FinderKind }

/** The command palette's names in every workspace, from what the app holds (no workspace is called). */
export const finderApi = {
  entries: (): Promise<FinderEntry[]> => invoke(() => Entries()) as Promise<FinderEntry[]>,
}

import { Elsewhere, Get, Install, Uninstall } from '../../wailsjs/go/app/Libraries'
import { libraries } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type LibrariesView = libraries.View
export type LibraryEntry = libraries.Entry
export type LibraryOutcome = libraries.Outcome
export type LibraryProblem = libraries.FieldProblem
export type LibraryElsewhere = libraries.Elsewhere

/** The library kinds the install form offers (the API's own names). */
export type LibraryKind = 'pypi' | 'maven' | 'cran' | 'jar' | 'whl' | 'requirements'

/** The install form, as the tab sends it (checked by the backend before anything is sent). */
export interface LibraryForm {
  kind: LibraryKind
  package?: string
  repo?: string
  coordinates?: string
  exclusions?: string[]
  path?: string
}

/** A cluster's Libraries tab: statuses, checked install, uninstall at restart, where else. */
export const librariesApi = {
  get: (ws: string, clusterId: string): Promise<LibrariesView> => invoke(() => Get(ws, clusterId)),
  install: (ws: string, clusterId: string, form: LibraryForm): Promise<LibraryOutcome> =>
    invoke(() =>
      Install(ws, clusterId, libraries.Form.createFrom({
        kind: form.kind, package: form.package ?? '', repo: form.repo ?? '', coordinates: form.coordinates ?? '',
        exclusions: form.exclusions ?? [], path: form.path ?? '',
      })),
    ),
  uninstall: (ws: string, clusterId: string, key: string): Promise<LibraryOutcome> => invoke(() => Uninstall(ws, clusterId, key)),
  elsewhere: (ws: string, clusterId: string, key: string): Promise<LibraryElsewhere[]> => invoke(() => Elsewhere(ws, clusterId, key)),
}

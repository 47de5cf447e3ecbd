import { Export, Unwatch, View, Watch } from '../../wailsjs/go/app/Fleet'
import type { app, fleet } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type FleetPage = app.FleetView
export type FleetRow = fleet.Row
export type FleetTotal = fleet.Total
export type FleetWorkspace = fleet.WorkspaceState
export type FleetSaved = app.FleetSaved

/** The Fleet page: compute running in every workspace, through the clusters pollers. */
export const fleetApi = {
  watch: (): Promise<void> => invoke(() => Watch()),
  unwatch: (): Promise<void> => invoke(() => Unwatch()),
  /** groupBy: 'workspace', 'creator' or 'tag:<key>'. */
  view: (groupBy: string): Promise<FleetPage> => invoke(() => View(groupBy)),
  export: (groupBy: string): Promise<FleetSaved> => invoke(() => Export(groupBy)),
}

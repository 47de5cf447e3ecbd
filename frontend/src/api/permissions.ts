import { ChangeOwner, Get, Grant, Remove, Search } from '../../wailsjs/go/app/Permissions'
import { permissions } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type PermissionsView = permissions.View
export type PermissionEntry = permissions.Entry
export type PermissionLevel = permissions.Level
export type Principal = permissions.Principal

/** The object types the Permissions panel serves (the Permissions API's own names). */
export type PermissionObjectType = 'clusters' | 'instance-pools' | 'cluster-policies' | 'warehouses'

/** A principal at a level, as the panel sends it. */
export interface PermissionGrant {
  principal: { kind: string; name: string; displayName?: string }
  level: string
}

const principalOf = (p: PermissionGrant['principal']): Principal =>
  permissions.Principal.createFrom({ kind: p.kind, name: p.name, displayName: p.displayName ?? '' })

/**
 * The Permissions panel of one object: who holds which level, add or change
 * (adds to the list), remove, owner change (clusters, admins) and principal search.
 */
export const permissionsApi = {
  get: (ws: string, type: PermissionObjectType, id: string): Promise<PermissionsView> => invoke(() => Get(ws, type, id)),
  grant: (ws: string, type: PermissionObjectType, id: string, grants: PermissionGrant[]): Promise<PermissionsView> =>
    invoke(() =>
      Grant(ws, type, id, grants.map((g) => permissions.Grant.createFrom({ principal: principalOf(g.principal), level: g.level }))),
    ),
  remove: (ws: string, type: PermissionObjectType, id: string, principal: PermissionGrant['principal']): Promise<PermissionsView> =>
    invoke(() => Remove(ws, type, id, principalOf(principal))),
  changeOwner: (ws: string, type: PermissionObjectType, id: string, userName: string): Promise<PermissionsView> =>
    invoke(() => ChangeOwner(ws, type, id, userName)),
  search: (ws: string, text: string): Promise<Principal[]> => invoke(() => Search(ws, text)),
}

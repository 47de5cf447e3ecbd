import {
  Catalog,
  Catalogs,
  Check,
  Create,
  Delete,
  Get,
  Import,
  ImportCandidates,
  Keychain,
  List,
  RecheckKeychain,
  RefreshCatalog,
  ResetDemo,
  Select,
  SignIn,
  SignOut,
  Status,
  TestDraft,
  Update,
} from '../../wailsjs/go/app/Workspaces'
import { app, catalog, workspaces } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type WorkspaceView = workspaces.View
export type ConnectionView = app.ConnectionView
export const ConnectionState = app.ConnectionState
export type ConnectionState = app.ConnectionState
export type CatalogView = catalog.Summary
export type WorkspaceDetail = workspaces.Detail
export type SecretsView = workspaces.SecretsView
export type TestResult = workspaces.TestResult
export type KeychainView = app.KeychainView
export type ImportResult = app.ImportResult
export type CfgFile = workspaces.CfgFile
export type CfgProfile = workspaces.CfgProfile

/** The add/edit dialog. Token and client secret are write-only. */
export interface WorkspaceForm {
  name: string
  host: string
  authType: AuthType
  clientId: string
  azureTenant: string
  label: string
  color: string
  production: boolean
  warehouseId: string
  /** Extra certificate authorities (a PEM file), for a TLS-inspecting proxy. */
  caFile: string
  token: string
  clientSecret: string
}

/** Sign-in methods, in the order the dialog offers them (Go: workspaces.AuthTypes). */
export const authTypes = ['pat', 'oauth-u2m', 'oauth-m2m', 'databricks-cli', 'azure-cli'] as const
export type AuthType = (typeof authTypes)[number]

export const authTypeLabels: Record<AuthType, string> = {
  pat: 'Personal access token',
  'oauth-u2m': 'OAuth (browser sign-in)',
  'oauth-m2m': 'OAuth service principal',
  'databricks-cli': 'Databricks CLI',
  'azure-cli': 'Azure CLI',
}

export function authTypeLabel(t: string): string {
  return (authTypeLabels as Record<string, string>)[t] ?? t
}

/**
 * Where a workspace runs, as its card says it (Go: workspaces.Cloud). A
 * loopback host is a server on this computer (the Demo workspace, a test
 * server), not a cloud called "DEMO"; "" says nothing.
 */
export function cloudLabel(cloud: string): string {
  return ({ aws: 'AWS', azure: 'Azure', gcp: 'GCP', demo: 'on this computer' } as Record<string, string>)[cloud] ?? ''
}

export function emptyForm(): WorkspaceForm {
  return {
    name: '',
    host: '',
    authType: 'pat',
    clientId: '',
    azureTenant: '',
    label: '',
    color: '',
    production: false,
    warehouseId: '',
    caFile: '',
    token: '',
    clientSecret: '',
  }
}

const toGo = (f: WorkspaceForm): workspaces.Form => workspaces.Form.createFrom({ ...f })

export const workspacesApi = {
  list: (): Promise<WorkspaceView[]> => invoke(() => List()),
  select: (id: string): Promise<WorkspaceView> => invoke(() => Select(id)),
  /** Last known state; no network traffic. */
  status: (id: string): Promise<ConnectionView> => invoke(() => Status(id)),
  /** Contacts the workspace to see who we are. */
  check: (id: string): Promise<ConnectionView> => invoke(() => Check(id)),
  get: (id: string): Promise<WorkspaceDetail> => invoke(() => Get(id)),
  create: (form: WorkspaceForm): Promise<WorkspaceView> => invoke(() => Create(toGo(form))),
  update: (id: string, form: WorkspaceForm): Promise<WorkspaceView> => invoke(() => Update(id, toGo(form))),
  remove: (id: string): Promise<void> => invoke(() => Delete(id)),
  /** Tests unsaved settings; id ('' for a new one) lets empty secrets fall back to the stored ones. */
  testDraft: (id: string, form: WorkspaceForm): Promise<TestResult> => invoke(() => TestDraft(id, toGo(form))),
  signIn: (id: string): Promise<ConnectionView> => invoke(() => SignIn(id)),
  signOut: (id: string): Promise<void> => invoke(() => SignOut(id)),
  /** What the keychain answered when a secret was last needed (makes no keychain call). */
  keychain: (): Promise<KeychainView> => invoke(() => Keychain()),
  /** Asks the keychain now ("Check again"): may show the OS unlock prompt. */
  recheckKeychain: (): Promise<KeychainView> => invoke(() => RecheckKeychain()),
  importCandidates: (): Promise<CfgFile> => invoke(() => ImportCandidates()),
  importProfiles: (names: string[]): Promise<ImportResult> => invoke(() => Import(names)),
  resetDemo: (): Promise<void> => invoke(() => ResetDemo()),
  /** Cached catalog summary; reads the disk cache only. */
  catalog: (id: string): Promise<CatalogView> => invoke(() => Catalog(id)),
  catalogs: (): Promise<CatalogView[]> => invoke(() => Catalogs()),
  refreshCatalog: (id: string): Promise<CatalogView> => invoke(() => RefreshCatalog(id)),
}

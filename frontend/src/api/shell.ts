import { Info, Ready } from '../../wailsjs/go/app/Shell'
import type { app } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type AppInfo = app.AppInfo

export const shellApi = {
  info: (): Promise<AppInfo> => invoke(() => Info()),
  /** Tells the backend the shell has rendered (logged once; the smoke test waits for it). */
  ready: (): Promise<void> => invoke(() => Ready()),
}

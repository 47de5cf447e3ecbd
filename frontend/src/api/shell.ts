import { Info, Mark, Ready } from '../../wailsjs/go/app/Shell'
import type { app } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type AppInfo = app.AppInfo

/** The moments the page logs, once each (app/shell.go pageMarks): bench and the desktop smoke test read them. */
export type PageMark = 'clusters:first-rows-painted' | 'clusters:all-rows-painted' | 'metrics:chart-drawn' | 'metrics:chart-failed'

export const shellApi = {
  info: (): Promise<AppInfo> => invoke(() => Info()),
  /** Tells the backend the shell has rendered (logged once; the smoke test waits for it). */
  ready: (): Promise<void> => invoke(() => Ready()),
  /**
   * Logs a moment the page reached (once per name; `make bench` times the
   * desktop app's start by it), by the page's clock in ms since the epoch,
   * as the yardstick app times its paint (build/bench/hello).
   */
  mark: (name: PageMark): Promise<void> => invoke(() => Mark(name, performance.timeOrigin + performance.now())),
}

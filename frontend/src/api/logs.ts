import { Download, Files, Read } from '../../wailsjs/go/app/Logs'
import { logs } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type LogsView = logs.View
export type LogFile = logs.File
export type LogWindow = logs.Window
export type LogLine = logs.Line
export type LogsSaved = logs.Saved

/** Which part of a file to read: the tail, the window ending before an offset, or what came after one. */
export type LogRange = { before: number } | { after: number } | 'tail'

/** A cluster's Driver logs tab: delivered files, windows of them read by byte range, download. */
export const logsApi = {
  files: (ws: string, clusterId: string): Promise<LogsView> => invoke(() => Files(ws, clusterId)),
  read: (ws: string, clusterId: string, file: string, range: LogRange): Promise<LogWindow> =>
    invoke(() =>
      Read(ws, clusterId, file, range !== 'tail' && 'before' in range ? range.before : -1, range !== 'tail' && 'after' in range ? range.after : -1),
    ),
  download: (ws: string, clusterId: string, file: string): Promise<LogsSaved> => invoke(() => Download(ws, clusterId, file)),
}

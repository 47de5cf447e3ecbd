/** A problem to mark in the JSON editor: 1-based line and column (UTF-16 units, as the backend's checker counts). */
export interface EditorDiagnostic {
  line: number
  column: number
  severity: 'error' | 'warning' | 'info'
  message: string
}

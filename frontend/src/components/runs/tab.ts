// Pure helpers of the Runs tab (tested in tab.test.ts).
import type { RunProblem, RunRow, RunTaskKind } from '@/api'

/** How often the tab re-reads the list while a run is going. */
export const POLL_MS = 3000

export const kindOptions: { value: RunTaskKind; label: string }[] = [
  { value: 'notebook', label: 'Notebook' },
  { value: 'python', label: 'Python file' },
  { value: 'wheel', label: 'Python wheel' },
  { value: 'jar', label: 'JAR' },
]

/** Which form fields each kind shows. */
export function fieldsOf(kind: RunTaskKind): string[] {
  switch (kind) {
    case 'notebook':
    case 'python':
      return ['path', 'parameters']
    case 'wheel':
      return ['packageName', 'entryPoint', 'parameters']
    default:
      return ['mainClass', 'jar', 'parameters']
  }
}

/** What the parameters box takes for a kind, in words. */
export function parametersHint(kind: RunTaskKind): string {
  switch (kind) {
    case 'notebook':
      return 'key=value, one a line, or a JSON object'
    case 'wheel':
      return 'one argument a line, a JSON array, or a JSON object of named parameters'
    default:
      return 'one argument a line, or a JSON array of strings'
  }
}

/** The problems to show next to one field. */
export function problemsFor(problems: RunProblem[], field: string): RunProblem[] {
  return problems.filter((p) => p.field === field)
}

const statusText: Record<string, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/** The mapped status in words. */
export function statusLabel(status: string): string {
  return statusText[status] ?? status
}

/** The raw states beside the mapped status: life cycle, result, termination code. */
export function rawStates(r: RunRow): string {
  return [r.lifeCycleState, r.resultState, r.terminationCode].filter(Boolean).join(' · ')
}

/** Whether any run is still going (the tab then re-reads the list). */
export function anyRunning(rows: RunRow[]): boolean {
  return rows.some((r) => r.status === 'running')
}

/** A duration in ms as "3 min 5 s", "42 s". */
export function duration(ms: number): string {
  if (ms <= 0) return ''
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ${s % 60} s`
  return `${Math.floor(m / 60)} h ${m % 60} min`
}

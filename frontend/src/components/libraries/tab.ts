// Pure helpers of the Libraries tab (tested in tab.test.ts).
import type { LibraryKind, LibraryProblem } from '@/api'

/** How often the tab re-reads statuses while one is changing by itself. */
export const POLL_MS = 3000

export const kindOptions: { value: LibraryKind; label: string }[] = [
  { value: 'pypi', label: 'PyPI' },
  { value: 'maven', label: 'Maven' },
  { value: 'cran', label: 'CRAN' },
  { value: 'jar', label: 'JAR' },
  { value: 'whl', label: 'Python wheel' },
  { value: 'requirements', label: 'requirements.txt' },
]

/** Which form fields each kind shows. */
export function fieldsOf(kind: LibraryKind): string[] {
  switch (kind) {
    case 'pypi':
    case 'cran':
      return ['package', 'repo']
    case 'maven':
      return ['coordinates', 'repo', 'exclusions']
    default:
      return ['path']
  }
}

/** The problems to show next to one field (errors first). */
export function problemsFor(problems: LibraryProblem[], field: string): LibraryProblem[] {
  return problems.filter((p) => p.field === field).sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
}

/** Exclusions typed one per line or comma-separated. */
export function splitExclusions(text: string): string[] {
  return text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean)
}

const statusText: Record<string, string> = {
  PENDING: 'Pending',
  RESOLVING: 'Resolving',
  INSTALLING: 'Installing',
  INSTALLED: 'Installed',
  FAILED: 'Failed',
  SKIPPED: 'Skipped',
  UNINSTALL_ON_RESTART: 'Uninstall on restart',
  RESTORED: 'Restored',
}

/** A status in words (unknown ones as the API spells them). */
export function statusLabel(status: string): string {
  return statusText[status] ?? status
}

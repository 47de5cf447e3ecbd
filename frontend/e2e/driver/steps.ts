// A locator as a list of steps that inpage.js resolves in the page: CSS
// (with Playwright's `:visible` and `..`), text, role, filters and nth.

export /** One step of a locator (see inpage.js). */
type Step =
  | { kind: 'css'; css: string; visible?: boolean }
  | { kind: 'text'; text?: string; regex?: string; flags?: string; exact?: boolean }
  | { kind: 'role'; role: string; name?: TextMatch }
  | { kind: 'hasText'; text: TextMatch }
  | { kind: 'has'; steps: Step[] }
  | { kind: 'visible' }
  | { kind: 'parent' }
  | { kind: 'nth'; index: number }

export type TextMatch = { text?: string; regex?: string; flags?: string; exact?: boolean }

export function textMatch(t: string | RegExp, exact = false): TextMatch {
  return typeof t === 'string' ? { text: t, exact } : { regex: t.source, flags: t.flags }
}

/**
 * A selector as steps: Playwright's `:visible`, which CSS does not know,
 * filters what the part before it matched ("a:visible b" is a's visible
 * ones, then b inside them); `..` is the parent.
 */
export function cssSteps(selector: string): Step[] {
  if (selector === '..') return [{ kind: 'parent' }]
  const parts = selector.split(':visible')
  return parts.flatMap((part, i): Step[] => {
    const css = part.trim()
    const last = i === parts.length - 1
    if (!css) return last ? [] : [{ kind: 'visible' }]
    return [{ kind: 'css', css, visible: !last }]
  })
}

// Runs inside the page (WebDriver's execute), so it is plain JavaScript with
// no imports: it resolves a locator's steps to elements the way Playwright's
// selector engines do for the subset the suite uses (CSS with `:visible`, `..`,
// test ids, text, the button role, has / hasText filters, nth).
// Loaded as text by webkit.ts and called as resolve(steps, root).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the script webkit.ts wraps around this text
function resolve(steps, root) {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim()
  const matcher = (m) => {
    if (m.regex !== undefined) {
      const re = new RegExp(m.regex, m.flags)
      return (text) => re.test(text)
    }
    if (m.exact) return (text) => text === norm(m.text)
    const want = norm(m.text).toLowerCase()
    return (text) => text.toLowerCase().includes(want)
  }
  const visible = (el) => {
    const r = el.getBoundingClientRect()
    if (r.width === 0 && r.height === 0) return false
    const st = getComputedStyle(el)
    return st.visibility !== 'hidden' && st.display !== 'none'
  }
  const byOrder = (a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)
  const unique = (list) => [...new Set(list)].sort(byOrder)
  const textOf = (el) => norm(el.textContent)
  const roleOf = (el) => {
    const explicit = el.getAttribute('role')
    if (explicit) return explicit.split(' ')[0]
    const tag = el.tagName.toLowerCase()
    if (tag === 'button') return 'button'
    if (tag === 'input' && ['button', 'submit', 'reset', 'image'].includes(el.type)) return 'button'
    if (tag === 'a' && el.hasAttribute('href')) return 'link'
    if (tag === 'input' && el.type === 'checkbox') return 'checkbox'
    if (tag === 'input' || tag === 'textarea') return 'textbox'
    return ''
  }
  const nameOf = (el) => {
    const label = el.getAttribute('aria-label')
    if (label) return norm(label)
    const by = el.getAttribute('aria-labelledby')
    if (by) return norm(by.split(' ').map((id) => document.getElementById(id)?.textContent || '').join(' '))
    if (el.tagName === 'INPUT') return norm(el.value || el.getAttribute('title') || '')
    return textOf(el) || norm(el.getAttribute('title') || '')
  }
  const hiddenForRoles = (el) => !!el.closest('[aria-hidden="true"]') || !visible(el)

  let set = [root || document]
  for (const step of steps) {
    switch (step.kind) {
      case 'css': {
        const out = []
        for (const r of set) out.push(...r.querySelectorAll(step.css))
        set = unique(out)
        if (step.visible) set = set.filter(visible)
        break
      }
      case 'text': {
        const test = matcher(step)
        const out = []
        for (const r of set) {
          for (const el of r.querySelectorAll('*')) {
            if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') continue
            if (!test(textOf(el))) continue
            // The innermost match only, as Playwright's text engine gives it.
            if ([...el.children].some((c) => test(textOf(c)))) continue
            out.push(el)
          }
        }
        set = unique(out)
        break
      }
      case 'role': {
        const test = step.name ? matcher(step.name) : () => true
        const out = []
        for (const r of set) {
          for (const el of r.querySelectorAll('*')) {
            if (roleOf(el) === step.role && !hiddenForRoles(el) && test(nameOf(el))) out.push(el)
          }
        }
        set = unique(out)
        break
      }
      case 'hasText': {
        const test = matcher(step.text)
        set = set.filter((el) => test(textOf(el)))
        break
      }
      case 'has':
        set = set.filter((el) => resolve(step.steps, el).length > 0)
        break
      case 'parent':
        set = unique(set.map((el) => el.parentElement).filter(Boolean))
        break
      case 'visible':
        set = set.filter(visible)
        break
      case 'nth': {
        const el = step.index < 0 ? set[set.length + step.index] : set[step.index]
        set = el ? [el] : []
        break
      }
      default:
        throw new Error('unknown locator step ' + step.kind)
    }
  }
  return set.filter((el) => el !== document)
}

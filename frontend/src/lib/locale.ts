// The page's one language tag. Engines pass the system locale through as
// navigator.language, and WebKitGTK under LANG=C.UTF-8 says "C": not a
// BCP 47 tag, so `new Intl.NumberFormat('C')` throws a RangeError (uPlot
// does exactly that when its module loads, and the Metrics tab drew no
// chart). Every locale-aware format in the page goes through pageLocale.

/** The tag when the system names none (C, POSIX) or one Intl does not know. */
export const FALLBACK_LOCALE = 'en-US'

/**
 * A valid BCP 47 tag for a system or browser locale: `C`, `POSIX`,
 * `C.UTF-8` and the empty string are en-US; `de_DE.UTF-8` is de-DE;
 * `sr_RS@latin` is sr-RS (the modifier dropped); anything Intl rejects is en-US.
 */
export function bcp47(raw: string | null | undefined): string {
  const base = (raw ?? '').trim().split(/[.@]/, 1)[0]!.replace(/_/g, '-')
  if (base === '' || base === 'C' || base === 'POSIX') return FALLBACK_LOCALE
  try {
    return Intl.getCanonicalLocales(base)[0] ?? FALLBACK_LOCALE
  } catch {
    return FALLBACK_LOCALE
  }
}

function navigatorLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language
}

/** The page's language tag, worked out once from the engine's. */
export const pageLocale: string = bcp47(navigatorLanguage())

/**
 * Makes navigator.language (and languages) read the page's tag, for
 * libraries that hand it to Intl themselves (uPlot). Runs before any of
 * them loads: main.ts imports this module's installer first.
 */
export function installPageLocale(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): void {
  if (!nav) return
  const tag = bcp47(nav.language)
  const languages = [...new Set([tag, ...(nav.languages ?? []).map(bcp47)])]
  if (nav.language !== tag) Object.defineProperty(nav, 'language', { value: tag, configurable: true })
  if (languages.join() !== (nav.languages ?? []).join()) {
    Object.defineProperty(nav, 'languages', { value: Object.freeze(languages), configurable: true })
  }
}

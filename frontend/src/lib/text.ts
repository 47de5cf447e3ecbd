// The one way a workspace-supplied name is drawn where a person reads it.

// Bidirectional formatting controls: invisible, and able to make a name read
// as another ("invoice\u202Egpj.exe" draws as "invoiceexe.jpg"). Joiners
// (U+200C, U+200D) stay: scripts and emoji need them.
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

/**
 * The text as it really is: each bidi control shown as ⟨U+202E⟩, so a name
 * cannot pass for another. The element around it isolates it as well
 * (class "bidi": unicode-bidi: plaintext), so it cannot reorder its
 * neighbours either.
 */
export function shownText(s: string): string {
  return s.replace(bidiControls, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`)
}

import type { Locator, Page } from './browser'

/**
 * Replaces the text of a JSON editor (CodeMirror) as a user pasting it, and
 * waits until the editor holds it. On a busy machine the click that focuses
 * the editor can land after the keys, which then go nowhere: the paste is
 * tried again rather than the test carrying on with the old text.
 */
export async function pasteJson(page: Page, cm: Locator, text: string): Promise<void> {
  const want = normalized(text)
  for (let attempt = 1; ; attempt++) {
    await cm.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.insertText(text)
    for (let i = 0; i < 50; i++) {
      if (normalized((await cm.textContent()) ?? '') === want) return
      await new Promise((r) => setTimeout(r, 100))
    }
    if (attempt === 3) throw new Error(`the JSON editor does not hold the pasted text after ${attempt} tries: ${await cm.textContent()}`)
  }
}

// The editor shows lines without their breaks; broken JSON (a test of the
// error) is compared without white space.
function normalized(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return text.replace(/\s+/g, '')
  }
}

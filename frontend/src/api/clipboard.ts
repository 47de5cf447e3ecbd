import { ClipboardSetText } from '../../wailsjs/runtime/runtime'

/** Copies text through the desktop runtime (the bridge maps it to the browser's clipboard). */
export async function copyText(text: string): Promise<boolean> {
  try {
    return await ClipboardSetText(text)
  } catch {
    return false
  }
}

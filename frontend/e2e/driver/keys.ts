// Key names as the suite presses them ("Control+A", "Enter"), as W3C key actions.

/** W3C key values for the key names the suite presses. */
const KEYS: Record<string, string> = {
  Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', Backspace: '\uE003', Delete: '\uE017',
  ArrowDown: '\uE015', ArrowUp: '\uE013', ArrowLeft: '\uE012', ArrowRight: '\uE014',
  Home: '\uE011', End: '\uE010', PageUp: '\uE00E', PageDown: '\uE00F', Space: ' ',
  Control: '\uE009', Shift: '\uE008', Alt: '\uE00A', Meta: '\uE03D',
}

function keyValue(name: string): string {
  const v = KEYS[name] ?? (name.length === 1 ? name : undefined)
  if (v === undefined) throw new Error(`key ${name} is not mapped for WebDriver (driver/webkit.ts)`)
  return v
}

/** "Control+A" as key actions: modifiers down, the key, modifiers up. */
export function chord(combo: string): Array<{ type: string; value: string }> {
  const parts = combo.split('+')
  const key = keyValue(parts.pop()!)
  const mods = parts.map(keyValue)
  return [
    ...mods.map((value) => ({ type: 'keyDown', value })),
    { type: 'keyDown', value: key },
    { type: 'keyUp', value: key },
    ...mods.reverse().map((value) => ({ type: 'keyUp', value })),
  ]
}

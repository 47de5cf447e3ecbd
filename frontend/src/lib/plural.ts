// One place for counted words, so the page never says "1 workers" or
// "1 problem remain".

const irregular: Record<string, string> = {
  library: 'libraries',
  policy: 'policies',
  family: 'families',
  remains: 'remain',
  is: 'are',
  was: 'were',
}

/** The plural of an English word as the app uses it. */
export function pluralOf(word: string): string {
  return irregular[word] ?? `${word}s`
}

/** The word for n things: word for 1, its plural otherwise (pass a plural when it is irregular). */
export function noun(n: number, word: string, many = pluralOf(word)): string {
  return n === 1 ? word : many
}

/** "1 worker", "3 workers", "0 problems". */
export function plural(n: number, word: string, many = pluralOf(word)): string {
  return `${n} ${noun(n, word, many)}`
}

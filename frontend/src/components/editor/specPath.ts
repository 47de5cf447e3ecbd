// The editor keeps the parsed API JSON as its one source of truth; form
// controls read and write paths in it, so fields the form does not know
// stay where they are. Paths use the cluster-policy style: dotted names,
// array indexes as numbers, and the key of a map field (spark_conf,
// spark_env_vars, custom_tags) kept whole, dots included.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type Spec = Record<string, Json>

const mapFields = new Set(['spark_conf', 'spark_env_vars', 'custom_tags'])

export function segments(path: string): string[] {
  const dot = path.indexOf('.')
  if (dot > 0 && mapFields.has(path.slice(0, dot))) return [path.slice(0, dot), path.slice(dot + 1)]
  return path.split('.')
}

const isIndex = (s: string) => /^(0|[1-9]\d{0,3})$/.test(s)

function isObject(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export function getPath(spec: Spec, path: string): Json | undefined {
  let cur: Json | undefined = spec
  for (const seg of segments(path)) {
    if (Array.isArray(cur) && isIndex(seg)) cur = cur[Number(seg)]
    else if (isObject(cur)) cur = cur[seg]
    else return undefined
    if (cur === undefined) return undefined
  }
  return cur
}

/** Sets a value, creating objects and arrays on the way; the spec is changed in place. */
export function setPath(spec: Spec, path: string, value: Json): void {
  const segs = segments(path)
  let cur: Json = spec
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i]!
    const nextIsIndex = isIndex(segs[i + 1]!) && !mapFields.has(seg)
    if (Array.isArray(cur)) {
      const n = Number(seg)
      if (!isObject(cur[n]) && !Array.isArray(cur[n])) cur[n] = nextIsIndex ? [] : {}
      cur = cur[n]!
    } else if (isObject(cur)) {
      if (!isObject(cur[seg]) && !Array.isArray(cur[seg])) cur[seg] = nextIsIndex ? [] : {}
      cur = cur[seg]!
    }
  }
  const last = segs[segs.length - 1]!
  if (Array.isArray(cur) && isIndex(last)) cur[Number(last)] = value
  else if (isObject(cur)) cur[last] = value
}

/** Removes a value and any object it leaves empty (an empty azure_attributes is noise). */
export function deletePath(spec: Spec, path: string): void {
  const segs = segments(path)
  const chain: Json[] = [spec]
  let cur: Json | undefined = spec
  for (const seg of segs.slice(0, -1)) {
    cur = Array.isArray(cur) ? cur[Number(seg)] : isObject(cur) ? cur[seg] : undefined
    if (cur === undefined) return
    chain.push(cur)
  }
  const last = segs[segs.length - 1]!
  const parent = chain[chain.length - 1]
  if (Array.isArray(parent) && isIndex(last)) parent.splice(Number(last), 1)
  else if (isObject(parent)) delete parent[last]
  for (let i = chain.length - 1; i > 0; i--) {
    const node = chain[i]
    if (isObject(node) && Object.keys(node).length === 0) {
      const holder = chain[i - 1]
      const key = segs[i - 1]!
      if (isObject(holder)) delete holder[key]
      else if (Array.isArray(holder)) holder.splice(Number(key), 1)
    } else break
  }
}

/** Whether a rule path (may hold * for any index) covers a concrete path. */
export function matchPath(rulePath: string, concrete: string): boolean {
  const r = segments(rulePath)
  const c = segments(concrete)
  if (r.length !== c.length) return false
  return r.every((s, i) => s === c[i] || (s === '*' && isIndex(c[i]!)))
}

/** A problem belongs to a field when it names the field or something inside it. */
export function pathWithin(problemPath: string, fieldPath: string): boolean {
  return problemPath === fieldPath || problemPath.startsWith(fieldPath + '.')
}

export function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T
}

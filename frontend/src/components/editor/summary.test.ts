import { describe, expect, it } from 'vitest'
import { pathWithin } from './specPath'
import { unplacedProblems, type Placement } from './summary'

const problem = (path: string) => ({ path, message: `about ${path}` })
const row =
  (path: string, exact = false): Placement =>
  (p) =>
    exact ? p === path : pathWithin(p, path)

describe('unplaced problems', () => {
  const problems = ['node_type_id', 'num_workers', 'spark_conf', 'spark_conf.spark.master', 'runtime_engine', ''].map(problem)

  it('lists the problems no mounted control shows', () => {
    // A pool is chosen (no node type row), single node (no worker rows), no Photon switch.
    const mounted = [row('instance_pool_id'), row('spark_conf', true), row('spark_version')]
    expect(unplacedProblems(problems, mounted).map((p) => p.path)).toEqual([
      'node_type_id',
      'num_workers',
      'spark_conf.spark.master',
      'runtime_engine',
      '',
    ])
  })

  it('a control shows its problems once it is mounted', () => {
    const mounted = new Set<Placement>([row('node_type_id'), row('num_workers'), row('runtime_engine')])
    const kv: Placement = (p) => p !== 'spark_conf' && pathWithin(p, 'spark_conf') && p !== 'spark_conf.spark.master'
    mounted.add(row('spark_conf', true))
    mounted.add(kv)
    expect(unplacedProblems(problems, mounted).map((p) => p.path)).toEqual(['spark_conf.spark.master', ''])
    mounted.delete(kv)
    expect(unplacedProblems(problems, mounted).map((p) => p.path)).toEqual(['spark_conf.spark.master', ''])
  })
})

import { Cancel, List, NewToken, OpenPage, Output, Submit, SubmitOnDraft } from '../../wailsjs/go/app/Runs'
import { runs } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type RunRow = runs.Row
export type RunOutput = runs.Output
export type RunSubmitted = runs.Submitted
export type RunProblem = runs.Problem

/** The task kinds the submit form offers (backend/runs Kind). */
export type RunTaskKind = 'notebook' | 'python' | 'wheel' | 'jar'

/** The submit form, as the tab sends it (checked by the backend before anything is sent). */
export interface RunForm {
  kind: RunTaskKind
  path?: string
  packageName?: string
  entryPoint?: string
  mainClass?: string
  jar?: string
  parameters?: string
  runName?: string
  timeoutSeconds?: number
  /** One per form: a retry of the same submit never makes a second run. */
  idempotencyToken: string
}

function request(clusterId: string, f: RunForm): runs.SubmitRequest {
  return runs.SubmitRequest.createFrom({
    clusterId, runName: f.runName ?? '', timeoutSeconds: f.timeoutSeconds ?? 0, idempotencyToken: f.idempotencyToken,
    task: {
      kind: f.kind, path: f.path ?? '', packageName: f.packageName ?? '', entryPoint: f.entryPoint ?? '',
      mainClass: f.mainClass ?? '', jar: f.jar ?? '', parameters: f.parameters ?? '',
    },
  })
}

/** A cluster's Runs tab: one-time runs submitted on it, their output, cancel. */
export const runsApi = {
  newToken: (): Promise<string> => invoke(() => NewToken()),
  submit: (ws: string, clusterId: string, f: RunForm): Promise<RunSubmitted> => invoke(() => Submit(ws, request(clusterId, f))),
  /** The run on a new job cluster made from a saved draft (it lives as long as the run). */
  submitOnDraft: (ws: string, draftId: string, f: RunForm): Promise<RunSubmitted> =>
    invoke(() => SubmitOnDraft(ws, draftId, request('', f))),
  list: (ws: string, clusterId: string): Promise<RunRow[]> => invoke(() => List(ws, clusterId)),
  output: (ws: string, runId: number): Promise<RunOutput> => invoke(() => Output(ws, runId)),
  cancel: (ws: string, runId: number): Promise<RunRow> => invoke(() => Cancel(ws, runId)),
  openPage: (ws: string, runId: number): Promise<string> => invoke(() => OpenPage(ws, runId)),
}

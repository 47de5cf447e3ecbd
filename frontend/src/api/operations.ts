import { Cancel, NewOperationID } from '../../wailsjs/go/app/Operations'
import { invoke } from './errors'
import { EventName, onEvent, scoped } from './events'

/** One step of a long operation (apply.ProgressEvent in Go). */
export interface ProgressEvent {
  operationId: string
  step: string
}

/** Long operations (create, edit, apply a draft): progress and cancel. */
export const operationsApi = {
  /** A fresh id to pass to the call, listen under and cancel by. */
  newId: (): Promise<string> => invoke(() => NewOperationID()),
  /** Cancels it; false when it has already finished. Its call answers CANCELLED. */
  cancel: (operationId: string): Promise<boolean> => invoke(() => Cancel(operationId)),
  /** Each step as it happens (at most every 100 ms); returns the unsubscribe. */
  onProgress: (operationId: string, handler: (ev: ProgressEvent) => void): (() => void) =>
    onEvent<[ProgressEvent]>(scoped(EventName.ApplyProgress, operationId), handler),
}

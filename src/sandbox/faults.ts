/**
 * Injected failures, so that a client's retry, timeout and parse-error paths can be exercised
 * without a flaky network. Faults are consumed first-in first-out by the calls they match.
 */
import type { Response } from "express"
import { ENDPOINTS, type EndpointName } from "../lib/paylink/endpoints"
import { FAULT_MODES, type FaultMode } from "./types"

export type PendingFault = { remaining: number; mode: FaultMode; endpoint: EndpointName | null }

export class FaultQueue {
  private readonly pending: PendingFault[] = []

  add(count: number, mode: FaultMode, endpoint?: EndpointName | null): void {
    if (!Number.isInteger(count) || count < 1) throw new TypeError(`failNext: count must be a positive integer, got ${String(count)}`)
    if (!FAULT_MODES.includes(mode)) throw new TypeError(`failNext: mode must be one of ${FAULT_MODES.join(", ")}, got ${String(mode)}`)
    if (endpoint != null && !Object.prototype.hasOwnProperty.call(ENDPOINTS, endpoint)) {
      throw new TypeError(`failNext: unknown endpoint ${String(endpoint)}`)
    }
    this.pending.push({ remaining: count, mode, endpoint: endpoint ?? null })
  }

  /** The fault the call to `endpoint` must suffer, if any; consumes one use of it. */
  take(endpoint: EndpointName): FaultMode | null {
    const index = this.pending.findIndex((f) => f.endpoint === null || f.endpoint === endpoint)
    if (index === -1) return null
    const fault = this.pending[index]
    fault.remaining -= 1
    if (fault.remaining === 0) this.pending.splice(index, 1)
    return fault.mode
  }

  list(): readonly PendingFault[] {
    return this.pending.map((f) => ({ ...f }))
  }

  clear(): void {
    this.pending.length = 0
  }
}

/**
 * "late": the call is carried out (a checkout or an authorization is really made) but the answer
 * leaves this long after: past the client's deadline, as a slow network would do it.
 */
export const LATE_ANSWER_MS = 3_000

/** Holds back whatever the handler answers by LATE_ANSWER_MS. */
export function answerLate(res: Response): void {
  const send = res.send.bind(res)
  res.send = ((body?: unknown) => {
    setTimeout(() => {
      if (!res.writableEnded && !res.destroyed) send(body)
    }, LATE_ANSWER_MS).unref()
    return res
  }) as Response["send"]
}

/** Answers (or, for "hang", deliberately does not answer) as the fault says. */
export function sendFault(res: Response, mode: Exclude<FaultMode, "late">): void {
  switch (mode) {
    case "500":
      res.status(500).json({ message: "Internal server error (injected by the sandbox)" })
      return
    case "401":
      res.status(401).json({ message: "Unauthorized" })
      return
    case "malformed":
      // A success status with a cut-off body: the client must not take the status as success.
      res.status(201).type("application/json").send('{"id": "chk_')
      return
    case "hang":
      // Nothing is sent; close() destroys the socket so no test is left waiting.
      return
  }
}

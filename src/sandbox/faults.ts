/**
 * Injected failures, so that a client's retry, timeout and parse-error paths can be exercised
 * without a flaky network. Faults are consumed first-in first-out by the calls they match.
 */
import type { Response } from "express"
import { ENDPOINTS, type EndpointName } from "../lib/paylink/endpoints"
import { seededRandom } from "./random"
import {
  FAULT_MODES,
  type FaultMode,
  type FaultCounts,
  type RandomFaults,
} from "./types"

export type PendingFault = {
  remaining: number
  mode: FaultMode
  endpoint: EndpointName | null
}

/** Checks a random-fault policy; throws a TypeError that names the field and the rule. */
export function checkRandomFaults(
  policy: RandomFaults
): Required<RandomFaults> {
  const { share, modes, endpoints, seed } = policy
  if (typeof share !== "number" || !(share >= 0 && share <= 1)) {
    throw new TypeError(
      `randomFaults: share must be a number from 0 to 1, got ${String(share)}`
    )
  }
  if (
    !Array.isArray(modes) ||
    modes.length === 0 ||
    modes.some((m) => !FAULT_MODES.includes(m))
  ) {
    throw new TypeError(
      `randomFaults: modes must be a non-empty list of ${FAULT_MODES.join(", ")}`
    )
  }
  if (
    endpoints != null &&
    (!Array.isArray(endpoints) ||
      endpoints.some(
        (e) => !Object.prototype.hasOwnProperty.call(ENDPOINTS, e)
      ))
  ) {
    throw new TypeError(
      `randomFaults: endpoints must list endpoint names (${Object.keys(ENDPOINTS).join(", ")})`
    )
  }
  if (seed != null && !Number.isInteger(seed))
    throw new TypeError(
      `randomFaults: seed must be an integer, got ${String(seed)}`
    )
  return {
    share,
    modes: [...modes],
    endpoints: endpoints ? [...endpoints] : null,
    seed: seed ?? 1,
  }
}

export class FaultQueue {
  private readonly pending: PendingFault[] = []
  private random: (Required<RandomFaults> & { next: () => number }) | null =
    null
  private counts: FaultCounts = {}

  add(count: number, mode: FaultMode, endpoint?: EndpointName | null): void {
    if (!Number.isInteger(count) || count < 1)
      throw new TypeError(
        `failNext: count must be a positive integer, got ${String(count)}`
      )
    if (!FAULT_MODES.includes(mode))
      throw new TypeError(
        `failNext: mode must be one of ${FAULT_MODES.join(", ")}, got ${String(mode)}`
      )
    if (
      endpoint != null &&
      !Object.prototype.hasOwnProperty.call(ENDPOINTS, endpoint)
    ) {
      throw new TypeError(`failNext: unknown endpoint ${String(endpoint)}`)
    }
    this.pending.push({ remaining: count, mode, endpoint: endpoint ?? null })
  }

  /**
   * From now on, each call (to one of `endpoints`, or to any) that no queued fault matches fails
   * with probability `share`, in one of `modes` picked at random; null stops it.
   */
  setRandom(policy: RandomFaults | null): void {
    if (policy === null) {
      this.random = null
      return
    }
    const checked = checkRandomFaults(policy)
    this.random = { ...checked, next: seededRandom(checked.seed) }
  }

  randomPolicy(): Required<RandomFaults> | null {
    if (!this.random) return null
    const { next: _next, ...policy } = this.random
    return {
      ...policy,
      modes: [...policy.modes],
      endpoints: policy.endpoints ? [...policy.endpoints] : null,
    }
  }

  /** The fault the call to `endpoint` must suffer, if any; consumes one use of a queued one. */
  take(endpoint: EndpointName): FaultMode | null {
    const mode = this.takeQueued(endpoint) ?? this.takeRandom(endpoint)
    if (mode) {
      const perEndpoint = (this.counts[endpoint] ??= {})
      perEndpoint[mode] = (perEndpoint[mode] ?? 0) + 1
    }
    return mode
  }

  private takeQueued(endpoint: EndpointName): FaultMode | null {
    const index = this.pending.findIndex(
      (f) => f.endpoint === null || f.endpoint === endpoint
    )
    if (index === -1) return null
    const fault = this.pending[index]
    fault.remaining -= 1
    if (fault.remaining === 0) this.pending.splice(index, 1)
    return fault.mode
  }

  private takeRandom(endpoint: EndpointName): FaultMode | null {
    const random = this.random
    if (!random || (random.endpoints && !random.endpoints.includes(endpoint)))
      return null
    if (random.next() >= random.share) return null
    return random.modes[Math.floor(random.next() * random.modes.length)]
  }

  /** Faults injected so far (queued and random), per endpoint and mode. */
  injected(): FaultCounts {
    return Object.fromEntries(
      Object.entries(this.counts).map(([e, m]) => [e, { ...m }])
    ) as FaultCounts
  }

  list(): readonly PendingFault[] {
    return this.pending.map((f) => ({ ...f }))
  }

  clear(): void {
    this.pending.length = 0
    this.random = null
    this.counts = {}
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
export function sendFault(
  res: Response,
  mode: Exclude<FaultMode, "late">
): void {
  switch (mode) {
    case "500":
      res
        .status(500)
        .json({ message: "Internal server error (injected by the sandbox)" })
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

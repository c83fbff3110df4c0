/**
 * The sandbox's memory on disk (the `stateFile` option, `--state-file`): checkouts with their
 * payments (a subscription's renewals included), the discounts granted and the benefits tokens issued, so a restarted sandbox still
 * knows the links a store handed out, pays them, and exports them. The request log and pending
 * faults are a test's business and are not kept.
 *
 * Written after every change as a whole: to a temporary file beside it, then renamed over it, so a
 * crash leaves the old file or the new one, never half of one. A file that cannot be read as a
 * state (cut short, edited by hand, another program's) is moved aside, not overwritten, and the
 * sandbox starts empty, saying where the old file went.
 */
import fs from "node:fs"
import path from "node:path"
import type { SandboxCheckout, SandboxDiscount } from "./types"

/** Bumped when the layout changes in a way an older sandbox could not read. */
export const STATE_VERSION = 1

export type SandboxState = {
  checkouts: SandboxCheckout[]
  discounts: SandboxDiscount[]
  benefitTokens: string[]
}

export type LoadedState = {
  state: SandboxState | null
  /** Set when the file was unreadable and moved aside: what was wrong and where it went. */
  warning?: string
}

const EMPTY: SandboxState = { checkouts: [], discounts: [], benefitTokens: [] }

/** Writes `state` to `file` atomically (temporary file in the same folder, then rename). */
export function writeState(file: string, state: SandboxState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  // Flushed to disk before the rename: otherwise a power cut can leave the new name on an empty file.
  const fd = fs.openSync(tmp, "w")
  try {
    fs.writeSync(
      fd,
      `${JSON.stringify({ version: STATE_VERSION, ...state })}\n`
    )
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  fs.renameSync(tmp, file)
}

/**
 * Reads `file`. A missing file is an empty sandbox (state null); an unreadable one is renamed to
 * `<file>.unreadable-<time>` and answered as empty with a warning saying why and where it went.
 */
export function loadState(file: string, now: Date = new Date()): LoadedState {
  let text: string
  try {
    text = fs.readFileSync(file, "utf8")
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { state: null }
    throw new Error(
      `sandbox: cannot read the state file ${file}: ${(e as Error).message}`
    )
  }
  const problem = whyUnreadable(text)
  if (!problem.state) {
    const aside = `${file}.unreadable-${now.toISOString().replace(/[:.]/g, "-")}`
    fs.renameSync(file, aside)
    return {
      state: null,
      warning: `sandbox: the state file ${file} ${problem.reason}; it was moved to ${aside} and the sandbox starts with no checkouts`,
    }
  }
  return { state: problem.state }
}

function whyUnreadable(
  text: string
):
  | { state: SandboxState; reason?: undefined }
  | { state?: undefined; reason: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (e) {
    return {
      reason: `is not valid JSON (cut short or edited?): ${(e as Error).message}`,
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    return { reason: "is not a JSON object" }
  const o = parsed as Record<string, unknown>
  if (o.version !== STATE_VERSION)
    return {
      reason: `has version ${JSON.stringify(o.version)}, this sandbox reads version ${STATE_VERSION}`,
    }
  const checkouts = o.checkouts ?? EMPTY.checkouts
  const discounts = o.discounts ?? EMPTY.discounts
  const tokens = o.benefitTokens ?? EMPTY.benefitTokens
  if (
    !Array.isArray(checkouts) ||
    !checkouts.every(
      (c) =>
        c &&
        typeof c === "object" &&
        typeof c.id === "string" &&
        typeof c.endpoint === "string" &&
        typeof c.state === "string" &&
        // Absent in a file written before renewals were kept (store.restore gives it none).
        (c.renewals === undefined || isRenewalList(c.renewals))
    )
  )
    return { reason: "has a checkouts list that is not one of checkouts" }
  if (
    !Array.isArray(discounts) ||
    !discounts.every((d) => d && typeof d === "object")
  )
    return { reason: "has a discounts list that is not one of discounts" }
  if (!Array.isArray(tokens) || !tokens.every((t) => typeof t === "string"))
    return { reason: "has benefitTokens that are not strings" }
  return {
    state: {
      checkouts: checkouts as SandboxCheckout[],
      discounts: discounts as SandboxDiscount[],
      benefitTokens: tokens as string[],
    },
  }
}

function isRenewalList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (r) =>
        r &&
        typeof r === "object" &&
        typeof r.at === "string" &&
        typeof r.amount === "string" &&
        typeof r.currency === "string" &&
        typeof r.authorization === "string"
    )
  )
}

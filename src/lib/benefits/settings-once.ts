import type BenefitsModuleService from "../../modules/benefits/service"
import type { SettingsRow } from "../../modules/benefits/service"

/**
 * The program's settings row read once per apply (issue 17: it was read three times, by each step
 * that needs it). Passing the row between steps would keep the sealed token in the workflow's
 * stored step results; instead the steps of one run (`key`: the workflow's transaction id) share
 * one read held in this process's memory for at most a minute, and hand it to the module's
 * isEnabled, programClient and token. Without a key, every call reads the row.
 */
const MAX_AGE_MS = 60_000
const reads = new Map<string, { at: number; row: Promise<SettingsRow | null> }>()

export function settingsOnce(benefits: BenefitsModuleService, key: string | undefined): Promise<SettingsRow | null> {
  if (!key) return benefits.settingsRow()
  const now = Date.now()
  for (const [k, v] of reads) {
    if (now - v.at > MAX_AGE_MS) reads.delete(k)
  }
  let read = reads.get(key)
  if (!read) {
    read = { at: now, row: benefits.settingsRow() }
    reads.set(key, read)
    // A failed read is not kept: a retried step reads again.
    read.row.catch(() => reads.delete(key))
  }
  return read.row
}

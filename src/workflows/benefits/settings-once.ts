import type BenefitsModuleService from "../../modules/benefits/service"

/**
 * The program's settings row read once per apply (issue 17: it was read three times, by each step
 * that needs it). Passing the row between steps would keep the sealed token in the workflow's
 * stored step results; instead the steps of one run (`key`: the workflow's transaction id) share
 * one read held in this process's memory for at most a minute. The answer is the module service
 * itself with only `settingsRow` replaced, so isEnabled, programClient and token read the shared row.
 */
const MAX_AGE_MS = 60_000
const reads = new Map<string, { at: number; row: ReturnType<BenefitsModuleService["settingsRow"]> }>()

export function settingsReadOnce(benefits: BenefitsModuleService, key: string | undefined): BenefitsModuleService {
  if (!key) return benefits
  const now = Date.now()
  for (const [k, v] of reads) {
    if (now - v.at > MAX_AGE_MS) reads.delete(k)
  }
  const settingsRow = () => {
    let read = reads.get(key)
    if (!read) {
      read = { at: Date.now(), row: benefits.settingsRow() }
      reads.set(key, read)
    }
    return read.row
  }
  return Object.create(benefits, { settingsRow: { value: settingsRow } }) as BenefitsModuleService
}

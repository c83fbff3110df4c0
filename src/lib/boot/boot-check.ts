/**
 * Configuration problems found while Medusa boots: printed once, without Medusa's repeated stack
 * traces, then the server stops as Medusa's `start` does (exit 1); under a test runner the problem
 * is thrown instead (docs/architecture.md#boot-checks).
 */
import type { Logger } from "@medusajs/framework/types"
import { stopMedusaDevelopParent } from "./medusa-develop"

export const BOOT_ERROR_PREFIX = "medusa-plugin-paylink cannot start:"

/** Messages already printed by this process: several modules and providers check the same thing. */
const printed = new Set<string>()

/** Kept from the first loader that ran: a provider's static validateOptions gets no logger. */
let bootLogger: Pick<Logger, "error" | "warn"> | undefined

export function rememberBootLogger(
  logger: Pick<Logger, "error" | "warn"> | undefined
) {
  bootLogger = bootLogger ?? logger
}

export class PaylinkBootError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "PaylinkBootError"
    // Nothing in the plugin's call stack helps fix a configuration.
    this.stack = `${this.name}: ${message}`
  }
}

export type BootCheckOptions = {
  logger?: Pick<Logger, "error">
  /** Default: unless running under jest. */
  exit?: boolean
}

function underTestRunner(): boolean {
  return process.env.JEST_WORKER_ID !== undefined
}

export function bootErrorText(problem: string): string {
  return `${BOOT_ERROR_PREFIX} ${problem.replace(/^medusa-plugin-paylink /, "")}`
}

/** Runs a check that throws on a bad configuration; on failure stops the boot. */
export function checkAtBoot<T>(
  check: () => T,
  options: BootCheckOptions = {}
): T {
  try {
    return check()
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error)
    failBoot(problem, options)
  }
}

export function failBoot(
  problem: string,
  { logger = bootLogger, exit = !underTestRunner() }: BootCheckOptions = {}
): never {
  const text = bootErrorText(problem)
  if (!printed.has(text)) {
    printed.add(text)
    if (logger) {
      logger.error(text)
    } else {
      console.error(text)
    }
  }
  if (exit) {
    stopMedusaDevelopParent()
    process.exit(1)
  }
  throw new PaylinkBootError(text)
}

/** The server still starts; printed once per text. */
export function warnAtBoot(
  text: string,
  logger: Pick<Logger, "warn"> | undefined = bootLogger
) {
  if (printed.has(text)) return
  printed.add(text)
  if (logger) {
    logger.warn(text)
  } else {
    console.warn(text)
  }
}

/** For tests of the check itself. */
export function forgetPrintedBootErrors() {
  printed.clear()
}

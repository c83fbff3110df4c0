/**
 * Configuration problems found while Medusa boots. Medusa reports a loader's error four or five
 * times, each with a stack trace of its own internals, which hides the one line a merchant needs.
 * So the plugin prints the problem itself, once, naming the option and the fix, and stops the
 * server the way Medusa's own `start` does on a boot error (exit code 1). Under `medusa develop`
 * the develop process that forked this server is ended too (see medusa-develop.ts).
 *
 * Inside a test runner (jest, where a host's integration tests boot the app in the test process)
 * exiting would kill the runner: there the problem is still printed once and then thrown.
 */
import type { Logger } from "@medusajs/framework/types"
import { stopMedusaDevelopParent } from "./medusa-develop"

export const BOOT_ERROR_PREFIX = "medusa-plugin-paylink cannot start:"

/** Messages already printed by this process: several modules and providers check the same thing. */
const printed = new Set<string>()

/**
 * Medusa's logger, kept from the first loader that ran: a provider's static validateOptions is
 * given its options only, and its message should look like every other boot line.
 */
let bootLogger: Pick<Logger, "error" | "warn"> | undefined

export function rememberBootLogger(logger: Pick<Logger, "error" | "warn"> | undefined) {
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
  /** Where the message goes (the module's logger); console.error without one. */
  logger?: Pick<Logger, "error">
  /** Stop the process after printing (default: unless running under jest). */
  exit?: boolean
}

function underTestRunner(): boolean {
  return process.env.JEST_WORKER_ID !== undefined
}

/** The one text printed for a problem: prefix, then what is wrong and how to fix it. */
export function bootErrorText(problem: string): string {
  return `${BOOT_ERROR_PREFIX} ${problem.replace(/^medusa-plugin-paylink /, "")}`
}

/**
 * Runs a check that throws on a bad configuration; on failure prints its message once (no stack
 * trace) and stops the boot. Returns the check's value otherwise.
 */
export function checkAtBoot<T>(check: () => T, options: BootCheckOptions = {}): T {
  try {
    return check()
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error)
    failBoot(problem, options)
  }
}

export function failBoot(problem: string, { logger = bootLogger, exit = !underTestRunner() }: BootCheckOptions = {}): never {
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

/** A boot warning (the server still starts): printed once per text, like a boot error. */
export function warnAtBoot(text: string, logger: Pick<Logger, "warn"> | undefined = bootLogger) {
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

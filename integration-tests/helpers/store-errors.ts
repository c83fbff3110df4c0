/**
 * A store route answers a code and the customer's sentence; the developer's text (which field,
 * which rule, the gateway's status) is in the log line lib/common/store-errors writes for each refusal.
 * This runs a request and gives both, so a spec can still check the detail.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

export async function withRefusalLog<T>(
  container: MedusaContainer,
  run: () => Promise<T>
): Promise<{ answer: T; log: string }> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as any
  const lines: string[] = []
  const spies = ["info", "warn"].map((level) =>
    jest
      .spyOn(logger, level)
      .mockImplementation(
        (message: unknown) => void lines.push(String(message))
      )
  )
  try {
    const answer = await run()
    return {
      answer,
      log: lines
        .filter(
          (l) =>
            l.startsWith("medusa-plugin-paylink: ") && l.includes(" answered ")
        )
        .join("\n"),
    }
  } finally {
    spies.forEach((s) => s.mockRestore())
  }
}

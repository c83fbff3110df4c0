/**
 * The admin's Test token of a gateway: one real unpaid link of its minimum amount, made with the
 * token at each address its checkouts go to; the outcome and the link are kept on the gateway's row.
 */
import { randomUUID } from "node:crypto"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { PACING } from "../../../lib/testing/pacing"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

export type CheckPaylinkGatewayInput = {
  gateway: string
  /** The billing e-mail the gateway requires: the admin running the test. */
  email: string
  language: "es" | "en"
}

/**
 * One Test token per gateway a minute, across the store's servers: each one makes a real link, so a
 * double click, two admin tabs or a script must not make several. The lock is kept for the minute
 * when a link was (or may have been) made, and let go at once when none was, so a typo can be fixed
 * and tested again straight away.
 */
export const testTokenLockKey = (gateway: string) =>
  `paylink-test-token:${gateway}`

/** Nothing to undo: a test's outcome is not a save, and a link made cannot be unmade (it stays unpaid). */
export const checkPaylinkGatewayStep = createStep(
  "check-paylink-gateway",
  async (
    { gateway, email, language }: CheckPaylinkGatewayInput,
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const locking = container.resolve(Modules.LOCKING)
    const key = testTokenLockKey(gateway)
    const ownerId = randomUUID()
    try {
      await locking.acquire(key, {
        ownerId,
        expire: Math.ceil(PACING.testTokenIntervalMs / 1000),
      })
    } catch {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${gateway}: a Test token ran less than ${Math.ceil(PACING.testTokenIntervalMs / 1000)} seconds ago and made its test link (shown on the gateway's card): try again in a minute.`
      )
    }
    try {
      const result = await paylink.checkGateway(gateway, { email, language })
      const mayHaveMadeLink = result.targets.some(
        (t) => t.test_link || t.outcome_unknown
      )
      if (!mayHaveMadeLink) {
        await locking.release(key, { ownerId })
      }
      return new StepResponse(result)
    } catch (error) {
      await locking.release(key, { ownerId })
      throw error
    }
  }
)

export const checkPaylinkGatewayWorkflow = createWorkflow(
  "check-paylink-gateway",
  (input: CheckPaylinkGatewayInput) => {
    return new WorkflowResponse(checkPaylinkGatewayStep(input))
  }
)

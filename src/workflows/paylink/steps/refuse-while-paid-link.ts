import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { PAID_UNSETTLED } from "../../../modules/paylink/utils/state-machine"
import { crashPoint } from "../../../lib/testing/crash-point"
import { codedError } from "../../../lib/common/store-errors"

export function paidLinkRefusal(cartId: string, numbers: number[]): string {
  const paid =
    numbers.length === 1
      ? `payment link ${numbers[0]} was paid`
      : `payment links ${numbers.join(", ")} were paid`
  return (
    `Cart ${cartId} cannot get a new payment link: ${paid} and the store has not settled that payment yet. ` +
    `No new payment is needed now: the store will contact you to complete your order or refund you.`
  )
}

/** Refuses any new payment for a cart whose paid link the store has not settled: a customer never pays twice. */
export async function assertNoPaidLinkOnCart(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string
): Promise<void> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  refusePaid(cartId, await paylink.listPaidUnsettledOfCart(cartId))
}

function refusePaid(cartId: string, paid: { number: number }[]): void {
  if (paid.length) {
    const numbers = paid.map((r) => r.number).sort((a, b) => a - b)
    throw codedError(
      MedusaError.Types.NOT_ALLOWED,
      "paylink.paid_link_pending",
      paidLinkRefusal(cartId, numbers),
      { number: numbers.join(", ") }
    )
  }
}

/** The link workflow's first check; the same read answers which of the cart's links could be handed back. */
export const refuseWhilePaidLinkStep = createStep(
  "refuse-paylink-while-paid-link",
  async (
    { cart_id, provider_id }: { cart_id: string; provider_id?: string },
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const rows = await paylink.listPaylinkCheckouts(
      { cart_id, status: [...PAID_UNSETTLED, "created"] },
      {
        select: ["id", "number", "status", "provider_id"],
        order: { number: "ASC" },
      }
    )
    refusePaid(
      cart_id,
      rows.filter((r) => r.status !== "created")
    )
    await crashPoint("link:checked")
    const candidates = rows
      .filter(
        (r) =>
          r.status === "created" &&
          (!r.provider_id || !provider_id || r.provider_id === provider_id)
      )
      .map((r) => r.id)
    return new StepResponse(candidates)
  }
)

/**
 * The same check once the new link exists, before its URL leaves the server; thrown, the workflow
 * rolls back (docs/architecture.md#a-paid-return-racing-a-new-link). `paid`: read by the step before.
 */
export const refuseIfPaidMeanwhileStep = createStep(
  "refuse-paylink-if-paid-meanwhile",
  async ({
    cart_id,
    paid,
  }: {
    cart_id: string
    paid: { number: number }[]
  }) => {
    refusePaid(cart_id, paid)
    return new StepResponse(undefined)
  }
)

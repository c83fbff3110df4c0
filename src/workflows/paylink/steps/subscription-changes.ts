import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { centsToDecimal } from "../../../lib/common/money"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/** A renewal order a reconciliation made, as the hook `subscriptionRenewed` hands it on. */
export type RenewalOrderMade = {
  subscription_id: string
  renewal_id: string
  order_id: string
  /** The charge's instant in the report (ISO). */
  charged_at: string
  /** Major units. */
  amount: number | null
  currency_code: string | null
}

/** A subscription a reconciliation flagged, as the hook `subscriptionRenewalOverdue` hands it on. */
export type RenewalOverdue = {
  subscription_id: string
  /** The expected charge the report showed missing (ISO). */
  expected_at: string
}

/**
 * What a reconciliation did to subscriptions, in any run: the renewals it recorded first whose order
 * is made, and the overdue periods it wrote (written only when it flagged the subscription). Reads
 * only.
 */
export const subscriptionChangesStep = createStep(
  "read-paylink-subscription-changes",
  async (
    { reconciliation_id }: { reconciliation_id: string },
    { container }
  ) => {
    const changes = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .reconciliationSubscriptionChanges(reconciliation_id)
    const renewal_orders: RenewalOrderMade[] = changes.flatMap((c) =>
      c.kind === "renewal" && c.order_state === "made" && c.order_id
        ? [
            {
              subscription_id: c.subscription_id,
              renewal_id: c.event_id,
              order_id: c.order_id,
              charged_at: c.at,
              amount: c.cents === null ? null : centsToDecimal(c.cents),
              currency_code: c.currency_code,
            },
          ]
        : []
    )
    const overdue_subscriptions: RenewalOverdue[] = changes.flatMap((c) =>
      c.kind === "overdue"
        ? [{ subscription_id: c.subscription_id, expected_at: c.at }]
        : []
    )
    return new StepResponse({ renewal_orders, overdue_subscriptions })
  }
)

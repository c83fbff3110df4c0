import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { toCents } from "../../../lib/common/money"

export type ReturnClaimsInput = {
  session: string
  cents: string
  currency: string
  outcome: "success" | "cancel"
  /** Genuine signature, expiry passed. */
  expired?: boolean
}

/** The record and, through its payment session, the cart: never taken from the link or session data. */
export const resolvePaylinkReturnStep = createStep(
  "resolve-paylink-return",
  async (claims: ReturnClaimsInput, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const record = await paylink.retrieveBySession(claims.session)
    if (
      toCents(record.amount) !== BigInt(claims.cents) ||
      record.currency_code.toUpperCase() !== claims.currency
    ) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `This return does not match payment link ${record.number}.`
      )
    }
    const { data: sessions } = await query.graph({
      entity: "payment_session",
      fields: ["id", "provider_id", "payment_collection_id"],
      filters: { id: claims.session },
      withDeleted: true,
    })
    const session = sessions[0]
    const origin = record.origin ?? "storefront"
    let cartId: string | null = record.cart_id ?? null
    // An admin link pays an order, not a cart: the settlement checks its order.
    if (!cartId && session && origin === "storefront") {
      const { data: links } = await query.graph({
        entity: "cart_payment_collection",
        fields: ["cart_id"],
        filters: { payment_collection_id: session.payment_collection_id },
      })
      cartId = links[0]?.cart_id ?? null
    }
    if (
      (cartId && cartId !== record.cart_id) ||
      (session && session.provider_id !== record.provider_id)
    ) {
      await paylink.updatePaylinkCheckouts({
        id: record.id,
        cart_id: cartId,
        provider_id: session?.provider_id ?? record.provider_id,
      })
    }
    return new StepResponse({
      record_id: record.id,
      number: record.number,
      origin,
      cart_id: cartId,
      success_redirect: record.success_redirect ?? null,
      cancel_redirect: record.cancel_redirect ?? null,
    })
  }
)

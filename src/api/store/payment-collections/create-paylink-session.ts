/**
 * The plugin's one takeover of a core route: for this plugin's providers, Medusa's POST
 * /store/payment-collections/:id/payment-sessions runs the payment-link workflow, with the same
 * guarantees as the plugin's own route (docs/architecture.md#the-payment-sessions-route-takeover).
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { createPaymentLinkWorkflow } from "../../../workflows/paylink/workflows/create-payment-link"
import { PAYLINK_PROVIDER_PREFIX } from "../../../types/paylink"
import { echo } from "../../../lib/common/echo"
import { assertNoPaidLinkOnCart } from "../../../workflows/paylink/steps/refuse-while-paid-link"
import { codedError, toCustomerError } from "../../../lib/common/store-errors"
import { requestLocales } from "../../../lib/common/language"
import { defaultPaymentCollectionFields } from "@medusajs/medusa/api/store/payment-collections/query-config"

type Body = { provider_id?: unknown; data?: { billing?: unknown } | null }

export async function createPaylinkSessionOnCoreRoute(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const body = (req.body ?? {}) as Body
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data: links } = await query.graph({
      entity: "cart_payment_collection",
      fields: ["cart_id"],
      filters: { payment_collection_id: req.params.id },
    })
    // Every id in the plugin's namespace is answered here: the workflow refuses one naming no
    // gateway with a 400, where core would fail to resolve the provider (a bare 500).
    if (
      typeof body.provider_id !== "string" ||
      !body.provider_id.startsWith(PAYLINK_PROVIDER_PREFIX)
    ) {
      // Another provider would charge the customer a second time for a cart they already paid.
      if (links[0]?.cart_id) {
        await assertNoPaidLinkOnCart(req.scope, links[0].cart_id)
      }
      return next()
    }
    if (!links[0]?.cart_id) {
      const { data: collections } = await query.graph({
        entity: "payment_collection",
        fields: ["id"],
        filters: { id: req.params.id },
      })
      if (!collections.length) {
        throw codedError(
          MedusaError.Types.NOT_FOUND,
          "paylink.cart_not_found",
          `Payment collection ${echo(req.params.id)} was not found.`
        )
      }
      throw codedError(
        MedusaError.Types.NOT_ALLOWED,
        "paylink.provider_unavailable",
        `provider_id: ${echo(body.provider_id)} makes payment links for carts only; payment collection ${echo(req.params.id)} belongs to no cart.`
      )
    }
    const billing =
      body.data?.billing && typeof body.data.billing === "object"
        ? (body.data.billing as Record<string, unknown>)
        : null
    // The shopper's language as this call states it: the link's return pages speak it.
    const { localeHeader, acceptLanguage } = requestLocales(req)
    await createPaymentLinkWorkflow(req.scope).run({
      input: {
        cart_id: links[0].cart_id,
        provider_id: body.provider_id,
        customer_id: (req as { auth_context?: { actor_id?: string } })
          .auth_context?.actor_id,
        billing,
        payment_collection_id: req.params.id,
        locale_header: localeHeader,
        accept_language: acceptLanguage,
      },
    })
    const { data } = await query.graph({
      entity: "payment_collection",
      // Medusa's query middleware for this route normally ran first; its defaults otherwise.
      fields: req.queryConfig?.fields ?? defaultPaymentCollectionFields,
      filters: { id: req.params.id },
    })
    res.status(200).json({ payment_collection: data[0] })
  } catch (error) {
    return next(toCustomerError(error, req) as Error)
  }
}

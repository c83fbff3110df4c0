/**
 * The plugin's one takeover of a core route, kept as a documented exception (README section 5):
 * it runs in front of Medusa's own POST /store/payment-collections/:id/payment-sessions, because a
 * stock storefront (the js-sdk's `initiatePaymentSession`) creates every payment session there and
 * has no other way to reach the payment-link workflow. For this plugin's providers it answers the request
 * itself with that workflow, so a stock storefront gets the same guarantees as the plugin's route:
 * the cart's lock, the completion checks, one live link per cart, and session data built on the
 * server (nothing the storefront sends reaches the provider except billing for a cart that has
 * none). It answers as Medusa's handler does, with Medusa's own default fields for the route.
 * Other providers go on to Medusa's handler, unless the cart has a paid link the store has not
 * settled: then no provider gets a new session (the customer would pay twice; the payment-link
 * workflow refuses its own providers the same way). A collection that does not exist is a 404; one
 * that belongs to no cart (an order's balance) is refused for these providers: its data would
 * reach the provider unchecked.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createPaymentLinkWorkflow } from "../../../workflows/paylink/workflows/create-payment-link"
import { PAYLINK_PROVIDER_PREFIX } from "../../../types/paylink"
import { echo } from "../../../lib/common/echo"
import { assertNoPaidLinkOnCart } from "../../../workflows/paylink/steps/refuse-while-paid-link"
import { codedError, toCustomerError } from "../../../lib/common/store-errors"
import { defaultPaymentCollectionFields } from "@medusajs/medusa/api/store/payment-collections/query-config"

type Body = { provider_id?: unknown; data?: { billing?: unknown } | null }

export async function createPaylinkSessionOnCoreRoute(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const body = (req.body ?? {}) as Body
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data: links } = await query.graph({
      entity: "cart_payment_collection",
      fields: ["cart_id"],
      filters: { payment_collection_id: req.params.id },
    })
    // Every id in the plugin's namespace is answered here, a gateway's or not: the workflow's
    // validation refuses one naming no gateway (gatewayOfProvider) with a 400 naming the field,
    // where core's payment module would fail to resolve the provider (a bare 500).
    if (typeof body.provider_id !== "string" || !body.provider_id.startsWith(PAYLINK_PROVIDER_PREFIX)) {
      // Another provider would charge the customer a second time for a cart they already paid.
      if (links[0]?.cart_id) {
        await assertNoPaidLinkOnCart(req.scope, links[0].cart_id)
      }
      return next()
    }
    if (!links[0]?.cart_id) {
      const { data: collections } = await query.graph({ entity: "payment_collection", fields: ["id"], filters: { id: req.params.id } })
      if (!collections.length) {
        throw codedError(MedusaError.Types.NOT_FOUND, "paylink.cart_not_found", `Payment collection ${echo(req.params.id)} was not found.`)
      }
      throw codedError(
        MedusaError.Types.NOT_ALLOWED,
        "paylink.provider_unavailable",
        `provider_id: ${echo(body.provider_id)} makes payment links for carts only; payment collection ${echo(req.params.id)} belongs to no cart.`
      )
    }
    const billing = body.data?.billing && typeof body.data.billing === "object" ? (body.data.billing as Record<string, unknown>) : null
    await createPaymentLinkWorkflow(req.scope).run({
      input: {
        cart_id: links[0].cart_id,
        provider_id: body.provider_id,
        customer_id: (req as { auth_context?: { actor_id?: string } }).auth_context?.actor_id,
        billing,
        // Resolved above from the collection: the workflow does not read the cart's link again.
        payment_collection_id: req.params.id,
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
    // The plugin's part of Medusa's route answers with a code and the customer's language.
    return next(toCustomerError(error, req) as Error)
  }
}

import type { MedusaRequest } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { CHECKOUT_FIELDS, COMPUTED_CHECKOUT_FIELDS } from "./query-config"
import { echo } from "../../../lib/common/echo"
import { subjectsOf } from "./checkout-subjects"
import { attentionActions } from "../../../lib/attention/attention-actions"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

type ComputedField = (typeof COMPUTED_CHECKOUT_FIELDS)[number]

/** The request's `fields` split into stored ones (for query.graph) and computed ones. */
export function checkoutFieldsOf(req: MedusaRequest) {
  const fields = req.queryConfig?.fields ?? [
    ...CHECKOUT_FIELDS,
    ...COMPUTED_CHECKOUT_FIELDS,
  ]
  const isComputed = (f: string): f is ComputedField =>
    (COMPUTED_CHECKOUT_FIELDS as readonly string[]).includes(f)
  return {
    stored: fields.filter((f) => !isComputed(f)),
    computed: fields.filter(isComputed),
  }
}

/**
 * Records with the computed fields asked for: `actions` the merchant can take now and
 * `place_order_blocked`, worked out from the whole record whichever stored fields were asked for,
 * and `subject` (the customer and the order, in the merchant's words).
 */
export async function withActions<T extends { id: string }>(
  req: MedusaRequest,
  records: T[],
  computed: ComputedField[]
) {
  if (!computed.length) {
    return records
  }
  const waiting = records.length
    ? await req.scope
        .resolve<PaylinkModuleService>(PAYLINK_MODULE)
        .listPaylinkCheckouts({
          id: records.map((r) => r.id),
          status: "needs_attention",
        })
    : []
  const byId = new Map(waiting.map((r) => [r.id, r]))
  const subjects = computed.includes("subject")
    ? await subjectsFor(req, records)
    : new Map()
  return await Promise.all(
    records.map(async (r) => {
      const record = byId.get(r.id)
      const found = {
        ...(record
          ? await attentionActions(req.scope, record as any)
          : { actions: [], place_order_blocked: null }),
        subject: subjects.get(r.id) ?? null,
      }
      return { ...r, ...Object.fromEntries(computed.map((f) => [f, found[f]])) }
    })
  )
}

/**
 * The customers and orders are words for the merchant, not the records: when they cannot be read
 * (a cart deleted meanwhile is simply absent), the list still answers, with the ids.
 */
async function subjectsFor<T extends { id: string }>(
  req: MedusaRequest,
  records: T[]
) {
  try {
    return await subjectsOf(req.scope, await linksOf(req, records))
  } catch (error) {
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `paylink: the payment links' customers and orders could not be read: ${(error as Error)?.message}`
      )
    return new Map()
  }
}

/** Each record's cart and order ids, read again when the fields asked for left them out. */
async function linksOf<T extends { id: string }>(
  req: MedusaRequest,
  records: T[]
): Promise<{ id: string; cart_id: string | null; order_id: string | null }[]> {
  if (
    !records.length ||
    records.every((r) => "cart_id" in r && "order_id" in r)
  ) {
    return records as any
  }
  return await req.scope
    .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    .listPaylinkCheckouts(
      { id: records.map((r) => r.id) },
      { select: ["id", "cart_id", "order_id"] }
    )
}

export async function refetchCheckout(req: MedusaRequest, id: string) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { stored, computed } = checkoutFieldsOf(req)
  const { data } = await query.graph({
    entity: "paylink_checkout",
    fields: stored,
    filters: { id },
  })
  if (!data[0]) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment link ${echo(id)} was not found.`
    )
  }
  return (await withActions(req, [data[0] as { id: string }], computed))[0]
}

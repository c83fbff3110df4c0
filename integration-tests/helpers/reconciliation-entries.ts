/**
 * Reconciliations as the background read leaves them (status `ready`, one entry per row with its
 * group, reason and action, `applied` false), written through the paylink module's own CRUD: the
 * apply's tests choose exactly which entries a report produced, including ones read before a
 * record moved. Links are paid the ways customers pay them (helpers/storefront, helpers/orders).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../src/modules/paylink"
import type PaylinkModuleService from "../../src/modules/paylink/services/paylink-module"
import type {
  EntryAction,
  EntryReason,
  ReconciliationGroup,
} from "../../src/types/reconciliation"
import { PROVIDERS } from "./seed"
import type { PaylinkSuite } from "./suite"
import { createCart, createPaymentLink } from "./storefront"

export type RecordRow = {
  id: string
  number: number
  status: string
  amount: number
  currency_code: string
  order_id: string | null
}

/** One entry as the read writes it; `reported` in major units as the API answers (default: the record's amount). */
export type EntrySpec = {
  record: RecordRow
  group: ReconciliationGroup
  reason: EntryReason
  action: EntryAction | null
  /** The record's status when the report was read (default: as it is now). */
  record_status?: string
  reported?: number | null
  paid_at?: Date | null
  line?: number | null
}

let file = 0

/** A `ready` reconciliation of gateway A's export with these entries; its id. */
export async function readyReconciliation(
  container: MedusaContainer,
  entries: EntrySpec[],
  fileName = `transacciones-${++file}.csv`
) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE) as any
  const [rec] = await paylink.createPaylinkReconciliations([
    {
      gateway: "gatewayA",
      status: "ready",
      file_key: `test/${fileName}`,
      file_name: fileName,
      file_sha256: "0".repeat(64),
      file_size: 1000,
      encoding: "utf-8",
      delimiter: ";",
      mapping: {
        reference: "No. de enlace",
        reference_kind: "number",
        amount: "Monto",
        paid_at: "Fecha de pago",
        status: "Estado",
        paid_statuses: ["pagado"],
      },
      period_start: "2026-11-01",
      period_end: "2026-11-30",
      counts: {
        matched: 0,
        paid_no_order: 0,
        order_no_payment: 0,
        unknown: 0,
        amount_mismatch: 0,
      },
    },
  ])
  await paylink.createPaylinkReconciliationEntries(
    entries.map((e, i) => ({
      reconciliation_id: rec.id,
      group: e.group,
      reason: e.reason,
      line:
        e.line === undefined
          ? e.group === "order_no_payment"
            ? null
            : i + 2
          : e.line,
      reference:
        e.group === "order_no_payment" ? null : String(e.record.number),
      paid_at:
        e.paid_at === undefined
          ? e.group === "order_no_payment"
            ? null
            : new Date()
          : e.paid_at,
      reported_amount:
        e.group === "order_no_payment" ? null : (e.reported ?? e.record.amount),
      reported_currency: e.group === "order_no_payment" ? null : "GTQ",
      checkout_record_id: e.record.id,
      checkout_number: e.record.number,
      record_status: e.record_status ?? e.record.status,
      expected_amount: e.record.amount,
      expected_currency: e.record.currency_code.toUpperCase(),
      order_id: e.record.order_id,
      action: e.action,
    }))
  )
  return rec.id as string
}

/** A record as the admin API answers it. */
export async function recordByNumber(
  ctx: Pick<PaylinkSuite, "api" | "admin">,
  number: number
) {
  const { data } = await ctx.api.get(
    `/admin/paylink/checkouts?number=${number}`,
    ctx.admin
  )
  return data.checkouts[0]
}

/** A guest's one-bag cart (GTQ 100) with a gateway A link the customer pays without coming back: the store sees only `created`. */
export async function unreturnedLink(
  ctx: Pick<PaylinkSuite, "api" | "seed" | "admin">
) {
  const cart = await createCart(
    ctx.api,
    ctx.seed.publishableKey,
    ctx.seed.gtqRegionId,
    [{ variant_id: ctx.seed.variantId, quantity: 1 }]
  )
  const link = (
    await createPaymentLink(
      ctx.api,
      ctx.seed.publishableKey,
      cart.id,
      PROVIDERS.gatewayA
    )
  ).data.payment_session.data
  return {
    cartId: cart.id as string,
    link,
    record: (await recordByNumber(ctx, link.number)) as RecordRow,
  }
}

/** A gateway A link the store withdrew (a gateway B link replaced it), paid anyway without coming back. */
export async function withdrawnLink(
  ctx: Pick<PaylinkSuite, "api" | "seed" | "admin">
) {
  const { cartId, link } = await unreturnedLink(ctx)
  await createPaymentLink(
    ctx.api,
    ctx.seed.publishableKey,
    cartId,
    PROVIDERS.gatewayB
  )
  return {
    cartId,
    link,
    record: (await recordByNumber(ctx, link.number)) as RecordRow,
  }
}

/**
 * Payment links paid in every way a gateway's export can tell apart, and the
 * reconciliation routes driven as the admin drives them (upload the file, create, wait for the read).
 */
import { Readable } from "node:stream"
import { EXPORT_COLUMNS } from "../../src/sandbox/export-format"
import { PROVIDERS } from "./seed"
import type { PaylinkSuite } from "./suite"
import { eventually } from "./benefits"
import {
  createCart,
  createPaymentLink,
  followReturn,
  landedAt,
  orderIdFrom,
  pressOnHostedPage,
} from "./storefront"

type Ctx = Pick<PaylinkSuite, "api" | "seed" | "sandbox" | "admin">
export type PaidLink = {
  number: number
  checkoutId: string
  recordId: string
  orderId: string | null
}

async function link(ctx: Ctx, provider: string = PROVIDERS.gatewayA) {
  const cart = await createCart(
    ctx.api,
    ctx.seed.publishableKey,
    ctx.seed.gtqRegionId,
    [{ variant_id: ctx.seed.variantId, quantity: 1 }]
  )
  const { data } = await createPaymentLink(
    ctx.api,
    ctx.seed.publishableKey,
    cart.id,
    provider
  )
  const d = data.payment_session.data
  return {
    cartId: cart.id,
    url: d.url as string,
    number: d.number as number,
    checkoutId: d.checkout_id as string,
    recordId: d.paylink_checkout_id as string,
  }
}

/** Paid on the hosted page and returned: the order placed (GTQ 100). */
export async function paidAndReturned(
  ctx: Ctx,
  provider: string = PROVIDERS.gatewayA
): Promise<PaidLink> {
  const l = await link(ctx, provider)
  const back = await followReturn(
    ctx.api,
    await pressOnHostedPage(l.url, "pay")
  )
  return { ...l, orderId: orderIdFrom(landedAt(back)) }
}

/**
 * Charged another amount (or in another currency) than the link asked, then returned: the store
 * places its order at the link's amount, and only the gateway's export shows what really came in.
 */
export async function paidOtherAmountAndReturned(
  ctx: Ctx,
  pay: { amount?: number; currency?: string }
): Promise<PaidLink> {
  const l = await link(ctx)
  ctx.sandbox.payWithoutReturn(l.checkoutId, pay)
  const success = (ctx.sandbox.checkouts.get(l.checkoutId)!.request as any)
    .redirection.successUrl as string
  const back = await followReturn(ctx.api, success)
  return { ...l, orderId: orderIdFrom(landedAt(back)) }
}

/** Paid, and the tab closed before the return: the store never heard of it. */
export async function paidNeverReturned(
  ctx: Ctx,
  options: { amount?: number } = {}
): Promise<PaidLink> {
  const l = await link(ctx)
  ctx.sandbox.payWithoutReturn(l.checkoutId, options)
  return { ...l, orderId: null }
}

/** A link the store withdrew (the customer chose gateway B for the same cart), then paid anyway without returning. */
export async function withdrawnThenPaid(ctx: Ctx): Promise<PaidLink> {
  const a = await link(ctx)
  await createPaymentLink(
    ctx.api,
    ctx.seed.publishableKey,
    a.cartId,
    PROVIDERS.gatewayB
  )
  ctx.sandbox.payWithoutReturn(a.checkoutId)
  return { ...a, orderId: null }
}

/** The success return address opened without paying: an order placed with no money behind it. */
export async function returnedWithoutPaying(ctx: Ctx): Promise<PaidLink> {
  const l = await link(ctx)
  const success = (ctx.sandbox.checkouts.get(l.checkoutId)!.request as any)
    .redirection.successUrl as string
  const back = await followReturn(ctx.api, success)
  return { ...l, orderId: orderIdFrom(landedAt(back)) }
}

/**
 * POST …/uploads with the file as the raw body; the answer (errors returned, not thrown). A Buffer
 * is sent as a stream with its Content-Length: the suite's secrets check walks every request body
 * key by key, which for a 50 MiB Buffer is 50 million entries.
 */
export async function upload(
  ctx: Ctx,
  file: Buffer | NodeJS.ReadableStream,
  query: Record<string, string>,
  contentType = "text/csv"
) {
  const qs = new URLSearchParams(query).toString()
  const length = Buffer.isBuffer(file)
    ? { "content-length": String(file.length) }
    : {}
  const body = Buffer.isBuffer(file)
    ? Readable.from(file.length ? [file] : [])
    : file
  return await ctx.api
    .post(`/admin/paylink/reconciliations/uploads?${qs}`, body, {
      headers: { ...ctx.admin.headers, "content-type": contentType, ...length },
      maxBodyLength: Infinity,
      maxContentLength: Infinity,
    })
    .catch(
      (e: any) =>
        e.response ?? {
          status: 0,
          data: { message: String(e.code ?? e.message) },
        }
    )
}

/** Upload, create with the suggested mapping, and wait for the read: the reconciliation as read. */
export async function reconcile(
  ctx: Ctx,
  file: Buffer,
  fileName = "transacciones.csv",
  gateway = "gatewayA"
) {
  const up = await upload(ctx, file, { gateway, file_name: fileName })
  expect(up.status).toBe(200)
  const created = await ctx.api.post(
    `/admin/paylink/reconciliations`,
    {
      gateway,
      file_key: up.data.upload.file_key,
      file_name: fileName,
      mapping: up.data.upload.suggested_mapping,
    },
    ctx.admin
  )
  expect(created.status).toBe(202)
  const read = await waitForRead(ctx, created.data.reconciliation.id)
  return {
    upload: up.data.upload,
    created: created.data.reconciliation,
    reconciliation: read,
  }
}

export async function waitForRead(ctx: Ctx, id: string) {
  const get = async () =>
    (await ctx.api.get(`/admin/paylink/reconciliations/${id}`, ctx.admin)).data
      .reconciliation
  const read = await eventually(get, (r) => r.status !== "reading", 30_000)
  expect(read.status).toBe("ready")
  return read
}

/** Every entry of a reconciliation (one page: the tests' files are small). */
export async function entriesOf(ctx: Ctx, id: string, group?: string) {
  const q = group ? `&group=${group}` : ""
  return (
    await ctx.api.get(
      `/admin/paylink/reconciliations/${id}/entries?limit=1000${q}`,
      ctx.admin
    )
  ).data
}

/** An instant as the dashboards write it, in Guatemala time (UTC−6, to the minute): "27/11/2026 15:04". */
export function guatemalaMinute(at: Date = new Date()): string {
  const local = new Date(at.getTime() - 6 * 3_600_000).toISOString()
  return `${local.slice(0, 10).split("-").reverse().join("/")} ${local.slice(11, 16)}`
}

/** An export in the sandbox's layout (its header, semicolons, CRLF) holding these rows. */
export function exportFile(rows: string[]): Buffer {
  return Buffer.from(
    [EXPORT_COLUMNS.join(";"), ...rows].join("\r\n") + "\r\n",
    "utf8"
  )
}

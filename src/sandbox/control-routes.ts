/**
 * Control API for users outside the test process (a storefront developer's terminal, a demo
 * script): the same levers as the in-process handle, over HTTP. These calls are never recorded,
 * so inspecting the log does not change it.
 */
import express from "express"
import { z } from "zod"
import { ENDPOINTS, type EndpointName } from "../lib/paylink/endpoints"
import type { FaultQueue } from "./faults"
import { payOptionProblems, recordPayment, settleRefusal } from "./payments"
import { nextRenewal, recordRenewal, renewalRefusal } from "./renewals"
import type { SandboxStore } from "./store"
import { FAULT_MODES, type SandboxCheckout } from "./types"
import { issuesToErrors, sendBadRequest } from "./validation"

export const CONTROL_PREFIX = "/__sandbox"

type ControlContext = {
  store: SandboxStore
  faults: FaultQueue
  reset: () => void
  now: () => Date
}

// Shared with the front page's forms (front-page-routes.ts), so both refuse the same things.
export const failSchema = z
  .object({
    count: z
      .number()
      .int()
      .positive({ error: "must be a whole number of 1 or more" }),
    mode: z.enum(FAULT_MODES),
    endpoint: z
      .enum(Object.keys(ENDPOINTS) as [EndpointName, ...EndpointName[]])
      .optional(),
  })
  .strict()

export const randomSchema = z
  .object({
    share: z
      .number()
      .min(0, { error: "must be from 0 to 1" })
      .max(1, { error: "must be from 0 to 1" }),
    modes: z
      .array(z.enum(FAULT_MODES))
      .min(1, { error: `must name at least one of ${FAULT_MODES.join(", ")}` }),
    endpoints: z
      .array(
        z.enum(Object.keys(ENDPOINTS) as [EndpointName, ...EndpointName[]])
      )
      .nullable()
      .optional(),
    seed: z.number().int().optional(),
  })
  .strict()

const payWithoutReturnSchema = z
  .object({
    amount: z.number().optional(),
    currency: z.string().optional(),
    cardLast4: z.string().optional(),
  })
  .strict()

// `at` and `amount` are judged by nextRenewal (a date after the previous charge, cents): here only
// which fields there are, so an unknown one is named.
const chargeNextPeriodSchema = z
  .object({ at: z.unknown(), amount: z.unknown() })
  .partial()
  .strict()

export function controlRouter(ctx: ControlContext): express.Router {
  const router = express.Router({ strict: true, caseSensitive: true })
  router.use(express.json())

  router.get("/requests", (_req, res) => {
    res.json({ requests: ctx.store.requests })
  })

  router.delete("/requests", (_req, res) => {
    ctx.store.clearRequests()
    res.status(204).end()
  })

  router.get("/faults", (_req, res) => {
    res.json({
      pending: ctx.faults.list(),
      random: ctx.faults.randomPolicy(),
      injected: ctx.faults.injected(),
    })
  })

  // A share of calls fails at random until DELETE (a soak run's weather); queued faults come first.
  router.put("/faults/random", (req, res) => {
    const parsed = randomSchema.safeParse(req.body)
    // The schema holds every rule of checkRandomFaults, so a 400 names the field.
    if (!parsed.success)
      return sendBadRequest(res, issuesToErrors(parsed.error, req.body))
    ctx.faults.setRandom(parsed.data)
    res.json({ random: ctx.faults.randomPolicy() })
  })

  router.delete("/faults/random", (_req, res) => {
    ctx.faults.setRandom(null)
    res.status(204).end()
  })

  router.get("/discounts", (_req, res) => {
    res.json({ discounts: ctx.store.discounts })
  })

  router.post("/fail", (req, res) => {
    const parsed = failSchema.safeParse(req.body)
    if (!parsed.success)
      return sendBadRequest(res, issuesToErrors(parsed.error, req.body))
    ctx.faults.add(parsed.data.count, parsed.data.mode, parsed.data.endpoint)
    res.json({ pending: ctx.faults.list() })
  })

  router.post("/reset", (_req, res) => {
    ctx.reset()
    res.status(204).end()
  })

  router.post("/revoke-benefit-tokens", (_req, res) => {
    ctx.store.revokeBenefitsTokens()
    res.status(204).end()
  })

  router.get("/checkouts", (_req, res) => {
    res.json({
      checkouts: [...ctx.store.checkouts.values()].map((c) =>
        view(c, ctx.now())
      ),
    })
  })

  router.get("/checkouts/:id", (req, res) => {
    const checkout = ctx.store.checkouts.get(req.params.id)
    if (!checkout) {
      res.status(404).json({ message: `No checkout ${req.params.id}` })
      return
    }
    res.json(view(checkout, ctx.now()))
  })

  // A customer who paid and closed the tab: paid, and no browser sent anywhere. The overrides are
  // test aids ("the gateway charged a different amount"); the hosted page always charges the link's.
  router.post("/checkouts/:id/pay-without-return", (req, res) => {
    const checkout = ctx.store.checkouts.get(req.params.id)
    if (!checkout) {
      res.status(404).json({ message: `No checkout ${req.params.id}` })
      return
    }
    const body = req.body ?? {}
    const parsed = payWithoutReturnSchema.safeParse(body)
    if (!parsed.success)
      return sendBadRequest(res, issuesToErrors(parsed.error, body))
    const problems = payOptionProblems(parsed.data)
    if (problems.length) return sendBadRequest(res, problems)
    const refusal = settleRefusal(checkout, ctx.now())
    if (refusal) {
      res.status(refusal.status).json({ message: refusal.message })
      return
    }
    res.json(
      view(
        recordPayment(ctx.store, checkout, ctx.now(), parsed.data),
        ctx.now()
      )
    )
  })

  // The gateway bills a paid subscription again every period and tells nobody: a later charge the
  // store only sees in the export. `at` and `amount` are test aids (another date, another amount).
  router.post("/checkouts/:id/charge-next-period", (req, res) => {
    const checkout = ctx.store.checkouts.get(req.params.id)
    if (!checkout) {
      res.status(404).json({ message: `No checkout ${req.params.id}` })
      return
    }
    const body = req.body ?? {}
    const parsed = chargeNextPeriodSchema.safeParse(body)
    if (!parsed.success)
      return sendBadRequest(res, issuesToErrors(parsed.error, body))
    const refusal = renewalRefusal(checkout)
    if (refusal) {
      res.status(409).json({ message: refusal })
      return
    }
    const next = nextRenewal(checkout, parsed.data, ctx.now())
    if (next.problems) return sendBadRequest(res, next.problems)
    res.json(view(recordRenewal(ctx.store, checkout, next), ctx.now()))
  })

  router.use((req, res) => {
    res.status(404).json({
      message: `Not found: ${req.method} ${CONTROL_PREFIX}${req.path}`,
    })
  })
  return router
}

/** `expired` is derived rather than stored: it changes with the clock, not with a call. */
function view(checkout: SandboxCheckout, now: Date) {
  return {
    ...checkout,
    expired:
      checkout.state === "open" &&
      now.getTime() >= Date.parse(checkout.expiresAt),
  }
}

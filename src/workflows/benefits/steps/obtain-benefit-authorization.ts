import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import { randomBytes } from "node:crypto"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { openProgramSession, sendDiscount } from "../../../lib/benefits/program"
import type { PreparedBenefit } from "./prepare-benefit-apply"
import type { SettingsRow } from "../../../modules/benefits/service"
import type { RedemptionStatus } from "../../../modules/benefits/models/benefit-redemption"
import type { AuthorizationOnRecord } from "../../../lib/benefits/not-applied"
import { cardLockKey, normalizeCard } from "../../../lib/benefits/card"
import { BENEFITS_CURRENCY_CODE } from "../../../types/benefits"
import { codedError } from "../../../lib/common/store-errors"

type Input = { cart_id: string; card: string; prepared: PreparedBenefit }

export type HeldAuthorization = AuthorizationOnRecord & {
  redemption_id: string
  confirmation: string
  reused: boolean
}

type Undo =
  | { kind: "created"; id: string }
  | {
      kind: "reused"
      id: string
      before: {
        status: RedemptionStatus
        stale_at: Date | null
        removed_at: Date | null
        failure_reason: string | null
        promotion_id: string | null
        promotion_code: string | null
      }
      retired_promotion_id: string | null
    }

const AUTHORIZED_BUT_NOT_APPLIED =
  "The program authorized the discount but applying it to the cart failed; no discount was applied."

/**
 * The program's authorization for this apply: one already held is brought back without a call;
 * otherwise the redemption is written `pending` before endpoint 5 is called, under the card's lock
 * (docs/architecture.md#program-requests-on-record). Nothing undoes the program's side.
 */
export const obtainBenefitAuthorizationStep = createStep(
  "obtain-benefit-authorization",
  async ({ cart_id, card, prepared }: Input, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const promotions = container.resolve(Modules.PROMOTION)

    // Authorized redemptions whose promotion was taken off the cart some other way (for example
    // the core DELETE /store/carts/:id/promotions) no longer discount it: they are removed.
    for (const id of prepared.orphan_ids) {
      const orphan = await benefits.retrieveBenefitRedemption(id)
      await benefits.updateBenefitRedemptions({
        id,
        status: "removed",
        removed_at: new Date(),
      })
      if (orphan.promotion_id) {
        await promotions.softDeletePromotions([orphan.promotion_id])
      }
    }

    if (prepared.reuse_id) {
      const before = await benefits.retrieveBenefitRedemption(prepared.reuse_id)
      // An authorized one being reused had its promotion taken off the cart: retire that promotion.
      const retired =
        before.status === "authorized" && before.promotion_id
          ? before.promotion_id
          : null
      if (retired) {
        await promotions.softDeletePromotions([retired])
      }
      await benefits.updateBenefitRedemptions({
        id: before.id,
        status: "authorized",
        stale_at: null,
        removed_at: null,
        failure_reason: null,
        promotion_id: null,
        promotion_code: null,
      })
      const held: HeldAuthorization = {
        redemption_id: before.id,
        authorization: before.authorization!,
        confirmation: before.confirmation!,
        reused: true,
        // Compensation puts it back as it was: only one that had already failed stays failed.
        kept_on_failure: before.status === "failed",
      }
      const undo: Undo = {
        kind: "reused",
        id: before.id,
        before: {
          status: before.status,
          stale_at: before.stale_at ?? null,
          removed_at: before.removed_at ?? null,
          failure_reason: before.failure_reason ?? null,
          promotion_id: before.promotion_id ?? null,
          promotion_code: before.promotion_code ?? null,
        },
        retired_promotion_id: retired,
      }
      return new StepResponse(held, undo)
    }

    const reference = `BEN-${randomBytes(8).toString("hex").toUpperCase()}`
    // Under the card's lock, so applies of one card on several carts cannot all see room for one
    // more. The cart lock is always taken first.
    const { session, row } = await container.resolve(Modules.LOCKING).execute(
      cardLockKey(prepared.card_fingerprint),
      async () => {
        await benefits.assertCardWithinLimit({
          fingerprint: prepared.card_fingerprint,
          last4: prepared.card_last4,
        })
        // Address and token first: a store that cannot call the program has not called it.
        const session = await openProgramSession(
          benefits,
          prepared.settings as SettingsRow | null
        )
        const row = await benefits.openRedemption({
          cart_id,
          rule_id: prepared.rule_id,
          benefit_code: prepared.benefit_code,
          card_last4: prepared.card_last4,
          card_fingerprint: prepared.card_fingerprint,
          discount: prepared.discount,
          total: prepared.total,
          currency_code: BENEFITS_CURRENCY_CODE,
          status: "pending",
          reference,
          attempt: prepared.attempt,
        })
        return { session, row }
      },
      { timeout: 30 }
    )
    await container.resolve(ContainerRegistrationKeys.LINK).create({
      [Modules.CART]: { cart_id },
      [BENEFITS_MODULE]: { benefit_redemption_id: row.id },
    })

    const outcome = await sendDiscount(benefits, session, {
      discount: Number(prepared.discount),
      total: Number(prepared.total),
      // The program's own spelling of the currency (docs/service.md §5.8).
      currency: "GTQ",
      code: prepared.benefit_code,
      card: normalizeCard(card)!,
    })
    if (outcome.status === "authorized") {
      await benefits.patchRedemption(row.id, {
        status: "authorized",
        authorization: outcome.codes.authorization,
        confirmation: outcome.codes.confirmation,
        authorized_at: new Date(),
      })
      const held: HeldAuthorization = {
        redemption_id: row.id,
        ...outcome.codes,
        reused: false,
        kept_on_failure: true,
      }
      return new StepResponse(held, { kind: "created", id: row.id } as Undo)
    }
    const unknown = outcome.status === "unknown"
    await benefits.patchRedemption(row.id, {
      status: outcome.status,
      failure_reason: unknown
        ? `No usable answer from the program (${outcome.error.message}); it may have authorized the discount. Reference ${reference}.`
        : outcome.error.message,
    })
    if (unknown) {
      // The customer gets the reference to quote: the program may have authorized the discount.
      throw codedError(
        outcome.error.type,
        "benefits.outcome_unknown",
        `${outcome.error.message.replace(/[^.!?]$/, "$&.")} The request is recorded as redemption ${reference} with status unknown: the program may have authorized it. No discount was applied.`,
        { reference }
      )
    }
    throw new MedusaError(
      outcome.error.type,
      outcome.error.message,
      outcome.error.code
    )
  },
  async (undo, { container }) => {
    if (!undo) {
      return
    }
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    if (undo.kind === "created") {
      const row = await benefits.retrieveBenefitRedemption(undo.id)
      if (row.status === "authorized") {
        await benefits.updateBenefitRedemptions({
          id: undo.id,
          status: "failed",
          failure_reason: AUTHORIZED_BUT_NOT_APPLIED,
        })
      }
      return
    }
    await benefits.updateBenefitRedemptions({ id: undo.id, ...undo.before })
    if (undo.retired_promotion_id) {
      await container
        .resolve(Modules.PROMOTION)
        .restorePromotions([undo.retired_promotion_id])
    }
  }
)

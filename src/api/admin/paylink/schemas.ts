/**
 * The bodies the admin paylink routes accept. Pure: imports only `zod`, so the admin's forms
 * (src/admin) validate with these same schemas before they send anything. The routes' middlewares
 * get them through ./validators.
 */
import { z } from "zod"

/** The note a merchant writes when recording a refund by hand (trimmed length). */
export const REFUND_NOTE_MIN = 3
export const REFUND_NOTE_MAX = 1000

export const AdminConfirmCheckoutBody = z.object({}).strict()

export const AdminPlaceOrderBody = z.object({}).strict()

export const AdminMarkRefundedBody = z
  .object({
    note: z
      .string({ error: "note is required: say how and when the customer was refunded" })
      .trim()
      .min(REFUND_NOTE_MIN, {
        error: `note must say how and when the customer was refunded (at least ${REFUND_NOTE_MIN} characters)`,
      })
      .max(REFUND_NOTE_MAX, { error: `note must be at most ${REFUND_NOTE_MAX} characters` }),
  })
  .strict()

export type AdminMarkRefundedBodyType = z.infer<typeof AdminMarkRefundedBody>

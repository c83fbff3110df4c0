/**
 * The bodies the admin paylink routes accept. Pure (zod and Medusa-free rules only), so the admin's
 * forms validate with the same schemas before sending; the routes get them through ./validators.
 */
import { z } from "zod"
import {
  fieldProblem,
  GATEWAY_FIELD_RULES,
  type GatewaySettingsField,
} from "../../../lib/credentials/gateway-field-rules"

/** The note a merchant writes when recording a refund by hand (trimmed length). */
export const REFUND_NOTE_MIN = 3
export const REFUND_NOTE_MAX = 1000

export const AdminConfirmCheckoutBody = z.object({}).strict()

export const AdminPlaceOrderBody = z.object({}).strict()

export const AdminMarkRefundedBody = z
  .object({
    note: z
      .string({
        error: "note is required: say how and when the customer was refunded",
      })
      .trim()
      .min(REFUND_NOTE_MIN, {
        error: `note must say how and when the customer was refunded (at least ${REFUND_NOTE_MIN} characters)`,
      })
      .max(REFUND_NOTE_MAX, {
        error: `note must be at most ${REFUND_NOTE_MAX} characters`,
      }),
  })
  .strict()

export type AdminMarkRefundedBodyType = z.infer<typeof AdminMarkRefundedBody>

const gatewayField = <T>(field: GatewaySettingsField) =>
  // Never z.string(): a type error would quote the token back in the answer and the log.
  z
    .custom<T>((v) => GATEWAY_FIELD_RULES[field].accepts(v), {
      error: fieldProblem(field),
    })
    .optional()

/**
 * `POST /admin/paylink/gateways/:gateway`: a field left out keeps its value, `null` clears it back
 * to the provider's option. Rules that need the stored row are the paylink module's.
 */
export const AdminGatewaySettingsBody = z
  .object({
    token: gatewayField<string | null>("token"),
    base_url: gatewayField<string | null>("base_url"),
    path_segment: gatewayField<string | null>("path_segment"),
    enabled: gatewayField<boolean>("enabled"),
    renewal_orders: gatewayField<boolean>("renewal_orders"),
  })
  .strict()

export type AdminGatewaySettingsBodyType = z.infer<
  typeof AdminGatewaySettingsBody
>

export const CREATE_TEST_LINK_REQUIRED =
  "create_test_link must be true: Test token makes one real unpaid payment link of the gateway's minimum amount " +
  "(GTQ 5.00), titled as a connection test, because the service has no call that checks a token alone."

/**
 * `POST /admin/paylink/gateways/:gateway/check` (Test token). It makes a real link, so the caller
 * says it knows (`create_test_link: true`); `language`: the link's title (the store's: Spanish).
 */
export const AdminCheckGatewayBody = z
  .object({
    // A refine, not a literal: Medusa rewrites a missing field's message to "is required".
    create_test_link: z
      .boolean({ error: CREATE_TEST_LINK_REQUIRED })
      .optional()
      .refine((v) => v === true, { error: CREATE_TEST_LINK_REQUIRED }),
    language: z
      .enum(["es", "en"], { error: "language must be es or en" })
      .optional(),
  })
  .strict()

export type AdminCheckGatewayBodyType = z.infer<typeof AdminCheckGatewayBody>

export const PROVIDER_ID_REQUIRED =
  "provider_id is required: choose the gateway that makes the link (a payment-link provider such as pp_paylink-gateway-a_default)."
export const PROVIDER_ID_NOT_PAYLINK =
  "provider_id must be a payment-link provider: an id starting with pp_paylink-, such as pp_paylink-gateway-a_default."

/**
 * `POST /admin/paylink/orders/:id/payment-links`. The admin's form shows its own words per rule,
 * told apart by the code (custom or invalid_type: none chosen).
 */
export const AdminCreateOrderPaymentLinkBody = z
  .object({
    provider_id: z
      .string({ error: PROVIDER_ID_REQUIRED })
      // Empty is the same mistake as none (not min(1): Medusa rewrites too_small messages).
      .refine((v) => v.length > 0, { error: PROVIDER_ID_REQUIRED, abort: true })
      .regex(/^pp_paylink-/, { error: PROVIDER_ID_NOT_PAYLINK }),
  })
  .strict()

export type AdminCreateOrderPaymentLinkBodyType = z.infer<
  typeof AdminCreateOrderPaymentLinkBody
>

/** `POST /admin/paylink/checkouts/:id/send`: the language of the e-mail (the store's is Spanish). */
export const AdminSendPaymentLinkBody = z
  .object({
    language: z
      .enum(["es", "en"], { error: "language must be es or en" })
      .optional(),
  })
  .strict()

export type AdminSendPaymentLinkBodyType = z.infer<
  typeof AdminSendPaymentLinkBody
>

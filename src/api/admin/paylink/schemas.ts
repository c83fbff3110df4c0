/**
 * The bodies the admin paylink routes accept. Pure: imports only `zod` and rules that import
 * nothing of Medusa, so the admin's forms (src/admin) validate with these same schemas before they
 * send anything. The routes' middlewares get them through ./validators.
 */
import { z } from "zod"
import { fieldProblem, GATEWAY_FIELD_RULES, type GatewaySettingsField } from "../../../lib/credentials/gateway-field-rules"

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

/** One field of a gateway save, checked by its rule (src/lib/credentials/gateway-field-rules.ts). */
const gatewayField = <T>(field: GatewaySettingsField) =>
  // Never z.string(): a type error would quote the token back in the answer and the log.
  z.custom<T>((v) => GATEWAY_FIELD_RULES[field].accepts(v), { error: fieldProblem(field) }).optional()

/**
 * `POST /admin/paylink/gateways/:gateway`: a field left out keeps its value, `null` clears it back
 * to the provider's option. Every rule of a field's own value is checked here, one `field: rule`
 * issue per field (Medusa's validator answers them joined by "; " after "Invalid request: "), and
 * the admin's form shows the same rule on its field before sending. The rules that need the
 * stored row (a new address needs the token typed again) are the paylink module's.
 */
export const AdminGatewaySettingsBody = z
  .object({
    token: gatewayField<string | null>("token"),
    base_url: gatewayField<string | null>("base_url"),
    path_segment: gatewayField<string | null>("path_segment"),
    enabled: gatewayField<boolean>("enabled"),
  })
  .strict()

export type AdminGatewaySettingsBodyType = z.infer<typeof AdminGatewaySettingsBody>

export const AdminCheckGatewayBody = z.object({}).strict()

export const PROVIDER_ID_REQUIRED =
  "provider_id is required: choose the gateway that makes the link (a payment-link provider such as pp_paylink-gateway-a_default)."
export const PROVIDER_ID_NOT_PAYLINK =
  "provider_id must be a payment-link provider: an id starting with pp_paylink-, such as pp_paylink-gateway-a_default."

/**
 * `POST /admin/paylink/orders/:id/payment-links`: which gateway registration makes the link. The
 * admin's form validates with it too, and shows its own words for each rule (an empty choice is
 * "Choose a gateway"), told apart by the code (custom or invalid_type: none chosen).
 */
export const AdminCreateOrderPaymentLinkBody = z
  .object({
    provider_id: z
      .string({ error: PROVIDER_ID_REQUIRED })
      // An empty choice is the same mistake as none: one message, not also the prefix rule's.
      // (a check of its own: Medusa rewrites a too_small message into its generic words).
      .refine((v) => v.length > 0, { error: PROVIDER_ID_REQUIRED, abort: true })
      .regex(/^pp_paylink-/, { error: PROVIDER_ID_NOT_PAYLINK }),
  })
  .strict()

export type AdminCreateOrderPaymentLinkBodyType = z.infer<typeof AdminCreateOrderPaymentLinkBody>

/** `POST /admin/paylink/checkouts/:id/send`: the language of the e-mail (the store's is Spanish). */
export const AdminSendPaymentLinkBody = z
  .object({
    language: z.enum(["es", "en"], { error: "language must be es or en" }).optional(),
  })
  .strict()

export type AdminSendPaymentLinkBodyType = z.infer<typeof AdminSendPaymentLinkBody>

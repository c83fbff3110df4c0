/**
 * "Send to customer": an open admin link e-mailed to the order's customer through Medusa's
 * notification module (template `paylink-payment-link`, with a plain default content).
 */
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { sendNotificationsStep } from "@medusajs/medusa/core-flows"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { formatCents, toCents } from "../../../lib/common/money"
import { canSendEmail } from "../../../lib/order-links/notification-channel"
import {
  PAYMENT_LINK_TEMPLATE,
  paymentLinkMessage,
} from "../../../lib/order-links/payment-link-message"

export type SendPaymentLinkInput = {
  checkout_id: string
  language?: "es" | "en"
}

const preparePaymentLinkNotificationStep = createStep(
  "prepare-paylink-notification",
  async (
    { checkout_id, language: asked }: SendPaymentLinkInput,
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const record = await paylink.retrievePaylinkCheckout(checkout_id)
    const refuse = (why: string) =>
      new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} ${why}`
      )
    if (record.origin === "storefront" || !record.order_id) {
      throw refuse(
        "was made by the storefront's checkout: only a link made in the admin is sent to the customer."
      )
    }
    if (record.status !== "created" || !record.url) {
      throw refuse(
        `is ${record.status}: only an open link can be sent. Create a new one.`
      )
    }
    if (!(await canSendEmail(container))) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "No notification provider is configured for the email channel: copy the link and send it yourself, or configure one in medusa-config."
      )
    }
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "display_id",
        "email",
        "locale",
        "is_draft_order",
        "status",
        "billing_address.first_name",
        "billing_address.last_name",
      ],
      filters: { id: record.order_id },
    })
    const order = data[0] as any
    if (!order?.email) {
      throw refuse(
        `cannot be sent: order ${order?.display_id ?? record.order_id} has no customer e-mail.`
      )
    }
    // The language asked for, else the order's (Medusa keeps the customer's locale), else the store's: Spanish.
    const language =
      asked ?? (/^en(-|$)/i.test(order.locale ?? "") ? "en" : "es")
    const payload = {
      url: record.url,
      number: record.number,
      amount: formatCents(toCents(record.amount)),
      currency_code: record.currency_code.toUpperCase(),
      order_display_id: order.display_id ?? order.id,
      is_draft_order: !!order.is_draft_order,
      customer_name:
        [order.billing_address?.first_name, order.billing_address?.last_name]
          .filter(Boolean)
          .join(" ") || null,
      expires_at: record.expires_at
        ? new Date(record.expires_at).toISOString()
        : null,
    }
    return new StepResponse([
      {
        to: order.email as string,
        channel: "email",
        template: PAYMENT_LINK_TEMPLATE,
        data: { ...payload, language },
        content: paymentLinkMessage(language, payload),
        trigger_type: "paylink.payment_link.sent",
        resource_id: record.id,
        resource_type: "paylink_checkout",
      },
    ])
  }
)

export const sendPaymentLinkWorkflow = createWorkflow(
  "send-paylink-payment-link",
  (input: SendPaymentLinkInput) => {
    const notifications = preparePaymentLinkNotificationStep(input)
    return new WorkflowResponse(sendNotificationsStep(notifications))
  }
)

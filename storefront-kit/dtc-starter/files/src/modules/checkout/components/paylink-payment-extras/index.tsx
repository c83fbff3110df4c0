"use client"
/**
 * medusa-plugin-paylink: under the payment options, why a provider is not offered for this cart
 * (the subscription is only for goods sold by subscription) and the loyalty card: apply, the
 * discount and the program's authorization, remove.
 */
import { paymentInfoMap } from "@lib/constants"
import {
  applyPaylinkLoyaltyCard,
  removePaylinkLoyaltyCard,
  type PaylinkCheckout,
} from "@lib/data/paylink"
import { convertToLocale } from "@lib/util/money"
import { HttpTypes } from "@medusajs/types"
import { LoyaltyCardField } from "medusa-plugin-paylink/storefront/react"
import { useRouter } from "next/navigation"

const BUTTON =
  "transition-fg relative inline-flex items-center justify-center overflow-hidden rounded-md outline-none shadow-buttons-neutral bg-ui-button-neutral text-ui-fg-base hover:bg-ui-button-neutral-hover txt-compact-small-plus h-11 px-4 disabled:opacity-50"

const STYLE = {
  root: "flex flex-col gap-y-2 mt-6 rounded-rounded border border-ui-border-base p-4",
  title: "txt-medium-plus text-ui-fg-base",
  help: "txt-small text-ui-fg-subtle",
  notice: "txt-small text-ui-fg-subtle",
  form: "flex flex-wrap items-end gap-2",
  label:
    "flex flex-col gap-y-1 txt-small text-ui-fg-subtle flex-1 min-w-[200px]",
  input:
    "h-11 px-4 bg-ui-bg-field border border-ui-border-base rounded-md txt-medium text-ui-fg-base focus:outline-none focus:shadow-borders-interactive-with-active hover:bg-ui-bg-field-hover",
  select:
    "h-11 px-4 bg-ui-bg-field border border-ui-border-base rounded-md txt-medium text-ui-fg-base",
  button: BUTTON,
  removeButton: `${BUTTON} self-start`,
  applied: "txt-medium text-ui-fg-base",
  error: "pt-2 text-rose-500 text-small-regular",
}

export default function PaylinkPaymentExtras({
  cart,
  paylink,
}: {
  cart: HttpTypes.StoreCart
  paylink: PaylinkCheckout
}) {
  const router = useRouter()
  // Applied or removed: the cart's totals changed (and Medusa dropped its payment session).
  const settle = (message: string | null) => {
    if (!message) router.refresh()
    return message
  }
  return (
    <>
      {paylink.unavailable.length > 0 && (
        <ul
          className="mt-4 flex flex-col gap-y-1 txt-small text-ui-fg-subtle"
          data-testid="paylink-unavailable-providers"
        >
          {paylink.unavailable.map((p) => (
            <li key={p.id}>
              <span className="txt-small-plus">
                {paymentInfoMap[p.id]?.title ?? p.id}
              </span>
              : {p.reason}
            </li>
          ))}
        </ul>
      )}
      <LoyaltyCardField
        lang={paylink.lang}
        rules={paylink.rules}
        benefit={paylink.benefit}
        onApply={async (input) =>
          settle(
            await applyPaylinkLoyaltyCard(cart.id, input, paylink.countryCode)
          )
        }
        onRemove={async () =>
          settle(await removePaylinkLoyaltyCard(cart.id, paylink.countryCode))
        }
        formatAmount={(amount, currency_code) =>
          convertToLocale({ amount, currency_code })
        }
        classNames={STYLE}
      />
    </>
  )
}

"use client"
/**
 * medusa-plugin-paylink: the gateway's return made the cart an order on the server, but the browser
 * still holds its id. A page cannot set cookies while it renders, so this drops it once on mount and
 * refreshes (the nav's cart count goes to 0; "add to cart" starts a new cart), and forgets the
 * hosted page this tab left for.
 */
import { forgetPaidCart } from "@lib/data/paylink"
import { forgetLeftPaymentLink } from "medusa-plugin-paylink/storefront"
import { useParams, useRouter } from "next/navigation"
import { useEffect } from "react"

export default function ForgetPaidCart() {
  const router = useRouter()
  const { countryCode } = useParams() as { countryCode: string }
  useEffect(() => {
    forgetPaidCart(countryCode)
      .then((cartId) => {
        if (cartId) forgetLeftPaymentLink(cartId)
        router.refresh()
      })
      .catch(() => {
        // The cart stays remembered; the next visit tries again.
      })
  }, [router, countryCode])
  return null
}

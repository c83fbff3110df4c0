"use client"
/**
 * medusa-plugin-paylink: the review step's "Place order" for a payment link. It asks the backend for
 * the link every time and leaves for the gateway's hosted page.
 */
import { paylinkUrl } from "@lib/data/paylink"
import { HttpTypes } from "@medusajs/types"
import { Button } from "@modules/common/components/ui"
import {
  goToPaymentLink,
  leftPaymentLink,
} from "medusa-plugin-paylink/storefront"
import { useParams } from "next/navigation"
import { useEffect, useState } from "react"
import ErrorMessage from "../error-message"

const PaylinkPaymentButton = ({
  cart,
  notReady,
  "data-testid": dataTestId,
}: {
  cart: HttpTypes.StoreCart
  notReady: boolean
  "data-testid"?: string
}) => {
  const { countryCode } = useParams() as { countryCode: string }
  const [submitting, setSubmitting] = useState(false)
  const [errorMessage, setErrorMessage] = useState<string | null>(null)
  const providerId = cart.payment_collection?.payment_sessions?.[0]?.provider_id

  // Back from the gateway's page, the browser may show this page as it was left: still spinning.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false)
    }
    window.addEventListener("pageshow", shown)
    return () => window.removeEventListener("pageshow", shown)
  }, [])

  const pay = async () => {
    if (!providerId) return
    setSubmitting(true)
    setErrorMessage(null)
    // The link this tab left without paying, if any: the backend replaces it when it cannot be trusted.
    const { url, error } = await paylinkUrl(
      cart.id,
      providerId,
      countryCode,
      leftPaymentLink(cart.id)
    )
    if (url) return goToPaymentLink(cart.id, url)
    setErrorMessage(error)
    setSubmitting(false)
  }

  return (
    <>
      <Button
        disabled={notReady || !providerId}
        isLoading={submitting}
        onClick={pay}
        size="large"
        data-testid={dataTestId}
      >
        Place order
      </Button>
      <ErrorMessage
        error={errorMessage}
        data-testid="paylink-payment-error-message"
      />
    </>
  )
}

export default PaylinkPaymentButton

"use client"
/**
 * medusa-plugin-paylink: the review step's "Place order" for a payment link. It asks the backend for
 * the link every time and leaves for the gateway's hosted page.
 *
 * Back at this step from the gateway's page without a success return (Back, or Cancel on a gateway
 * that has no way back), the shopper chooses: go back to that same page, or start a new payment.
 * Only the second tells the backend which link was left (`leftUrl`), so gateways B and C, which
 * cannot say that a link was canceled, get a new one. It is the shopper's choice because only the
 * shopper knows whether they paid there: a new link for someone who did would be a second payment.
 */
import { paylinkUrl } from "@lib/data/paylink"
import { HttpTypes } from "@medusajs/types"
import { Button, Text } from "@modules/common/components/ui"
import {
  goToPaymentLink,
  leftPaymentLink,
  paylinkShopperLang,
  sameLinkUrl,
} from "medusa-plugin-paylink/storefront"
import { useParams } from "next/navigation"
import { useCallback, useEffect, useState } from "react"
import ErrorMessage from "../error-message"

const TEXTS = {
  en: {
    left: "You left the payment page without finishing. If you paid there, do not pay again: the store will confirm your order. If you did not, start a new payment.",
    resume: "Back to the payment page",
    restart: "Start a new payment",
  },
  es: {
    left: "Salió de la página de pago sin terminar. Si pagó allí, no pague de nuevo: la tienda confirmará su pedido. Si no pagó, inicie un pago nuevo.",
    resume: "Volver a la página de pago",
    restart: "Iniciar un pago nuevo",
  },
}

/** The starter's locale cookie, as its language switch sets it (readable by scripts). */
function localeCookie() {
  return document.cookie
    .split("; ")
    .find((c) => c.startsWith("_medusa_locale="))
    ?.split("=")[1]
}

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
  const [left, setLeft] = useState<string | undefined>()
  const [lang, setLang] = useState<"es" | "en">("en")
  const session = cart.payment_collection?.payment_sessions?.[0]
  const providerId = session?.provider_id
  const sessionUrl = session?.data?.url as string | undefined

  // The page this tab left without paying, while it is still the cart's link.
  const readLeft = useCallback(() => {
    const url = leftPaymentLink(cart.id)
    setLeft(
      url && sessionUrl !== undefined && sameLinkUrl(url, sessionUrl)
        ? url
        : undefined
    )
    setLang(paylinkShopperLang({ locale: localeCookie(), countryCode }))
  }, [cart.id, sessionUrl, countryCode])

  useEffect(() => {
    readLeft()
    // Back from the gateway's page, the browser may show this page as it was left: still spinning.
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      setSubmitting(false)
      readLeft()
    }
    window.addEventListener("pageshow", shown)
    return () => window.removeEventListener("pageshow", shown)
  }, [readLeft])

  const pay = async (leftUrl?: string) => {
    if (!providerId) return
    setSubmitting(true)
    setErrorMessage(null)
    try {
      const { url, error } = await paylinkUrl(
        cart.id,
        providerId,
        countryCode,
        leftUrl
      )
      if (url) return goToPaymentLink(cart.id, url)
      setErrorMessage(error)
    } catch {
      // The action itself failed (network, a new deploy): the shopper can try again.
      setErrorMessage(
        lang === "es"
          ? "No se pudo continuar. Inténtelo de nuevo."
          : "Something went wrong. Please try again."
      )
    }
    setSubmitting(false)
  }

  const t = TEXTS[lang]
  return (
    <>
      {left ? (
        <div className="flex flex-col gap-y-4">
          <Text
            className="txt-medium text-ui-fg-subtle"
            data-testid="paylink-left-notice"
          >
            {t.left}
          </Text>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={notReady || submitting}
              isLoading={submitting}
              onClick={() => pay(left)}
              size="large"
              data-testid={dataTestId}
            >
              {t.restart}
            </Button>
            <Button
              variant="secondary"
              disabled={notReady || submitting}
              onClick={() => pay()}
              size="large"
              data-testid="paylink-resume-button"
            >
              {t.resume}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          disabled={notReady || !providerId}
          isLoading={submitting}
          onClick={() => pay()}
          size="large"
          data-testid={dataTestId}
        >
          Place order
        </Button>
      )}
      <ErrorMessage
        error={errorMessage}
        data-testid="paylink-payment-error-message"
      />
    </>
  )
}

export default PaylinkPaymentButton

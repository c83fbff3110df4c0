/** The merchant's words for the plugin's enumerations; a unit test checks every value has a key. */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type {
  CheckoutOrigin,
  CheckoutStatus,
  Gateway,
  RedemptionStatus,
} from "../../types"
import { PAYLINK_NS } from "../i18n"

export function usePaylinkTranslation() {
  return useTranslation(PAYLINK_NS)
}

export function useLabels() {
  const { t } = usePaylinkTranslation()
  return useMemo(
    () => ({
      status: (s: CheckoutStatus | "awaiting_confirmation") =>
        t(`statuses.${s}`, { defaultValue: s }),
      gateway: (g: Gateway) => t(`gateways.${g}`, { defaultValue: g }),
      origin: (o: CheckoutOrigin) => t(`origins.${o}`, { defaultValue: o }),
      redemption: (s: RedemptionStatus) =>
        t(`benefits.statuses.${s}`, { defaultValue: s }),
    }),
    [t]
  )
}

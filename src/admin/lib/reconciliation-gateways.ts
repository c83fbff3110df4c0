/** The gateways a merchant reconciles: one per dashboard (A's single payments and subscriptions share one). */
import { useMemo } from "react"
import { GATEWAY_DEFINITIONS, type Gateway } from "../../lib/paylink/gateways"
import type { ReconciliationGateway } from "../../types"
import { useLabels, usePaylinkTranslation } from "./labels"

export type ReconcileGateway = {
  key: ReconciliationGateway
  letter: string
  /** The currency a row without one is read in (the gateway's first). */
  defaultCurrency: string
  products: Gateway[]
}

export const RECONCILE_GATEWAYS: ReconcileGateway[] =
  GATEWAY_DEFINITIONS.reduce<ReconcileGateway[]>((out, d) => {
    const known = out.find((g) => g.key === d.pathKey)
    if (known) {
      known.products.push(d.id)
    } else {
      out.push({
        key: d.pathKey,
        letter: d.letter,
        defaultCurrency: d.currencies[0],
        products: [d.id],
      })
    }
    return out
  }, [])

export const reconcileGateway = (key: string) =>
  RECONCILE_GATEWAYS.find((g) => g.key === key)

export function useReconcileGatewayLabels() {
  const { t } = usePaylinkTranslation()
  const labels = useLabels()
  return useMemo(
    () => ({
      name: (key: string) => {
        const g = reconcileGateway(key)
        return g ? t("gatewayNames.single", { letter: g.letter }) : key
      },
      products: (key: string) =>
        (reconcileGateway(key)?.products ?? []).map((p) => labels.gateway(p)),
    }),
    [t, labels]
  )
}

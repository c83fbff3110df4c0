/**
 * The gateways a merchant reconciles: one per dashboard, i.e. per path key. A's single payments and
 * its subscriptions share one dashboard and one export, so they are one choice here.
 */
import { useMemo } from "react"
import { GATEWAY_DEFINITIONS, type Gateway } from "../../lib/paylink/gateways"
import type { ReconciliationGateway } from "../../types"
import { useLabels, usePaylinkTranslation } from "./labels"

export type ReconcileGateway = {
  key: ReconciliationGateway
  letter: string
  /** The currency a row without one is read in (the gateway's first). */
  defaultCurrency: string
  /** The products whose payments the export lists. */
  products: Gateway[]
}

export const RECONCILE_GATEWAYS: ReconcileGateway[] = GATEWAY_DEFINITIONS.reduce<ReconcileGateway[]>((out, d) => {
  const known = out.find((g) => g.key === d.pathKey)
  if (known) {
    known.products.push(d.id)
  } else {
    out.push({ key: d.pathKey, letter: d.letter, defaultCurrency: d.currencies[0], products: [d.id] })
  }
  return out
}, [])

export const reconcileGateway = (key: string) => RECONCILE_GATEWAYS.find((g) => g.key === key)

/** "Gateway B" in the admin's language (the products' shared name), and the products it covers. */
export function useReconcileGatewayLabels() {
  const { t } = usePaylinkTranslation()
  const labels = useLabels()
  return useMemo(
    () => ({
      name: (key: string) => {
        const g = reconcileGateway(key)
        return g ? t("gatewayNames.single", { letter: g.letter }) : key
      },
      products: (key: string) => (reconcileGateway(key)?.products ?? []).map((p) => labels.gateway(p)),
    }),
    [t, labels]
  )
}

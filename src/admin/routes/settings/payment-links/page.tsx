import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Skeleton, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { GatewayCard } from "../../../components/gateways/gateway-card"
import { PAYLINK_NS } from "../../../i18n"
import { useGatewaySettings } from "../../../lib/gateways"
import { serverMessage } from "../../../lib/server-errors"

/**
 * Settings → Payment links: each gateway's credentials (X-Token, base URL, path segment, enabled).
 * A value saved here is what the next checkout uses on every server instance; the provider's
 * options stay the fallback for every field left empty.
 */
const GatewaySettingsPage = () => {
  const { t } = useTranslation(PAYLINK_NS)
  const { data, isLoading, error } = useGatewaySettings()
  return (
    <div className="flex flex-col gap-y-3" data-testid="gateway-settings">
      <Container className="px-6 py-4">
        <Heading level="h1">{t("gateways.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("gateways.description")}
        </Text>
      </Container>
      {error && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-error">
            {t("gateways.loadError", { message: serverMessage(error) })}
          </Text>
        </Container>
      )}
      {isLoading && [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-[220px] w-full rounded-lg" />)}
      {data?.gateways.map((view) => <GatewayCard key={view.gateway} view={view} />)}
    </div>
  )
}

// A string literal, not PAYLINK_NS: the admin's build reads `translationNs` from the source text
// (@medusajs/admin-vite-plugin keeps only string literals), so a constant would leave the label
// untranslated. src/admin/i18n/__tests__/route-labels.unit.spec.ts checks it is PAYLINK_NS.
export const config = defineRouteConfig({ label: "gateways.menuLabel", translationNs: "paylink" })

export default GatewaySettingsPage

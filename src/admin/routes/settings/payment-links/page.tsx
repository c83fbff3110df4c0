import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Skeleton, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { GatewayCard } from "../../../components/gateways/gateway-card"
import { PAYLINK_NS } from "../../../i18n"
import { useGatewaySettings } from "../../../lib/gateways"
import { serverMessage } from "../../../lib/server-errors"

/** Settings → Payment gateways: each gateway's credentials; the provider's options stay the fallback. */
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
      {isLoading &&
        [0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[220px] w-full rounded-lg" />
        ))}
      {data?.gateways.map((view) => (
        <GatewayCard key={view.gateway} view={view} />
      ))}
    </div>
  )
}

// A string literal, not PAYLINK_NS: the admin's build reads `translationNs` from the source text.
export const config = defineRouteConfig({
  label: "gateways.menuLabel",
  translationNs: "paylink",
})

export default GatewaySettingsPage

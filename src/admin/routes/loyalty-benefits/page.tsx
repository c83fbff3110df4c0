import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Sparkles } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { RedemptionsCard } from "../../components/benefits/redemptions-card"
import { BenefitRulesCard } from "../../components/benefits/rules-card"
import { BenefitSettingsCard } from "../../components/benefits/settings-card"
import { usePaylinkTranslation } from "../../lib/labels"

/** Loyalty benefits: the program's credentials, the merchant's rules, and recent redemptions. */
const LoyaltyBenefitsPage = () => {
  const { t } = usePaylinkTranslation()
  return (
    <div className="flex flex-col gap-y-3">
      <Container className="px-6 py-4">
        <Heading level="h1">{t("benefits.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("benefits.intro")}
        </Text>
      </Container>
      <BenefitSettingsCard />
      <BenefitRulesCard />
      <RedemptionsCard />
    </div>
  )
}

export const config = defineRouteConfig({
  label: "benefits.title",
  icon: Sparkles,
  // A string literal (PAYLINK_NS): Medusa's admin build reads it from the source as written.
  translationNs: "paylink",
})

export default LoyaltyBenefitsPage

import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Sparkles } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { BenefitSettingsCard } from "../../components/benefits/settings-card"
import { BenefitRulesCard } from "../../components/benefits/rules-card"
import { RedemptionsCard } from "../../components/benefits/redemptions-card"

/** Loyalty benefits: the program's credentials, the merchant's rules, and recent redemptions. */
const LoyaltyBenefitsPage = () => (
  <div className="flex flex-col gap-y-3">
    <Container className="px-6 py-4">
      <Heading level="h1">Loyalty benefits</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        Discounts the benefits program authorizes for a customer's loyalty card, applied as single-use promotions.
      </Text>
    </Container>
    <BenefitSettingsCard />
    <BenefitRulesCard />
    <RedemptionsCard />
  </div>
)

export const config = defineRouteConfig({ label: "Loyalty benefits", icon: Sparkles })

export default LoyaltyBenefitsPage

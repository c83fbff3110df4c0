import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { BENEFIT_RULE_FIELDS } from "../query-config"
import { echo } from "../../../../lib/common/echo"

/** A rule as the admin routes answer it (the route's query config, when one is set, picks the fields). */
export async function refetchBenefitRule(
  scope: MedusaContainer,
  id: string,
  fields: string[] = BENEFIT_RULE_FIELDS
) {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "benefit_rule",
    fields,
    filters: { id },
  })
  if (!data[0]) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Benefit rule ${echo(id)} was not found.`
    )
  }
  return data[0]
}

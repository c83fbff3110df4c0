import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { echo } from "../../../../../lib/common/echo"

export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "benefit_redemption",
    fields: req.queryConfig.fields,
    filters: { id: req.params.id },
  })
  if (!data[0]) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Redemption ${echo(req.params.id)} was not found.`
    )
  }
  res.json({ redemption: data[0] })
}

import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { CHECKOUT_FIELDS } from "./query-config"
import { echo } from "../../../lib/echo"

/** One checkout record as the admin routes answer it. */
export async function refetchCheckout(req: MedusaRequest, id: string) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "paylink_checkout",
    fields: req.queryConfig?.fields ?? CHECKOUT_FIELDS,
    filters: { id },
  })
  if (!data[0]) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment link ${echo(id)} was not found.`)
  }
  return data[0]
}

import { z } from "@medusajs/framework/zod"
import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { GATEWAY_PATHS } from "../../../../lib/paylink/gateways"
import {
  ENTRY_ACTIONS,
  RECONCILIATION_GROUPS,
  REFERENCE_KINDS,
} from "../../../../types/reconciliation"
import { adminListParams, oneOf } from "../../list-params"
import { unstorableCharacter } from "../../../../lib/reconciliation"

/** A reconciliation covers one gateway's dashboard, named by its path key. */
export const RECONCILIATION_GATEWAYS = GATEWAY_PATHS.map((p) => p.key)

/** Shown in the list and names the download, so kept short and printable. */
export const fileName = z
  .string({ error: "file_name is required" })
  .max(255, { error: "file_name must be at most 255 characters" })
  .refine((v) => !/[\u0000-\u001f\u007f/\\]/.test(v), {
    error: "file_name must not contain control characters or slashes",
  })
  .refine((v) => /\.csv$/i.test(v) && v.length > 4, {
    error: "file_name must end in .csv",
  })

export const AdminReconciliationUploadQuery = z.object({
  gateway: oneOf("gateway", RECONCILIATION_GATEWAYS),
  file_name: fileName,
})

/** jsonb holds no NUL and no lone surrogate: such a value is a 400, not a failed insert. */
const storable = () => (v: string) => unstorableCharacter(v) === null
const storableError = (field: string) => ({
  error: `${field} must not hold a NUL or any character a text cannot hold`,
})

const column = (field: string) =>
  z
    .string({ error: `mapping.${field} must name a column` })
    .min(1, { error: `mapping.${field} must name a column` })
    .max(200)
    .refine(storable(), storableError(`mapping.${field}`))
const optionalColumn = (field: string) => column(field).nullish()

export const ReconciliationMappingBody = z
  .object({
    reference: column("reference"),
    reference_kind: oneOf("mapping.reference_kind", REFERENCE_KINDS),
    other_reference: optionalColumn("other_reference"),
    amount: column("amount"),
    currency: optionalColumn("currency"),
    paid_at: column("paid_at"),
    status: column("status"),
    card_last4: optionalColumn("card_last4"),
    authorization: optionalColumn("authorization"),
    paid_statuses: z
      .array(
        z
          .string()
          .min(1)
          .max(100)
          .refine(storable(), storableError("mapping.paid_statuses")),
        {
          error: "mapping.paid_statuses must be a list of status values",
        }
      )
      .min(1, { error: "mapping.paid_statuses must name at least one status" })
      .max(50, { error: "mapping.paid_statuses may name at most 50 statuses" }),
  })
  .strict()

export const AdminCreateReconciliationBody = z
  .object({
    gateway: oneOf("gateway", RECONCILIATION_GATEWAYS),
    file_key: z.string().min(1).max(500),
    file_name: fileName,
    mapping: ReconciliationMappingBody,
  })
  .strict()
export type AdminCreateReconciliationBodyType = z.infer<
  typeof AdminCreateReconciliationBody
>

export const AdminListReconciliationsQuery = adminListParams({
  limit: 20,
  offset: 0,
}).extend({
  gateway: oneOf("gateway", RECONCILIATION_GATEWAYS).optional(),
})

export const AdminGetReconciliationQuery = createFindParams()

export const AdminListReconciliationEntriesQuery = adminListParams({
  limit: 50,
  offset: 0,
}).extend({
  group: oneOf("group", RECONCILIATION_GROUPS).optional(),
  /** With `applied=false`: what applying will still change, counted by `count` (`limit=1`). */
  action: oneOf("action", ENTRY_ACTIONS).optional(),
  applied: oneOf("applied", ["true", "false"] as const)
    .transform((v) => v === "true")
    .optional(),
})

export const AdminListReconciliationBadRowsQuery = adminListParams({
  limit: 50,
  offset: 0,
})

/** The only choice: confirm that a file matching none of the gateway's links is its export all the same. */
export const AdminApplyReconciliationBody = z
  .object({
    confirm_gateway: z
      .boolean({ error: "confirm_gateway must be true or false" })
      .optional(),
  })
  .strict()
export type AdminApplyReconciliationBodyType = z.infer<
  typeof AdminApplyReconciliationBody
>

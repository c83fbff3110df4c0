/**
 * The store for the several-instances test (run.js): the specs' store (helpers/seed.ts) and an
 * admin's bearer token, made once through `medusa exec` before the instances start. Prints one
 * line `CLUSTER_SEED {...}` for run.js.
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { seedStore } from "../helpers/seed"
import { adminHeaders } from "../helpers/admin"

export default async function seedCluster({ container }: ExecArgs) {
  const seed = await seedStore(container)
  const admin = await adminHeaders(container)
  console.log(
    `CLUSTER_SEED ${JSON.stringify({ ...seed, adminAuthorization: admin.headers.authorization })}`
  )
}

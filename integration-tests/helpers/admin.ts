/** An admin user and a bearer token for the admin API, without going through a login form. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { generateJwtToken, Modules } from "@medusajs/framework/utils"

export async function adminHeaders(container: MedusaContainer) {
  const users = container.resolve(Modules.USER)
  const auth = container.resolve(Modules.AUTH)
  const user = await users.createUsers({ email: `admin-${Date.now()}@example.com` })
  const identity = await auth.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: user.email }],
    app_metadata: { user_id: user.id },
  })
  const token = generateJwtToken(
    { actor_id: user.id, actor_type: "user", auth_identity_id: identity.id, app_metadata: { user_id: user.id } },
    { secret: process.env.JWT_SECRET || "supersecret", expiresIn: "1d" }
  )
  return { headers: { authorization: `Bearer ${token}` }, userId: user.id }
}

/** An admin user and a bearer token for the admin API, without going through a login form. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { generateJwtToken, Modules } from "@medusajs/framework/utils"

export async function adminHeaders(container: MedusaContainer) {
  const users = container.resolve(Modules.USER)
  const auth = container.resolve(Modules.AUTH)
  const user = await users.createUsers({
    email: `admin-${Date.now()}@example.com`,
  })
  const identity = await auth.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: user.email }],
    app_metadata: { user_id: user.id },
  })
  const token = generateJwtToken(
    {
      actor_id: user.id,
      actor_type: "user",
      auth_identity_id: identity.id,
      app_metadata: { user_id: user.id },
    },
    { secret: process.env.JWT_SECRET || "supersecret", expiresIn: "1d" }
  )
  return { headers: { authorization: `Bearer ${token}` }, userId: user.id }
}

/**
 * An admin user who can sign in through the dashboard's login form: the same emailpass identity
 * `medusa user -e -p` makes (registered with a hashed password, then tied to the user).
 */
export async function adminWithPassword(
  container: MedusaContainer,
  email: string,
  password: string
) {
  const users = container.resolve(Modules.USER)
  const auth = container.resolve(Modules.AUTH)
  const user = await users.createUsers({
    email,
    first_name: "Marta",
    last_name: "Pérez",
  })
  const registered = await auth.register("emailpass", {
    body: { email, password },
  })
  if (!registered.success || !registered.authIdentity) {
    throw new Error(
      `could not register an emailpass identity for ${email}: ${registered.error}`
    )
  }
  await auth.updateAuthIdentities({
    id: registered.authIdentity.id,
    app_metadata: { user_id: user.id },
  })
  return { userId: user.id, email, password }
}

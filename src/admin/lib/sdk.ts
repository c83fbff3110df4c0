import Medusa from "@medusajs/js-sdk"

/**
 * The js-sdk client as Medusa documents it for a plugin's admin: `__BACKEND_URL__` from the host's
 * build (a plugin's own VITE_* would be baked in empty), and the dashboard's authentication mode
 * (`__AUTH_TYPE__`, cookie session by default). `typeof` guards for bundlers that define neither.
 */
const backendUrl =
  typeof __BACKEND_URL__ === "undefined" ? undefined : __BACKEND_URL__
const authType =
  typeof __AUTH_TYPE__ === "undefined" ? undefined : __AUTH_TYPE__
const jwtTokenStorageKey =
  typeof __JWT_TOKEN_STORAGE_KEY__ === "undefined"
    ? undefined
    : __JWT_TOKEN_STORAGE_KEY__

export const sdk = new Medusa({
  baseUrl: backendUrl || "/",
  debug: import.meta.env.DEV,
  auth: {
    type: authType ?? "session",
    jwtTokenStorageKey: jwtTokenStorageKey || undefined,
  },
})

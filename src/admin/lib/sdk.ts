import Medusa from "@medusajs/js-sdk"

/**
 * The client of the plugin's admin extensions, set up the way Medusa documents it for a plugin's
 * admin (https://docs.medusajs.com/resources/js-sdk, "Admin (Medusa Plugin)"): the backend URL is
 * the global `__BACKEND_URL__` that the host's admin build defines (a plugin is built before it
 * knows its host, so `import.meta.env.VITE_*` of the plugin's own build would be baked in empty),
 * and debug logging in development.
 *
 * The authentication mode is not hard-coded: the host's admin build defines `__AUTH_TYPE__` and
 * `__JWT_TOKEN_STORAGE_KEY__` (ADMIN_AUTH_TYPE, ADMIN_JWT_TOKEN_STORAGE_KEY) and Medusa's own
 * dashboard client reads them, falling back to the cookie session. Reading them the same way
 * keeps these requests authenticated as the dashboard's own are, including in an admin switched
 * to JWT (e.g. for a third-party login). `typeof` guards keep the module loadable where a bundler
 * did not define them.
 */
const backendUrl = typeof __BACKEND_URL__ === "undefined" ? undefined : __BACKEND_URL__
const authType = typeof __AUTH_TYPE__ === "undefined" ? undefined : __AUTH_TYPE__
const jwtTokenStorageKey = typeof __JWT_TOKEN_STORAGE_KEY__ === "undefined" ? undefined : __JWT_TOKEN_STORAGE_KEY__

export const sdk = new Medusa({
  baseUrl: backendUrl || "/",
  debug: import.meta.env.DEV,
  auth: {
    type: authType ?? "session",
    jwtTokenStorageKey: jwtTokenStorageKey || undefined,
  },
})

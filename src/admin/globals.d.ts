/**
 * Globals the host's admin build (@medusajs/admin-bundler) defines for the dashboard and the
 * plugins' extensions it bundles; undefined when the host does not set them.
 */
declare const __BACKEND_URL__: string | undefined
declare const __AUTH_TYPE__: "session" | "jwt" | undefined
declare const __JWT_TOKEN_STORAGE_KEY__: string | undefined

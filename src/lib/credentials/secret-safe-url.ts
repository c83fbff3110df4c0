/**
 * Whether an address may be sent a secret (the program's password, a gateway's token): https, or
 * plain http only on this machine (localhost, 127.0.0.1, ::1), where a local emulator or tunnel may
 * listen. Imports nothing, so the admin's forms check with it too.
 */
export function isSecretSafeUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol === "https:") {
    return true
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase()
  return (
    url.protocol === "http:" && ["localhost", "127.0.0.1", "::1"].includes(host)
  )
}

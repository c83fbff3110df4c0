/**
 * The sandbox for a spec file, on a fixed loopback port that medusa-config reads from
 * PAYLINK_BASE_URL (the app's config is loaded once, before any test runs).
 */
import { createSandbox, type SandboxHandle } from "../../src/sandbox"

export const SANDBOX_PORT = 4870 + Number(process.env.JEST_WORKER_ID || "1")

process.env.PAYLINK_BASE_URL = `http://127.0.0.1:${SANDBOX_PORT}`
// Keep fault tests quick: a hung upstream is given up after 1.5 s.
process.env.PAYLINK_TIMEOUT_MS = process.env.PAYLINK_TIMEOUT_MS || "1500"

export async function startSandbox(): Promise<SandboxHandle> {
  return await createSandbox({ port: SANDBOX_PORT, host: "127.0.0.1" })
}

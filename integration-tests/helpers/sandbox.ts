import net from "node:net"
/**
 * The sandbox for a spec file, on a port the system picks when it starts: other test runs share
 * the machine. It starts in the suite's first beforeAll, before the app loads medusa-config.ts,
 * which reads PAYLINK_BASE_URL then.
 */
import {
  createSandbox,
  type SandboxHandle,
  type SandboxOptions,
} from "../../src/sandbox"

// Keep fault tests quick: a hung upstream is given up after 1.5 s.
process.env.PAYLINK_TIMEOUT_MS = process.env.PAYLINK_TIMEOUT_MS || "1500"
// Specs test a gateway's token more than once a minute: one Test token per gateway per 3 s.
process.env.PAYLINK_TEST_TOKEN_INTERVAL_MS =
  process.env.PAYLINK_TEST_TOKEN_INTERVAL_MS || "3000"

/** `options` for a spec that needs more (a clock of its own). */
export async function startSandbox(
  options: SandboxOptions = {}
): Promise<SandboxHandle> {
  const sandbox = await createSandbox({
    ...options,
    port: 0,
    host: "127.0.0.1",
  })
  process.env.PAYLINK_BASE_URL = sandbox.url
  return sandbox
}

/** The calls that make a checkout (any gateway), not the benefits program's setup and discount calls. */
export function checkoutCallsOf(sandbox: SandboxHandle) {
  return sandbox.requests.filter(
    (r) => r.endpoint !== "discount" && r.endpoint !== "setup"
  )
}

/** A local port nothing listens on: a gateway address that cannot be reached. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

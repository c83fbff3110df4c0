/**
 * Where run.js put the host app, and the sandbox taken from the package installed there (so the
 * shipped `medusa-plugin-paylink/sandbox` export is what the consumer specs exercise).
 */
import type { SandboxHandle, SandboxOptions } from "../../src/sandbox"

export function consumerHost(spec: string) {
  const dir = process.env.PAYLINK_CONSUMER_HOST || ""
  const sandboxPort = Number(process.env.PAYLINK_CONSUMER_SANDBOX_PORT)
  if (!dir || !sandboxPort) {
    throw new Error(
      `${spec} is run by \`npm run test:consumer\` (integration-tests/consumer/run.js)`
    )
  }
  const fromHost = (id: string) => require.resolve(id, { paths: [dir] })
  /** `options` (e.g. the tokens it accepts) on top of the port run.js wrote into the host's config. */
  const startSandbox = async (
    options: Omit<SandboxOptions, "port" | "host"> = {}
  ): Promise<SandboxHandle> => {
    // The host's installed copy of the package, resolved at run time (not this repository's source).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createSandbox } = require(
      fromHost("medusa-plugin-paylink/sandbox")
    ) as typeof import("../../src/sandbox")
    return await createSandbox({
      ...options,
      port: sandboxPort,
      host: "127.0.0.1",
    })
  }
  return { dir, sandboxPort, fromHost, startSandbox }
}

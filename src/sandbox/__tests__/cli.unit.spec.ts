import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import axios from "axios"
import { CLI_DEFAULT_PORT, CliUsageError, parseCli } from "../cli"

describe("parseCli", () => {
  it("defaults to the fixed CLI port and leaves the rest to createSandbox", () => {
    expect(parseCli([], {})).toEqual({
      help: false,
      options: {
        port: CLI_DEFAULT_PORT,
        host: undefined,
        publicUrl: undefined,
        tokens: {
          gatewayA: undefined,
          gatewayB: undefined,
          gatewayC: undefined,
        },
        benefits: { user: undefined, password: undefined, branch: undefined },
      },
    })
  })

  it("reads the environment; flags win over it", () => {
    const env = {
      PAYLINK_SANDBOX_PORT: "5000",
      PAYLINK_SANDBOX_TOKEN_B: "tb",
      PAYLINK_SANDBOX_BENEFITS_USER: "u",
      PAYLINK_SANDBOX_BENEFITS_PASSWORD: "p",
      PAYLINK_SANDBOX_BENEFITS_BRANCH: "9",
    }
    const parsed = parseCli(
      ["--port=0", "--host", "0.0.0.0", "--public-url", "https://x.test"],
      env
    )
    expect(parsed).toMatchObject({
      help: false,
      options: {
        port: 0,
        host: "0.0.0.0",
        publicUrl: "https://x.test",
        tokens: { gatewayB: "tb" },
        benefits: { user: "u", password: "p", branch: 9 },
      },
    })
    expect(parseCli([], env)).toMatchObject({ options: { port: 5000 } })
  })

  it("help, and usage errors", () => {
    expect(parseCli(["--help"], {})).toEqual({ help: true })
    expect(() => parseCli(["--nope"], {})).toThrow(CliUsageError)
    expect(() => parseCli(["--port", "abc"], {})).toThrow(
      /port must be an integer/
    )
    expect(() =>
      parseCli([], { PAYLINK_SANDBOX_BENEFITS_BRANCH: "x" })
    ).toThrow(/branch/)
  })
})

const REPO = path.join(__dirname, "..", "..", "..")

/**
 * A copy of the package root without `.medusa` (a build left in the working tree would
 * otherwise be what the bin runs): bin/ copied, the rest linked to this repository.
 */
function sourceOnlyRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "paylink-sandbox-bin-"))
  fs.mkdirSync(path.join(root, "bin"))
  fs.copyFileSync(
    path.join(REPO, "bin", "paylink-sandbox.js"),
    path.join(root, "bin", "paylink-sandbox.js")
  )
  for (const entry of [
    "src",
    "node_modules",
    "tsconfig.json",
    "package.json",
  ]) {
    fs.symlinkSync(path.join(REPO, entry), path.join(root, entry))
  }
  return root
}

describe("bin/paylink-sandbox.js", () => {
  it("starts from the TypeScript sources without any @medusajs package, answers, hides custom tokens, stops on SIGTERM", async () => {
    const root = sourceOnlyRoot()
    const forbidMedusa = path.join(__dirname, "fixtures", "forbid-medusa.js")
    const child = spawn(
      process.execPath,
      [
        "--require",
        forbidMedusa,
        path.join(root, "bin", "paylink-sandbox.js"),
        "--port",
        "0",
      ],
      {
        env: { ...process.env, PAYLINK_SANDBOX_TOKEN_A: "very-secret-token" },
        stdio: ["ignore", "pipe", "pipe"],
      }
    )
    let stderr = ""
    child.stderr.on("data", (chunk) => (stderr += chunk))
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code))
    )
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = ""
        child.stdout.on("data", (chunk) => {
          out += chunk
          if (out.includes("\n")) resolve(out.split("\n")[0])
        })
        child.on("exit", () =>
          reject(new Error(`exited early: ${out}${stderr}`))
        )
      })
      expect(line).toMatch(
        /^paylink sandbox listening on http:\/\/127\.0\.0\.1:\d+ /
      )
      expect(line).toContain("A=set")
      expect(line).toContain("B=sandbox-token-b")
      expect(line).not.toContain("very-secret-token")
      const url = /listening on (\S+)/.exec(line)![1]
      const res = await axios.post(
        `${url}/pay/v2/gateway_a/checkouts/hosted/single`,
        {},
        {
          headers: { "X-Token": "very-secret-token" },
          validateStatus: () => true,
        }
      )
      expect(res.status).toBe(400)
      child.kill("SIGTERM")
      expect(await exited).toBe(0)
      expect(stderr).toBe("")
    } finally {
      child.kill("SIGKILL")
      fs.rmSync(root, { recursive: true, force: true })
    }
  }, 15_000)
})

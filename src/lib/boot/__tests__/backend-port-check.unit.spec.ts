import {
  backendPortMismatch,
  warnBackendPortMismatch,
} from "../backend-port-check"
import { forgetPrintedBootErrors } from "../boot-check"

describe("backendPortMismatch (backendUrl on this machine, server on another port)", () => {
  it("names both values when a local backendUrl points at another port than the server's", () => {
    const text = backendPortMismatch("http://localhost:9000", 9001)
    expect(text).toContain("backendUrl http://localhost:9000")
    expect(text).toContain("port 9001")
    expect(text).not.toContain("\n")
  })

  it.each([
    ["http://localhost:9000", 9000],
    ["http://127.0.0.1:9000/", 9000],
    ["http://[::1]:9000", 9000],
    ["http://localhost", 80],
    ["https://localhost", 443],
  ])("agrees: %s on port %s", (url, port) => {
    expect(backendPortMismatch(url, port)).toBeNull()
  })

  it.each([
    ["http://127.0.0.1:9000", 9002],
    ["http://[::1]:9000", 9002],
    ["http://LOCALHOST:9000", 9002],
    ["http://localhost", 9000],
  ])("disagrees: %s on port %s", (url, port) => {
    expect(backendPortMismatch(url, port)).not.toBeNull()
  })

  it("says nothing of a public address (a proxy or load balancer may map any port) or an unknown port", () => {
    expect(backendPortMismatch("https://api.shop.example", 9000)).toBeNull()
    expect(backendPortMismatch("http://192.168.1.5:9000", 9001)).toBeNull()
    expect(backendPortMismatch("http://localhost:9000", null)).toBeNull()
  })
})

describe("warnBackendPortMismatch", () => {
  beforeEach(() => forgetPrintedBootErrors())
  const start = ["node", "/app/node_modules/.bin/medusa", "start"]

  it("warns once for medusa start, however many providers share the URL", () => {
    const logger = { error: jest.fn(), warn: jest.fn() }
    for (let i = 0; i < 4; i++)
      warnBackendPortMismatch("http://localhost:9000", {
        argv: start,
        env: { PORT: "9001" },
        logger,
      })
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(logger.warn.mock.calls[0][0]).toMatch(
      /^medusa-plugin-paylink: backendUrl http:\/\/localhost:9000 .*port 9001/
    )
  })

  it("is silent for commands that do not listen (exec, db:migrate) and when the ports agree", () => {
    const logger = { error: jest.fn(), warn: jest.fn() }
    warnBackendPortMismatch("http://localhost:9000", {
      argv: ["node", "/app/node_modules/.bin/medusa", "exec", "x.ts"],
      env: { PORT: "9001" },
      logger,
    })
    warnBackendPortMismatch("http://localhost:9000", {
      argv: start,
      env: {},
      logger,
    })
    expect(logger.warn).not.toHaveBeenCalled()
  })
})

/**
 * Assembles the sandbox: control API, hosted pages, dashboards, then the service's API with
 * recording. The others are mounted first so they are never recorded as API calls.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import express, {
  type NextFunction,
  type Request,
  type Response,
} from "express"
import type { EndpointName } from "../lib/paylink/endpoints"
import type { GatewayPathKey } from "../lib/paylink/gateways"
import { apiHandler, endpointAtPath } from "./api-routes"
import { CONTROL_PREFIX, controlRouter } from "./control-routes"
import { DASHBOARD_PREFIX, dashboardRouter } from "./dashboard-routes"
import { exportCsv } from "./export-csv"
import { FaultQueue } from "./faults"
import { frontPageRouter } from "./front-page-routes"
import { HOSTED_PREFIX, hostedRouter } from "./hosted-page"
import { listeningUrl, resolveConfig } from "./options"
import { payWithoutReturn } from "./payments"
import { recordBody, recordRequests } from "./recorder"
import { chargeNextPeriod } from "./renewals"
import { loadState, writeState } from "./state-file"
import { SandboxStore } from "./store"
import type {
  ChargeNextPeriodOptions,
  ExportCsvOptions,
  FaultMode,
  PayOptions,
  RandomFaults,
  SandboxCheckout,
  SandboxHandle,
  SandboxOptions,
} from "./types"
import { BODY_PATH, sendBadRequest } from "./validation"

/** Generous for any real checkout; a bigger body is a client bug worth a 413. */
const BODY_LIMIT = "1mb"

export async function createSandbox(
  options: SandboxOptions = {}
): Promise<SandboxHandle> {
  const config = resolveConfig(options)
  const store = new SandboxStore()
  if (config.stateFile) keepStateIn(store, config.stateFile)
  const faults = new FaultQueue()
  const now = options.now ?? (() => new Date())
  // Known only once listening when the port is random; no request can arrive before that.
  let publicUrl = config.publicUrl ?? ""
  let apiUrl = ""
  const hostedUrl = (id: string) =>
    `${publicUrl}${HOSTED_PREFIX}/${encodeURIComponent(id)}`
  const reset = () => {
    store.clear()
    faults.clear()
  }

  const app = express()
  app.disable("x-powered-by")
  // The real service's paths are literal; "/PAY/v2/..." or a trailing slash must not match.
  app.set("case sensitive routing", true)
  app.set("strict routing", true)

  // The front page and its forms first: its form routes sit under the control prefix.
  app.use(frontPageRouter({ store, faults, reset, now, apiUrl: () => apiUrl }))
  app.use(CONTROL_PREFIX, controlRouter({ store, faults, reset, now }))
  app.use(HOSTED_PREFIX, hostedRouter({ store, now }))
  app.use(DASHBOARD_PREFIX, dashboardRouter({ store, now }))

  const atPath = endpointAtPath(config)
  app.use(
    recordRequests(store, (method, path) =>
      method === "POST" ? atPath(path) : null
    )
  )
  // Raw bytes, not express.json(): auth must be checked before the body is judged, and a body
  // that is not JSON must still be recorded as sent.
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT }))
  app.use(recordBody)
  app.use(apiHandler({ config, store, faults, hostedUrl, now }))
  app.use(errorHandler)

  const server = createServer(app)
  let connections = 0
  server.on("connection", () => connections++)
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(config.port, config.host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = listeningUrl(config.host, port)
  apiUrl = url
  publicUrl = config.publicUrl ?? url

  let closing: Promise<void> | null = null
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Also ends keep-alive sockets and calls held by a "hang" fault, which close() alone waits on.
      server.closeAllConnections()
    })
    return closing
  }

  return {
    url,
    port,
    host: config.host,
    publicUrl,
    stateFile: config.stateFile,
    paths: Object.freeze({ ...config.paths }),
    tokens: Object.freeze({ ...config.tokens }),
    benefits: Object.freeze({ ...config.benefits }),
    requests: store.requests,
    checkouts: store.checkouts as ReadonlyMap<string, SandboxCheckout>,
    discounts: store.discounts,
    endpointUrl: (name: EndpointName) => `${url}${config.endpointPaths[name]}`,
    clearRequests: () => store.clearRequests(),
    failNext: (count: number, mode: FaultMode, endpoint?: EndpointName) =>
      faults.add(count, mode, endpoint),
    setRandomFaults: (policy: RandomFaults | null) => faults.setRandom(policy),
    faultsInjected: () => faults.injected(),
    reset,
    connectionsAccepted: () => connections,
    revokeBenefitTokens: () => store.revokeBenefitsTokens(),
    payWithoutReturn: (id: string, pay?: PayOptions) =>
      payWithoutReturn(store, id, now(), pay),
    chargeNextPeriod: (id: string, charge?: ChargeNextPeriodOptions) =>
      chargeNextPeriod(store, id, now(), charge),
    exportCsv: (
      pathKey: GatewayPathKey,
      exportOptions: ExportCsvOptions = {}
    ) => exportCsv(store.checkouts.values(), pathKey, exportOptions, now()),
    close,
  }
}

/**
 * Restores what the state file holds, then writes it after every change. Read before listening: no
 * request may see the sandbox half-restored. An unreadable file is moved aside (state-file.ts) and
 * said on stderr, where whoever started the sandbox will see it.
 */
function keepStateIn(store: SandboxStore, file: string): void {
  const { state, warning } = loadState(file)
  if (warning) console.warn(warning)
  if (state) store.restore(state)
  store.onChange = () => writeState(file, store.snapshot())
}

type HttpError = Error & { status?: unknown; type?: unknown }

/** Body-parser failures (too large, bad JSON on the control API) and sandbox bugs, as JSON. */
function errorHandler(
  err: HttpError,
  _req: Request,
  res: Response,
  next: NextFunction
): void {
  if (res.headersSent) return next(err)
  if (err.type === "entity.parse.failed")
    return sendBadRequest(res, [
      { path: BODY_PATH, message: "must be valid JSON" },
    ])
  const status =
    typeof err.status === "number" && err.status >= 400 && err.status < 600
      ? err.status
      : 500
  if (status === 500) {
    // A 500 the test did not ask for is a sandbox bug; say so where the developer will see it.
    console.error("paylink sandbox: internal error", err)
    res.status(500).json({ message: `Internal sandbox error: ${err.message}` })
    return
  }
  res.status(status).json({ message: err.message })
}

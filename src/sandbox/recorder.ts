/**
 * Records each API call as it arrives, and its status once answered, so tests can assert on
 * exactly what the client sent (headers included) and what it was told.
 */
import type { NextFunction, Request, Response } from "express"
import type { EndpointName } from "../lib/paylink/endpoints"
import type { MutableRecordedRequest, SandboxStore } from "./store"

const RECORD = Symbol("sandbox.record")

type WithRecord = Response & { [RECORD]?: MutableRecordedRequest }

export function recordRequests(
  store: SandboxStore,
  endpointOf: (method: string, path: string) => EndpointName | null
) {
  return (req: Request, res: Response, next: NextFunction) => {
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined)
        headers[name] = Array.isArray(value) ? value.join(", ") : value
    }
    const entry: MutableRecordedRequest = {
      method: req.method,
      path: req.path,
      endpoint: endpointOf(req.method, req.path),
      headers,
      body: undefined,
      status: null,
      at: new Date().toISOString(),
    }
    store.record(entry)
    ;(res as WithRecord)[RECORD] = entry
    // "finish" only fires once the answer is flushed; a hung or aborted call keeps status null.
    res.on("finish", () => {
      entry.status = res.statusCode
    })
    next()
  }
}

/** Runs after the raw body parser: keeps the body as JSON when it parses, as text otherwise. */
export function recordBody(
  req: Request,
  res: Response,
  next: NextFunction
): void {
  const entry = (res as WithRecord)[RECORD]
  if (entry) entry.body = bodyForRecord(rawBodyText(req))
  next()
}

export function rawBodyText(req: Request): string {
  return Buffer.isBuffer(req.body) ? req.body.toString("utf8") : ""
}

function bodyForRecord(text: string): unknown {
  if (text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

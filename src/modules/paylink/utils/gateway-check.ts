/**
 * A gateway's two tests (docs/merchant-guide.md#gateways-and-their-credentials, docs/service.md §3.3).
 *
 * Test token (checkGatewayToken): the service has no call that checks a token alone, so the only
 * proof is a link made with it. The test makes one real hosted link of the gateway's minimum
 * amount, titled as a connection test nobody must pay (lib/paylink/connection-test), at each
 * address the gateway's checkouts go to. 201: the token is proven; 401: the gateway rejected it;
 * anything else is said as it was. Nobody is sent to the link.
 *
 * The address test (checkGatewayAddresses), run after a save: the checkout endpoint called WITHOUT
 * a token, expecting the service's 401. It creates nothing and proves the address and path answer
 * like the service; it proves nothing about the token, and says so.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { PaylinkClient } from "../../../lib/paylink/client"
import {
  connectionTestBody,
  connectionTestCents,
  CONNECTION_TEST_CURRENCY,
  type ConnectionTestLanguage,
} from "../../../lib/paylink/connection-test"
import { formatCents } from "../../../lib/paylink/amounts"
import { isPaylinkError } from "../../../lib/paylink/errors"
import type {
  Gateway,
  GatewayCheckResult,
  GatewayTestLink,
} from "../../../types/paylink"
import * as GS from "./gateway-settings"

/** An address the gateway's checkouts go to, and the token they send there (null: none set). */
export type CheckTarget = {
  baseUrl: string
  segment: string
  token: string | null
}

type TargetResult = GatewayCheckResult["targets"][number]

const noAddress = (gateway: Gateway) =>
  new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `base_url: ${gateway} has no address: set base_url here or register its provider.`
  )

function clientFor(gateway: Gateway, target: CheckTarget, timeoutMs: number) {
  return new PaylinkClient({
    baseUrl: target.baseUrl,
    timeoutMs,
    connectRetries: 0,
    paths: { [GS.PATH_KEY_OF[gateway]]: target.segment },
  })
}

/** What the test link is asked to be: the same for every address of one test. */
export type TestLinkRequest = {
  /** From the payment links' own sequence (see TAKE_LINK_NUMBER): never an order's number. */
  takeNumber: () => Promise<number>
  /** The billing e-mail the gateway requires: the admin who runs the test. */
  email: string
  language: ConnectionTestLanguage
}

/** Test token at one address: one real unpaid link of the minimum amount, or why there is none. */
async function proveAt(
  gateway: Gateway,
  target: CheckTarget,
  request: TestLinkRequest,
  timeoutMs: number
): Promise<{ result: TargetResult; line: string }> {
  const client = clientFor(gateway, target, timeoutMs)
  const url = client.urlOf(GS.ENDPOINT_OF[gateway])
  if (!target.token) {
    return {
      result: { url, reachable: false, status: null, outcome: "no_token" },
      line: `${url}: no token is set for it, so nothing was sent.`,
    }
  }
  const body = connectionTestBody(gateway, {
    number: await request.takeNumber(),
    email: request.email,
    language: request.language,
  })
  try {
    const answer = (await client.call(
      GS.ENDPOINT_OF[gateway],
      body as never,
      target.token
    )) as { id: string; url: string }
    const testLink: GatewayTestLink = {
      checkout_id: answer.id,
      url: answer.url,
      number: body.number,
      amount: formatCents(connectionTestCents(gateway)),
      currency: CONNECTION_TEST_CURRENCY,
      description: body.description,
      created_at: new Date().toISOString(),
    }
    return {
      result: {
        url,
        reachable: true,
        status: 201,
        outcome: "token_proven",
        test_link: testLink,
      },
      line:
        `${url} made the test link ${answer.id} (number ${body.number}, ${CONNECTION_TEST_CURRENCY} ${testLink.amount}, ` +
        `"${body.description}") with the token: the token is proven. Nobody is sent to the link; it must not be paid.`,
    }
  } catch (error) {
    const status = (error as { status?: number }).status ?? null
    const unknown =
      isPaylinkError(error) &&
      (error as { outcomeUnknown?: boolean }).outcomeUnknown === true
    const detail = error instanceof Error ? error.message : String(error)
    if (status === 401) {
      return {
        result: { url, reachable: true, status, outcome: "token_rejected" },
        line: `${url} answered 401: the gateway rejected the token. No link was made.`,
      }
    }
    if (status !== null) {
      return {
        result: { url, reachable: true, status, outcome: "refused", detail },
        line: `${url} answered ${status} to the test link: ${detail} The token was not proven.`,
      }
    }
    return {
      result: {
        url,
        reachable: false,
        status: null,
        outcome: "unreachable",
        outcome_unknown: unknown,
        detail,
      },
      line:
        `${url} gave no usable answer: ${detail} The token was not proven.` +
        (unknown
          ? " The request may have reached the gateway: look for a test link in its dashboard."
          : ""),
    }
  }
}

/** Test token: proves the token at every address the gateway's checkouts go to (one link each). */
export async function checkGatewayToken(
  gateway: Gateway,
  targets: CheckTarget[],
  request: TestLinkRequest,
  timeoutMs: number
): Promise<GatewayCheckResult> {
  if (!targets.length) throw noAddress(gateway)
  const results: TargetResult[] = []
  const lines: string[] = []
  for (const target of targets) {
    const { result, line } = await proveAt(gateway, target, request, timeoutMs)
    results.push(result)
    lines.push(line)
  }
  const proven = results.every((r) => r.outcome === "token_proven")
  return {
    kind: "token",
    ok: proven,
    token_proven: proven,
    reachable: results.every((r) => r.reachable),
    rejects_without_token: null,
    message: lines.join(" "),
    targets: results,
  }
}

/** The address test after a save: no token sent, nothing created, the token not proven. */
export async function checkGatewayAddresses(
  gateway: Gateway,
  targets: CheckTarget[],
  timeoutMs: number
): Promise<GatewayCheckResult> {
  if (!targets.length) throw noAddress(gateway)
  const results: TargetResult[] = []
  const lines: string[] = []
  for (const target of targets) {
    const client = clientFor(gateway, target, timeoutMs)
    const url = client.urlOf(GS.ENDPOINT_OF[gateway])
    const probe = await client.probeWithoutToken(GS.ENDPOINT_OF[gateway])
    results.push({
      url,
      reachable: probe.outcome !== "unreachable",
      status: probe.status,
    })
    lines.push(
      probe.outcome === "rejected"
        ? `${url} answered 401 without a token, as the service does.`
        : probe.outcome === "answered"
          ? `${url} answered ${probe.status ?? probe.cause} without a token, not the 401 the service gives: check base_url and path_segment.`
          : `${url} could not be reached: ${probe.cause}`
    )
  }
  const reachable = results.every((r) => r.reachable)
  const rejects = results.every((r) => r.status === 401)
  lines.push(
    "The token was not proven: only Test token, which makes one unpaid test link, proves it."
  )
  return {
    kind: "address",
    ok: reachable && rejects,
    token_proven: false,
    reachable,
    rejects_without_token: rejects,
    message: lines.join(" "),
    targets: results,
  }
}

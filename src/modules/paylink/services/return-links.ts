/**
 * Return-link signing: a link's success and cancel addresses and its resume signature are signed
 * with the plugin's secret (the only secret there is), and checked against it on the way back.
 */
import {
  buildReturnUrl,
  signResume,
  verifyResume,
  verifyReturn,
  type ReturnQuery,
} from "../../../lib/return/return-link"
import type { PluginOptions } from "../../../lib/boot/plugin-options"

/** What a return address vouches for: the session, the exact amount and currency, until `exp`; the page language when known. */
export type ReturnClaims = {
  session: string
  cents: bigint
  currency: string
  exp: number
  lang?: "es" | "en"
}

export class ReturnLinkService {
  protected readonly secret_: string

  constructor({ paylinkOptions }: { paylinkOptions: PluginOptions }) {
    this.secret_ = paylinkOptions.secret
  }

  /** The record's signed addresses under this server's public URL, and the signature that lets it be resumed. */
  sign(recordId: string, backendUrl: string, claims: ReturnClaims) {
    return {
      successUrl: buildReturnUrl(backendUrl, this.secret_, {
        ...claims,
        outcome: "success",
      }),
      cancelUrl: buildReturnUrl(backendUrl, this.secret_, {
        ...claims,
        outcome: "cancel",
      }),
      resumeSig: signResume(this.secret_, recordId),
    }
  }

  /** Checks a return address against the plugin's secret (constant-time) and its expiry. */
  verifyReturn(query: ReturnQuery, now?: Date) {
    return verifyReturn(this.secret_, query, now)
  }

  /** Whether `signature` is the one this store gave the record (a re-created session's data). */
  verifyResume(recordId: string, signature: unknown): boolean {
    return (
      typeof signature === "string" &&
      verifyResume(this.secret_, recordId, signature)
    )
  }
}

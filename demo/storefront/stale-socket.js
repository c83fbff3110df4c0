"use strict"
/**
 * The storefront talks to Medusa over kept-alive connections (Node's fetch pools them). Medusa's
 * server closes an idle one after 5 s; a request sent on it just as it closes fails before the
 * server saw it ("fetch failed", the socket's "other side closed"). Browsers retry such a request
 * by themselves; Node's fetch does not. A read (GET, HEAD) is retried once on a new connection; a
 * write is not, since it may have reached the server.
 */

/** A failure of the connection itself, not an answer of the server. */
function isConnectionFailure(error) {
  return error instanceof TypeError && error.message === "fetch failed"
}

/** Wraps `sdk.client.fetch` so that a read failing on its connection is sent once more. */
function retryReadsOnStaleSocket(sdk) {
  const send = sdk.client.fetch.bind(sdk.client)
  sdk.client.fetch = async (input, init) => {
    try {
      return await send(input, init)
    } catch (error) {
      const method = String(init?.method ?? "GET").toUpperCase()
      if (!isConnectionFailure(error) || !["GET", "HEAD"].includes(method))
        throw error
      return await send(input, init)
    }
  }
  return sdk
}

module.exports = { retryReadsOnStaleSocket, isConnectionFailure }

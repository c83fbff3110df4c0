const { retryReadsOnStaleSocket } = require("../stale-socket")

/** An sdk whose fetch answers from `outcomes` in turn (an Error is thrown). */
function fakeSdk(outcomes) {
  const calls = []
  const sdk = {
    client: {
      async fetch(input, init) {
        calls.push([input, init?.method ?? "GET"])
        const next = outcomes.shift()
        if (next instanceof Error) throw next
        return next
      },
    },
  }
  return { sdk: retryReadsOnStaleSocket(sdk), calls }
}

const staleSocket = () => new TypeError("fetch failed")

describe("demo storefront: a read on a connection the server just closed", () => {
  it("is sent once more and answers the second try", async () => {
    const { sdk, calls } = fakeSdk([staleSocket(), { products: [] }])
    await expect(sdk.client.fetch("/store/products")).resolves.toEqual({
      products: [],
    })
    expect(calls).toEqual([
      ["/store/products", "GET"],
      ["/store/products", "GET"],
    ])
  })

  it("fails when the second try fails too", async () => {
    const { sdk, calls } = fakeSdk([staleSocket(), staleSocket()])
    await expect(sdk.client.fetch("/store/products")).rejects.toThrow(
      "fetch failed"
    )
    expect(calls).toHaveLength(2)
  })

  it("never sends a write twice, nor retries an answer of the server", async () => {
    const post = fakeSdk([staleSocket()])
    await expect(
      post.sdk.client.fetch("/store/carts", { method: "POST" })
    ).rejects.toThrow("fetch failed")
    expect(post.calls).toHaveLength(1)

    const refused = Object.assign(new Error("Not found"), { status: 404 })
    const get = fakeSdk([refused])
    await expect(get.sdk.client.fetch("/store/carts/x")).rejects.toBe(refused)
    expect(get.calls).toHaveLength(1)
  })
})

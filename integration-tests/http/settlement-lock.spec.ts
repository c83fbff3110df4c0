/**
 * The settlement's lock is its own. A merchant's
 * refused Place order / Record payment fails after the settlement ran as its step, and Medusa then
 * undoes that step by cancelling the settlement (runAsStep), which runs acquireLockStep's
 * compensation. A lock taken without an owner is released there whoever holds it by then: the
 * next settlement of the same cart (a return's replay, the stranded-returns job) or, for an
 * admin link, a "Create payment link" for the same order, which takes the same key. Here that
 * other holder takes the key the moment the settlement gives it back, as a waiting
 * acquireLockStep does, and must still hold it once the merchant's 400 is answered.
 */
import { Modules } from "@medusajs/framework/utils"
import { paylinkSuite } from "../helpers/suite"
import { addItemsByEdit, paidStorefrontOrder } from "../helpers/orders"
import { paidWithdrawnLink } from "../helpers/attention"
import { PROVIDERS } from "../helpers/seed"
import { followReturn, pressOnHostedPage } from "../helpers/storefront"

paylinkSuite((ctx) => {
  const { api } = ctx
  const post = (path: string, body: object = {}) =>
    api.post(path, body, ctx.admin).catch((e: any) => e.response)

  /**
   * While `run` goes, another holder takes `key` (without an owner, as acquireLockStep does) right
   * after the first release of it; answers whether that holder still holds it afterwards.
   */
  async function otherHolderKeeps(
    key: string,
    run: () => Promise<void>
  ): Promise<{ taken: boolean; kept: boolean }> {
    const locking = ctx.getContainer().resolve(Modules.LOCKING) as any
    const release = locking.release.bind(locking)
    let taken = false
    const spy = jest
      .spyOn(locking, "release")
      .mockImplementation(async (keys: any, args: any) => {
        const released = await release(keys, args)
        if (!taken && (Array.isArray(keys) ? keys : [keys]).includes(key)) {
          taken = true
          await locking.acquire(key, { expire: 60 })
        }
        return released
      })
    try {
      await run()
    } finally {
      spy.mockRestore()
    }
    // Still held: an acquire without an owner is refused.
    const kept = await locking.acquire(key, { expire: 1 }).then(
      () => false,
      () => true
    )
    await locking.release(key)
    return { taken, kept }
  }

  it("a refused Place order leaves alone the cart's settlement lock that another settlement took meanwhile", async () => {
    const ordered = await paidWithdrawnLink(ctx, { alsoPayB: true })
    const result = await otherHolderKeeps(
      `paylink-settle-cart:${ordered.cartId}`,
      async () => {
        expect(
          (
            await post(
              `/admin/paylink/checkouts/${ordered.record.id}/place-order`
            )
          ).status
        ).toBe(400)
      }
    )
    expect(result).toEqual({ taken: true, kept: true })
  })

  it("a refused Record payment leaves alone the order's link lock that a new link request took meanwhile", async () => {
    // A storefront order (GTQ 100, paid), edited to owe GTQ 100 more, with an admin link for it.
    const orderId = await paidStorefrontOrder(ctx)
    await addItemsByEdit(ctx, orderId)
    const link = (
      await post(`/admin/paylink/orders/${orderId}/payment-links`, {
        provider_id: PROVIDERS.gatewayA,
      })
    ).data.checkout
    // The balance is taken otherwise, then the link is paid anyway: it needs attention.
    const { data: read } = await api.get(
      `/admin/orders/${orderId}?fields=payment_collections.id,payment_collections.status`,
      ctx.admin
    )
    const open = read.order.payment_collections.find(
      (c: any) => c.status === "not_paid" || c.status === "awaiting"
    )
    await api.post(
      `/admin/payment-collections/${open.id}/mark-as-paid`,
      { order_id: orderId },
      ctx.admin
    )
    await followReturn(api, await pressOnHostedPage(link.url, "pay"))
    expect(
      (await api.get(`/admin/paylink/checkouts/${link.id}`, ctx.admin)).data
        .checkout.status
    ).toBe("needs_attention")

    const result = await otherHolderKeeps(
      `paylink-order-link:${orderId}`,
      async () => {
        expect(
          (await post(`/admin/paylink/checkouts/${link.id}/place-order`)).status
        ).toBe(400)
      }
    )
    expect(result).toEqual({ taken: true, kept: true })
  })
})

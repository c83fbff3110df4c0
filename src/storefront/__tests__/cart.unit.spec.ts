import { forgetCompletedCart, isCartCompleted } from "../index"
import { fakeBackend } from "./fake-backend"

describe("isCartCompleted / forgetCompletedCart", () => {
  const carts: Record<
    string,
    { id: string; completed_at: string | null } | number
  > = {
    cart_open: { id: "cart_open", completed_at: null },
    cart_done: { id: "cart_done", completed_at: "2026-11-25T10:00:00.000Z" },
    cart_gone: 404,
    cart_broken: 500,
  }
  let backend: ReturnType<typeof fakeBackend>
  beforeEach(() => {
    backend = fakeBackend((req) => {
      const c = carts[req.path.split("/").pop()!]
      return typeof c === "number"
        ? { status: c, json: { message: `status ${c}` } }
        : { json: { cart: c } }
    })
  })
  afterEach(() => backend.restore())

  it("reads only the cart's completion", async () => {
    expect(await isCartCompleted(backend.sdk, "cart_done")).toBe(true)
    expect(await isCartCompleted(backend.sdk, "cart_open")).toBe(false)
    expect(backend.requests[0]).toMatchObject({
      method: "GET",
      path: "/store/carts/cart_done",
    })
    expect(backend.requests[0].query.get("fields")).toBe("id,completed_at")
  })

  it("removes the id of a completed or vanished cart, keeps an open one, and never guesses on an error", async () => {
    const removed: string[] = []
    const remover = (id: string) => async () => void removed.push(id)
    expect(
      await forgetCompletedCart(backend.sdk, "cart_done", remover("cart_done"))
    ).toBe(true)
    expect(
      await forgetCompletedCart(backend.sdk, "cart_gone", remover("cart_gone"))
    ).toBe(true)
    expect(
      await forgetCompletedCart(backend.sdk, "cart_open", remover("cart_open"))
    ).toBe(false)
    await expect(
      forgetCompletedCart(backend.sdk, "cart_broken", remover("cart_broken"))
    ).rejects.toMatchObject({ status: 500 })
    expect(removed).toEqual(["cart_done", "cart_gone"])
  })

  it("does nothing without a cart id", async () => {
    const remove = jest.fn()
    for (const id of [undefined, null, ""])
      expect(await forgetCompletedCart(backend.sdk, id, remove)).toBe(false)
    expect(remove).not.toHaveBeenCalled()
    expect(backend.requests).toHaveLength(0)
  })
})

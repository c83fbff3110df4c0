/**
 * The page a shopper left the store for: remembered in the tab only once the page really leaves
 * (pagehide), read back by the next Pay click as `left_url`, and never a reason to fail where there
 * is no sessionStorage (a server) or it refuses.
 */
import {
  createPaymentLink,
  forgetLeftPaymentLink,
  goToPaymentLink,
  leftPaymentLink,
  PaylinkInputError,
  payWithPaylink,
} from "../index"
import { isLeftUrl, LEAVE_WINDOW_MS, sameLinkUrl } from "../left-link"
import { fakeBackend } from "./fake-backend"

const L1 = "http://127.0.0.1:4010/hosted/chk_1"
const L2 = "http://127.0.0.1:4010/hosted/chk_2"
const PROVIDER = "pp_paylink-gateway-b_default"

/** A browser tab: sessionStorage and the window's pagehide listeners, on globalThis. */
function fakeTab() {
  const items = new Map<string, string>()
  const listeners: { type: string; fn: () => void; once: boolean }[] = []
  const g = globalThis as any
  g.sessionStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
  }
  g.addEventListener = (
    type: string,
    fn: () => void,
    options?: { once?: boolean }
  ) => listeners.push({ type, fn, once: !!options?.once })
  g.removeEventListener = (type: string, fn: () => void) => {
    const i = listeners.findIndex((l) => l.type === type && l.fn === fn)
    if (i >= 0) listeners.splice(i, 1)
  }
  return {
    items,
    listeners,
    /** The page unloads (or goes into the back/forward cache). */
    pagehide() {
      for (const l of [...listeners]) {
        if (l.type !== "pagehide") continue
        if (l.once) listeners.splice(listeners.indexOf(l), 1)
        l.fn()
      }
    },
    restore() {
      delete g.sessionStorage
      delete g.addEventListener
      delete g.removeEventListener
    },
  }
}

describe("goToPaymentLink, leftPaymentLink, forgetLeftPaymentLink", () => {
  let tab: ReturnType<typeof fakeTab>
  beforeEach(() => {
    tab = fakeTab()
  })
  afterEach(() => tab.restore())

  it("navigates at once, and remembers the page for the cart only when the page leaves, once", () => {
    const went: string[] = []
    goToPaymentLink("cart_1", L1, { assign: (u) => went.push(u) })
    expect(went).toEqual([L1])
    // A second click before the page unloads: nothing remembered yet.
    expect(leftPaymentLink("cart_1")).toBeUndefined()
    tab.pagehide()
    expect(leftPaymentLink("cart_1")).toBe(L1)
    expect(tab.items.get("paylink:left:cart_1")).toBe(L1)
    expect(tab.listeners).toHaveLength(0)
    expect(leftPaymentLink("cart_2")).toBeUndefined()

    forgetLeftPaymentLink("cart_1")
    expect(leftPaymentLink("cart_1")).toBeUndefined()
    // The listener was for one leave only.
    tab.pagehide()
    expect(leftPaymentLink("cart_1")).toBeUndefined()
  })

  it("forgets the leave when the page did not leave within LEAVE_WINDOW_MS (a navigation that never happened)", () => {
    jest.useFakeTimers()
    try {
      goToPaymentLink("cart_1", L1, { assign: () => undefined })
      jest.advanceTimersByTime(LEAVE_WINDOW_MS + 1)
      // A later, unrelated unload of the page.
      tab.pagehide()
      expect(leftPaymentLink("cart_1")).toBeUndefined()
      expect(tab.listeners).toHaveLength(0)
    } finally {
      jest.useRealTimers()
    }
  })

  it("ignores what is kept under its key when it is not an http(s) address", () => {
    for (const junk of ["javascript:alert(1)", "not a url", ""]) {
      tab.items.set("paylink:left:cart_1", junk)
      expect(leftPaymentLink("cart_1")).toBeUndefined()
    }
  })

  it("says where it runs when there is no browser to navigate", () => {
    expect(() => goToPaymentLink("cart_1", L1)).toThrow("runs in a browser")
    expect(tab.listeners).toHaveLength(0)
  })
})

describe("without a usable sessionStorage", () => {
  const g = globalThis as any
  afterEach(() => {
    delete g.sessionStorage
    delete g.addEventListener
  })

  it("on a server: nothing left, nothing to forget, and the navigation still happens", () => {
    expect(leftPaymentLink("cart_1")).toBeUndefined()
    expect(() => forgetLeftPaymentLink("cart_1")).not.toThrow()
    const went: string[] = []
    goToPaymentLink("cart_1", L1, { assign: (u) => went.push(u) })
    expect(went).toEqual([L1])
  })

  it("when the browser refuses it (storage blocked, full, or its getter throws)", () => {
    const refusing = {
      getItem() {
        throw new Error("SecurityError")
      },
      setItem() {
        throw new Error("QuotaExceededError")
      },
      removeItem() {
        throw new Error("SecurityError")
      },
    }
    g.sessionStorage = refusing
    expect(leftPaymentLink("cart_1")).toBeUndefined()
    expect(() => forgetLeftPaymentLink("cart_1")).not.toThrow()
    let pagehide: () => void = () => {}
    g.addEventListener = (_: string, fn: () => void) => (pagehide = fn)
    goToPaymentLink("cart_1", L1, { assign: () => {} })
    expect(() => pagehide()).not.toThrow()

    delete g.sessionStorage
    Object.defineProperty(g, "sessionStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError")
      },
    })
    expect(leftPaymentLink("cart_1")).toBeUndefined()
    expect(() => forgetLeftPaymentLink("cart_1")).not.toThrow()
  })
})

describe("createPaymentLink's leftUrl", () => {
  let backend: ReturnType<typeof fakeBackend>
  beforeEach(() => {
    backend = fakeBackend(() => ({
      json: {
        payment_session: {
          id: "payses_2",
          provider_id: PROVIDER,
          data: { url: L2 },
        },
      },
    }))
  })
  afterEach(() => backend.restore())

  it("is sent as left_url, and left out when not given", async () => {
    await createPaymentLink(backend.sdk, "cart_1", PROVIDER, { leftUrl: L1 })
    await createPaymentLink(backend.sdk, "cart_1", PROVIDER, { lang: "es" })
    expect(backend.requests.map((r) => r.body)).toEqual([
      { provider_id: PROVIDER, left_url: L1 },
      { provider_id: PROVIDER },
    ])
  })

  it("refuses one the route would refuse, naming left_url, before any request", async () => {
    for (const bad of [
      "javascript:alert(1)",
      "/hosted/chk_1",
      `https://example.com/${"x".repeat(2048)}`,
    ]) {
      const err = await createPaymentLink(backend.sdk, "cart_1", PROVIDER, {
        leftUrl: bad,
      }).catch((e) => e)
      expect(err).toBeInstanceOf(PaylinkInputError)
      expect(err).toMatchObject({ field: "left_url", status: 400 })
      expect(err.message).toBe(
        "left_url: must be an absolute http(s) URL of at most 2048 characters"
      )
    }
    expect(backend.requests).toHaveLength(0)
  })
})

describe("payWithPaylink says where the shopper came back from", () => {
  let tab: ReturnType<typeof fakeTab>
  let backend: ReturnType<typeof fakeBackend>
  let next: string
  beforeEach(() => {
    tab = fakeTab()
    next = L1
    backend = fakeBackend(() => ({
      json: {
        payment_session: {
          id: "payses",
          provider_id: PROVIDER,
          data: { url: next },
        },
      },
    }))
  })
  afterEach(() => {
    backend.restore()
    tab.restore()
  })

  it("a double click and a plain Pay after coming back send no left url; a new payment the shopper chose sends the page left", async () => {
    const went: string[] = []
    const navigator = { assign: (u: string) => went.push(u) }
    await payWithPaylink(backend.sdk, "cart_1", PROVIDER, { navigator })
    await payWithPaylink(backend.sdk, "cart_1", PROVIDER, { navigator })
    tab.pagehide()
    // Back from gateway B's page: Pay again without a choice goes back to the same page (the
    // shopper may have paid there).
    await payWithPaylink(backend.sdk, "cart_1", PROVIDER, { navigator })
    tab.pagehide()
    // "Start a new payment": the backend answers a new link.
    next = L2
    await payWithPaylink(backend.sdk, "cart_1", PROVIDER, {
      navigator,
      lang: "en",
      newPayment: true,
    })
    tab.pagehide()
    expect(backend.requests.map((r) => r.body)).toEqual([
      { provider_id: PROVIDER },
      { provider_id: PROVIDER },
      { provider_id: PROVIDER },
      { provider_id: PROVIDER, left_url: L1 },
    ])
    expect(backend.requests[3].headers.get("x-medusa-locale")).toBe("en")
    expect(went).toEqual([L1, L1, L1, L2])
    expect(leftPaymentLink("cart_1")).toBe(L2)
  })

  it("a leftUrl the caller gives wins over the tab's", async () => {
    tab.items.set("paylink:left:cart_1", L1)
    await payWithPaylink(backend.sdk, "cart_1", PROVIDER, {
      navigator: { assign: () => {} },
      leftUrl: L2,
    })
    expect(backend.requests[0].body).toEqual({
      provider_id: PROVIDER,
      left_url: L2,
    })
  })

  it("a refused link leaves the page it had and navigates nowhere", async () => {
    backend.restore()
    backend = fakeBackend(() => ({
      status: 400,
      json: { message: "refused" },
    }))
    tab.items.set("paylink:left:cart_1", L1)
    const went: string[] = []
    await expect(
      payWithPaylink(backend.sdk, "cart_1", PROVIDER, {
        navigator: { assign: (u) => went.push(u) },
      })
    ).rejects.toThrow("refused")
    expect(went).toEqual([])
    expect(tab.listeners).toHaveLength(0)
    expect(leftPaymentLink("cart_1")).toBe(L1)
  })
})

describe("the left_url rule", () => {
  it("takes absolute http(s) addresses of at most 2048 characters", () => {
    expect(isLeftUrl(L1)).toBe(true)
    expect(isLeftUrl(`https://x.gt/${"a".repeat(2048 - 13)}`)).toBe(true)
    expect(isLeftUrl(`https://x.gt/${"a".repeat(2048 - 12)}`)).toBe(false)
    for (const bad of [
      "javascript:alert(1)",
      "ftp://x.gt/a",
      "/hosted/x",
      "",
      42,
      null,
    ])
      expect(isLeftUrl(bad)).toBe(false)
  })

  it("compares addresses as URLs", () => {
    expect(
      sameLinkUrl("HTTP://Pay.Example.com", "http://pay.example.com/")
    ).toBe(true)
    expect(sameLinkUrl(L1, L2)).toBe(false)
    expect(sameLinkUrl("not a url", "not a url")).toBe(false)
  })
})

describe("test pacing", () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
  })

  const load = () => {
    let mod: typeof import("../pacing") | undefined
    jest.isolateModules(() => {
      // A fresh copy that reads the environment this test set (isolateModules needs a synchronous load).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      mod = require("../pacing")
    })
    return mod as typeof import("../pacing")
  }

  it("keeps the production defaults when nothing is set", () => {
    delete process.env.PAYLINK_STRANDED_AFTER_MS
    delete process.env.PAYLINK_EXPIRY_INTERVAL_MS
    const { PACING, jobSchedule } = load()
    expect(PACING.strandedAfterMs).toBe(10 * 60_000)
    expect(PACING.orphanUploadAfterMs).toBe(24 * 3_600_000)
    expect(jobSchedule("PAYLINK_EXPIRY_INTERVAL_MS", "*/15 * * * *")).toBe(
      "*/15 * * * *"
    )
  })

  it("takes a positive number of milliseconds from the environment, and ignores anything else", () => {
    process.env.PAYLINK_STRANDED_AFTER_MS = "1500"
    process.env.PAYLINK_UNANSWERED_AFTER_MS = "-5"
    process.env.PAYLINK_STALE_READ_AFTER_MS = "soon"
    process.env.PAYLINK_EXPIRY_INTERVAL_MS = "2000"
    const { PACING, jobSchedule } = load()
    expect(PACING.strandedAfterMs).toBe(1500)
    expect(PACING.unansweredAfterMs).toBe(5 * 60_000)
    expect(PACING.staleReadAfterMs).toBe(2 * 60_000)
    expect(jobSchedule("PAYLINK_EXPIRY_INTERVAL_MS", "*/15 * * * *")).toEqual({
      interval: 2000,
    })
  })
})

import { paymentRegistrationProblem } from "../boot-loader"
import {
  BOOT_ERROR_PREFIX,
  checkAtBoot,
  forgetPrintedBootErrors,
  PaylinkBootError,
} from "../../../lib/boot/boot-check"

/** A container as a module provider's loader gets it: registrations by name. */
const containerWith = (registrations: Record<string, unknown>) => ({
  hasRegistration: (name: string) => name in registrations,
  resolve: <T>(name: string) => registrations[name] as T,
})

describe("paymentRegistrationProblem", () => {
  const config = {
    modules: {
      paylink: { resolve: "medusa-plugin-paylink/modules/paylink" },
      payment: {},
    },
  }

  it("accepts a payment module that lists the paylink module in its dependencies", () => {
    expect(
      paymentRegistrationProblem(
        containerWith({ configModule: config, paylink: {} }),
        "gateway A"
      )
    ).toBeNull()
  })

  it('names dependencies: ["paylink"] and the fix when the payment module lacks it', () => {
    const problem = paymentRegistrationProblem(
      containerWith({ configModule: config }),
      "gateway A"
    )
    expect(problem).toContain(
      'the @medusajs/medusa/payment module has no dependencies: ["paylink"]'
    )
    expect(problem).toContain(
      'Fix: in medusa-config, add dependencies: ["paylink"]'
    )
  })

  it("says to register the plugin when no paylink module is configured", () => {
    const problem = paymentRegistrationProblem(
      containerWith({
        configModule: { modules: { payment: {} } },
        paylink: {},
      }),
      "gateway B"
    )
    expect(problem).toContain(
      "the gateway B payment provider is registered but the plugin is not"
    )
    expect(problem).toContain('add { resolve: "medusa-plugin-paylink"')
  })
})

describe("checkAtBoot", () => {
  beforeEach(() => forgetPrintedBootErrors())

  it("prints a failed check once, without a stack trace, and throws under a test runner", () => {
    const logger = { error: jest.fn() }
    const failing = () => {
      throw new Error(
        "medusa-plugin-paylink options are invalid: secret: secret must be at least 32 characters"
      )
    }
    for (let i = 0; i < 3; i++) {
      expect(() => checkAtBoot(failing, { logger })).toThrow(PaylinkBootError)
    }
    expect(logger.error).toHaveBeenCalledTimes(1)
    expect(logger.error).toHaveBeenCalledWith(
      `${BOOT_ERROR_PREFIX} options are invalid: secret: secret must be at least 32 characters`
    )
    const thrown = (() => {
      try {
        checkAtBoot(failing, { logger })
      } catch (e) {
        return e as Error
      }
    })()
    expect(thrown?.stack).not.toMatch(/\n\s+at /)
  })

  it("returns the check's value when it passes", () => {
    expect(checkAtBoot(() => 42)).toBe(42)
  })
})

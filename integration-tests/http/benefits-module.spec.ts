/**
 * The benefits module service on its own, on PostgreSQL (no app, no routes): rule availability,
 * the cart's current redemption, settings with sealed secrets and their restore.
 */
import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { BENEFITS_MODULE } from "../../src/modules/benefits"
import type BenefitsModuleService from "../../src/modules/benefits/service"
import { declareSecretFields } from "../secrets/declare-secrets"

jest.setTimeout(60_000)

const OPTIONS = {
  secret: "s".repeat(32),
  encryptionKey: "ab".repeat(32),
  baseUrl: "https://program.example",
}
const DAY = 86_400_000
declareSecretFields(OPTIONS, "moduleOptions")

moduleIntegrationTestRunner<BenefitsModuleService>({
  moduleName: BENEFITS_MODULE,
  resolve: path.join(__dirname, "../../src/modules/benefits"),
  moduleOptions: OPTIONS,
  testSuite: ({ service }) => {
    const rule = (over: Record<string, unknown> = {}) =>
      service.createBenefitRules({
        code: 501,
        name: "Club 10%",
        kind: "percentage",
        value: 10,
        ...over,
      } as any)
    const redemption = async (
      status: string,
      over: Record<string, unknown> = {}
    ) =>
      service.createBenefitRedemptions({
        cart_id: "cart_1",
        rule_id: (await rule()).id,
        benefit_code: 501,
        card_last4: "5678",
        card_fingerprint: "f",
        discount: 20,
        total: 200,
        currency_code: "gtq",
        status,
        ...over,
      } as any)

    describe("rule availability", () => {
      it("names why a rule cannot be used now: inactive, not started, ended", () => {
        const now = new Date("2030-06-01T12:00:00Z")
        const base = {
          name: "Club",
          active: true,
          starts_at: null,
          ends_at: null,
        }
        expect(service.ruleUnavailability(base, now)).toBeNull()
        expect(
          service.ruleUnavailability({ ...base, active: false }, now)
        ).toBe('Benefit "Club" is not active.')
        expect(
          service.ruleUnavailability(
            { ...base, starts_at: new Date(now.getTime() + 1) },
            now
          )
        ).toBe('Benefit "Club" is not available at this time.')
        expect(
          service.ruleUnavailability(
            { ...base, ends_at: new Date(now.getTime() - 1) },
            now
          )
        ).toBe('Benefit "Club" is not available at this time.')
        expect(
          service.ruleUnavailability(
            { ...base, starts_at: now, ends_at: now },
            now
          )
        ).toBeNull()
      })

      it("lists only the rules usable now, by name, and none while the program is off", async () => {
        await rule({ name: "B now" })
        await rule({
          name: "A now",
          starts_at: new Date(Date.now() - DAY),
          ends_at: new Date(Date.now() + DAY),
        })
        await rule({ name: "Off", active: false })
        await rule({ name: "Later", starts_at: new Date(Date.now() + DAY) })
        await rule({ name: "Over", ends_at: new Date(Date.now() - DAY) })
        expect(await service.listAvailableRules()).toEqual([])
        await service.saveSettings({ enabled: true })
        expect((await service.listAvailableRules()).map((r) => r.name)).toEqual(
          ["A now", "B now"]
        )
      })

      it("retrieves a rule for an apply, or refuses it with the same words", async () => {
        const usable = await rule()
        const off = await rule({ name: "Off", active: false })
        expect((await service.retrieveAvailableRule(usable.id)).id).toBe(
          usable.id
        )
        await expect(
          service.retrieveAvailableRule(off.id)
        ).rejects.toMatchObject({
          type: "not_allowed",
          message: 'Benefit "Off" is not active.',
        })
        await expect(
          service.retrieveAvailableRule("brule_missing")
        ).rejects.toMatchObject({
          type: "not_found",
          message: "rule_id: benefit rule brule_missing was not found.",
        })
      })
    })

    describe("currentRedemption", () => {
      it("is the authorized one, else the last stale one; history does not count", async () => {
        expect(await service.currentRedemption("cart_1")).toBeNull()
        await redemption("removed")
        await redemption("failed", { authorization: "A1" })
        expect(await service.currentRedemption("cart_1")).toBeNull()
        const stale = await redemption("stale")
        expect((await service.currentRedemption("cart_1"))?.id).toBe(stale.id)
        const authorized = await redemption("authorized")
        expect((await service.currentRedemption("cart_1"))?.id).toBe(
          authorized.id
        )
        expect(await service.currentRedemption("cart_2")).toBeNull()
      })
    })

    describe("settings", () => {
      it("seals the password, shows only whether it is set, and restores the previous row", async () => {
        const first = await service.saveSettings({
          user: "u",
          password: "p4ss",
          branch: 7,
          enabled: true,
        })
        expect(first.previous).toBeNull()
        expect(first.view).toEqual({
          base_url: null,
          effective_base_url: OPTIONS.baseUrl,
          user: "u",
          branch: 7,
          enabled: true,
          password_set: true,
          token_set: false,
          token_obtained_at: null,
        })
        const row = await service.settingsRow()
        expect(row?.password_sealed).toMatch(/^v1:/)
        expect(await service.credentials()).toEqual({
          user: "u",
          password: "p4ss",
          branch: 7,
        })

        await service.storeToken("t0k3n")
        expect(await service.token()).toBe("t0k3n")
        const second = await service.saveSettings({ user: "v" })
        expect(second.view).toMatchObject({ user: "v", token_set: false })
        await service.restoreSettings(second.previous)
        expect(service.view(await service.settingsRow())).toMatchObject({
          user: "u",
          token_set: true,
        })
        expect(await service.token()).toBe("t0k3n")
      })

      it("refuses a new address without the password, and names missing credentials", async () => {
        await service.saveSettings({ user: "u", password: "p4ss" })
        await expect(
          service.saveSettings({ base_url: "https://elsewhere.example" })
        ).rejects.toMatchObject({
          type: "invalid_data",
          message: expect.stringContaining(
            "password: changing base_url needs the program's password again"
          ),
        })
        await expect(service.credentials()).rejects.toMatchObject({
          type: "not_allowed",
          message:
            "The benefits program needs branch: set them in the benefits settings first.",
        })
      })
    })
  },
})

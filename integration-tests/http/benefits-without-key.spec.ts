import { paylinkSuite } from "../helpers/suite"
import { PROGRAM_CREDENTIALS } from "../helpers/benefits"

paylinkSuite(
  (ctx) => {
    it("refuses to store the program's password without a key, names the option, and stores nothing", async () => {
      const res = await ctx.api
        .post(
          "/admin/benefits/settings",
          { ...PROGRAM_CREDENTIALS, enabled: true },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toContain(
        "set the medusa-plugin-paylink plugin option encryptionKey"
      )
      const rows = await ctx.dbConnection.raw(`select * from benefits_settings`)
      expect(rows.rows).toHaveLength(0)
      expect(ctx.sandbox.requests).toHaveLength(0)

      // Settings without secrets are still accepted.
      const ok = await ctx.api.post(
        "/admin/benefits/settings",
        { user: "sandbox", branch: 1 },
        ctx.admin
      )
      expect(ok.data.settings).toMatchObject({
        user: "sandbox",
        password_set: false,
        token_set: false,
      })
    })
    // This app runs without the plugin's encryptionKey.
  },
  { env: { PAYLINK_ENCRYPTION_KEY: "none" } }
)

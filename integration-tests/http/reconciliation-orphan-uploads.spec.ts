/**
 * Uploads never turned into a reconciliation (the merchant closed the mapping step, or uploaded
 * another file instead) hold card digits and authorization codes: the cleanup job deletes them
 * from the File module, and their records, once a day old. The file of an upload a reconciliation
 * was created from stays, as does a younger one, and a second run changes nothing. A record is
 * forgotten only with its file gone, made before the file's first byte, and a mark that outlived
 * its create (or another create's compensation) never keeps or loses an upload wrongly.
 */
import { Modules } from "@medusajs/framework/utils"
import { PassThrough } from "node:stream"
import { paylinkSuite } from "../helpers/suite"
import { storedUploads } from "../helpers/private-uploads"
import { reconcile, upload, waitForRead } from "../helpers/reconciliation"
import deleteOrphanPaylinkUploads from "../../src/jobs/delete-orphan-paylink-uploads"
import { PAYLINK_MODULE } from "../../src/modules/paylink"
import type PaylinkModuleService from "../../src/modules/paylink/services/paylink-module"

const CSV = Buffer.from(
  "No. de enlace;Monto;Fecha de pago;Estado\r\n1;Q 10.00;24/11/2026 10:00;Pagado\r\n"
)

paylinkSuite(
  (ctx) => {
    const { api } = ctx
    const query = { gateway: "gatewayA", file_name: "transacciones.csv" }
    const uploaded = async () => {
      const res = await upload(ctx, CSV, query)
      expect(res.status).toBe(200)
      return res.data.upload
    }
    const rowsOf = async (keys: string[]) =>
      (
        await ctx.dbConnection.raw(
          `select "file_key", "gateway", "file_size", "file_sha256", "created_by", "used_at", "claimed_at" from "paylink_reconciliation_upload" where "file_key" = any(?)`,
          [keys]
        )
      ).rows
    const age = async (keys: string[]) =>
      await ctx.dbConnection.raw(
        `update "paylink_reconciliation_upload" set "created_at" = now() - interval '25 hours' where "file_key" = any(?)`,
        [keys]
      )
    const create = (key: string, mapping: object) =>
      api
        .post(
          `/admin/paylink/reconciliations`,
          { gateway: "gatewayA", file_key: key, file_name: "t.csv", mapping },
          ctx.admin
        )
        .catch((e: any) => e.response)

    it("deletes the file and the record of an upload unused for a day, never a used or a younger one; a second run changes nothing", async () => {
      const used = (await reconcile(ctx, CSV)).upload
      const orphan = await uploaded()
      // Uploaded, then a create refused (a mapping naming no column of the file): still unused.
      const refused = await uploaded()
      expect(
        (
          await create(refused.file_key, {
            ...refused.suggested_mapping,
            amount: "Importe",
          })
        ).status
      ).toBe(400)
      const fresh = await uploaded()
      const keys = [used, orphan, refused, fresh].map((u) => u.file_key)

      const recorded = await rowsOf(keys)
      expect(recorded).toHaveLength(4)
      const row = (key: string) => recorded.find((r: any) => r.file_key === key)
      expect(row(orphan.file_key)).toMatchObject({
        gateway: "gatewayA",
        file_size: CSV.length,
        file_sha256: orphan.file_sha256,
        created_by: expect.any(String),
        used_at: null,
        claimed_at: null,
      })
      expect(row(used.file_key).used_at).not.toBeNull()
      // The refused create's mark was undone by its compensation.
      expect(row(refused.file_key).used_at).toBeNull()
      expect(storedUploads()).toEqual(expect.arrayContaining(keys))

      await age([used.file_key, orphan.file_key, refused.file_key])
      const run = async () => {
        await deleteOrphanPaylinkUploads(ctx.getContainer())
        return {
          files: keys.filter((k) => storedUploads().includes(k)),
          rows: (await rowsOf(keys)).map((r: any) => r.file_key).sort(),
        }
      }
      const kept = [used.file_key, fresh.file_key]
      const first = await run()
      expect(first).toEqual({ files: kept, rows: [...kept].sort() })
      expect(await run()).toEqual(first)

      // The deleted upload cannot be reconciled any more; the used one is read again as before.
      expect(
        (await create(orphan.file_key, orphan.suggested_mapping)).status
      ).toBe(404)
      const again = await create(used.file_key, used.suggested_mapping)
      expect(again.status).toBe(202)
      await waitForRead(ctx, again.data.reconciliation.id)
    })

    it("lets one claim take an upload, and refuses a reconciliation from an upload a cleanup has taken", async () => {
      const a = await uploaded()
      const b = await uploaded()
      await age([a.file_key, b.file_key])
      const paylink = ctx
        .getContainer()
        .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      const claim = () =>
        paylink.claimOrphanReconciliationUploads(
          new Date(Date.now() - 24 * 3_600_000),
          new Date(Date.now() - 15 * 60_000),
          3_600_000,
          100
        )
      // Two instances at once: each upload is claimed by one of them only.
      const [one, two] = await Promise.all([claim(), claim()])
      const claimedKeys = [...one, ...two]
        .map((u) => u.file_key)
        .filter((k) => k === a.file_key || k === b.file_key)
      expect(claimedKeys.sort()).toEqual([a.file_key, b.file_key].sort())

      // Taken for deletion, not yet deleted: creating a reconciliation from it is refused, and it stays unused.
      const res = await create(a.file_key, a.suggested_mapping)
      expect(res.status).toBe(404)
      expect(res.data.message).toMatch(/upload the file again/)
      expect((await rowsOf([a.file_key]))[0]).toMatchObject({
        used_at: null,
        claimed_at: expect.any(Date),
      })
      expect(
        (await api.get(`/admin/paylink/reconciliations`, ctx.admin)).data.count
      ).toBe(0)

      // A claim is the job's only while fresh: a run that stopped mid-way is taken over after the lease.
      await ctx.dbConnection.raw(
        `update "paylink_reconciliation_upload" set "claimed_at" = now() - interval '20 minutes' where "file_key" = any(?)`,
        [[a.file_key, b.file_key]]
      )
      await deleteOrphanPaylinkUploads(ctx.getContainer())
      expect(await rowsOf([a.file_key, b.file_key])).toEqual([])
      expect(
        storedUploads().filter((k) => k === a.file_key || k === b.file_key)
      ).toEqual([])
    })

    it("keeps the record, claimed, of a file a delete left in place (the S3 provider only logs a failed delete), and deletes both on a later run", async () => {
      const kept = await uploaded()
      await age([kept.file_key])
      const files = ctx.getContainer().resolve(Modules.FILE)
      // A delete that reports nothing and deletes nothing, as S3's DeleteObjects (Quiet) does when refused.
      const spy = jest.spyOn(files, "deleteFiles").mockResolvedValue(undefined)
      try {
        await deleteOrphanPaylinkUploads(ctx.getContainer())
      } finally {
        spy.mockRestore()
      }
      expect(storedUploads()).toContain(kept.file_key)
      expect(await rowsOf([kept.file_key])).toEqual([
        expect.objectContaining({
          claimed_at: expect.any(Date),
          used_at: null,
        }),
      ])

      // The claim's lease over, the next run deletes it for good.
      await ctx.dbConnection.raw(
        `update "paylink_reconciliation_upload" set "claimed_at" = now() - interval '20 minutes' where "file_key" = ?`,
        [kept.file_key]
      )
      await deleteOrphanPaylinkUploads(ctx.getContainer())
      expect(storedUploads()).not.toContain(kept.file_key)
      expect(await rowsOf([kept.file_key])).toEqual([])
    })

    it("deletes an upload marked used two hours ago that no reconciliation references (its create died after the mark), never a referenced one", async () => {
      const referenced = (await reconcile(ctx, CSV)).upload
      const died = await uploaded()
      await ctx.dbConnection.raw(
        `update "paylink_reconciliation_upload" set "used_at" = now() - interval '2 hours' where "file_key" = any(?)`,
        [[referenced.file_key, died.file_key]]
      )
      await age([referenced.file_key, died.file_key])
      await deleteOrphanPaylinkUploads(ctx.getContainer())
      expect(
        (await rowsOf([referenced.file_key, died.file_key])).map(
          (r: any) => r.file_key
        )
      ).toEqual([referenced.file_key])
      expect(storedUploads()).toContain(referenced.file_key)
      expect(storedUploads()).not.toContain(died.file_key)
    })

    it("keeps an upload marked by a second create when the first create's compensation runs, and refuses another gateway's key before marking", async () => {
      const shared = await uploaded()
      const paylink = ctx
        .getContainer()
        .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      // Create A has marked the upload and is still reading the file.
      const markA = await paylink.markReconciliationUploadUsed(shared.file_key)
      expect(markA).not.toBeNull()
      // Create B, from the same upload, goes through.
      const b = await create(shared.file_key, shared.suggested_mapping)
      expect(b.status).toBe(202)
      // A fails: its compensation must not clear B's mark.
      await paylink.unmarkReconciliationUploadUsed(markA!)
      expect((await rowsOf([shared.file_key]))[0].used_at).not.toBeNull()
      await waitForRead(ctx, b.data.reconciliation.id)

      // With no other create, a compensation clears its own mark.
      const alone = await uploaded()
      const mark = await paylink.markReconciliationUploadUsed(alone.file_key)
      await paylink.unmarkReconciliationUploadUsed(mark!)
      expect((await rowsOf([alone.file_key]))[0].used_at).toBeNull()

      // A create naming gatewayB with gatewayA's key is refused without touching the upload (a mark
      // undone would leave used_at null too, but not updated_at).
      const touched = async () =>
        (
          await ctx.dbConnection.raw(
            `select "updated_at" from "paylink_reconciliation_upload" where "file_key" = ?`,
            [alone.file_key]
          )
        ).rows[0].updated_at
      const before = await touched()
      const other = await api
        .post(
          `/admin/paylink/reconciliations`,
          {
            gateway: "gatewayB",
            file_key: alone.file_key,
            file_name: "t.csv",
            mapping: alone.suggested_mapping,
          },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect(other.status).toBe(400)
      expect(other.data.message).toMatch(/not a file uploaded for gatewayB/)
      expect(await touched()).toEqual(before)
    })

    it("records an upload before its first byte is stored, and deletes file and record of one cut off mid-way or refused", async () => {
      const all = async () =>
        (
          await ctx.dbConnection.raw(
            `select "file_key", "file_size", "file_sha256" from "paylink_reconciliation_upload"`
          )
        ).rows
      const known = new Set((await all()).map((r: any) => r.file_key))
      const until = async <T>(
        probe: () => Promise<T | undefined> | T | undefined
      ): Promise<T | undefined> => {
        for (let i = 0; i < 100; i++) {
          const found = await probe()
          if (found !== undefined) return found
          await new Promise((r) => setTimeout(r, 100))
        }
        return undefined
      }
      const body = new PassThrough()
      const abort = new AbortController()
      const sent = api
        .post(
          `/admin/paylink/reconciliations/uploads?${new URLSearchParams(query)}`,
          body,
          {
            headers: { ...ctx.admin.headers, "content-type": "text/csv" },
            signal: abort.signal,
            maxBodyLength: Infinity,
          }
        )
        .catch((e: unknown) => e)
      body.write(CSV)
      let key = ""
      try {
        // Still arriving (the body never ends): recorded already, size and hash to come, its file begun.
        const inFlight = await until(async () =>
          (await all()).find(
            (r: { file_key: string }) => !known.has(r.file_key)
          )
        )
        expect(inFlight).toMatchObject({ file_size: 0, file_sha256: null })
        key = inFlight.file_key
        expect(
          await until(() => (storedUploads().includes(key) ? true : undefined))
        ).toBe(true)
      } finally {
        // The admin's connection dies mid-upload (also when the test fails: no request left open).
        abort.abort()
        await sent
      }
      // The partial file is deleted, then its record.
      expect(
        await until(async () =>
          (await rowsOf([key])).length === 0 ? true : undefined
        )
      ).toBe(true)
      expect(storedUploads()).not.toContain(key)

      // A refused upload (empty) leaves neither.
      expect((await upload(ctx, Buffer.alloc(0), query)).status).toBe(400)
      expect((await all()).filter((r: any) => !known.has(r.file_key))).toEqual(
        []
      )
    })
  },
  { timeoutMs: 300_000 }
)

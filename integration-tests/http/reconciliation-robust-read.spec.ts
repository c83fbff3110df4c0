/**
 * A reconciliation's read always ends, whatever the file holds: a cell no text column can hold is
 * a bad row, a UTF-16 export is refused, an amount beyond what a record can hold is a bad row, a
 * batch the database keeps refusing ends the read `failed` with the lines named (and no row's data
 * in a log line), and a failed or unapplied reconciliation can be deleted with its file.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { paylinkSuite } from "../helpers/suite"
import { eventually } from "../helpers/benefits"
import { reconcile, upload } from "../helpers/reconciliation"
import resumePaylinkReconciliations from "../../src/jobs/resume-paylink-reconciliations"
import { storedFileIsGone } from "../../src/lib/reconciliation/stored-file-gone"
import { uploadFileName } from "../../src/lib/reconciliation/upload-file"

const HEADER =
  "No. de enlace;ID de transacción;Fecha de pago;Monto;Moneda;Estado;Tarjeta;Autorización;Producto;Descripción"

/** Today in Guatemala (UTC−6) as the dashboards write it, at 10:00. */
const todayAt10 = () =>
  `${new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10).split("-").reverse().join("/")} 10:00`

/** A payment row of a link no record has (an unknown entry): `number` tells the rows apart. */
const row = (
  number: number,
  options: { amount?: string; authorization?: string } = {}
) =>
  `${900000 + number};chk_none_${number};${todayAt10()};${options.amount ?? "Q 10.00"};GTQ;Pagado;**** 4242;${options.authorization ?? `AUTH${number}`};Pago único;Fila ${number}`

const csv = (rows: string[]) =>
  Buffer.from([HEADER, ...rows].join("\r\n") + "\r\n", "utf8")

/** Everything the app's logger is handed, and what reaches stdout and stderr, until `restore`. */
function captureLogs(ctx: { getContainer: () => any }) {
  const logger = ctx
    .getContainer()
    .resolve(ContainerRegistrationKeys.LOGGER) as any
  const logged: string[] = []
  const text = (arg: unknown) =>
    arg instanceof Error
      ? `${arg.message}\n${arg.stack}\n${String((arg as any).cause ?? "")}`
      : typeof arg === "string"
        ? arg
        : JSON.stringify(arg)
  const spies = ["error", "warn", "info", "debug", "log", "failure"]
    .filter((m) => typeof logger[m] === "function")
    .map((m) =>
      jest
        .spyOn(logger, m)
        .mockImplementation(
          (...args: unknown[]) => void logged.push(args.map(text).join(" "))
        )
    )
  const streams = [process.stdout, process.stderr].map((s) => {
    const write = s.write.bind(s)
    return jest.spyOn(s, "write").mockImplementation(((
      chunk: any,
      ...rest: any[]
    ) => {
      logged.push(String(chunk))
      return write(chunk, ...rest)
    }) as any)
  })
  return {
    logged,
    restore: () => [...spies, ...streams].forEach((spy) => spy.mockRestore()),
  }
}

paylinkSuite(
  (ctx) => {
    const { api } = ctx
    const get = async (id: string) =>
      (await api.get(`/admin/paylink/reconciliations/${id}`, ctx.admin)).data
        .reconciliation
    const badRows = async (id: string) =>
      (
        await api.get(
          `/admin/paylink/reconciliations/${id}/bad-rows`,
          ctx.admin
        )
      ).data.bad_rows
    const create = async (file: Buffer) => {
      const up = await upload(ctx, file, {
        gateway: "gatewayA",
        file_name: "t.csv",
      })
      expect(up.status).toBe(200)
      const created = await api.post(
        `/admin/paylink/reconciliations`,
        {
          gateway: "gatewayA",
          file_key: up.data.upload.file_key,
          file_name: "t.csv",
          mapping: up.data.upload.suggested_mapping,
        },
        ctx.admin
      )
      expect(created.status).toBe(202)
      return {
        id: created.data.reconciliation.id as string,
        fileKey: up.data.upload.file_key as string,
        mapping: up.data.upload.suggested_mapping,
      }
    }

    it("reads to the end a file whose last row holds a NUL, listing that row as bad with a storable value", async () => {
      const good = Array.from({ length: 2500 }, (_, i) => row(i + 1))
      const started = Date.now()
      const { logged, restore } = captureLogs(ctx)
      const { reconciliation: r } = await reconcile(
        ctx,
        csv([...good, row(2501, { authorization: "\u0000=1+8" })])
      ).finally(restore)
      console.info(
        `paylink test: ${good.length + 1} rows with a NUL in the last read in ${Date.now() - started} ms`
      )
      // Before, the batch's failed insert was logged with its statement: every row's reference and authorization.
      expect(logged.filter((l) => /AUTH\d|900001|=1\+8/.test(l))).toEqual([])
      expect(r).toMatchObject({
        status: "ready",
        rows_read: 2501,
        rows_bad: 1,
        counts: expect.objectContaining({ unknown: 2500 }),
      })
      expect(await badRows(r.id)).toEqual([
        {
          line: 2502,
          column: "Autorización",
          value: "\uFFFD=1+8",
          reason: expect.stringMatching(
            /a character a text cannot hold \(a NUL byte\)/
          ),
        },
      ])
    })

    it("lists an amount beyond what a record can hold as a bad row naming the limit, and keeps the largest one to the cent", async () => {
      const { reconciliation: r } = await reconcile(
        ctx,
        csv([
          row(1, { amount: "99999999999999999999999.99" }),
          row(2, { amount: "Q 9,999,999,999,999.99" }),
          row(3, { amount: "10000000000000.00" }),
        ])
      )
      expect(r).toMatchObject({ status: "ready", rows_read: 3, rows_bad: 2 })
      expect(await badRows(r.id)).toEqual([
        // A run of 12 to 19 digits is shown as a card number would be: its last 4.
        {
          line: 2,
          column: "Monto",
          value: "****99999999.99",
          reason: expect.stringContaining("9,999,999,999,999.99"),
        },
        {
          line: 4,
          column: "Monto",
          value: "****0000.00",
          reason: expect.stringContaining("9,999,999,999,999.99"),
        },
      ])
      const { entries } = (
        await api.get(
          `/admin/paylink/reconciliations/${r.id}/entries`,
          ctx.admin
        )
      ).data
      expect(entries).toEqual([
        expect.objectContaining({ line: 3, reported_amount: 9999999999999.99 }),
      ])
      const download = await api.get(
        `/admin/paylink/reconciliations/${r.id}/download`,
        { ...ctx.admin, responseType: "text" }
      )
      expect(String(download.data)).toContain(",9999999999999.99,GTQ,")
    })

    it("refuses a UTF-16 export at upload and at create with a 400 saying to save it as UTF-8 or Latin-1", async () => {
      const text = [HEADER, row(1)].join("\r\n") + "\r\n"
      const le = Buffer.from(text, "utf16le")
      const be = Buffer.from(le).swap16()
      const cases: [string, Buffer][] = [
        ["UTF-16 LE with BOM", Buffer.concat([Buffer.from([0xff, 0xfe]), le])],
        ["UTF-16 BE with BOM", Buffer.concat([Buffer.from([0xfe, 0xff]), be])],
        ["UTF-16 LE without BOM", le],
        ["UTF-16 BE without BOM", be],
      ]
      for (const [label, file] of cases) {
        const res = await upload(ctx, file, {
          gateway: "gatewayA",
          file_name: "t.csv",
        })
        expect({ label, status: res.status, type: res.data.type }).toEqual({
          label,
          status: 400,
          type: "invalid_data",
        })
        expect({ label, message: res.data.message }).toEqual({
          label,
          message: expect.stringMatching(/UTF-16.*UTF-8 or Latin-1/),
        })
      }
    })

    it("answers 400, never 500, a create from a UTF-16 file stored under an upload's key", async () => {
      const text = [HEADER, row(1)].join("\r\n") + "\r\n"
      const le = Buffer.from(text, "utf16le")
      const cases: [string, Buffer][] = [
        ["UTF-16 LE with BOM", Buffer.concat([Buffer.from([0xff, 0xfe]), le])],
        ["UTF-16 BE without BOM", Buffer.from(le).swap16()],
      ]
      const suggested = (
        await upload(ctx, csv([row(1)]), {
          gateway: "gatewayA",
          file_name: "t.csv",
        })
      ).data.upload.suggested_mapping
      for (const [label, file] of cases) {
        // The columns as an upload that took the file read them (Latin-1: a NUL after each letter), mapped by position.
        const columns = file
          .toString("latin1")
          .split("\r")[0]
          .split(";")
          .map((c) => c.trim())
        const mapping = {
          ...suggested,
          reference: columns[0],
          reference_kind: "number",
          paid_at: columns[2],
          amount: columns[3],
          currency: columns[4],
          status: columns[5],
          card_last4: columns[6],
          authorization: columns[7],
        }
        // Stored as the upload stores it (a file uploaded before uploads were refused).
        const [stored] = await ctx
          .getContainer()
          .resolve(Modules.FILE)
          .createFiles([
            {
              filename: uploadFileName("gatewayA"),
              mimeType: "text/csv",
              content: file.toString("base64"),
              access: "private",
            },
          ])
        const post = (body: object) =>
          api
            .post(
              `/admin/paylink/reconciliations`,
              {
                gateway: "gatewayA",
                file_key: stored.id,
                file_name: "t.csv",
                ...body,
              },
              ctx.admin
            )
            .catch((e: any) => e.response)
        // The mapping the upload offered for it (column names holding NULs): refused by name, before the jsonb insert that was a 500.
        const offered = await post({ mapping })
        expect({
          label,
          status: offered.status,
          type: offered.data.type,
        }).toEqual({ label, status: 400, type: "invalid_data" })
        expect({ label, message: offered.data.message }).toEqual({
          label,
          message: expect.stringMatching(
            /mapping\.reference must not hold a NUL/
          ),
        })
        // Any other mapping: the stored file itself is refused as UTF-16.
        const other = await post({ mapping: suggested })
        expect({ label, status: other.status, type: other.data.type }).toEqual({
          label,
          status: 400,
          type: "invalid_data",
        })
        expect({ label, message: other.data.message }).toEqual({
          label,
          message: expect.stringMatching(/UTF-16.*UTF-8 or Latin-1/),
        })
      }
      // A status the merchant typed with a NUL would go into the stored mapping (jsonb): refused by name.
      const good = (
        await upload(ctx, csv([row(1)]), {
          gateway: "gatewayA",
          file_name: "t.csv",
        })
      ).data.upload
      const nul = await api
        .post(
          `/admin/paylink/reconciliations`,
          {
            gateway: "gatewayA",
            file_key: good.file_key,
            file_name: "t.csv",
            mapping: { ...suggested, paid_statuses: ["pagado\u0000"] },
          },
          ctx.admin
        )
        .catch((e: any) => e.response)
      expect({ status: nul.status, message: nul.data.message }).toEqual({
        status: 400,
        message: expect.stringMatching(
          /mapping\.paid_statuses must not hold a NUL/
        ),
      })
      expect(
        (await api.get(`/admin/paylink/reconciliations`, ctx.admin)).data.count
      ).toBe(0)
    })

    it("ends `failed`, naming the lines and what to do, a read whose batch the database refuses three times, and logs no row's data", async () => {
      // The database refuses line 3's entry (as it would a value it cannot store), every time.
      await ctx.dbConnection.raw(`
      create or replace function refuse_line_3() returns trigger language plpgsql as $$
      begin if new.line = 3 then raise exception 'refused: %', new."authorization" using errcode = '22P05'; end if; return new; end $$;
      create trigger refuse_line_3 before insert on paylink_reconciliation_entry for each row execute function refuse_line_3();`)
      try {
        const rows = [
          row(1, { authorization: "SECRETAUTH1" }),
          row(2, { authorization: "SECRETAUTH2" }),
          row(3, { authorization: "SECRETAUTH3" }),
        ]
        const attempt = async () => {
          await ctx.dbConnection.raw(
            `update paylink_reconciliation set updated_at = now() - interval '3 minutes' where status = 'reading'`
          )
          await resumePaylinkReconciliations(ctx.getContainer())
        }
        const { logged, restore } = captureLogs(ctx)
        const rowData = () =>
          logged.filter((l) =>
            /SECRETAUTH|chk_none_|900001|jsonb_to_recordset|Q 10\.00/.test(l)
          )
        let id = ""
        try {
          id = (await create(csv(rows))).id
          // The subscriber's read fails once; the resume job reads it again, twice.
          await eventually(
            async () => logged.filter((l) => l.includes(id)).length,
            (n) => n > 0,
            20_000
          )
          expect(rowData()).toEqual([])
          await attempt()
          await attempt()
        } finally {
          restore()
        }
        expect(rowData()).toEqual([])
        expect(logged.join("\n")).toMatch(
          new RegExp(`${id}.*lines 2 to 4.*22P05`)
        )

        const r = await get(id)
        expect(r.status).toBe("failed")
        expect(r.error).toMatch(/lines 2 to 4/)
        expect(r.error).toMatch(/3 times/)
        expect(r.error).toMatch(/delete this reconciliation/i)
        expect(r.error).not.toMatch(/SECRETAUTH|chk_none_|insert into/)
        // Failed: the job no longer takes it.
        await attempt()
        expect((await get(id)).status).toBe("failed")
      } finally {
        await ctx.dbConnection.raw(
          `drop trigger if exists refuse_line_3 on paylink_reconciliation_entry; drop function if exists refuse_line_3();`
        )
      }
    })

    it("ends `failed` a read whose writes fail at a different batch each time, instead of reading it again forever", async () => {
      // A sick database: each attempt fails at another batch (lines 3, then 1003, then 2003).
      await ctx.dbConnection.raw(`
      create table refuse_at (line int); insert into refuse_at values (3);
      create or replace function refuse_moving_line() returns trigger language plpgsql as $$
      begin if new.line = (select line from refuse_at) then raise exception 'refused' using errcode = '53100'; end if; return new; end $$;
      create trigger refuse_moving_line before insert on paylink_reconciliation_entry for each row execute function refuse_moving_line();`)
      try {
        const rows = Array.from({ length: 2_500 }, (_, i) => row(i + 1))
        const { id } = await create(csv(rows))
        const failedLine = async () =>
          (
            await ctx.dbConnection.raw(
              `select read_failed_line from paylink_reconciliation where id = ?`,
              [id]
            )
          ).rows[0]?.read_failed_line ?? null
        await eventually(failedLine, (line) => line === 2, 20_000)
        for (const next of [1003, 2003]) {
          await ctx.dbConnection.raw(`update refuse_at set line = ?`, [next])
          await ctx.dbConnection.raw(
            `update paylink_reconciliation set updated_at = now() - interval '3 minutes' where id = ?`,
            [id]
          )
          await resumePaylinkReconciliations(ctx.getContainer())
        }
        const r = await get(id)
        expect(r.status).toBe("failed")
        expect(r.error).toMatch(/3 times, the last time at lines 2002 to 2501/)
      } finally {
        await ctx.dbConnection.raw(
          `drop trigger if exists refuse_moving_line on paylink_reconciliation_entry; drop function if exists refuse_moving_line(); drop table if exists refuse_at;`
        )
      }
    })

    it("deletes a ready or failed reconciliation with its entries, bad rows, upload and file, and refuses one being read or applied", async () => {
      const files = ctx.getContainer().resolve(Modules.FILE)
      const count = async (table: string, id: string) =>
        Number(
          (
            await ctx.dbConnection.raw(
              `select count(*)::int as n from ${table} where reconciliation_id = ?`,
              [id]
            )
          ).rows[0].n
        )
      const uploads = async (fileKey: string) =>
        Number(
          (
            await ctx.dbConnection.raw(
              `select count(*)::int as n from paylink_reconciliation_upload where file_key = ?`,
              [fileKey]
            )
          ).rows[0].n
        )
      const del = (id: string) =>
        api
          .delete(`/admin/paylink/reconciliations/${id}`, ctx.admin)
          .catch((e: any) => e.response)

      const ready = await create(csv([row(1), row(2, { amount: "Q abc" })]))
      expect(
        (
          await eventually(
            () => get(ready.id),
            (r) => r.status !== "reading",
            30_000
          )
        ).status
      ).toBe("ready")
      expect([
        await count("paylink_reconciliation_entry", ready.id),
        await count("paylink_reconciliation_bad_row", ready.id),
      ]).toEqual([1, 1])

      for (const status of ["reading", "applying", "applied"]) {
        await ctx.dbConnection.raw(
          `update paylink_reconciliation set status = ? where id = ?`,
          [status, ready.id]
        )
        const refused = await del(ready.id)
        expect({
          status,
          code: refused.status,
          type: refused.data.type,
        }).toEqual({ status, code: 400, type: "not_allowed" })
        expect(refused.data.message).toMatch(
          new RegExp(
            status === "applied"
              ? "applied"
              : status === "applying"
                ? "being applied"
                : "being read"
          )
        )
        expect((await get(ready.id)).status).toBe(status)
      }
      await ctx.dbConnection.raw(
        `update paylink_reconciliation set status = 'ready' where id = ?`,
        [ready.id]
      )

      // A second reconciliation of the same upload keeps the file until it is deleted too.
      const again = await api.post(
        `/admin/paylink/reconciliations`,
        {
          gateway: "gatewayA",
          file_key: ready.fileKey,
          file_name: "t.csv",
          mapping: ready.mapping,
        },
        ctx.admin
      )
      const twin = again.data.reconciliation.id as string
      expect(
        (
          await eventually(
            () => get(twin),
            (r) => r.status !== "reading",
            30_000
          )
        ).status
      ).toBe("ready")

      const deleted = await del(ready.id)
      expect(deleted.status).toBe(200)
      expect(deleted.data).toEqual({
        id: ready.id,
        object: "paylink_reconciliation",
        deleted: true,
      })
      expect(
        (
          await api
            .get(`/admin/paylink/reconciliations/${ready.id}`, ctx.admin)
            .catch((e: any) => e.response)
        ).status
      ).toBe(404)
      expect([
        await count("paylink_reconciliation_entry", ready.id),
        await count("paylink_reconciliation_bad_row", ready.id),
      ]).toEqual([0, 0])
      expect(await storedFileIsGone(files, ready.fileKey)).toBe(false)
      expect(await uploads(ready.fileKey)).toBe(1)

      await ctx.dbConnection.raw(
        `update paylink_reconciliation set status = 'failed', error = 'x' where id = ?`,
        [twin]
      )
      expect((await del(twin)).status).toBe(200)
      expect(
        (
          await api
            .get(`/admin/paylink/reconciliations/${twin}`, ctx.admin)
            .catch((e: any) => e.response)
        ).status
      ).toBe(404)
      expect(await storedFileIsGone(files, ready.fileKey)).toBe(true)
      expect(await uploads(ready.fileKey)).toBe(0)
      expect((await del(twin)).status).toBe(404)
      expect(
        (await api.get(`/admin/paylink/reconciliations`, ctx.admin)).data.count
      ).toBe(0)
    })
  },
  { timeoutMs: 300_000 }
)

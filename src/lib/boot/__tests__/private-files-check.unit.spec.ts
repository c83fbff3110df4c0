import { defineConfig } from "@medusajs/framework/utils"
import { forgetPrintedBootErrors } from "../boot-check"
import {
  privateFilesServedWarning,
  warnPrivateFilesServed,
} from "../private-files-check"

const APP = "/srv/shop"
const at = { cwd: APP, appRoot: APP }
const fileModule = (
  providers: unknown[],
  resolve = "@medusajs/medusa/file"
) => ({ file: { resolve, options: { providers } } })
const local = (options?: Record<string, unknown>) => ({
  resolve: "@medusajs/medusa/file-local",
  id: "local",
  ...(options ? { options } : {}),
})

describe("privateFilesServedWarning (the local file provider's private folder inside the served static/)", () => {
  it("warns on Medusa's default: defineConfig registers the local provider with no options", () => {
    const { modules } = defineConfig({ projectConfig: {} as any })
    const text = privateFilesServedWarning(modules as any, at)
    expect(text).toContain("keeps private files in static/")
    expect(text).toContain("private_upload_dir")
    expect(text).toContain("modules -> @medusajs/medusa/file -> providers")
    expect(text).not.toContain("\n")
    expect(text).not.toContain(APP)
  })

  it.each([
    ["no options", local()],
    ["an empty private_upload_dir", local({ private_upload_dir: "" })],
    ["static itself", local({ private_upload_dir: "static" })],
    ["a folder under static", local({ private_upload_dir: "static/private" })],
    [
      "an absolute path under static",
      local({ private_upload_dir: `${APP}/static/x` }),
    ],
    [
      "a path that climbs back into static",
      local({ private_upload_dir: "uploads/../static/p" }),
    ],
    ["only the public folder moved", local({ upload_dir: "public-files" })],
    [
      "the package's own name",
      { resolve: "@medusajs/file-local", id: "local" },
    ],
  ])("warns for %s", (_, provider) => {
    expect(privateFilesServedWarning(fileModule([provider]), at)).not.toBeNull()
  })

  it.each([
    [
      "a folder beside static",
      local({ private_upload_dir: "private-uploads" }),
    ],
    [
      "a nested folder outside static",
      local({ private_upload_dir: "uploads/private" }),
    ],
    [
      "a folder whose name starts like static",
      local({ private_upload_dir: "static-private" }),
    ],
    [
      "an absolute path elsewhere",
      local({ private_upload_dir: "/var/lib/shop/private" }),
    ],
  ])("does not warn for %s", (_, provider) => {
    expect(privateFilesServedWarning(fileModule([provider]), at)).toBeNull()
  })

  it("does not warn for another provider (S3), a disabled File module or no modules at all", () => {
    expect(
      privateFilesServedWarning(
        fileModule([
          { resolve: "@medusajs/medusa/file-s3", id: "s3", options: {} },
        ]),
        at
      )
    ).toBeNull()
    expect(privateFilesServedWarning({ file: false }, at)).toBeNull()
    expect(privateFilesServedWarning(undefined, at)).toBeNull()
    expect(
      privateFilesServedWarning(
        {
          payment: {
            resolve: "@medusajs/medusa/payment",
            options: { providers: [local()] },
          },
        },
        at
      )
    ).toBeNull()
  })

  it("finds the File module by its resolve under another key, and the default when medusa-config sets the folder", () => {
    expect(
      privateFilesServedWarning(
        {
          files: {
            resolve: "@medusajs/medusa/file",
            options: { providers: [local()] },
          },
        },
        at
      )
    ).not.toBeNull()
    const { modules } = defineConfig({
      projectConfig: {} as any,
      modules: [
        {
          resolve: "@medusajs/medusa/file",
          options: {
            providers: [local({ private_upload_dir: "private-uploads" })],
          },
        },
      ],
    })
    expect(privateFilesServedWarning(modules as any, at)).toBeNull()
  })

  it("resolves a relative folder from the process's cwd, and the served folder from the app's root", () => {
    // Started from the app's parent: "shop/static" is the served folder of the app in /srv/shop.
    expect(
      privateFilesServedWarning(
        fileModule([local({ private_upload_dir: "shop/static" })]),
        { cwd: "/srv", appRoot: APP }
      )
    ).not.toBeNull()
    expect(
      privateFilesServedWarning(
        fileModule([local({ private_upload_dir: "static" })]),
        { cwd: "/srv", appRoot: APP }
      )
    ).toBeNull()
  })
})

describe("warnPrivateFilesServed", () => {
  beforeEach(forgetPrintedBootErrors)

  it("warns once per process, however many times the loader runs", () => {
    const logger = { warn: jest.fn() }
    warnPrivateFilesServed(fileModule([local()]), { ...at, logger })
    warnPrivateFilesServed(fileModule([local()]), { ...at, logger })
    expect(logger.warn).toHaveBeenCalledTimes(1)
  })

  it("says nothing when private files are kept apart", () => {
    const logger = { warn: jest.fn() }
    warnPrivateFilesServed(
      fileModule([local({ private_upload_dir: "private-uploads" })]),
      { ...at, logger }
    )
    expect(logger.warn).not.toHaveBeenCalled()
  })
})

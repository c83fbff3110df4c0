/**
 * An uploaded export streamed into Medusa's File module (private), counted and hashed on the way,
 * its first 64 KiB kept. Recorded before the first byte, so a crash mid-upload leaves a record the
 * cleanup finds; a refusal deletes what was written (docs/architecture.md#uploads-and-the-read).
 */
import { createHash } from "node:crypto"
import { once } from "node:events"
import type { Readable, Writable } from "node:stream"
import { finished } from "node:stream/promises"
import type { IFileModuleService } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import {
  sniffDialect,
  type CsvDialect,
} from "../../../../../lib/reconciliation"
import { deleteStoredFile } from "../../../../../lib/reconciliation/stored-file-gone"
import {
  HEAD_BYTES,
  MAX_UPLOAD_BYTES,
  uploadFileName,
} from "../../../../../lib/reconciliation/upload-file"

export type ReceivedUpload = {
  fileKey: string
  size: number
  sha256: string
  head: Buffer
  dialect: CsvDialect
}

/** The upload's record, kept by the caller. */
export type UploadLedger = {
  opened(fileKey: string): Promise<void>
  stored(fileKey: string, size: number, sha256: string): Promise<void>
  dropped(fileKey: string): Promise<void>
}

const refuse = (message: string) =>
  new MedusaError(MedusaError.Types.INVALID_DATA, message)

async function write(stream: Writable, chunk: Buffer) {
  if (!stream.write(chunk)) {
    await once(stream, "drain")
  }
}

const tooLarge = () =>
  refuse(
    `body: the file must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB.`
  )

/** `declaredSize`: the request's Content-Length: a file said to be too large is refused unread. */
export async function receiveUpload(
  body: Readable,
  files: IFileModuleService,
  gateway: string,
  ledger: UploadLedger,
  declaredSize?: number
): Promise<ReceivedUpload> {
  if (declaredSize !== undefined && declaredSize > MAX_UPLOAD_BYTES) {
    throw tooLarge()
  }
  const { writeStream, promise, fileKey } = await files.getUploadStream({
    filename: uploadFileName(gateway),
    mimeType: "text/csv",
    access: "private",
  })
  // The provider's promise rejects if the write fails; read it only at the end, never unhandled.
  const stored = promise.then(
    () => null,
    (error: unknown) => error
  )
  const hash = createHash("sha256")
  const headChunks: Buffer[] = []
  let headSize = 0
  let size = 0
  let dialect: CsvDialect | null = null
  try {
    await ledger.opened(fileKey)
    for await (const data of body) {
      const chunk = Buffer.isBuffer(data)
        ? data
        : Buffer.from(data as Uint8Array)
      size += chunk.length
      if (size > MAX_UPLOAD_BYTES) {
        throw tooLarge()
      }
      hash.update(chunk)
      if (headSize < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headSize)
        headChunks.push(part)
        headSize += part.length
        // A file that is not a CSV is refused before it is stored whole.
        if (headSize === HEAD_BYTES)
          dialect = sniffDialect(Buffer.concat(headChunks))
      }
      await write(writeStream, chunk)
    }
    if (size === 0) {
      throw refuse(
        "body: the file is empty; send the CSV export as the request body."
      )
    }
    const head = Buffer.concat(headChunks)
    dialect ??= sniffDialect(head)
    writeStream.end()
    const failed = await stored
    if (failed) throw failed
    const sha256 = hash.digest("hex")
    await ledger.stored(fileKey, size, sha256)
    return { fileKey, size, sha256, head, dialect }
  } catch (error) {
    // A destroyed stream emits neither finish nor error (the provider's promise stays pending): wait for its close.
    writeStream.destroy()
    await finished(writeStream).catch(() => undefined)
    // The record goes only with its file: a file still there (a delete only logged as failed) is
    // left to the cleanup, which finds it by its record.
    if (await deleteStoredFile(files, fileKey)) {
      await ledger.dropped(fileKey).catch(() => undefined)
    }
    throw error
  }
}

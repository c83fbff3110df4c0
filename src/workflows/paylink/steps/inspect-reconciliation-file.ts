import { createHash } from "node:crypto"
import type { Readable } from "node:stream"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  mappingProblems,
  previewCsv,
  sniffDialect,
  type CsvDialect,
} from "../../../lib/reconciliation"
import type { ReconciliationMapping } from "../../../types/reconciliation"
import { HEAD_BYTES } from "../../../lib/reconciliation/upload-file"

export type InspectReconciliationFileInput = {
  gateway: string
  file_key: string
  mapping: ReconciliationMapping
}
export type InspectedFile = CsvDialect & {
  sha256: string
  size: number
  columns: string[]
}

/** The stored upload read again as a stream: its SHA-256 and size as stored, its header, the mapping checked. */
export const inspectReconciliationFileStep = createStep(
  "inspect-reconciliation-file",
  async (input: InspectReconciliationFileInput, { container }) => {
    let stream: Readable
    try {
      stream = await container
        .resolve(Modules.FILE)
        .getDownloadStream(input.file_key)
    } catch {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        "file_key: no uploaded file has this key."
      )
    }
    const hash = createHash("sha256")
    const head: Buffer[] = []
    let headSize = 0
    let size = 0
    try {
      for await (const data of stream) {
        const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data)
        hash.update(chunk)
        size += chunk.length
        if (headSize < HEAD_BYTES) {
          const part = chunk.subarray(0, HEAD_BYTES - headSize)
          head.push(part)
          headSize += part.length
        }
      }
    } catch {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        "file_key: no uploaded file has this key."
      )
    }
    const bytes = Buffer.concat(head)
    const dialect = sniffDialect(bytes)
    const { columns } = previewCsv(bytes, 0)
    const problems = mappingProblems(input.mapping, columns)
    if (problems.length) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        problems.map((p) => `mapping.${p.field}: ${p.rule}`).join("; ")
      )
    }
    return new StepResponse<InspectedFile>({
      ...dialect,
      sha256: hash.digest("hex"),
      size,
      columns,
    })
  }
)

/**
 * Whether a file is gone from Medusa's File module. A delete cannot tell (the S3 provider only logs
 * a failed delete), so a file is read back before its record is forgotten.
 */
import type { IFileModuleService } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

/** Whether an error says the file is not there (S3: NoSuchKey; local provider: ENOENT; a module's NOT_FOUND). */
export function isFileNotFound(error: unknown): boolean {
  if (error instanceof MedusaError)
    return error.type === MedusaError.Types.NOT_FOUND
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown }
  return (
    code === "ENOENT" ||
    code === "NoSuchKey" ||
    name === "NoSuchKey" ||
    name === "NotFound"
  )
}

/**
 * Any error but "not found" is thrown: the file may still be there. The first chunk is awaited:
 * the local provider opens lazily.
 */
export async function storedFileIsGone(
  files: IFileModuleService,
  fileKey: string
): Promise<boolean> {
  try {
    const stream = await files.getDownloadStream(fileKey)
    // Leaving the loop destroys the stream: nothing more is downloaded.
    for await (const chunk of stream) {
      void chunk
      break
    }
    return false
  } catch (error) {
    if (isFileNotFound(error)) return true
    throw error
  }
}

/** Deletes, then reads back: true only once gone. A caller forgets a file's record only on true. */
export async function deleteStoredFile(
  files: IFileModuleService,
  fileKey: string
): Promise<boolean> {
  try {
    await files.deleteFiles(fileKey)
  } catch (error) {
    if (!isFileNotFound(error)) return false
  }
  return await storedFileIsGone(files, fileKey).catch(() => false)
}

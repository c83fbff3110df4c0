/**
 * Whether a file is gone from Medusa's File module. A delete cannot tell: the S3 provider sends
 * DeleteObjects with Quiet and only logs a failure (never throws), so a record forgotten after a
 * "successful" delete could leave a file nothing points at. Reading it back can tell.
 */
import type { IFileModuleService } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

/** Whether an error says the file is not there (S3: NoSuchKey; local provider: ENOENT; a module's NOT_FOUND). */
export function isFileNotFound(error: unknown): boolean {
  if (error instanceof MedusaError) return error.type === MedusaError.Types.NOT_FOUND
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown }
  return code === "ENOENT" || code === "NoSuchKey" || name === "NoSuchKey" || name === "NotFound"
}

/**
 * True when opening the file fails as "not found"; false when it opens (the stream is closed
 * again after its first chunk). Any other error is thrown: the file may still be there. The local
 * provider opens lazily (its missing file errors on the first read), so the first chunk is awaited.
 */
export async function storedFileIsGone(files: IFileModuleService, fileKey: string): Promise<boolean> {
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

/**
 * Deletes a stored file, then reads it back: true only once it is gone. A delete that did not
 * throw proves nothing (the S3 provider only logs a failed delete), so a caller forgets a file's
 * record only on true.
 */
export async function deleteStoredFile(files: IFileModuleService, fileKey: string): Promise<boolean> {
  try {
    await files.deleteFiles(fileKey)
  } catch (error) {
    if (!isFileNotFound(error)) return false
  }
  return await storedFileIsGone(files, fileKey).catch(() => false)
}

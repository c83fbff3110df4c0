/**
 * A gateway export's encoding and delimiter, guessed from its first bytes: UTF-8 (often with a BOM)
 * or Excel's "ANSI" (windows-1252), with "," or ";" (";" where "," is the decimal mark).
 */
import { MedusaError } from "@medusajs/framework/utils"

export type CsvDialect = { encoding: "utf-8" | "latin1"; delimiter: "," | ";" }

/** How much of the file the sniffing and the preview read. */
export const HEAD_BYTES = 64 * 1024

/**
 * "latin1" is decoded as windows-1252 (Excel's "ANSI" puts €, “ and ” in 0x80–0x9F). Not fatal by
 * default: invalid UTF-8 later in a file fails only the rows that hold it.
 */
export function decoderFor(
  encoding: CsvDialect["encoding"],
  fatal = false
): TextDecoder {
  return new TextDecoder(encoding === "utf-8" ? "utf-8" : "windows-1252", {
    fatal,
  })
}

/** The head as text: UTF-8 when it decodes strictly (a sequence cut at the end is not an error). */
export function decodeHead(head: Uint8Array): {
  encoding: CsvDialect["encoding"]
  text: string
} {
  const bytes = head.subarray(0, HEAD_BYTES)
  try {
    // stream: true keeps an incomplete last sequence back instead of calling it invalid.
    return {
      encoding: "utf-8",
      text: decoderFor("utf-8", true).decode(bytes, { stream: true }),
    }
  } catch {
    return { encoding: "latin1", text: decoderFor("latin1").decode(bytes) }
  }
}

const UTF16_SAMPLE_BYTES = 512

/**
 * UTF-16 (LE or BE): its byte order mark, or NULs in most even or odd positions (a single NUL in a
 * UTF-8 file is one damaged cell, not an encoding).
 */
export function looksLikeUtf16(head: Uint8Array): boolean {
  if (
    head.length >= 2 &&
    ((head[0] === 0xff && head[1] === 0xfe) ||
      (head[0] === 0xfe && head[1] === 0xff))
  )
    return true
  const sample = head.subarray(0, UTF16_SAMPLE_BYTES)
  const pairs = Math.floor(sample.length / 2)
  if (pairs < 2) return false
  let evenNuls = 0
  let oddNuls = 0
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenNuls++
    if (sample[i + 1] === 0) oddNuls++
  }
  return Math.max(evenNuls, oddNuls) >= pairs * 0.4
}

/** Where each record of `text` ends, a quoted line break not being an end. Cells are read by csv-parse. */
export function recordEnds(text: string): number[] {
  const ends: number[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === "\n" || c === "\r")) {
      if (c === "\r" && text[i + 1] === "\n") i++
      ends.push(i + 1)
    }
  }
  return ends
}

/** The first non-blank line (a BOM and blank lines before it skipped), or null. */
function headerLine(text: string): string | null {
  let start = 0
  for (const end of [...recordEnds(text), text.length]) {
    const line = text.slice(start, end).replace(/^\uFEFF/, "")
    if (line.trim() !== "") return line
    start = end
  }
  return null
}

function delimiterCounts(line: string): { comma: number; semicolon: number } {
  let quoted = false
  let comma = 0
  let semicolon = 0
  for (const c of line) {
    if (c === '"') quoted = !quoted
    else if (!quoted && c === ",") comma++
    else if (!quoted && c === ";") semicolon++
  }
  return { comma, semicolon }
}

/** The delimiter is whichever of "," and ";" the header line has more of; on a tie "," (RFC 4180). */
export function sniffDialect(head: Uint8Array): CsvDialect {
  if (looksLikeUtf16(head)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      'file: the file is written in UTF-16 (what Excel calls "Unicode text"); save it as UTF-8 or Latin-1 ("CSV UTF-8" or "CSV" in Excel\'s Save as) and upload it again.'
    )
  }
  const { encoding, text } = decodeHead(head)
  const line = headerLine(text)
  if (line === null) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "file: the file has no header line (it is empty or blank)."
    )
  }
  const { comma, semicolon } = delimiterCounts(line)
  if (comma === 0 && semicolon === 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      'file: the header line has a single column; an export must separate its columns with "," or ";".'
    )
  }
  return { encoding, delimiter: semicolon > comma ? ";" : "," }
}

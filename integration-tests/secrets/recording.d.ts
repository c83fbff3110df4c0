/** Types of recording.js (plain JavaScript: the test environment and global set-up load it too). */

export type SecretKind =
  | "plugin secret"
  | "encryption key"
  | "gateway token"
  | "program password"
  | "program token"
  | "card number"

export type RecordedEntry =
  | { type: "file"; file: string }
  | {
      type: "secret"
      kind: SecretKind
      value: string
      file: string
      source: string
    }
  | {
      type: "body"
      file: string
      test: string | null
      request: string
      status: number
      headers: string
      text: string
    }
  | {
      type: "log"
      file: string
      test: string | null
      channel: string
      text: string
    }

export const RECORDING_ENV: string
export function recordingPath(): string | null
export function record(entry: RecordedEntry): void
export function specName(testPath: string | undefined): string
export function readRecording(): RecordedEntry[] | null

/**
 * Secrets at rest: AES-256-GCM with a random 96-bit IV per value and the auth tag kept, so a changed
 * ciphertext fails to open. The key is the plugin option `encryptionKey`.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
} from "node:crypto"

const VERSION = "v1"

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** Null when the option is not set; throws when it is malformed. */
  static fromOption(raw: string | undefined): SecretBox | null {
    if (!raw) {
      return null
    }
    const key = /^[0-9a-fA-F]{64}$/.test(raw)
      ? Buffer.from(raw, "hex")
      : Buffer.from(raw, "base64")
    if (key.length !== 32) {
      throw new Error(
        "encryptionKey must be 32 bytes: 64 hex characters or base64 (e.g. `openssl rand -hex 32`)"
      )
    }
    return new SecretBox(key)
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv("aes-256-gcm", this.key, iv)
    const body = Buffer.concat([
      cipher.update(plaintext, "utf8"),
      cipher.final(),
    ])
    return [
      VERSION,
      iv.toString("base64"),
      cipher.getAuthTag().toString("base64"),
      body.toString("base64"),
    ].join(":")
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(":")
    if (version !== VERSION || !iv || !tag || body === undefined) {
      throw new Error("stored secret is not in a known format")
    }
    const decipher = createDecipheriv(
      "aes-256-gcm",
      this.key,
      Buffer.from(iv, "base64")
    )
    decipher.setAuthTag(Buffer.from(tag, "base64"))
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64")),
      decipher.final(),
    ]).toString("utf8")
  }

  /** A keyed hash for finding repeats of a value without storing it (e.g. a card number). */
  fingerprint(value: string): string {
    const hashKey = createHmac("sha256", this.key)
      .update("paylink:fingerprint")
      .digest()
    return createHmac("sha256", hashKey).update(value).digest("hex")
  }
}

/** Types of migrated-template.js (plain JavaScript, as jest's global setup loads it without a transform). */
export function createMigratedTemplate(appDir?: string): Promise<string>
export function dropMigratedTemplate(): Promise<void>
export function templateCopyName(appDir?: string): string | undefined
export function copyTemplate(name: string): Promise<void>
export function dropDatabase(name: string): Promise<void>

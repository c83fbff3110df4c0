/**
 * The admin's New reconciliation dialog as a merchant fills it: Payment links → Reconcile → New
 * reconciliation → the gateway and the file → Upload, up to the mapping step. Shared by the consumer
 * test's reconcile-admin.spec.ts and the demo's browser test (demo/test/reconcile-tour.js, which
 * loads this file through ts-node), so both walk the dialog by the same selectors. Not a spec.
 */
import type { Locator, Page } from "playwright-core"

export type ReconcileUpload = {
  /** The dashboard's root: "/app" under a baseURL, or the absolute address. */
  app: string
  /** A file on disk (what a browser downloaded) or its bytes. */
  file: Parameters<Locator["setInputFiles"]>[0]
  /** The link's and the gateway option's words, in the admin's language. */
  words: { reconcile: string; gateway: string }
  /** For the Payment links page's first load (the dashboard's script), then for each step. */
  firstLoadMs: number
  uiMs: number
}

/** Opens the dialog, chooses the gateway and the file, uploads it; answers the dialog, on its mapping step. */
export async function uploadToReconcile(
  page: Page,
  { app, file, words, firstLoadMs, uiMs }: ReconcileUpload
): Promise<Locator> {
  const modal = page.getByTestId("paylink-reconcile-modal")
  await page.goto(`${app}/payment-links`)
  await page
    .getByTestId("paylink-reconcile-link")
    .filter({ hasText: words.reconcile })
    .click({ timeout: firstLoadMs })
  await page.waitForURL(/\/app\/payment-links\/reconciliations$/, {
    timeout: uiMs,
  })
  await page.getByTestId("paylink-reconcile-new").click()
  await modal.getByTestId("paylink-reconcile-gateway").click()
  await page.getByRole("option", { name: words.gateway, exact: true }).click()
  await modal.getByTestId("paylink-reconcile-file").setInputFiles(file)
  await modal.getByTestId("paylink-reconcile-upload-submit").click()
  await modal
    .getByTestId("paylink-reconcile-mapping")
    .waitFor({ timeout: uiMs })
  return modal
}

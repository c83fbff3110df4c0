/**
 * A read's last pass: the subscriptions of the report's gateway whose next charge the report covers
 * (grace included) and does not show (lib/subscriptions/schedule.ts missedCharge). Entries with no
 * line, written in the read's finishing transaction; Apply flags them `renewal_overdue`.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import { missedCharge } from "../../../lib/subscriptions/schedule"
import type { ReportPeriod } from "../../../lib/reconciliation"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { OverdueInsert } from "../../../modules/paylink/repositories/reconciliation-read-sql"

/** The first instant of a Guatemalan day (UTC−06:00 all year). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000-06:00`)

export async function missedRenewals(
  paylink: PaylinkModuleService,
  reconciliationId: string,
  gatewayProducts: string[],
  period: ReportPeriod
): Promise<OverdueInsert[]> {
  if (!period.start || !period.until) return []
  const watched = await paylink.watchedSubscriptions(gatewayProducts)
  if (!watched.length) return []
  const charges = await paylink.subscriptionChargesInReport(
    reconciliationId,
    watched.map((w) => w.checkout_record_id)
  )
  const covered = { from: startOfDay(period.start), until: period.until }
  return watched.flatMap((s) => {
    const missed = missedCharge(
      s.started_at,
      s.last_charge_at,
      s.plan,
      charges.get(s.checkout_record_id) ?? [],
      covered
    )
    return missed
      ? [
          {
            id: generateEntityId(undefined, "plrce"),
            record_id: s.checkout_record_id,
            number: s.number,
            first_order_id: s.first_order_id,
            expected_at: missed,
            cents: s.cents,
            currency: s.currency,
          },
        ]
      : []
  })
}

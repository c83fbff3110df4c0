/** Save settings -> call setup -> store the token; a failed setup puts the old settings back. */
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { SettingsInput } from "../../../modules/benefits/service"
import { saveBenefitsSettingsStep } from "../steps/save-benefits-settings"
import { setupBenefitsProgramStep } from "../steps/setup-benefits-program"

export const saveBenefitsSettingsWorkflow = createWorkflow(
  "save-benefits-settings",
  (input: SettingsInput) => {
    const saved = saveBenefitsSettingsStep(input)
    // Only complete, enabled credentials are exchanged; partial settings are just stored.
    const setUp = when(
      "benefits-credentials-complete",
      { saved },
      ({ saved }) => {
        return (
          saved.enabled &&
          !!saved.user &&
          saved.password_set &&
          saved.branch !== null &&
          !saved.token_set
        )
      }
    ).then(() => setupBenefitsProgramStep())
    return new WorkflowResponse(
      transform({ setUp, saved }, ({ setUp, saved }) => setUp ?? saved)
    )
  }
)

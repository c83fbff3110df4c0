import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import type { SettingsInput } from "../../../modules/benefits/service"

/** Saves the settings; undone (the previous row put back) if the setup call that follows fails. */
export const saveBenefitsSettingsStep = createStep(
  "save-benefits-settings",
  async (input: SettingsInput, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    const { previous, view } = await benefits.saveSettings(input)
    const current = await benefits.settingsRow()
    return new StepResponse(view, {
      previous,
      createdId: previous ? undefined : current?.id,
    })
  },
  async (undo, { container }) => {
    if (!undo) {
      return
    }
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    await benefits.restoreSettings(undo.previous, undo.createdId)
  }
)

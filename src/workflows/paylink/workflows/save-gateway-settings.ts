/**
 * A gateway's settings saved from the admin: checked against the row and sealed, written over that
 * row (compare-and-set), then its address tested at once (no token sent). A save that changes nothing writes nothing.
 */
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  prepareGatewaySaveStep,
  type PrepareGatewaySaveInput,
} from "../steps/prepare-gateway-save"
import { writeGatewaySettingsStep } from "../steps/write-gateway-settings"
import { testGatewayStep } from "../steps/test-gateway"

export const saveGatewaySettingsWorkflow = createWorkflow(
  "save-gateway-settings",
  (input: PrepareGatewaySaveInput) => {
    const save = prepareGatewaySaveStep(input)
    const changed = transform({ save }, ({ save }) => save.patch !== null)
    when(
      "gateway-settings-changed",
      { changed },
      ({ changed }) => changed
    ).then(() => {
      writeGatewaySettingsStep(save)
    })
    // A gateway switched off is not offered to anyone: nothing to test, nothing is called.
    const testable = transform(
      { save },
      ({ save }) =>
        save.patch !== null &&
        (save.patch.enabled ?? save.previous?.enabled ?? true)
    )
    const check = when(
      "gateway-testable",
      { testable },
      ({ testable }) => testable
    ).then(() => testGatewayStep(save.gateway))
    return new WorkflowResponse(
      transform({ save, check }, ({ save, check }) => ({
        gateway: save.gateway,
        changed: save.patch !== null,
        check: check ?? null,
      }))
    )
  }
)

import { Module } from "@medusajs/framework/utils"
import BenefitsModuleService from "./service"
import validateOptions from "../../lib/boot/plugin-options-loader"

export const BENEFITS_MODULE = "benefits"

export default Module(BENEFITS_MODULE, {
  service: BenefitsModuleService,
  loaders: [validateOptions],
})

export { BenefitsModuleService }

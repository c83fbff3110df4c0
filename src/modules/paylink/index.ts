import { Module } from "@medusajs/framework/utils"
import PaylinkModuleService from "./service"
import validateOptions from "../../lib/plugin-options-loader"

export const PAYLINK_MODULE = "paylink"

export default Module(PAYLINK_MODULE, {
  service: PaylinkModuleService,
  loaders: [validateOptions],
})

export { PaylinkModuleService }

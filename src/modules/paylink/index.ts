import { Module } from "@medusajs/framework/utils"
import { PaylinkModuleService } from "./services"
import validateOptions from "../../lib/boot/plugin-options-loader"
import readProviderOptions from "./loaders/provider-options"
import warnIfPrivateFilesServed from "./loaders/private-files"

export const PAYLINK_MODULE = "paylink"

export default Module(PAYLINK_MODULE, {
  service: PaylinkModuleService,
  loaders: [validateOptions, readProviderOptions, warnIfPrivateFilesServed],
})

export { PaylinkModuleService }

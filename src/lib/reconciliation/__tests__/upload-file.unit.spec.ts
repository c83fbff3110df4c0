import { isUploadKeyOf, uploadFileName } from "../upload-file"

describe("the stored upload's key", () => {
  it("is made here, and recognised only as this gateway's, whatever prefix the File provider adds", () => {
    const name = uploadFileName("gatewayA")
    expect(name).toMatch(/^paylink-reconciliation-gatewayA-[0-9a-f]{32}\.csv$/)
    expect(uploadFileName("gatewayA")).not.toBe(name)
    expect(isUploadKeyOf(name, "gatewayA")).toBe(true)
    expect(isUploadKeyOf(`private-1795588931001-${name}`, "gatewayA")).toBe(
      true
    )
    expect(isUploadKeyOf(`uploads/${name}`, "gatewayA")).toBe(true)
    expect(isUploadKeyOf(name, "gatewayB")).toBe(false)
  })

  it("refuses any other file, and any path trick that ends like one", () => {
    const name = uploadFileName("gatewayA")
    expect(isUploadKeyOf("../../etc/passwd", "gatewayA")).toBe(false)
    expect(isUploadKeyOf(`../../${name}`, "gatewayA")).toBe(false)
    expect(isUploadKeyOf(`..\\${name}`, "gatewayA")).toBe(false)
    expect(isUploadKeyOf(`private-1-${name}.exe`, "gatewayA")).toBe(false)
    expect(
      isUploadKeyOf(
        "private-1-paylink-reconciliation-gatewayA-XYZ.csv",
        "gatewayA"
      )
    ).toBe(false)
    expect(isUploadKeyOf("private-1-invoice.csv", "gatewayA")).toBe(false)
  })
})

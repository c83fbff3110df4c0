import { languageOf, renderReturnPage } from "../page"

describe("return pages", () => {
  it.each([
    ["es-GT,es;q=0.9,en;q=0.8", "es"],
    ["es", "es"],
    ["ES-mx", "es"],
    ["en-US,es;q=0.5", "en"],
    ["fr-FR,es;q=0.9", "en"],
    ["en;q=0.2,es-GT;q=0.8", "es"],
    ["es;q=0", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("reads %p as %s", (header, lang) => {
    expect(languageOf(header as string | undefined)).toBe(lang)
  })

  it("says what happened with the link number and a way back, in the customer's language", () => {
    const es = renderReturnPage("es", "received", 42, "https://tienda.example/")
    expect(es).toContain('<html lang="es">')
    expect(es).toContain("Recibimos su pago")
    expect(es).toContain("Su número de enlace de pago es 42.")
    expect(es).toContain(
      '<a class="back" href="https://tienda.example/">Volver a la tienda</a>'
    )
    const en = renderReturnPage("en", "expired", null, "https://shop.example/")
    expect(en).toContain("This return link has expired.")
    expect(en).not.toContain("payment link number")
  })

  it("escapes what it prints", () => {
    expect(
      renderReturnPage("en", "placed", 1, 'https://x.example/"><script>')
    ).not.toContain("<script>")
  })
})

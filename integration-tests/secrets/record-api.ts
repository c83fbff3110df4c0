/**
 * Records, for the secrets check (recording.js), every answer a spec gets from the Medusa app
 * (JSON bodies, the return pages' HTML, headers such as a redirect's Location) and declares the
 * secrets the spec sends it (a gateway token, the program's password, a card number).
 */
import type { AxiosInstance, AxiosResponse } from "axios"
import { record, specName } from "./recording"
import { declareSecretFields } from "./declare-secrets"

export function recordApiTraffic(api: AxiosInstance) {
  api.interceptors.request.use((config) => {
    declareSecretFields(config.data, `body of ${requestLine(config)}`)
    return config
  })
  api.interceptors.response.use(
    (response) => {
      recordAnswer(response)
      return response
    },
    (error) => {
      // A 4xx or 5xx answer is an answer too (and the likeliest to echo what it was sent).
      if (error?.response) recordAnswer(error.response)
      return Promise.reject(error)
    }
  )
}

function recordAnswer(response: AxiosResponse) {
  const { testPath, currentTestName } = expect.getState()
  record({
    type: "body",
    file: specName(testPath),
    // The runner's describe has no name, which leaves a space in front of the test's.
    test: currentTestName?.trim() ?? null,
    request: requestLine(response.config),
    status: response.status,
    headers: JSON.stringify(response.headers),
    text:
      typeof response.data === "string"
        ? response.data
        : JSON.stringify(response.data ?? ""),
  })
}

function requestLine(config: { method?: string; url?: string }) {
  return `${(config.method ?? "get").toUpperCase()} ${config.url ?? ""}`
}

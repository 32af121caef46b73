/**
 * The language worker's entry: small, so it runs at once and starts fetching
 * the files TypeScript reads (files.json: the standard library's and
 * shapecast's declarations) while the service, TypeScript with it, loads
 * (language-service.js, a file of its own). Requests that come before the
 * service is made wait, in order.
 */
import type { LanguageRequest } from "./protocol.js";

const now = (): number => performance.timeOrigin + performance.now();
const entry = now();
const waiting: LanguageRequest[] = [];
let answer: ((request: LanguageRequest) => void) | undefined;
self.addEventListener("message", (event: MessageEvent<LanguageRequest>) => (answer === undefined ? waiting.push(event.data) : answer(event.data)));

const files = fetch("files.json").then(async (response) => {
  if (!response.ok) throw new Error(`the playground's files.json: ${response.status} ${response.statusText}`);
  return (await response.json()) as Record<string, string>;
});
const service = await import("./language-service.js");
service.start(await files, entry);
answer = service.answer;
for (const request of waiting.splice(0)) answer(request);

/**
 * A model's JSON answer, however it came: an object already (Workers AI JSON mode answers
 * {response: {...}}), a string of JSON, or JSON wrapped in prose or a ```json fence. Null when there
 * is no JSON object in it.
 */
export function modelJson(output: unknown): unknown {
  const response =
    output && typeof output === "object" && "response" in output ? (output as { response: unknown }).response : output;
  if (typeof response !== "string") return response ?? null;
  const start = response.indexOf("{");
  const end = response.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(response.slice(start, end + 1));
  } catch {
    return null;
  }
}

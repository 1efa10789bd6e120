// Local stand-ins for the two real AI providers, speaking their wire formats as the AI SDK's
// providers use them (nothing reaches the internet). Both answer structured requests with a JSON value
// built from the JSON Schema the SDK sends in `response_format` (every required field, enums, array
// bounds, string lengths), taking its words from the prompt, so any schema the product asks for gets a
// valid answer.
//
//   const openai = await startOpenAiStandIn();   // { url, requests, behaviour, close() }
//   openai.behaviour = "invalid" | "off-schema" | "error" | "slow" | "ok"
//   const binding = workersAiStandIn();           // { run(model, input, options), calls, behaviour }
//
// "invalid" answers prose where JSON was asked for (and no image), "off-schema" JSON that is not the
// schema's, "error" a failure, "slow" only after 2 s.
//
// /images/generations holds OpenAI's GPT image models (`gpt-image-…`) to OpenAI's rules: one of their
// three sizes (or "auto"), and no `response_format` (they answer base64 only), each refused with
// OpenAI's 400; the picture answered is a blank PNG of the size asked for. Other image models take
// any size and answer TINY_PNG.
import { createServer } from "node:http";
import { deflateSync } from "node:zlib";

/** A 2×2 PNG (red, green, blue, white): small, valid, and has dimensions to read. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC",
  "base64",
);

/** The sizes OpenAI's GPT image models take. */
export const GPT_IMAGE_SIZES = ["1024x1024", "1536x1024", "1024x1536", "auto"];

/** A blank (white) RGB PNG of width × height. */
export function blankPng(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, "latin1");
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (width * 3 + 1), 255);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JSON value valid for the schema; strings carry words from `text`. */
export function instanceOf(schema, text = "stand in answer", depth = 0) {
  const words = (text.match(/[A-Za-z]{3,}/g) ?? ["answer"]).slice(0, 40);
  const word = (i) => words[(i + depth) % words.length];
  if (!schema || typeof schema !== "object") return null;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.anyOf) return instanceOf(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0], text, depth);
  if (schema.allOf) return instanceOf(schema.allOf[0], text, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = instanceOf(value, text, depth + 1);
      return out;
    }
    case "array": {
      const n = Math.max(schema.minItems ?? 1, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: n }, (_, i) => instanceOf(schema.items, text, depth + i + 1));
    }
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(schema.maximum ?? min, Math.max(min, 3));
    }
    case "boolean":
      return true;
    case "string": {
      if (schema.pattern === "^#[0-9a-fA-F]{6}$") return "#1a5c8a";
      if (schema.format === "date" || /\\d\{4\}-/.test(schema.pattern ?? "")) return "2026-12-01";
      let s = `${word(0)} ${word(1)} ${word(2)}`;
      while (s.length < (schema.minLength ?? 0)) s += ` ${word(s.length)}`;
      s = s.slice(0, schema.maxLength ?? 200);
      // A pattern (an answer key, an id): the words as an identifier, which the product's patterns take.
      if (schema.pattern && !new RegExp(schema.pattern).test(s)) {
        const id = `${word(0)}_${word(1)}_${depth}`.slice(0, Math.min(schema.maxLength ?? 40, 40));
        if (new RegExp(schema.pattern).test(id)) return id;
      }
      return s;
    }
    default:
      return null;
  }
}

/** JSON that no schema of the product's accepts: an object without any of the fields asked for. */
const OFF_SCHEMA = { unexpected: true };

/** The text of a chat message's content: a string, or the text parts of a content array. */
const textOf = (content) =>
  Array.isArray(content)
    ? content
        .filter((p) => p.type === "text")
        .map((p) => p.text)
        .join("\n")
    : String(content ?? "");

/** The picture in a chat message's content (an image_url part with a data URL), as bytes; null without one. */
function pictureOf(content) {
  const url = Array.isArray(content) ? content.find((p) => p.type === "image_url")?.image_url?.url : undefined;
  return url ? Buffer.from(url.split(",")[1] ?? "", "base64") : null;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startOpenAiStandIn({ apiKey = "sk-stand-in" } = {}) {
  /** @type {{ behaviour: string, requests: { path: string, body: any, contentType: string | undefined }[] }} */
  const state = { behaviour: "ok", requests: [] };
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const raw = Buffer.concat(chunks);
    const send = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url, "http://x").pathname;
    const json = req.headers["content-type"]?.includes("json") ? JSON.parse(raw.toString() || "{}") : null;
    state.requests.push({ path, body: json, contentType: req.headers["content-type"] });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { error: { message: "Invalid API key" } });
    if (state.behaviour === "error") return send(500, { error: { message: "The server had an error" } });
    if (state.behaviour === "slow") await sleep(2_000);
    if (req.method === "POST" && path === "/v1/chat/completions") {
      const user = (json.messages ?? []).find((m) => m.role === "user")?.content;
      const answer = (content) =>
        send(200, {
          id: "chatcmpl-standin",
          model: json.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        });
      const picture = pictureOf(user);
      if (picture) return answer(`A picture of ${picture.length} bytes, seen by ${json.model}.`);
      // Structured output: the schema comes as response_format {type: "json_schema", json_schema: {schema}}.
      const schema = json.response_format?.type === "json_schema" ? json.response_format.json_schema?.schema : null;
      if (state.behaviour === "invalid") return answer("I cannot answer that in JSON.");
      if (state.behaviour === "off-schema") return answer(JSON.stringify(OFF_SCHEMA));
      return answer(JSON.stringify(schema ? instanceOf(schema, textOf(user)) : { answer: textOf(user).slice(0, 80) }));
    }
    if (req.method === "POST" && path === "/v1/images/generations") {
      const refuse = (param, message) =>
        send(400, { error: { message, type: "invalid_request_error", param, code: "invalid_value" } });
      if (/^gpt-image-/.test(json.model ?? "")) {
        if ("response_format" in json) return refuse("response_format", "Unknown parameter: 'response_format'.");
        if (json.size !== undefined && !GPT_IMAGE_SIZES.includes(json.size))
          return refuse(
            "size",
            `Invalid value: '${json.size}'. Supported values are: ${GPT_IMAGE_SIZES.map((s) => `'${s}'`).join(", ")}.`,
          );
      }
      // Bytes that are not a picture (no URL to follow: tests never reach the internet).
      if (state.behaviour === "invalid")
        return send(200, { data: [{ b64_json: Buffer.from("no picture").toString("base64") }] });
      const [width, height] = /^\d+x\d+$/.test(json.size ?? "") ? json.size.split("x").map(Number) : [0, 0];
      const picture = /^gpt-image-/.test(json.model ?? "") && width ? blankPng(width, height) : TINY_PNG;
      return send(200, { created: 0, data: [{ b64_json: picture.toString("base64") }] });
    }
    if (req.method === "POST" && path === "/v1/audio/transcriptions") {
      if (!req.headers["content-type"]?.startsWith("multipart/form-data"))
        return send(400, { error: { message: "Expected a file" } });
      return send(200, { text: `Stand-in transcript of ${raw.length} bytes.` });
    }
    send(404, { error: { message: `No route ${req.method} ${path}` } });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    close: () => new Promise((resolve) => server.close(resolve)),
  });
}

/** The Workers AI binding's wire format: run(model, input, options) answers per model family. */
export function workersAiStandIn() {
  /** @type {{ model: string, input: any, options: any }[]} */
  const calls = [];
  const state = {
    behaviour: "ok",
    calls,
    /** @param {string} model @param {any} input @param {any} [options] @returns {Promise<unknown>} */
    run: async (model, input, options) => {
      state.calls.push({ model, input, options });
      if (state.behaviour === "error") throw new Error("AiError: 3040: Capacity temporarily exceeded");
      if (state.behaviour === "slow") await sleep(2_000);
      if (input.messages) {
        const user = input.messages.find((m) => m.role === "user")?.content ?? "";
        // A chat model that reads images gets the picture as an image_url part of the message.
        const picture = pictureOf(user);
        if (picture) return { response: `An image of ${picture.length} bytes.` };
        if (state.behaviour === "invalid") return { response: "Sorry, I can only chat." };
        if (state.behaviour === "off-schema") return { response: OFF_SCHEMA };
        const schema = input.response_format?.type === "json_schema" ? input.response_format.json_schema : null;
        // JSON mode answers the object itself under `response`.
        return { response: schema ? instanceOf(schema, textOf(user)) : { answer: textOf(user).slice(0, 80) } };
      }
      // FLUX answers base64 under `image` (no image at all when "invalid").
      if (model.includes("flux")) return state.behaviour === "invalid" ? {} : { image: TINY_PNG.toString("base64") };
      if (Array.isArray(input.audio)) return { text: `Transcript of ${input.audio.length} bytes.` };
      throw new Error(`AiError: unknown input for ${model}`);
    },
  };
  return state;
}

// A local stand-in for Sentry's ingestion endpoint, so tests can see what the SDKs send (offline).
//
//   node tests/tools/sentry-collector.mjs [port]      (default 8790; DSN http://publickey@127.0.0.1:PORT/1)
//
// POST /api/<project>/envelope/  stores an envelope (gzip, deflate or br bodies are decompressed)
// GET  /envelopes                every envelope so far: [{ project, receivedAt, header, items: [{ header, payload }] }]
// GET  /events                   the items flattened: [{ type, payload }] (payload parsed as JSON when it is JSON)
// DELETE /envelopes              forgets them
// Answers CORS like Sentry does, so the browser SDK can post from any page.
import { createServer } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Expose-Headers": "x-sentry-rate-limits, retry-after",
};

function decode(body, encoding) {
  switch ((encoding ?? "").toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return gunzipSync(body);
    case "deflate":
      return inflateSync(body);
    case "br":
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

function parseJson(bytes) {
  const text = Buffer.from(bytes).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * An envelope: a JSON header line, then items, each a JSON header line and a payload that is either
 * `length` bytes long (when the item header says so) or runs to the next newline.
 */
export function parseEnvelope(buffer) {
  let offset = 0;
  const readLine = () => {
    const end = buffer.indexOf(0x0a, offset);
    const line = buffer.subarray(offset, end === -1 ? buffer.length : end);
    offset = end === -1 ? buffer.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine().toString("utf8"));
  const items = [];
  while (offset < buffer.length) {
    const headerLine = readLine();
    if (headerLine.length === 0) continue;
    const itemHeader = JSON.parse(headerLine.toString("utf8"));
    let payload;
    if (typeof itemHeader.length === "number") {
      payload = buffer.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (buffer[offset] === 0x0a) offset += 1;
    } else {
      payload = readLine();
    }
    items.push({ header: itemHeader, payload: parseJson(payload) });
  }
  return { header, items };
}

/** Starts the collector on 127.0.0.1:port; resolves to { port, dsn(project), envelopes, clear(), close() }. */
export async function startSentryCollector(port = 0) {
  const envelopes = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://collector");
    const send = (status, body, type = "application/json") => {
      res.writeHead(status, { ...CORS, "Content-Type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (req.method === "OPTIONS") return send(204, "");
    const envelopePath = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
    if (req.method === "POST" && envelopePath) {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      try {
        const envelope = parseEnvelope(decode(Buffer.concat(chunks), req.headers["content-encoding"]));
        envelopes.push({ project: envelopePath[1], receivedAt: Date.now(), ...envelope });
        return send(200, { id: envelope.header.event_id ?? null });
      } catch (error) {
        return send(400, { detail: `bad envelope: ${error.message}` });
      }
    }
    if (req.method === "GET" && url.pathname === "/envelopes") return send(200, envelopes);
    if (req.method === "GET" && url.pathname === "/events") {
      return send(
        200,
        envelopes.flatMap((e) =>
          e.items.map((item) => ({ type: item.header.type, project: e.project, payload: item.payload })),
        ),
      );
    }
    if (req.method === "DELETE" && url.pathname === "/envelopes") {
      envelopes.length = 0;
      return send(204, "");
    }
    return send(404, { detail: "not found" });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actualPort = server.address().port;
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    dsn: (project = 1) => `http://publickey@127.0.0.1:${actualPort}/${project}`,
    envelopes,
    clear: () => void (envelopes.length = 0),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const collector = await startSentryCollector(Number(process.argv[2] ?? 8790));
  console.log(`Sentry collector on ${collector.url}; use SENTRY_DSN=${collector.dsn()}`);
}

// The local web the link and media description tests read (tests/integration/descriptions.test.ts),
// started once for the integration run (vitest globalSetup, in Node):
// - 127.0.0.1:{TEST_LINK_PAGES_PORT}, the only address the suite's LINK_FETCH_ALLOW lets through: pages with Open
//   Graph, Twitter, standard and oEmbed tags, redirects, a 404, a redirect loop, a demo clip served
//   with Range requests, and a stand-in for YouTube's oEmbed answer and video pages (YOUTUBE_BASE_URL);
// - an OpenAI-compatible model at /ai/v1 (speech to text, JSON chat, and images held to gpt-image-1's
//   rules as tests/tools/ai-stand-in.mjs holds them, the prompts kept for /__images), and one that fails
//   at /ai-broken/v1, for the descriptions and pictures of a configured model;
// - 127.0.0.1:{TEST_FORBIDDEN_PORT}, another loopback port that must never be reached: it counts what it is asked,
//   and the first server tells the tests the count (/__hits).
// Nothing here talks to anything beyond loopback.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { blankPng, GPT_IMAGE_SIZES } from "../tools/ai-stand-in.mjs";

// Free ports the integration config chose (tests/vitest.integration.config.ts) and hands the tests as TEST_PAGES_ORIGIN.
const PAGES_PORT = Number(process.env.TEST_LINK_PAGES_PORT ?? 18851);
const FORBIDDEN_PORT = Number(process.env.TEST_FORBIDDEN_PORT ?? 18852);
const PAGES = `http://127.0.0.1:${PAGES_PORT}`;

const video = (name: string) => readFileSync(fileURLToPath(new URL(`../../public/video/${name}`, import.meta.url)));
const clip = video("lesson-1.webm");
const mp4 = video("lesson-1.mp4");

const ARTICLE = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>Hip mobility for runners | Run Blog</title>
<meta property="og:title" content="Hip mobility for runners">
<meta property="og:description" content="Five drills that free stiff hips &amp; lengthen your stride.">
<meta property="og:image" content="/images/hips.jpg">
<meta property="og:site_name" content="Run Blog">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="Twitter's title loses to Open Graph">
<link rel="icon" href="/favicon.png">
<link rel="alternate" type="application/json+oembed" href="/oembed.json?url=%2Farticle">
</head><body>
<header><nav><a href="/">Home</a><p>Menu paragraph that is not content.</p></nav></header>
<main><article>
<h1>Hip mobility for runners</h1>
<p>Stiff hips shorten a runner's stride and push the load onto the lower back. Mobility drills restore the range the hips lose to long days of sitting.</p>
<p>Five drills take ten minutes: leg swings, hip circles, the pigeon stretch, lunges with a twist and the ninety-ninety switch. Done before an easy run, hip drills prepare the joints for the work ahead.</p>
<ul><li>Leg swings loosen the hip flexors.</li><li>Hip circles warm the joint capsule.</li></ul>
<p>Runners who add hip mobility drills three times a week report a longer, easier stride within a month. <button>Share</button> Consistency matters more than intensity.</p>
</article></main>
<aside><p>Related posts you might like.</p></aside>
<footer><p>© 2026 Run Blog. All rights reserved. Subscribe to our newsletter.</p></footer>
<script>var tracking = "Script text that must never appear.";</script>
</body></html>`;

const PLAIN = `<html><head><title>Plain page</title><meta name="description" content="A page with only standard tags."></head>
<body><p>Plain pages still have text worth reading. Recovery days let muscles rebuild after hard sessions.</p></body></html>`;

const OEMBED = {
  type: "rich",
  version: "1.0",
  title: "oEmbed title",
  author_name: "Coach Ana",
  provider_name: "Run Blog",
  thumbnail_url: `${PAGES}/images/thumb.jpg`,
};

const VIDEOS: Record<string, { title: string; author: string; seconds: number; description: string }> = {
  hipDrills01: {
    title: "Hip drills for runners",
    author: "Coach Ana",
    seconds: 253,
    description:
      "Five hip drills for runners with stiff hips, done in ten minutes before an easy run.\nhttps://shop.example/bands\n#running #mobility\n0:00 Intro",
  },
  noPage00001: { title: "A video without a page", author: "Studio", seconds: 0, description: "" },
};

const watchPage = (id: string) => {
  const video = VIDEOS[id];
  const player = {
    videoDetails: { videoId: id, lengthSeconds: String(video.seconds), shortDescription: video.description },
  };
  return `<!doctype html><html><head><title>${video.title} - YouTube</title>
<meta name="description" content="Truncated description &amp; more"></head>
<body><script>var ytInitialPlayerResponse = ${JSON.stringify(player)};</script></body></html>`;
};

let forbiddenHits = 0;

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Length": String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** A file with Range support (206 and Content-Range), as media hosts answer. */
function sendRanged(req: IncomingMessage, res: ServerResponse, bytes: Buffer, type: string) {
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
  if (!range) return send(res, 200, bytes, { "Content-Type": type, "Accept-Ranges": "bytes" });
  const start = Number(range[1]);
  const end = Math.min(bytes.length - 1, range[2] ? Number(range[2]) : bytes.length - 1);
  if (start >= bytes.length) return send(res, 416, "", { "Content-Range": `bytes */${bytes.length}` });
  send(res, 206, bytes.subarray(start, end + 1), {
    "Content-Type": type,
    "Content-Range": `bytes ${start}-${end}/${bytes.length}`,
    "Accept-Ranges": "bytes",
  });
}

/** What /ai/v1/images/generations was asked, newest last (read by the tests at /__images). */
const imageRequests: Record<string, unknown>[] = [];

/** /ai/v1/images/generations as OpenAI answers gpt-image-1: its sizes only, no response_format, base64. */
async function images(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as Record<string, unknown>;
  imageRequests.push(body);
  const json = { "Content-Type": "application/json" };
  const refuse = (param: string, message: string) =>
    send(res, 400, JSON.stringify({ error: { message, type: "invalid_request_error", param } }), json);
  if ("response_format" in body) return refuse("response_format", "Unknown parameter: 'response_format'.");
  const size = String(body.size ?? "1024x1024");
  if (!GPT_IMAGE_SIZES.includes(size) || size === "auto") return refuse("size", `Invalid value: '${size}'.`);
  const [width, height] = size.split("x").map(Number) as [number, number];
  send(
    res,
    200,
    JSON.stringify({ created: 0, data: [{ b64_json: blankPng(width, height).toString("base64") }] }),
    json,
  );
}

function pages(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", PAGES);
  const html = { "Content-Type": "text/html; charset=utf-8" };
  switch (url.pathname) {
    case "/article":
      return send(res, 200, ARTICLE, html);
    case "/plain":
      return send(res, 200, PLAIN, html);
    case "/oembed.json":
      return send(res, 200, JSON.stringify(OEMBED), { "Content-Type": "application/json" });
    case "/redirect-ok":
      return send(res, 302, "", { Location: "/plain" });
    case "/redirect-away":
      return send(res, 302, "", { Location: `http://127.0.0.1:${FORBIDDEN_PORT}/secret` });
    case "/redirect-loop":
      return send(res, 302, "", { Location: "/redirect-loop" });
    case "/big": {
      // 3 MB: the reader keeps the first 2 MB, which hold the head.
      const filler = `<p>${"Filler text for a very long page. ".repeat(30)}</p>\n`.repeat(3000);
      return send(res, 200, `<html><head><title>A very long page</title></head><body>${filler}</body></html>`, html);
    }
    case "/media/lesson-1.webm":
      return sendRanged(req, res, clip, "video/webm");
    case "/media/lesson-1.mp4":
      return sendRanged(req, res, mp4, "video/mp4");
    case "/notes.txt":
      return send(res, 200, "Just some notes.", { "Content-Type": "text/plain" });
    case "/ai/v1/audio/transcriptions":
      return send(
        res,
        200,
        JSON.stringify({
          text: "Warm up for ten minutes before every run. Then run easy for twenty minutes. Stretch your hips afterwards.",
        }),
        { "Content-Type": "application/json" },
      );
    case "/ai/v1/chat/completions": {
      const words = { description: "A warm-up talk for runners.", longDescription: "Coach Ana explains a warm-up." };
      return send(res, 200, JSON.stringify({ choices: [{ message: { content: JSON.stringify(words) } }] }), {
        "Content-Type": "application/json",
      });
    }
    case "/ai/v1/images/generations":
      return void images(req, res);
    case "/__images":
      return send(res, 200, JSON.stringify(imageRequests), { "Content-Type": "application/json" });
    case "/ai-broken/v1/audio/transcriptions":
    case "/ai-broken/v1/chat/completions":
    case "/ai-broken/v1/images/generations":
      return send(res, 500, JSON.stringify({ error: { message: "overloaded" } }), {
        "Content-Type": "application/json",
      });
    case "/__hits":
      return send(res, 200, JSON.stringify({ forbidden: forbiddenHits }), { "Content-Type": "application/json" });
    case "/youtube/oembed": {
      const asked = url.searchParams.get("url") ?? "";
      const id = /^https:\/\/www\.youtube\.com\/watch\?v=([\w-]{11})$/.exec(asked)?.[1];
      if (!id || url.searchParams.get("format") !== "json") return send(res, 400, "Bad Request");
      if (id === "privateVid1") return send(res, 401, "Unauthorized");
      if (id === "brokenVid01") return send(res, 500, "Internal Server Error");
      const video = VIDEOS[id];
      if (!video) return send(res, 404, "Not Found");
      return send(
        res,
        200,
        JSON.stringify({
          title: video.title,
          author_name: video.author,
          author_url: `https://www.youtube.com/@${video.author.replace(/\s/g, "").toLowerCase()}`,
          type: "video",
          provider_name: "YouTube",
          thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
          thumbnail_width: 480,
          thumbnail_height: 360,
          html: "<iframe></iframe>",
        }),
        { "Content-Type": "application/json" },
      );
    }
    case "/youtube/watch": {
      const id = url.searchParams.get("v") ?? "";
      if (!VIDEOS[id] || id === "noPage00001") return send(res, 404, "Not Found");
      return send(res, 200, watchPage(id), html);
    }
    default:
      return send(res, 404, "<html><title>Not found</title></html>", html);
  }
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });

export default async function setup() {
  const servers = [
    createServer(pages),
    createServer((_req, res) => {
      forbiddenHits++;
      send(res, 200, "<html><title>Secret</title></html>", { "Content-Type": "text/html" });
    }),
  ];
  await listen(servers[0], PAGES_PORT);
  await listen(servers[1], FORBIDDEN_PORT);
  return async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  };
}

#!/usr/bin/env node
// A small local web the media library's links are read from in the end-to-end tests (and in
// development, to try link and online-video descriptions offline):
//
//   node tests/tools/web-stand-in.mjs [--port 8795]
//   LINK_FETCH_ALLOW=127.0.0.1:8795 YOUTUBE_BASE_URL=http://127.0.0.1:8795
//
// /article is a page with Open Graph tags and an article's text; /video/lesson-1.mp4 (to 6, .mp4 or
// .webm) is a real video file, served in byte ranges. /oembed and /watch?v= answer as the online-video
// service does (its oEmbed JSON, and a video page with the player's data), for any id: made-up
// details, so they serve the tests only (npm start does not point YOUTUBE_BASE_URL here).
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The demo practice clips (public/video), served as video files on the web are: with byte ranges. */
const CLIPS = fileURLToPath(new URL("../../public/video/", import.meta.url));
const clip = (name) => {
  if (!/^lesson-[1-6]\.(mp4|webm)$/.test(name)) return null;
  return { bytes: readFileSync(CLIPS + name), type: name.endsWith(".mp4") ? "video/mp4" : "video/webm" };
};

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Desk yoga in five minutes | Calm Desk</title>
<meta property="og:title" content="Desk yoga in five minutes">
<meta property="og:description" content="Five seated stretches that undo a morning at the keyboard.">
<meta property="og:site_name" content="Calm Desk">
</head><body><nav><p>Home · Articles · Shop</p></nav>
<main><article><h1>Desk yoga in five minutes</h1>
<p>Hours at a desk tighten the neck, the shoulders and the hips. Five seated stretches undo most of it in five minutes.</p>
<p>Start with neck rolls and a seated cat-cow, then a seated twist to each side. Finish with a forward fold and three slow breaths.</p>
<p>Desk workers who stretch twice a day report less back pain within two weeks.</p>
</article></main><footer><p>© Calm Desk</p></footer></body></html>`;

/** A video's details, the same for the same id, so a test can say what it expects. */
const madeUpVideo = (id) => ({
  title: `Seated yoga flow ${id.slice(0, 4)}`,
  author: "Calm Desk",
  seconds: 312,
  description: "A gentle seated yoga flow for desk workers: neck, shoulders and hips in five minutes.",
});

function handle(req, res, base, { pages = {}, videos = {} } = {}) {
  const video = (id) => videos[id] ?? madeUpVideo(id);
  const url = new URL(req.url ?? "/", base);
  const send = (status, body, type) => {
    res.writeHead(status, { "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)) });
    res.end(body);
  };
  if (url.pathname === "/article") return send(200, ARTICLE, "text/html; charset=utf-8");
  if (Object.hasOwn(pages, url.pathname)) return send(200, pages[url.pathname], "text/html; charset=utf-8");
  const file = url.pathname.startsWith("/video/") ? clip(url.pathname.slice("/video/".length)) : null;
  if (file) return sendFile(req, res, file);
  const id = (url.pathname === "/oembed" ? new URL(url.searchParams.get("url") ?? "", base) : url).searchParams.get(
    "v",
  );
  if (url.pathname === "/oembed" && id) {
    const v = video(id);
    const body = { type: "video", version: "1.0", title: v.title, author_name: v.author, provider_name: "YouTube" };
    return send(200, JSON.stringify(body), "application/json");
  }
  if (url.pathname === "/watch" && id) {
    const v = video(id);
    const player = { videoDetails: { videoId: id, lengthSeconds: String(v.seconds), shortDescription: v.description } };
    const page = `<!doctype html><html><head><title>${v.title} - YouTube</title></head><body><script>var ytInitialPlayerResponse = ${JSON.stringify(player)};</script></body></html>`;
    return send(200, page, "text/html; charset=utf-8");
  }
  send(404, "Not found", "text/plain");
}

/** A whole file, or the byte range asked for (206 with Content-Range), as file servers answer. */
function sendFile(req, res, { bytes, type }) {
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
  const headers = { "Content-Type": type, "Accept-Ranges": "bytes" };
  if (!range || (!range[1] && !range[2])) {
    res.writeHead(200, { ...headers, "Content-Length": String(bytes.length) });
    return res.end(bytes);
  }
  const start = range[1] ? Number(range[1]) : Math.max(0, bytes.length - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
  if (start >= bytes.length || start > end) {
    res.writeHead(416, { ...headers, "Content-Range": `bytes */${bytes.length}` });
    return res.end();
  }
  const part = bytes.subarray(start, end + 1);
  res.writeHead(206, {
    ...headers,
    "Content-Length": String(part.length),
    "Content-Range": `bytes ${start}-${end}/${bytes.length}`,
  });
  res.end(part);
}

/**
 * Listens on `port`. `pages` adds HTML pages by path ({"/ai-check/bees": "<!doctype html>…"}), and
 * `videos` the online-video details of given ids ({id: {title, author, seconds, description}}).
 */
export function startWebStandIn(port, { pages = {}, videos = {} } = {}) {
  const base = `http://127.0.0.1:${port}`;
  const server = createServer((req, res) => handle(req, res, base, { pages, videos }));
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--port");
  const port = at > 0 ? Number(process.argv[at + 1]) : 8795;
  await startWebStandIn(port);
  console.log(`Local web at http://127.0.0.1:${port} (/article, /video/lesson-1.mp4, /oembed, /watch?v=)`);
}

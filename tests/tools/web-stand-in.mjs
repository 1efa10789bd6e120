#!/usr/bin/env node
// A small local web the media library's links are read from in the end-to-end tests (and in
// development, to try link and online-video descriptions offline):
//
//   node tests/tools/web-stand-in.mjs [--port 8795]
//   LINK_FETCH_ALLOW=127.0.0.1:8795 YOUTUBE_BASE_URL=http://127.0.0.1:8795
//
// /article is a page with Open Graph tags and an article's text; /oembed and /watch?v= answer as the
// online-video service does (its oEmbed JSON, and a video page with the player's data), for any id.
import { createServer } from "node:http";

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
const video = (id) => ({
  title: `Seated yoga flow ${id.slice(0, 4)}`,
  author: "Calm Desk",
  seconds: 312,
  description: "A gentle seated yoga flow for desk workers: neck, shoulders and hips in five minutes.",
});

function handle(req, res, base) {
  const url = new URL(req.url ?? "/", base);
  const send = (status, body, type) => {
    res.writeHead(status, { "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)) });
    res.end(body);
  };
  if (url.pathname === "/article") return send(200, ARTICLE, "text/html; charset=utf-8");
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

export function startWebStandIn(port) {
  const base = `http://127.0.0.1:${port}`;
  const server = createServer((req, res) => handle(req, res, base));
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--port");
  const port = at > 0 ? Number(process.argv[at + 1]) : 8795;
  await startWebStandIn(port);
  console.log(`Local web at http://127.0.0.1:${port} (/article, /oembed, /watch?v=)`);
}

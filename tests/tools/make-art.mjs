#!/usr/bin/env node
// Generates the demo catalogue's artwork as committed static files:
//   public/covers/{storefrontSlug}--{classSlug}.svg   640x360 class covers (and the membership)
//   public/covers/collection--{slug}.svg              collection and school covers
//   public/avatars/{storefrontSlug}.svg               96x96 creator avatars
//   public/hero/desktop.svg (1600x900), public/hero/mobile.svg (800x1200)
//   public/favicon.svg, public/favicon.ico (16x16 + 32x32)
// Deterministic: shapes vary by a PRNG seeded from each slug, so reruns produce identical files.
// No text (except avatar initials), no external fonts, no scripts.
//
//   node tests/tools/make-art.mjs
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { classes, creators, membership, programs } from "../fixtures/catalogue/index.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PUBLIC = join(ROOT, "public");
const W = 640;
const H = 360;
const MAX_COVER_BYTES = 4096;

// ---------------------------------------------------------------- palette
const Y = "#FAE26A"; // accent yellow
const D = "#1C1C25"; // dark blue
const R = "#EB5757"; // danger red
const G = "#2F8370"; // success green
const YL = "#FDF1B8";
const RL = "#F7B2B2";
const GL = "#9FD1C3";
const DL = "#34344A";
const C = "#FFFBEA"; // cream

/** Colour schemes: bg, main (motif), accent, second, soft (decor). */
const SCHEMES = {
  yellow: { bg: Y, main: D, accent: R, second: G, soft: "#F3D645", light: C },
  dark: { bg: D, main: Y, accent: R, second: GL, soft: DL, light: C },
  green: { bg: G, main: Y, accent: D, second: C, soft: "#3A9A83", light: C },
  red: { bg: R, main: D, accent: Y, second: C, soft: "#F07777", light: C },
  cream: { bg: C, main: D, accent: R, second: G, soft: YL, light: "#FFFFFF" },
  night: { bg: DL, main: Y, accent: RL, second: GL, soft: "#3F3F57", light: C },
};

const CATEGORY_SCHEMES = {
  Guitar: ["yellow", "dark", "red"],
  Piano: ["dark", "cream", "green"],
  Vocals: ["red", "green", "dark"],
  Songwriting: ["cream", "yellow", "green"],
  "Music Production": ["dark", "night", "green"],
  DJing: ["green", "dark", "yellow"],
  Drums: ["yellow", "red", "night"],
  Illustration: ["cream", "yellow", "night"],
  Cooking: ["green", "red", "cream"],
  Photography: ["dark", "night", "cream"],
  Membership: ["dark"],
};

// ---------------------------------------------------------------- seeded random
function seedOf(text) {
  return createHash("sha1").update(String(text)).digest().readUInt32BE(0);
}

function prng(text) {
  let a = seedOf(text);
  const next = () => {
    // mulberry32
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  next.chance = (p) => next() < p;
  return next;
}

const n = (v) => Math.round(v);
const f1 = (v) => Math.round(v * 10) / 10;
const polar = (cx, cy, r, deg) => [cx + r * Math.cos((deg * Math.PI) / 180), cy + r * Math.sin((deg * Math.PI) / 180)];

// ---------------------------------------------------------------- decor (background variation)
function decor(rnd, s, id) {
  const out = [];
  const kind = rnd.int(0, 3);
  if (kind === 0) {
    const step = rnd.pick([18, 22, 26]);
    const x = rnd.pick([0, n(W * 0.55)]);
    out.push(
      `<pattern id="${id}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2" fill="${s.soft}"/></pattern>`,
      `<rect x="${x}" width="${n(W * 0.45)}" height="${H}" fill="url(#${id})"/>`,
    );
  } else if (kind === 1) {
    const step = rnd.pick([16, 20, 28]);
    out.push(
      `<pattern id="${id}" width="${step}" height="${step}" patternUnits="userSpaceOnUse" patternTransform="rotate(${rnd.pick([35, 45, -45, 60])})"><rect width="${n(step / 2)}" height="${step}" fill="${s.soft}"/></pattern>`,
      `<rect y="${rnd.pick([0, 240])}" width="${W}" height="120" fill="url(#${id})"/>`,
    );
  } else if (kind === 2) {
    out.push(`<circle cx="${rnd.int(-40, 120)}" cy="${rnd.int(-40, 400)}" r="${rnd.int(140, 220)}" fill="${s.soft}"/>`);
  } else {
    const r = rnd.int(90, 150);
    out.push(
      `<circle cx="${W}" cy="${rnd.pick([0, H])}" r="${r}" fill="${s.soft}"/><circle cx="${W}" cy="${rnd.pick([0, H])}" r="${n(r * 0.55)}" fill="${s.accent}" opacity=".35"/>`,
    );
  }
  if (rnd.chance(0.5))
    out.push(`<circle cx="${rnd.int(40, 600)}" cy="${rnd.int(30, 330)}" r="${rnd.int(8, 18)}" fill="${s.accent}"/>`);
  return out.join("");
}

// ---------------------------------------------------------------- motifs (drawn around cx, cy)
const motifs = {
  Guitar(rnd, s, cx, cy) {
    const r = rnd.int(70, 95);
    const a = rnd.int(-22, 22);
    const body = n(r * 2.1);
    const out = [`<circle cx="${cx}" cy="${cy}" r="${body}" fill="${s.soft}"/>`];
    out.push(`<circle cx="${cx}" cy="${cy}" r="${r + 22}" fill="none" stroke="${s.accent}" stroke-width="8"/>`);
    out.push(
      `<circle cx="${cx}" cy="${cy}" r="${r + 10}" fill="none" stroke="${s.main}" stroke-width="3" stroke-dasharray="4 6"/>`,
    );
    out.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${s.main}"/>`);
    const neckEnd = cx - r - 30;
    const frets = [];
    for (let x = neckEnd, w = 70; x > -200; x -= w, w *= 1.06) frets.push(`M${n(x)} ${cy - 44}v88`);
    const strings = [];
    const gap = rnd.int(11, 14);
    for (let i = 0; i < 6; i++) strings.push(`M-300 ${n(cy - 2.5 * gap + i * gap)}H${cx + r + 60}`);
    out.push(
      `<g transform="rotate(${a} ${cx} ${cy})"><rect x="-300" y="${cy - 46}" width="${neckEnd + 300}" height="92" fill="${s.accent === D ? s.second : D}" opacity=".85"/>` +
        `<path d="${frets.join("")}" stroke="${s.light}" stroke-width="3" opacity=".5"/>` +
        `<rect x="${cx + r + 40}" y="${cy - 3 * gap}" width="26" height="${6 * gap}" rx="6" fill="${s.main}"/>` +
        `<path d="${strings.join("")}" stroke="${s.light}" stroke-width="2.5"/></g>`,
    );
    return out.join("");
  },

  Piano(rnd, s, cx, cy) {
    const a = rnd.int(-28, 28);
    const kw = rnd.int(48, 60);
    const kh = n(kw * 4.6);
    const count = 14;
    const x0 = n(cx - (count * kw) / 2);
    const y0 = n(cy - kh / 2);
    const keys = [
      `<rect x="${x0 - 10}" y="${y0 - 10}" width="${count * kw + 20}" height="${kh + 20}" rx="14" fill="${s.main === D ? D : "#0F0F16"}"/>`,
    ];
    let whites = "";
    for (let i = 0; i < count; i++) whites += `M${x0 + i * kw + kw / 2} ${y0}v${kh}`;
    keys.push(`<path d="${whites}" stroke="${C}" stroke-width="${kw - 5}"/>`);
    const hasBlack = [1, 1, 0, 1, 1, 1, 0];
    const start = rnd.int(0, 6);
    let blacks = "";
    for (let i = 0; i < count - 1; i++)
      if (hasBlack[(i + start) % 7]) blacks += `M${x0 + (i + 1) * kw} ${y0}v${n(kh * 0.6)}`;
    keys.push(`<path d="${blacks}" stroke="${D}" stroke-width="${n(kw * 0.58)}"/>`);
    const lit = rnd.int(2, count - 3);
    keys.push(
      `<rect x="${x0 + lit * kw + 2}" y="${y0 + n(kh * 0.62)}" width="${kw - 5}" height="${n(kh * 0.38)}" fill="${s.accent === D ? R : s.accent}"/>`,
    );
    return `<circle cx="${cx + rnd.int(-160, 160)}" cy="${cy + rnd.int(-60, 60)}" r="${rnd.int(110, 150)}" fill="${s.accent === D ? Y : s.accent}" opacity=".9"/><g transform="rotate(${a} ${cx} ${cy})">${keys.join("")}</g>`;
  },

  Vocals(rnd, s, cx, cy) {
    const out = [];
    const arcs = [];
    for (let i = 0, r = 70; i < 6; i++, r += rnd.int(32, 44)) {
      const span = 50 - i * 3;
      for (const side of [0, 180]) {
        const [x1, y1] = polar(cx, cy, r, side - span);
        const [x2, y2] = polar(cx, cy, r, side + span);
        arcs.push(
          `<path d="M${n(x1)} ${n(y1)}A${r} ${r} 0 0 1 ${n(x2)} ${n(y2)}" stroke-width="${Math.max(3, 12 - i * 2)}" opacity="${f1(1 - i * 0.13)}"/>`,
        );
      }
    }
    out.push(`<g fill="none" stroke="${s.main}" stroke-linecap="round">${arcs.join("")}</g>`);
    // wave line
    const amp = rnd.int(18, 34);
    const per = rnd.int(70, 110);
    let d = `M-20 ${cy + 120}`;
    for (let x = -20; x < W + per; x += per) d += `q${n(per / 4)} ${-amp} ${n(per / 2)} 0t${n(per / 2)} 0`;
    out.push(`<path d="${d}" fill="none" stroke="${s.second}" stroke-width="5" opacity=".8"/>`);
    // microphone
    const mw = 54;
    out.push(
      `<path d="M${cx - 44} ${cy + 6}a44 44 0 0 0 88 0M${cx} ${cy + 50}v40M${cx - 28} ${cy + 92}h56" fill="none" stroke="${s.main}" stroke-width="8" stroke-linecap="round"/>`,
      `<rect x="${cx - mw / 2}" y="${cy - 80}" width="${mw}" height="112" rx="27" fill="${s.accent}"/>`,
      `<path d="M${cx - 20} ${cy - 50}h40M${cx - 24} ${cy - 34}h48M${cx - 24} ${cy - 18}h48M${cx - 20} ${cy - 2}h40" stroke="${s.bg}" stroke-width="4" stroke-linecap="round" opacity=".6"/>`,
    );
    return out.join("");
  },

  Songwriting(rnd, s, cx, cy) {
    const out = [];
    const a = rnd.int(-12, 12);
    out.push(
      `<rect x="${cx - 210}" y="${cy - 150}" width="420" height="300" rx="10" fill="${s.light}" transform="rotate(${a} ${cx} ${cy})"/>`,
    );
    const wob = rnd.int(10, 26);
    const top = cy - 40;
    let staff = "";
    for (let i = 0; i < 5; i++) staff += `M-20 ${top + i * 16}c200 ${-wob} 440 ${wob} 680 0`;
    out.push(`<path d="${staff}" fill="none" stroke="${D}" stroke-width="3" opacity=".75"/>`);
    const notes = [];
    const count = rnd.int(5, 7);
    const xs = [];
    for (let i = 0; i < count; i++) {
      const x = n(80 + (i * 480) / (count - 1) + rnd.int(-10, 10));
      const t = x / W;
      const wave = wob * (3 * t * (1 - t) * (1 - 2 * t)) * 1.6; // rough follow of the curve
      const y = n(top + rnd.int(0, 8) * 8 + wave);
      xs.push([x, y]);
      const fill = i % 3 === 1 ? (s.accent === D ? R : s.accent) : D;
      notes.push(
        `<ellipse cx="${x}" cy="${y}" rx="13" ry="10" transform="rotate(-22 ${x} ${y})" fill="${fill}"/><path d="M${x + 11} ${y - 3}V${y - 62}" stroke="${D}" stroke-width="4"/>`,
      );
    }
    out.push(notes.join(""));
    // a beam over two notes and a flag on one
    const b = rnd.int(0, count - 2);
    const [x1, y1] = xs[b];
    const [x2, y2] = xs[b + 1];
    out.push(`<path d="M${x1 + 11} ${y1 - 62}L${x2 + 11} ${y2 - 62}" stroke="${D}" stroke-width="9"/>`);
    out.push(
      `<circle cx="${cx + rnd.int(120, 200)}" cy="${cy - rnd.int(90, 120)}" r="${rnd.int(26, 40)}" fill="${s.second}" opacity=".8"/>`,
    );
    return out.join("");
  },

  "Music Production"(rnd, s, cx, cy) {
    const out = [];
    const left = cx < W / 2;
    const wx0 = left ? 250 : 30;
    const bars = 34;
    let d = "";
    let v = 0.5;
    for (let i = 0; i < bars; i++) {
      v = Math.min(1, Math.max(0.08, v + (rnd() - 0.5) * 0.6));
      const env = Math.sin((Math.PI * (i + 1)) / (bars + 1));
      const h = n(20 + v * env * 230);
      d += `M${wx0 + i * 10} ${cy - n(h / 2)}v${h}`;
    }
    out.push(`<path d="${d}" stroke="${s.main}" stroke-width="6" stroke-linecap="round"/>`);
    out.push(`<path d="M${wx0 - 10} ${cy}h${bars * 10 + 10}" stroke="${s.accent}" stroke-width="2"/>`);
    const px = left ? 40 : 410;
    out.push(`<rect x="${px}" y="${cy - 130}" width="190" height="260" rx="16" fill="${s.soft}"/>`);
    let tracks = "";
    let knobs = "";
    for (let i = 0; i < 5; i++) {
      const x = px + 25 + i * 35;
      tracks += `M${x} ${cy - 100}v200`;
      const ky = cy - 100 + rnd.int(20, 180);
      knobs += `<rect x="${x - 12}" y="${ky - 8}" width="24" height="16" rx="3" fill="${i === 4 ? (s.accent === D ? R : s.accent) : s.main}"/>`;
    }
    out.push(`<path d="${tracks}" stroke="${s.bg}" stroke-width="5" stroke-linecap="round"/>${knobs}`);
    return out.join("");
  },

  DJing(rnd, s, cx, cy) {
    const r = rnd.int(140, 165);
    const vinyl = s.bg === D ? "#0B0B10" : D;
    const out = [];
    const r2 = n(r * 0.8);
    out.push(`<circle cx="${cx - rnd.int(230, 280)}" cy="${cy + rnd.int(-40, 40)}" r="${r2}" fill="${s.soft}"/>`);
    out.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${vinyl}"/>`);
    let grooves = "";
    for (let g = r - 12; g > 62; g -= rnd.int(9, 16)) grooves += `<circle cx="${cx}" cy="${cy}" r="${g}"/>`;
    out.push(`<g fill="none" stroke="#fff" stroke-width="1.5" opacity=".14">${grooves}</g>`);
    const [sx1, sy1] = polar(cx, cy, r - 20, 200);
    const [sx2, sy2] = polar(cx, cy, r - 20, 250);
    out.push(
      `<path d="M${n(sx1)} ${n(sy1)}A${r - 20} ${r - 20} 0 0 1 ${n(sx2)} ${n(sy2)}" fill="none" stroke="#fff" stroke-width="10" opacity=".18" stroke-linecap="round"/>`,
    );
    out.push(
      `<circle cx="${cx}" cy="${cy}" r="52" fill="${s.main === D ? Y : s.main}"/><circle cx="${cx}" cy="${cy}" r="30" fill="none" stroke="${s.accent === D ? R : s.accent}" stroke-width="6"/><circle cx="${cx}" cy="${cy}" r="5" fill="${D}"/>`,
    );
    const px = cx + r + 30;
    const py = cy - r + 10;
    const [tx, ty] = polar(cx, cy, r - 30, rnd.int(-10, 25));
    out.push(
      `<circle cx="${px}" cy="${py}" r="22" fill="${s.light}"/><path d="M${px} ${py}L${n(tx) + 10} ${n(ty) - 30}L${n(tx)} ${n(ty)}" fill="none" stroke="${s.light}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
    out.push(
      `<rect x="${n(tx) - 12}" y="${n(ty) - 8}" width="24" height="20" rx="4" fill="${s.accent === D ? R : s.accent}"/>`,
    );
    return out.join("");
  },

  Drums(rnd, s, cx, cy) {
    const out = [];
    const drums = [
      [cx, cy + 30, rnd.int(100, 120)],
      [cx - rnd.int(170, 200), cy + rnd.int(40, 80), rnd.int(62, 78)],
      [cx + rnd.int(150, 190), cy - rnd.int(40, 80), rnd.int(55, 70)],
    ];
    const [ex, ey] = [cx - rnd.int(140, 190), cy - rnd.int(90, 120)];
    out.push(
      `<ellipse cx="${ex}" cy="${ey}" rx="110" ry="26" fill="${s.accent === D ? Y : s.accent}" transform="rotate(${rnd.int(-14, 14)} ${ex} ${ey})"/>`,
    );
    out.push(
      `<ellipse cx="${ex}" cy="${ey}" rx="60" ry="13" fill="none" stroke="${s.main}" stroke-width="2" opacity=".5" transform="rotate(${rnd.int(-14, 14)} ${ex} ${ey})"/>`,
    );
    for (const [x, y, r] of drums) {
      out.push(
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${s.light}" stroke="${s.main}" stroke-width="${n(r / 7)}"/>`,
      );
      out.push(`<circle cx="${x}" cy="${y}" r="${n(r * 0.62)}" fill="none" stroke="${s.soft}" stroke-width="3"/>`);
      let rods = "";
      for (let k = 0; k < 8; k++) {
        const [rx, ry] = polar(x, y, r + n(r / 7) / 2 + 4, k * 45 + 22);
        rods += `<circle cx="${n(rx)}" cy="${n(ry)}" r="4"/>`;
      }
      out.push(`<g fill="${s.main}">${rods}</g>`);
    }
    const stick = s.bg === Y ? D : s.bg === R ? C : s.accent === R || s.accent === RL ? C : s.light;
    const tip = s.accent === D ? Y : s.accent;
    const lift = rnd.int(0, 30);
    const sticks = [
      [cx - 190, cy - 150 + lift, cx + 30, cy + 10],
      [cx + 120, cy - 170, cx - 50, cy + 15 - lift],
    ];
    for (const [x1, y1, x2, y2] of sticks)
      out.push(
        `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="${stick}" stroke-width="13" stroke-linecap="round"/><circle cx="${x2}" cy="${y2}" r="10" fill="${tip}" stroke="${stick}" stroke-width="3"/>`,
      );
    return out.join("");
  },

  Illustration(rnd, s, cx, cy) {
    const colours = [s.accent === D ? R : s.accent, s.second, s.main === D ? G : Y, D];
    const out = [];
    for (let i = 0; i < 4; i++) {
      const x1 = rnd.int(-40, 200);
      const y1 = rnd.int(40, 320);
      const x2 = rnd.int(440, 680);
      const y2 = rnd.int(40, 320);
      const c1 = [rnd.int(120, 320), rnd.int(-80, 440)];
      const c2 = [rnd.int(300, 520), rnd.int(-80, 440)];
      const w = rnd.int(22, 56);
      const col = colours[i % colours.length];
      const path = `M${x1} ${y1}C${c1[0]} ${c1[1]} ${c2[0]} ${c2[1]} ${x2} ${y2}`;
      out.push(`<path d="${path}" stroke="${col}" stroke-width="${w}" opacity=".9"/>`);
      out.push(
        `<path d="${path}" stroke="${s.bg}" stroke-width="${n(w / 6)}" stroke-dasharray="${rnd.int(20, 60)} ${rnd.int(8, 24)}" opacity=".35" transform="translate(0 ${n(w / 4)})"/>`,
      );
    }
    let dots = "";
    for (let i = 0; i < 7; i++)
      dots += `<circle cx="${cx + rnd.int(-200, 200)}" cy="${cy + rnd.int(-150, 150)}" r="${rnd.int(3, 9)}"/>`;
    out.push(`<g fill="${D}" opacity=".7">${dots}</g>`);
    const a = rnd.int(-50, -20);
    out.push(
      `<g transform="rotate(${a} ${cx} ${cy})"><rect x="${cx - 120}" y="${cy - 14}" width="200" height="28" rx="4" fill="${s.light}" stroke="${D}" stroke-width="4"/><path d="M${cx + 80} ${cy - 14}l40 14l-40 14z" fill="${YL}" stroke="${D}" stroke-width="4" stroke-linejoin="round"/><path d="M${cx + 108} ${cy - 4}l12 4l-12 4z" fill="${D}"/></g>`,
    );
    return `<g fill="none" stroke-linecap="round">${out.join("")}</g>`;
  },

  Cooking(rnd, s, cx, cy) {
    const out = [];
    const r = rnd.int(120, 140);
    out.push(
      `<circle cx="${cx + 6}" cy="${cy + 10}" r="${r}" fill="#000" opacity=".12"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff"/><circle cx="${cx}" cy="${cy}" r="${r - 26}" fill="none" stroke="${YL}" stroke-width="4"/>`,
    );
    const foods = [R, G, Y, "#F2994A", GL];
    for (let i = 0; i < rnd.int(3, 5); i++) {
      const [fx, fy] = polar(cx, cy, rnd.int(10, r - 60), rnd.int(0, 359));
      out.push(
        `<circle cx="${n(fx)}" cy="${n(fy)}" r="${rnd.int(16, 34)}" fill="${foods[(i + rnd.int(0, 4)) % foods.length]}"/>`,
      );
    }
    out.push(
      `<path d="M${cx - 30} ${cy + 20}q30 -40 60 0" fill="none" stroke="${G}" stroke-width="6" stroke-linecap="round"/>`,
    );
    const fx = cx - r - 50;
    const kx = cx + r + 50;
    const metal = s.bg === C ? D : s.light;
    out.push(
      `<g fill="${metal}"><rect x="${fx - 6}" y="${cy - 20}" width="12" height="150" rx="6"/><rect x="${fx - 22}" y="${cy - 110}" width="44" height="30" rx="8"/>` +
        `<path d="M${fx - 22} ${cy - 95}v-60h6v60zM${fx - 8} ${cy - 95}v-60h6v60zM${fx + 4} ${cy - 95}v-60h6v60zM${fx + 16} ${cy - 95}v-60h6v60zM${fx - 6} ${cy - 85}h12v70h-12z"/>` +
        `<path d="M${kx - 8} ${cy + 130}v-150c0 -60 18 -100 22 -110v260z"/></g>`,
    );
    return out.join("");
  },

  Photography(rnd, s, cx, cy) {
    const R0 = rnd.int(125, 145);
    const blades = rnd.pick([6, 7, 8]);
    const open = rnd.int(30, 55);
    const rot = rnd.int(0, 59);
    const id = `a${seedOf(`${cx}${cy}${R0}`) % 1000}`;
    const out = [`<circle cx="${cx}" cy="${cy}" r="${R0 + 26}" fill="${s.main === Y ? "#0B0B10" : D}"/>`];
    out.push(`<clipPath id="${id}"><circle cx="${cx}" cy="${cy}" r="${R0}"/></clipPath>`);
    let bl = "";
    for (let i = 0; i < blades; i++) {
      const a1 = rot + (i * 360) / blades;
      const a2 = rot + ((i + 1) * 360) / blades;
      const p1 = polar(cx, cy, open, a1);
      const p2 = polar(cx, cy, open, a2);
      const q2 = polar(cx, cy, R0 * 1.6, a2 + 40);
      const q1 = polar(cx, cy, R0 * 1.6, a1 + 40);
      bl += `<path d="M${n(p1[0])} ${n(p1[1])}L${n(p2[0])} ${n(p2[1])}L${n(q2[0])} ${n(q2[1])}L${n(q1[0])} ${n(q1[1])}z" fill="${i % 2 ? s.main : s.accent === D ? G : s.accent}" stroke="${D}" stroke-width="3"/>`;
    }
    out.push(`<g clip-path="url(#${id})">${bl}</g>`);
    out.push(
      `<circle cx="${cx}" cy="${cy}" r="${R0}" fill="none" stroke="${s.second}" stroke-width="5"/><circle cx="${cx}" cy="${cy}" r="${R0 + 16}" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="2 8" opacity=".5"/>`,
    );
    const bx = 40;
    const by = 40;
    const bw = W - 80;
    const bh = H - 80;
    const k = 34;
    out.push(
      `<path d="M${bx} ${by + k}v${-k}h${k}M${bx + bw - k} ${by}h${k}v${k}M${bx + bw} ${by + bh - k}v${k}h${-k}M${bx + k} ${by + bh}h${-k}v${-k}" fill="none" stroke="${s.main}" stroke-width="5" stroke-linecap="round"/>`,
    );
    return out.join("");
  },

  Membership(rnd, s, cx, cy) {
    const out = [];
    const rings = [Y, R, G, C];
    for (let i = 0; i < 4; i++)
      out.push(
        `<circle cx="${cx}" cy="${cy}" r="${170 - i * 34}" fill="none" stroke="${rings[i]}" stroke-width="18"/>`,
      );
    const k = 70;
    out.push(
      `<path d="M${cx} ${cy - k}Q${cx + 10} ${cy - 10} ${cx + k} ${cy}Q${cx + 10} ${cy + 10} ${cx} ${cy + k}Q${cx - 10} ${cy + 10} ${cx - k} ${cy}Q${cx - 10} ${cy - 10} ${cx} ${cy - k}z" fill="${Y}"/>`,
    );
    for (let i = 0; i < 5; i++)
      out.push(
        `<circle cx="${rnd.int(30, 200)}" cy="${rnd.int(30, 330)}" r="${rnd.int(4, 10)}" fill="${rnd.pick([Y, R, GL])}"/>`,
      );
    return out.join("");
  },
};

// ---------------------------------------------------------------- documents
function svgDoc(w, h, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>\n`;
}

function cover(seedText, category) {
  const rnd = prng(seedText);
  const s = SCHEMES[rnd.pick(CATEGORY_SCHEMES[category] ?? ["dark"])];
  const mirror = rnd.chance(0.5);
  const cx = rnd.int(340, 460);
  const cy = rnd.int(160, 200);
  const scale = f1(0.85 + rnd() * 0.3);
  const body = [`<rect width="${W}" height="${H}" fill="${s.bg}"/>`, decor(rnd, s, `d${seedOf(seedText) % 10000}`)];
  const motif = motifs[category](rnd, s, cx, cy);
  const t = [
    mirror ? `matrix(-1 0 0 1 ${W} 0)` : "",
    scale !== 1 ? `translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})` : "",
  ].filter(Boolean);
  body.push(t.length ? `<g transform="${t.join(" ")}">${motif}</g>` : motif);
  return svgDoc(W, H, body.join(""));
}

/** Collections and the school: a fan of cards, one per item, coloured by the item's category. */
function collectionCover(program) {
  const rnd = prng(`collection:${program.slug}`);
  const school = program.programType === "school";
  const s = school ? SCHEMES.yellow : SCHEMES[rnd.pick(["dark", "green", "night", "red"])];
  const cardColours = {
    Guitar: Y,
    Piano: C,
    Vocals: R,
    Songwriting: YL,
    "Music Production": GL,
    DJing: G,
    Drums: RL,
    Illustration: "#F2994A",
    Cooking: GL,
    Photography: DL,
  };
  const body = [`<rect width="${W}" height="${H}" fill="${s.bg}"/>`, decor(rnd, s, `c${seedOf(program.slug) % 10000}`)];
  const items = program.items.slice(0, school ? 10 : 6);
  const cx = rnd.int(300, 340);
  const cy = 420;
  const spread = school ? 11 : 14;
  const start = -((items.length - 1) * spread) / 2;
  items.forEach((it, i) => {
    const a = f1(start + i * spread + rnd.int(-2, 2));
    const fill = cardColours[it.product.category] ?? Y;
    const ink = fill === DL || fill === G ? C : D;
    const kind = (seedOf(it.productId) + i) % 3;
    const mark =
      kind === 0
        ? `<circle cx="${cx}" cy="${cy - 250}" r="34" fill="none" stroke="${ink}" stroke-width="8"/>`
        : kind === 1
          ? `<path d="M${cx - 40} ${cy - 270}h80M${cx - 40} ${cy - 250}h80M${cx - 40} ${cy - 230}h50" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`
          : `<circle cx="${cx}" cy="${cy - 250}" r="26" fill="${ink}"/>`;
    body.push(
      `<g transform="rotate(${a} ${cx} ${cy})"><rect x="${cx - 80}" y="${cy - 320}" width="160" height="220" rx="14" fill="${fill}" stroke="${D}" stroke-width="4"/>${mark}</g>`,
    );
  });
  return svgDoc(W, H, body.join(""));
}

function initials(name) {
  const parts = name
    .replace(/[^\p{L}\s-]/gu, "")
    .split(/[\s-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase();
}

function avatar(creator) {
  const rnd = prng(`avatar:${creator.storefrontSlug}`);
  const house = creator.storefrontSlug === "studio";
  const [bg, fg, dot] = house
    ? [D, Y, R]
    : rnd.pick([
        [Y, D, R],
        [D, Y, GL],
        [G, C, Y],
        [R, C, Y],
        [DL, Y, RL],
        [GL, D, R],
      ]);
  const a = rnd.int(0, 359);
  const [x, y] = polar(48, 48, 40, a);
  return svgDoc(
    96,
    96,
    `<clipPath id="a"><circle cx="48" cy="48" r="48"/></clipPath><g clip-path="url(#a)"><rect width="96" height="96" fill="${bg}"/><circle cx="${n(x)}" cy="${n(y)}" r="${rnd.int(16, 24)}" fill="${dot}" opacity=".55"/></g>` +
      `<text x="48" y="50" text-anchor="middle" dominant-baseline="central" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif" font-size="${house ? 44 : 34}" font-weight="700" fill="${fg}">${house ? "S" : initials(creator.name)}</text>`,
  );
}

/** A hero background: the category motifs scattered across a dark field, calm on one side. */
function hero(width, height, layout) {
  const rnd = prng(`hero:${width}x${height}`);
  const body = [`<rect width="${width}" height="${height}" fill="${D}"/>`];
  body.push(
    `<pattern id="hd" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.6" fill="${DL}"/></pattern><rect width="${width}" height="${height}" fill="url(#hd)"/>`,
  );
  for (const [cat, scheme, x, y, scale, rot] of layout) {
    const s = { ...SCHEMES[scheme], bg: D };
    body.push(
      `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale}) translate(-320 -180)">${motifs[cat](rnd, s, 320, 180)}</g>`,
    );
  }
  return svgDoc(width, height, body.join(""));
}

// ---------------------------------------------------------------- favicon
function faviconSvg() {
  return svgDoc(
    64,
    64,
    `<rect width="64" height="64" rx="14" fill="${D}"/><circle cx="46" cy="18" r="7" fill="${R}"/>` +
      `<path d="M27 12h6v34h-6z" fill="${Y}"/><path d="M33 12c2 7 12 9 12 19c-3-5-7-7-12-7z" fill="${Y}"/><ellipse cx="22" cy="46" rx="11" ry="8.5" transform="rotate(-22 22 46)" fill="${Y}"/>`,
  );
}

/** Rasterises the favicon shapes (64-unit design) at `size` px, 4x4 supersampled, as RGBA rows. */
function faviconPixels(size) {
  const inShape = (x, y) => {
    // returns [r,g,b] or null, in design units 0..64
    const rr = 14;
    const cxr = Math.min(Math.max(x, rr), 64 - rr);
    const cyr = Math.min(Math.max(y, rr), 64 - rr);
    if ((x - cxr) ** 2 + (y - cyr) ** 2 > rr * rr) return null;
    const rot = (-22 * Math.PI) / 180;
    const dx = x - 22;
    const dy = y - 46;
    const ex = dx * Math.cos(-rot) - dy * Math.sin(-rot);
    const ey = dx * Math.sin(-rot) + dy * Math.cos(-rot);
    const yellow = [0xfa, 0xe2, 0x6a];
    if ((ex / 11) ** 2 + (ey / 8.5) ** 2 <= 1) return yellow;
    if (x >= 27 && x <= 33 && y >= 12 && y <= 46) return yellow;
    if (x >= 33 && x <= 44 && y >= 12 && y <= 29 && y - 12 <= (x - 33) * 1.4 + 5 && y >= 12 + (x - 33) * 1.2)
      return yellow;
    if ((x - 46) ** 2 + (y - 18) ** 2 <= 49) return [0xeb, 0x57, 0x57];
    return [0x1c, 0x1c, 0x25];
  };
  const px = [];
  const ss = 4;
  for (let py = 0; py < size; py++) {
    const row = [];
    for (let pxl = 0; pxl < size; pxl++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const c = inShape(((pxl + (sx + 0.5) / ss) * 64) / size, ((py + (sy + 0.5) / ss) * 64) / size);
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a++;
          }
        }
      row.push(
        a ? [Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((255 * a) / (ss * ss))] : [0, 0, 0, 0],
      );
    }
    px.push(row);
  }
  return px;
}

/** An ICO file with 32-bit BMP images (BITMAPINFOHEADER, bottom-up BGRA, plus an AND mask). */
function ico(sizes) {
  const images = sizes.map((size) => {
    const px = faviconPixels(size);
    const maskRow = Math.ceil(size / 32) * 4;
    const buf = Buffer.alloc(40 + size * size * 4 + maskRow * size);
    buf.writeUInt32LE(40, 0);
    buf.writeInt32LE(size, 4);
    buf.writeInt32LE(size * 2, 8);
    buf.writeUInt16LE(1, 12);
    buf.writeUInt16LE(32, 14);
    buf.writeUInt32LE(0, 16);
    buf.writeUInt32LE(size * size * 4 + maskRow * size, 20);
    let o = 40;
    for (let y = size - 1; y >= 0; y--)
      for (let x = 0; x < size; x++) {
        const [r, g, b, a] = px[y][x];
        buf[o++] = b;
        buf[o++] = g;
        buf[o++] = r;
        buf[o++] = a;
      }
    for (let y = size - 1; y >= 0; y--) {
      for (let x = 0; x < size; x++) if (px[y][x][3] === 0) buf[o + (x >> 3)] |= 0x80 >> (x & 7);
      o += maskRow;
    }
    return { size, buf };
  });
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, buf }, i) => {
    const e = 6 + i * 16;
    header[e] = size >= 256 ? 0 : size;
    header[e + 1] = size >= 256 ? 0 : size;
    header[e + 2] = 0;
    header[e + 3] = 0;
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(buf.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += buf.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.buf)]);
}

// ---------------------------------------------------------------- main
function write(rel, content) {
  const file = join(PUBLIC, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

const sizes = [];
let covers = 0;
for (const p of [...classes, membership]) {
  const svg = cover(`${p.storefrontSlug}/${p.classSlug}`, p.category);
  sizes.push([p.coverUrl, write(p.coverUrl.slice(1), svg)]);
  covers++;
}
for (const c of programs) {
  sizes.push([c.coverUrl, write(c.coverUrl.slice(1), collectionCover(c))]);
  covers++;
}
for (const c of creators) write(c.avatarUrl.slice(1), avatar(c));

write(
  "hero/desktop.svg",
  hero(1600, 900, [
    ["Vocals", "dark", 1420, 760, 1, 0],
    ["DJing", "green", 1220, 380, 1.45, 0],
    ["Piano", "dark", 900, 860, 0.9, -8],
    ["Guitar", "yellow", 820, 110, 0.6, 16],
  ]),
);
write(
  "hero/mobile.svg",
  hero(800, 1200, [
    ["Vocals", "dark", 600, 520, 0.8, 0],
    ["DJing", "green", 470, 900, 1.3, 0],
    ["Piano", "dark", 220, 1170, 0.8, -12],
  ]),
);
write("favicon.svg", faviconSvg());
write("favicon.ico", ico([16, 32]));

const tooBig = sizes.filter(([, b]) => b > MAX_COVER_BYTES);
const largest = sizes.reduce((m, s) => (s[1] > m[1] ? s : m), ["", 0]);
console.log(
  `Wrote ${covers} covers (largest ${largest[1]} bytes: ${largest[0]}), ${creators.length} avatars, 2 hero backgrounds, favicon.svg and favicon.ico to ${PUBLIC}.`,
);
if (tooBig.length) {
  console.error(`Covers over ${MAX_COVER_BYTES} bytes:\n${tooBig.map(([u, b]) => `  ${u} ${b}`).join("\n")}`);
  process.exit(1);
}

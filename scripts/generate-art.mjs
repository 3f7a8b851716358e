#!/usr/bin/env node
// Generates the store's original product and banner artwork (no dependencies): one pack per form
// (resin jar, capsule bottle, amber tablet bottle, powder pouch, dropper and carton, gummy jar), one light
// from the upper left, one studio backdrop per category palette.
//   node scripts/generate-art.mjs
// Reads content/catalog/products.json and writes:
//   public/product_images/{id}/{file}  (one SVG per media entry, 800x800)
//   public/banners/*.svg               (home, shop-all, wellness-*, brand)
//   public/favicon.svg, public/logo.svg, public/placeholder.png
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUB = join(ROOT, 'public');
const products = JSON.parse(readFileSync(join(ROOT, 'content/catalog/products.json'), 'utf8'));

const BASE = '#FBF7EF';
const INK = '#2B2418';
const GREEN = '#1F3D2B';
const SERIF = "Georgia,'Times New Roman',serif";
const SANS = 'Helvetica,Arial,sans-serif';

// Per-category palettes: main, dark, light (backdrop), accent.
const PAL = {
  ENERGY_VITALITY: { m: '#E38A1E', d: '#7A3F0A', l: '#F8E2BF', a: '#F5B94F' },
  GUT_DIGESTIVE_HARMONY: { m: '#4F8A3C', d: '#264D1E', l: '#DCEBCB', a: '#9CC46E' },
  METABOLIC_WELLNESS: { m: '#1F8A85', d: '#0D4F4B', l: '#CFEAE6', a: '#6CC3B8' },
  IMMUNITY_INFLAMMATION: { m: '#D49A12', d: '#7A4E05', l: '#F7E6B3', a: '#EAC24E' },
  MIND_MOOD: { m: '#5A56B0', d: '#2E2B6B', l: '#E3DFF6', a: '#A99BE0' },
  SLEEP_REST: { m: '#3C4F8C', d: '#1C2650', l: '#DCE2F2', a: '#8FA3D9' },
};

// Art direction per product: short label name, three benefit lines, still-life
// colours (pw powder, lf leaf, sd seeds, rt right-hand object + colour),
// how-to scene (time of day + caption).
const ART = {
  'shilajit-resin': {
    s: ['Shilajit', 'Resin'],
    b: ['Daily energy & stamina', '60% fulvic acid', 'Sun-dried, lab tested'],
    pw: '#3A281C',
    lf: '#6B8E4E',
    sd: '#2A1D14',
    rt: 'rock',
    rc: '#8C7B6B',
    t: 'am',
    c: 'Pea-sized · in warm water',
  },
  ashwagandha: {
    s: ['Ashwagandha', 'Root Extract'],
    b: ['Calm, balanced mood', 'Steady daily energy', '5% withanolides'],
    pw: '#C9A77C',
    lf: '#7C9A5A',
    sd: '#D9472B',
    rt: 'root',
    rc: '#B08456',
    t: 'pm',
    c: '1 capsule · after meals',
  },
  curcumin: {
    s: ['Curcumin', '+ Black Pepper'],
    b: ['Joint comfort', 'Seasonal immunity', '95% curcuminoids'],
    pw: '#E6A01A',
    lf: '#6E9B4F',
    sd: '#2B2420',
    rt: 'root',
    rc: '#D98A22',
    t: 'am',
    c: '1 tablet · with a meal',
  },
  melatonin: {
    s: ['Deep Sleep', 'Melatonin'],
    b: ['Fall asleep naturally', 'Wake up refreshed', 'Brahmi + Jatamansi'],
    pw: '#B9A6E0',
    lf: '#6F9A62',
    sd: '#8E7CC3',
    rt: 'flower',
    rc: '#FFFFFF',
    t: 'pm',
    c: '1 gummy · before bed',
  },
  'gut-harmony': {
    s: ['Gut Harmony', 'Probiotic'],
    b: ['Lighter after meals', 'Supports regularity', '10 billion CFU'],
    pw: '#E8DCC0',
    lf: '#4E9A4A',
    sd: '#8A6A3E',
    rt: 'leafy',
    rc: '#5DAA55',
    t: 'am',
    c: '1 capsule · before a meal',
  },
  'gluco-balance': {
    s: ['Gluco', 'Balance'],
    b: ['Healthy glucose levels', 'Fewer sugar cravings', '5 classical herbs'],
    pw: '#7A8F5A',
    lf: '#5E8F4A',
    sd: '#D9A441',
    rt: 'fruit',
    rc: '#4B2A5C',
    t: 'am',
    c: '1 tablet · before meals',
  },
  adaptogens: {
    s: ['Adaptogen', 'Balance'],
    b: ['Calm under stress', 'Focus & clarity', 'Natural immunity'],
    pw: '#A89B6E',
    lf: '#5F8A4C',
    sd: '#7B5EA7',
    rt: 'root',
    rc: '#E2CC9A',
    t: 'am',
    c: '1 capsule · twice a day',
  },
  'shilajit-gold-capsules': {
    s: ['Shilajit', 'Gold'],
    b: ['Stamina & vitality', 'Kesar + Safed Musli', 'Natural resilience'],
    pw: '#3A281C',
    lf: '#7A9A55',
    sd: '#C8321E',
    rt: 'rock',
    rc: '#8C7B6B',
    t: 'am',
    c: '1 capsule · with warm milk',
  },
  triphala: {
    s: ['Triphala', 'Three Fruits'],
    b: ['Gentle daily cleanse', 'Supports regularity', 'Classic 1:1:1 formula'],
    pw: '#9C7A4A',
    lf: '#6E9B4F',
    sd: '#7A5230',
    rt: 'fruit',
    rc: '#A8C256',
    t: 'pm',
    c: '2 tablets · at bedtime',
  },
  'giloy-tulsi-drops': {
    s: ['Giloy Tulsi', 'Drops'],
    b: ['Seasonal immunity', 'Soothing for the throat', 'Alcohol-free extract'],
    pw: '#6B7F3A',
    lf: '#4F8F3E',
    sd: '#6D4C8F',
    rt: 'root',
    rc: '#8F8050',
    t: 'am',
    c: '10 drops · in warm water',
  },
  'moringa-greens': {
    s: ['Moringa', 'Greens'],
    b: ['Natural plant iron', 'Everyday energy', '100% shade-dried leaf'],
    pw: '#6E9A3A',
    lf: '#5C9438',
    sd: '#7C8F4C',
    rt: 'pods',
    rc: '#6F8F3A',
    t: 'am',
    c: '1 tsp · in a smoothie',
  },
  'brahmi-focus': {
    s: ['Brahmi', 'Focus'],
    b: ['Memory & learning', 'Calm, clear focus', '20% bacosides'],
    pw: '#8FA36A',
    lf: '#5E9A50',
    sd: '#6C7BD9',
    rt: 'flower',
    rc: '#7E8BE0',
    t: 'am',
    c: '1 tablet · after breakfast',
  },
  'methi-fenugreek': {
    s: ['Methi', 'Fenugreek'],
    b: ['Soluble seed fibre', 'Feel fuller for longer', 'Comfortable digestion'],
    pw: '#D9B45E',
    lf: '#5E9A44',
    sd: '#C9952E',
    rt: 'leafy',
    rc: '#6AA84F',
    t: 'am',
    c: '1 capsule · before meals',
  },
  // A kit (content/catalog: "kit"): its packs in an open kraft box, the kit's label on the front.
  'stress-sleep-kit': {
    s: ['Stress & Sleep', 'Regimen kit'],
    b: ['Calm days', 'Restful nights', 'Ashwagandha + Melatonin'],
    pw: '#C9A77C',
    lf: '#7C9A5A',
    sd: '#B9A6E0',
    rt: 'flower',
    rc: '#A99BE0',
    t: 'pm',
    c: 'Capsule by day · gummy at night',
  },
  'amla-vitamin-c-gummies': {
    s: ['Amla', 'Vitamin C'],
    b: ['Natural vitamin C', 'Zinc for immunity', 'Healthy, glowing skin'],
    pw: '#E8A03A',
    lf: '#6A9A48',
    sd: '#E8912D',
    rt: 'fruit',
    rc: '#B5CC5A',
    t: 'am',
    c: '2 gummies · every day',
  },
};

// ---------- helpers ----------
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r = (n) => Math.round(n);
function rng(seed) {
  let s = seed * 9301 + 49297;
  return () => {
    s = (s * 9301 + 49297) % 233280;
    return s / 233280;
  };
}
const svg = (w, h, title, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${esc(title)}</title>` +
  `<defs><path id="lf" d="M0 0C24-28 24-72 0-100C-24-72-24-28 0 0Z"/>${defs}${takeDefs()}</defs>${body}</svg>\n`;
const text = (x, y, s, size, fill, o = '') =>
  `<text x="${r(x)}" y="${r(y)}" font-size="${r(size)}" fill="${fill}" text-anchor="middle" ${o}>${esc(s)}</text>`;
// A leaf (unit length 100) at x,y pointing along angle a (deg, 0 = up).
const leaf = (x, y, a, s, fill, rib = true) =>
  `<g transform="translate(${r(x)} ${r(y)}) rotate(${r(a)}) scale(${s.toFixed(2)})"><use href="#lf" fill="${fill}"/>` +
  (rib ? `<path d="M0-4V-88" stroke="#fff" stroke-opacity=".35" stroke-width="${(3 / s).toFixed(1)}"/>` : '') +
  '</g>';
// A curved stem from (x0,y0) to (x1,y1) with alternating leaves.
function sprig(x0, y0, x1, y1, fill, n = 6, s = 0.5, bend = 60) {
  const cx = (x0 + x1) / 2 + bend,
    cy = (y0 + y1) / 2;
  let o = `<path d="M${r(x0)} ${r(y0)}Q${r(cx)} ${r(cy)} ${r(x1)} ${r(y1)}" stroke="${fill}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  for (let i = 1; i <= n; i++) {
    const t = i / (n + 1);
    const x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1;
    const y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1;
    const dx = 2 * (1 - t) * (cx - x0) + 2 * t * (x1 - cx),
      dy = 2 * (1 - t) * (cy - y0) + 2 * t * (y1 - cy);
    const ang = (Math.atan2(dx, -dy) * 180) / Math.PI;
    o += leaf(x, y, ang + (i % 2 ? -50 : 50), s * (1 - t * 0.35), fill);
  }
  return o + leaf(x1, y1, (Math.atan2(x1 - cx, -(y1 - cy)) * 180) / Math.PI, s * 0.6, fill);
}
const mark = (x, y, s, fill, vein = BASE) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 30C-26 8-22-22 0-34C22-22 26 8 0 30Z" fill="${fill}"/><path d="M0 26V-22M0 2L-9-7M0-8L8-16" stroke="${vein}" stroke-width="2.6" fill="none" stroke-linecap="round"/></g>`;
const shadow = (cx, cy, rx) => softShadow(cx, cy, rx * 1.5);
const fitSize = (str, width, max) => Math.min(max, width / (str.length * 0.56));

// ---------- light and materials ----------
// One light for every picture: soft, from the upper left. Objects are lit on their left, shade to the
// right and cast a soft shadow to the lower right. Gradients are collected per picture (see svg()).
let DEFS = new Map();
function def(kind, attrs, stops) {
  const key = `${kind}${attrs}${JSON.stringify(stops)}`;
  if (!DEFS.has(key)) {
    const id = `g${DEFS.size}`;
    const body = stops
      .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a < 1 ? ` stop-opacity="${a}"` : ''}/>`)
      .join('');
    DEFS.set(key, [id, `<${kind} id="${id}"${attrs ? ` ${attrs}` : ''}>${body}</${kind}>`]);
  }
  return `url(#${DEFS.get(key)[0]})`;
}
const takeDefs = () => {
  const out = [...DEFS.values()].map((d) => d[1]).join('');
  DEFS = new Map();
  return out;
};
const lin = (stops, vertical = false) => def('linearGradient', vertical ? 'x2="0" y2="1"' : '', stops);
const rad = (stops, attrs = '') => def('radialGradient', attrs, stops);
const rgb = (c) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
const mix = (a, b, t) =>
  `#${rgb(a)
    .map((v, i) =>
      r(v + (rgb(b)[i] - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const lit = (c, t) => mix(c, '#ffffff', t);
const dim = (c, t) => mix(c, '#000000', t);
// A cylinder lit from the left: bright band at a sixth of the width, shade on the right.
const cyl = (c) =>
  lin([
    [0, dim(c, 0.1)],
    [0.16, lit(c, 0.3)],
    [0.36, c],
    [0.8, dim(c, 0.22)],
    [1, dim(c, 0.45)],
  ]);
// The same light over a printed label wrapped round a pack.
const wrapShade = () =>
  lin([
    [0, '#000', 0.18],
    [0.14, '#fff', 0.2],
    [0.3, '#fff', 0],
    [0.72, '#000', 0],
    [1, '#000', 0.3],
  ]);
const gloss = (x, y, w, h, o = 0.55) =>
  `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="${r(w / 2)}" fill="${lin([
    [0, '#fff', 0],
    [0.5, '#fff', o],
    [1, '#fff', 0],
  ])}"/>`;
const softShadow = (cx, y, w) =>
  `<ellipse cx="${r(cx + w * 0.14)}" cy="${r(y - 2)}" rx="${r(w * 0.66)}" ry="${r(w * 0.085 + 8)}" fill="${rad([
    [0, INK, 0.3],
    [1, INK, 0],
  ])}"/>` +
  `<ellipse cx="${r(cx + 6)}" cy="${r(y)}" rx="${r(w * 0.52)}" ry="7" fill="${rad([
    [0, INK, 0.45],
    [1, INK, 0],
  ])}"/>`;
const ribs = (x0, x1, y0, y1, step = 9) => {
  let d = '';
  for (let x = x0 + step; x < x1 - step / 2; x += step) d += `M${r(x)} ${r(y0)}V${r(y1)}`;
  return `<path d="${d}" stroke="#000" stroke-opacity=".13" stroke-width="3"/>`;
};
// Studio backdrop in the product's palette: a wall fading into a table top, lit from the upper left.
const studio = (pal, w = 800, h = 800, horizon = 0.7) =>
  `<rect width="${w}" height="${h}" fill="${lin(
    [
      [0, lit(pal.l, 0.55)],
      [horizon - 0.02, pal.l],
      [horizon, dim(pal.l, 0.07)],
      [1, lit(pal.l, 0.3)],
    ],
    true,
  )}"/>` +
  `<rect width="${w}" height="${h}" fill="${rad(
    [
      [0, '#fff', 0.6],
      [1, '#fff', 0],
    ],
    'cx=".22" cy=".18" r=".75"',
  )}"/>`;

// ---------- product pack ----------
const fitText = (s, width, max, k = 0.64) => Math.min(max, width / (s.length * k));

// The printed label: category band, Vedara mark and word mark, the product's name, net quantity.
function label(cx, top, w, h, p, a, pal, rx = 6) {
  const [l1, l2] = a.s;
  const x = cx - w / 2;
  const inner = w * 0.84;
  const band = Math.max(8, h * 0.06);
  const f1 = fitText(l1, inner, Math.min(44, h * 0.19));
  const f2 = fitText(l2, inner, Math.min(22, h * 0.1), 0.5);
  const fw = Math.min(19, w * 0.075);
  const ms = Math.min(0.5, h / 460);
  const y0 = top + band + 6 + 34 * ms;
  const yw = y0 + 30 * ms + fw + 2;
  const yr = yw + fw * 0.75 + 4;
  const yl1 = yr + 8 + f1;
  const foot = Math.min(12, w * 0.048);
  return (
    `<rect x="${r(x)}" y="${r(top)}" width="${r(w)}" height="${r(h)}" rx="${rx}" fill="${BASE}"/>` +
    `<rect x="${r(x)}" y="${r(top)}" width="${r(w)}" height="${r(band)}" fill="${pal.m}"/>` +
    `<rect x="${r(x)}" y="${r(top + h - band * 0.7)}" width="${r(w)}" height="${r(band * 0.7)}" fill="${pal.d}"/>` +
    mark(r(cx), r(y0), ms.toFixed(2), pal.m) +
    text(cx, yw, 'VEDARA', fw, INK, `font-family="${SERIF}" letter-spacing="${r(fw / 4)}" font-weight="bold"`) +
    text(cx, yw + fw * 0.62, 'AYURVEDA', fw * 0.48, pal.d, `font-family="${SANS}" letter-spacing="${r(fw / 5)}"`) +
    `<path d="M${r(cx - w * 0.16)} ${r(yr)}H${r(cx + w * 0.16)}" stroke="${pal.a}" stroke-width="2"/>` +
    text(cx, yl1, l1, f1, pal.d, `font-family="${SERIF}" font-weight="bold"`) +
    text(cx, yl1 + f2 + 6, l2, f2, INK, `font-family="${SERIF}" font-style="italic"`) +
    text(
      cx,
      top + h - band * 0.7 - foot * 0.9,
      netQuantity(p),
      foot,
      pal.d,
      `font-family="${SANS}" letter-spacing="1.5"`,
    ) +
    `<rect x="${r(x)}" y="${r(top)}" width="${r(w)}" height="${r(h)}" rx="${rx}" fill="${wrapShade()}"/>`
  );
}

const AMBER = '#7A3D10';
// '60 capsules' says the form already; '20 g' needs it: '20 G · RESIN'.
const netQuantity = (p) =>
  (p.weight1.toLowerCase().includes(p.type.toLowerCase()) ? p.weight1 : `${p.weight1} · ${p.type}`).toUpperCase();
const capsule = (x, y, deg, pal, s = 1) =>
  `<g transform="translate(${r(x)} ${r(y)}) rotate(${r(deg)}) scale(${s})"><rect x="-34" y="-13" width="68" height="26" rx="13" fill="${lin(
    [
      [0, lit(pal.m, 0.2)],
      [0.3, lit(pal.m, 0.35)],
      [1, dim(pal.m, 0.3)],
    ],
    true,
  )}"/>` +
  `<path d="M0-13H21A13 13 0 0 1 21 13H0Z" fill="${lin(
    [
      [0, '#fff'],
      [0.3, '#fff'],
      [1, '#D9CFBD'],
    ],
    true,
  )}"/><rect x="-26" y="-8" width="40" height="4" rx="2" fill="#fff" opacity=".55"/></g>`;
const tablet = (x, y, c, s = 1) =>
  `<g transform="translate(${r(x)} ${r(y)}) scale(${s})"><ellipse cy="5" rx="30" ry="12" fill="${dim(c, 0.25)}"/><ellipse rx="30" ry="12" fill="${lin(
    [
      [0, lit(c, 0.35)],
      [1, dim(c, 0.08)],
    ],
  )}"/><path d="M-17-1H17" stroke="#000" stroke-opacity=".18" stroke-width="3" stroke-linecap="round"/></g>`;
const gummy = (x, y, c, s = 1, deg = 0) =>
  `<g transform="translate(${r(x)} ${r(y)}) rotate(${deg}) scale(${s})"><path d="M-22 14Q-26-18 0-19Q26-18 22 14Q0 22-22 14Z" fill="${lin(
    [
      [0, lit(c, 0.3)],
      [0.5, c],
      [1, dim(c, 0.25)],
    ],
  )}"/>` +
  '<path d="M-13-8Q-6-14 4-13" stroke="#fff" stroke-opacity=".6" stroke-width="4" fill="none" stroke-linecap="round"/>' +
  '<g fill="#fff" opacity=".55"><circle cx="-8" cy="4" r="1.6"/><circle cx="6" cy="-2" r="1.6"/><circle cx="12" cy="8" r="1.6"/><circle cx="-2" cy="10" r="1.6"/></g></g>';

// Each form has its own pack, centred on x=400 and standing on y=650.
const PACKS = {
  Resin(p, a, pal) {
    const glass = '#2A1B12';
    return (
      softShadow(400, 650, 290) +
      `<rect x="268" y="388" width="264" height="262" rx="30" fill="${cyl(glass)}"/>` +
      `<rect x="292" y="376" width="216" height="20" fill="${cyl(dim(glass, 0.3))}"/>` +
      `<rect x="258" y="300" width="284" height="84" rx="12" fill="${cyl('#C9972E')}"/>${ribs(258, 542, 316, 378, 10)}` +
      `<rect x="262" y="302" width="276" height="12" rx="6" fill="#fff" opacity=".3"/>` +
      label(400, 416, 238, 210, p, a, pal) +
      gloss(276, 400, 14, 236, 0.35) +
      `<path d="M521 404V630" stroke="${lit(glass, 0.3)}" stroke-width="3" opacity=".6"/>`
    );
  },
  Capsules(p, a, pal) {
    const body = '#F4F0E8';
    return (
      softShadow(400, 650, 276) +
      `<path d="M334 262H466Q538 270 538 328V622Q538 650 510 650H290Q262 650 262 622V328Q262 270 334 262Z" fill="${cyl(body)}"/>` +
      `<rect x="326" y="246" width="148" height="20" rx="4" fill="${cyl(dim(body, 0.08))}"/>` +
      `<rect x="316" y="170" width="168" height="82" rx="10" fill="${cyl(pal.m)}"/>${ribs(316, 484, 184, 246, 8)}` +
      `<rect x="320" y="172" width="160" height="10" rx="5" fill="#fff" opacity=".3"/>` +
      label(400, 338, 276, 276, p, a, pal, 0) +
      gloss(278, 300, 16, 330, 0.3)
    );
  },
  Tablets(p, a, pal) {
    return (
      softShadow(400, 650, 264) +
      `<path d="M340 284H460Q460 312 500 326Q532 338 532 380V620Q532 650 502 650H298Q268 650 268 620V380Q268 338 300 326Q340 312 340 284Z" fill="${cyl(AMBER)}"/>` +
      `<rect x="338" y="258" width="124" height="30" fill="${cyl(dim(AMBER, 0.15))}"/>` +
      `<rect x="326" y="190" width="148" height="74" rx="8" fill="${cyl('#F1ECE2')}"/>${ribs(326, 474, 204, 258, 7)}` +
      `<rect x="330" y="192" width="140" height="9" rx="4" fill="#fff" opacity=".5"/>` +
      `<path d="M300 340Q330 324 352 322" stroke="#fff" stroke-opacity=".45" stroke-width="6" fill="none" stroke-linecap="round"/>` +
      label(400, 384, 264, 240, p, a, pal, 0) +
      gloss(280, 360, 12, 270, 0.4) +
      `<path d="M520 380V618" stroke="${lit(AMBER, 0.35)}" stroke-width="3" opacity=".5"/>`
    );
  },
  Powder(p, a, pal) {
    const kraft = '#C8A472';
    let sp = '';
    const rand = rng(p.id * 13);
    for (let i = 0; i < 22; i++)
      sp += `<circle cx="${r(336 + rand() * 128)}" cy="${r(560 + rand() * 40)}" r="${(1 + rand() * 1.6).toFixed(1)}" fill="${dim(a.pw, 0.35)}"/>`;
    return (
      softShadow(400, 652, 300) +
      `<path d="M254 178H546L556 602Q560 644 520 652Q400 664 280 652Q240 644 244 602Z" fill="${lin([
        [0, dim(kraft, 0.08)],
        [0.16, lit(kraft, 0.22)],
        [0.4, kraft],
        [1, dim(kraft, 0.3)],
      ])}"/>` +
      `<path d="M254 178H546V210H254Z" fill="${dim(kraft, 0.12)}"/><path d="M254 178${Array.from({ length: 29 }, (_, i) => `L${264 + i * 10} ${i % 2 ? 178 : 172}`).join('')}L546 178Z" fill="${dim(kraft, 0.12)}"/>` +
      `<path d="M254 226l10 6l-10 6M546 226l-10 6l10 6" fill="${dim(kraft, 0.4)}"/>` +
      `<path d="M258 246H542" stroke="${dim(kraft, 0.28)}" stroke-width="4" stroke-dasharray="2 4"/><path d="M258 252H542" stroke="#fff" stroke-opacity=".3" stroke-width="2"/>` +
      label(400, 272, 232, 250, p, a, pal) +
      `<rect x="332" y="540" width="136" height="70" rx="16" fill="${a.pw}"/>${sp}<rect x="332" y="540" width="136" height="70" rx="16" fill="none" stroke="${dim(kraft, 0.25)}" stroke-width="3"/>` +
      gloss(346, 546, 12, 58, 0.5) +
      `<path d="M262 634Q400 652 538 634" stroke="#fff" stroke-opacity=".25" stroke-width="4" fill="none"/>` +
      gloss(268, 270, 16, 340, 0.3)
    );
  },
  Drops(p, a, pal) {
    // The bottle stands in front of its carton.
    const cx = 352;
    const carton =
      `<path d="M468 300H602L628 286V636L602 650H468Z" fill="${dim(pal.d, 0.1)}"/>` +
      `<path d="M602 300L628 286V636L602 650Z" fill="${dim(pal.d, 0.4)}"/><path d="M468 300L494 286H628L602 300Z" fill="${lit(pal.d, 0.2)}"/>` +
      `<rect x="468" y="300" width="134" height="350" fill="${lin([
        [0, lit(pal.d, 0.15)],
        [1, dim(pal.d, 0.15)],
      ])}"/>` +
      `<rect x="478" y="352" width="114" height="170" fill="${BASE}"/><rect x="478" y="352" width="114" height="8" fill="${pal.m}"/>` +
      mark(535, 390, 0.42, pal.m) +
      text(535, 434, 'VEDARA', 14, INK, `font-family="${SERIF}" font-weight="bold" letter-spacing="2"`) +
      text(
        535,
        470,
        a.s[0].split(' ')[0],
        fitText(a.s[0].split(' ')[0], 96, 22),
        pal.d,
        `font-family="${SERIF}" font-weight="bold"`,
      ) +
      text(535, 500, p.weight1.toUpperCase(), 11, pal.d, `font-family="${SANS}" letter-spacing="2"`);
    return (
      softShadow(500, 650, 300) +
      carton +
      `<path d="M${cx - 26} 330H${cx + 26}Q${cx + 26} 352 ${cx + 60} 362Q${cx + 86} 372 ${cx + 86} 410V622Q${cx + 86} 650 ${cx + 58} 650H${cx - 58}Q${cx - 86} 650 ${cx - 86} 622V410Q${cx - 86} 372 ${cx - 60} 362Q${cx - 26} 352 ${cx - 26} 330Z" fill="${cyl(AMBER)}"/>` +
      `<path d="M${cx - 20} 202Q${cx - 22} 150 ${cx} 150Q${cx + 22} 150 ${cx + 20} 202V262H${cx - 20}Z" fill="${cyl('#2B2418')}"/>` +
      `<rect x="${cx - 36}" y="256" width="72" height="78" rx="6" fill="${cyl('#C9972E')}"/>${ribs(cx - 36, cx + 36, 266, 326, 7)}` +
      `<path d="M${cx - 62} 378Q${cx - 40} 364 ${cx - 20} 362" stroke="#fff" stroke-opacity=".45" stroke-width="5" fill="none" stroke-linecap="round"/>` +
      label(cx, 414, 172, 206, p, a, pal, 0) +
      gloss(cx - 78, 396, 11, 236, 0.4) +
      `<path d="M${cx + 74} 410V620" stroke="${lit(AMBER, 0.35)}" stroke-width="3" opacity=".5"/>`
    );
  },
  // An open kraft box holding the kit's packs (drawn as on their own pages, smaller), its label on the front.
  Kit(p, a, pal) {
    const KRAFT = '#C9A26B';
    const parts = p.kit.map((c) => products.find((q) => q.slug === c.slug));
    const s = 0.62;
    const inner = parts
      .map((q, i) => {
        const dx = (i - (parts.length - 1) / 2) * 190;
        return `<g transform="matrix(${s} 0 0 ${s} ${r(400 + dx - 400 * s)} ${r(600 - 650 * s)})">${PACKS[q.type](q, ART[q.slug], PAL[q.categories[0]])}</g>`;
      })
      .join('');
    return (
      softShadow(400, 690, 420) +
      `<path d="M150 430L400 404L650 430V600H150Z" fill="${lin([
        [0, dim(KRAFT, 0.28)],
        [1, dim(KRAFT, 0.12)],
      ])}"/>` +
      `<path d="M150 430L92 360L360 340L400 404Z" fill="${lin([
        [0, lit(KRAFT, 0.1)],
        [1, dim(KRAFT, 0.08)],
      ])}"/>` +
      inner +
      `<path d="M132 520H668L650 690H150Z" fill="${lin(
        [
          [0, lit(KRAFT, 0.12)],
          [1, dim(KRAFT, 0.18)],
        ],
        true,
      )}"/>` +
      `<path d="M132 520H668" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>` +
      label(400, 516, 330, 176, p, a, pal, 4)
    );
  },
  Gummies(p, a, pal) {
    const rand = rng(p.id * 5);
    let inside = '';
    for (const y of [384, 620])
      for (let x = 290; x < 520; x += 38)
        inside += gummy(
          x + rand() * 6,
          y + rand() * 6,
          [pal.a, pal.m, lit(pal.m, 0.3)][r(rand() * 2)],
          0.9,
          r(rand() * 40 - 20),
        );
    return (
      softShadow(400, 650, 300) +
      `<rect x="256" y="352" width="288" height="298" rx="34" fill="${lin([
        [0, lit(pal.l, 0.2)],
        [0.5, pal.l],
        [1, dim(pal.l, 0.2)],
      ])}"/>` +
      inside +
      `<rect x="256" y="352" width="288" height="298" rx="34" fill="${lin([
        [0, '#fff', 0.35],
        [0.2, '#fff', 0.1],
        [0.7, '#000', 0],
        [1, '#000', 0.2],
      ])}"/>` +
      `<rect x="248" y="284" width="304" height="76" rx="14" fill="${cyl(pal.m)}"/><rect x="252" y="286" width="296" height="12" rx="6" fill="#fff" opacity=".3"/>` +
      `<path d="M252 348H548" stroke="#000" stroke-opacity=".18" stroke-width="3"/>` +
      label(400, 412, 288, 182, p, a, pal, 0) +
      gloss(266, 370, 14, 262, 0.5)
    );
  },
};
const pack = (p, a, pal) => PACKS[p.type](p, a, pal);

// What lies on the table in front of the pack: the form itself, or the tool to take it with.
function props(p, a, pal) {
  switch (p.type) {
    case 'Resin':
      return (
        softShadow(190, 688, 130) +
        `<g transform="rotate(-14 190 680)"><rect x="60" y="672" width="130" height="14" rx="7" fill="${lin(
          [
            [0, '#E3B85A'],
            [1, '#9A6A1E'],
          ],
          true,
        )}"/><ellipse cx="214" cy="680" rx="44" ry="22" fill="${lin(
          [
            [0, '#F0CB6E'],
            [1, '#8C5E18'],
          ],
          true,
        )}"/>` +
        `<path d="M196 676Q212 660 232 672Q236 688 212 688Q196 688 196 676Z" fill="#2A1B12"/><circle cx="208" cy="672" r="4" fill="#fff" opacity=".5"/></g>` +
        `<path d="M600 680L614 660L642 656L656 676L640 690Z" fill="${cyl('#3A281C')}"/><path d="M640 694L650 682L668 684L666 698Z" fill="#2A1B12"/>`
      );
    case 'Capsules':
      return (
        softShadow(620, 690, 120) + capsule(590, 672, -24, pal) + capsule(648, 684, 18, pal) + capsule(612, 700, 4, pal)
      );
    case 'Tablets':
      return (
        softShadow(200, 690, 130) +
        tablet(168, 676, lit(a.pw, 0.25)) +
        tablet(232, 688, lit(a.pw, 0.25)) +
        tablet(186, 704, lit(a.pw, 0.25))
      );
    case 'Powder':
      return (
        softShadow(600, 690, 150) +
        `<path d="M560 690Q570 640 610 640Q650 640 660 690Z" fill="${lin([
          [0, lit(a.pw, 0.25)],
          [1, dim(a.pw, 0.2)],
        ])}"/>` +
        `<path d="M548 688H672Q670 712 610 714Q550 712 548 688Z" fill="${cyl('#A8773E')}"/><rect x="670" y="688" width="54" height="12" rx="6" fill="${cyl('#A8773E')}"/>`
      );
    case 'Gummies':
      return (
        softShadow(620, 690, 130) +
        gummy(584, 680, pal.a, 1.1, -10) +
        gummy(650, 688, pal.m, 1.1, 12) +
        gummy(612, 706, lit(pal.m, 0.3), 1.1, 0)
      );
    case 'Kit': // the packs are in the box
      return '';
    default: // Drops: a single drop on the table
      return `<path d="M196 640Q176 672 196 686Q216 672 196 640Z" fill="${lin([
        [0, lit('#C98A3A', 0.3)],
        [1, '#8A4A12'],
      ])}"/><ellipse cx="204" cy="694" rx="28" ry="6" fill="#C98A3A" opacity=".35"/>`;
  }
}

// A sprig of the herb lying on the table (drawn flat, then squashed into perspective).
const lyingSprig = (x0, x1, y, fill) =>
  `<g transform="translate(0 ${y}) scale(1 .5)">${sprig(x0, 0, x1, -70, fill, 5, 0.62, 24)}</g>`;
// The pack and its props, enlarged about the pack's foot (400, 650) so it fills the frame.
const hero = (s, dy = 40) => `matrix(${s} 0 0 ${s} ${r(400 - 400 * s)} ${r(650 + dy - 650 * s)})`;

function img1(p, a, pal) {
  // A kit's box fills the table: no sprig beside it (and the picture stays within its size budget).
  const sprigBeside = p.kit ? '' : lyingSprig(40, 250, 770, a.lf);
  return `${studio(pal)}<g transform="${hero(1.16)}">${pack(p, a, pal)}${props(p, a, pal)}</g>${sprigBeside}`;
}

function rightObject(a, rand) {
  const c = a.rc;
  switch (a.rt) {
    case 'rock':
      return (
        `<path d="M520 640L540 560L600 520L670 540L700 600L690 640Z" fill="${c}"/><path d="M540 560L600 520L630 570L580 600Z" fill="#fff" opacity=".15"/>` +
        `<path d="M600 600Q620 575 646 590Q660 616 630 630Q606 632 600 600Z" fill="#3A281C"/>`
      );
    case 'root':
      return (
        `<g fill="none" stroke="${c}" stroke-linecap="round"><path d="M530 630Q590 560 680 590" stroke-width="30"/><path d="M560 600Q600 530 660 520" stroke-width="20"/><path d="M650 590Q690 620 720 612" stroke-width="12"/></g>` +
        `<path d="M560 616L570 600M610 580L618 566M640 590L650 576" stroke="#000" stroke-opacity=".18" stroke-width="4"/>`
      );
    case 'fruit': {
      let o = '';
      [
        [560, 600, 42],
        [640, 610, 36],
        [600, 550, 32],
        [690, 570, 26],
      ].forEach(([x, y, rad]) => {
        o += `<circle cx="${x}" cy="${y}" r="${rad}" fill="${c}"/><circle cx="${x - rad / 3}" cy="${y - rad / 3}" r="${r(rad / 4)}" fill="#fff" opacity=".3"/>`;
      });
      return o + leaf(610, 520, 30, 0.42, a.lf);
    }
    case 'flower': {
      let o = sprig(640, 640, 600, 430, a.lf, 3, 0.35, 30);
      [
        [600, 430],
        [660, 500],
        [560, 520],
      ].forEach(([x, y]) => {
        o += `<g transform="translate(${x} ${y})" fill="${c}">`;
        for (let k = 0; k < 6; k++) o += `<ellipse cy="-20" rx="11" ry="22" transform="rotate(${k * 60})"/>`;
        o += `<circle r="11" fill="#F2C230"/></g>`;
      });
      return o;
    }
    case 'pods':
      return (
        `<g stroke="${c}" stroke-linecap="round" fill="none"><path d="M500 650L720 520" stroke-width="18"/><path d="M530 660L740 560" stroke-width="16"/></g>` +
        `<path d="M540 628L548 614M600 592L608 578M660 556L668 542" stroke="#000" stroke-opacity=".15" stroke-width="4"/>`
      );
    default: {
      let o = '';
      for (let k = 0; k < 7; k++)
        o += leaf(620 + rand() * 40 - 20, 640, -70 + k * 22, 0.7 + rand() * 0.3, k % 2 ? c : a.lf);
      return o;
    }
  }
}

function img2(p, a, pal) {
  const rand = rng(p.id * 7);
  let seeds = '';
  for (let i = 0; i < 16; i++) {
    const x = 150 + rand() * 500,
      y = 680 + rand() * 80;
    seeds += `<ellipse cx="${r(x)}" cy="${r(y)}" rx="${r(6 + rand() * 5)}" ry="${r(4 + rand() * 3)}" fill="${a.sd}" transform="rotate(${r(rand() * 180)} ${r(x)} ${r(y)})"/>`;
  }
  return (
    studio(pal, 800, 800, 0.78) +
    sprig(150, 650, 240, 250, a.lf, 6, 0.62, -40) +
    rightObject(a, rand) +
    shadow(380, 662, 170) +
    `<path d="M240 560Q260 440 380 440Q520 440 530 560Z" fill="${lin([
      [0, lit(a.pw, 0.3)],
      [0.6, a.pw],
      [1, dim(a.pw, 0.25)],
    ])}"/>` +
    `<path d="M210 560H550Q540 660 380 662Q220 660 210 560Z" fill="${cyl('#C8962E')}"/>` +
    `<path d="M210 560H550" stroke="#E3B85A" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M250 600Q380 630 510 600" stroke="#fff" stroke-opacity=".22" stroke-width="6" fill="none"/>` +
    seeds
  );
}

function img3(p, a, pal) {
  const t = p.type;
  const sky =
    a.t === 'pm'
      ? `<path d="M170 120A64 64 0 1 0 238 210A52 52 0 1 1 170 120Z" fill="${pal.m}"/><circle cx="270" cy="130" r="5" fill="${pal.a}"/><circle cx="300" cy="180" r="3" fill="${pal.a}"/>`
      : `<circle cx="190" cy="170" r="46" fill="${pal.a}"/><g stroke="${pal.a}" stroke-width="8" stroke-linecap="round">${[0, 45, 90, 135, 180, 225, 270, 315].map((d) => `<path d="M190 94V70" transform="rotate(${d} 190 170)"/>`).join('')}</g>`;
  const warm = t === 'Resin' || t === 'Drops';
  const sx = t === 'Drops' ? 580 : 480;
  const steam = warm
    ? `<g stroke="${pal.d}" stroke-opacity=".35" stroke-width="6" fill="none" stroke-linecap="round"><path d="M${sx} 300Q${sx - 20} 270 ${sx} 240Q${sx + 20} 210 ${sx} 180"/><path d="M${sx + 50} 300Q${sx + 30} 270 ${sx + 50} 240Q${sx + 70} 210 ${sx + 50} 180"/></g>`
    : '';
  const liquid = t === 'Powder' ? a.pw : warm ? '#E9C79A' : '#D6EBF0';
  const vessel =
    t === 'Drops'
      ? `<path d="M400 400H620V540Q620 620 510 620Q400 620 400 540Z" fill="${pal.m}"/><path d="M620 430Q680 430 680 480Q680 530 620 530" stroke="${pal.m}" stroke-width="18" fill="none"/><ellipse cx="510" cy="400" rx="110" ry="18" fill="${liquid}"/>`
      : `<path d="M430 330H590L574 630H446Z" fill="#fff" fill-opacity=".7" stroke="${pal.d}" stroke-opacity=".3" stroke-width="4"/><path d="M436 420H584L574 630H446Z" fill="${liquid}" opacity=".85"/><path d="M452 350L462 610" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".8"/>`;
  let item = '';
  const dish = `<ellipse cx="270" cy="610" rx="130" ry="30" fill="#fff"/><ellipse cx="270" cy="604" rx="96" ry="18" fill="${pal.l}"/>`;
  if (t === 'Capsules')
    item =
      dish +
      [
        [235, 596, -20],
        [300, 592, 25],
      ]
        .map(
          ([x, y, d]) =>
            `<g transform="translate(${x} ${y}) rotate(${d})"><rect x="-38" y="-15" width="76" height="30" rx="15" fill="${pal.m}"/><path d="M0-15H23A15 15 0 0 1 23 15H0Z" fill="${BASE}"/></g>`,
        )
        .join('');
  else if (t === 'Tablets')
    item =
      dish +
      [
        [240, 598],
        [300, 596],
      ]
        .map(
          ([x, y]) =>
            `<ellipse cx="${x}" cy="${y}" rx="28" ry="14" fill="${BASE}" stroke="${pal.d}" stroke-opacity=".3" stroke-width="3"/><path d="M${x - 16} ${y}H${x + 16}" stroke="${pal.d}" stroke-opacity=".3" stroke-width="3"/>`,
        )
        .join('');
  else if (t === 'Gummies')
    item =
      dish +
      [
        [230, 592, pal.a],
        [290, 596, pal.m],
        [262, 572, pal.a],
      ]
        .map(
          ([x, y, c]) =>
            `<path d="M${x - 24} ${y + 12}Q${x - 26} ${y - 22} ${x} ${y - 22}Q${x + 26} ${y - 22} ${x + 24} ${y + 12}Z" fill="${c}"/>`,
        )
        .join('');
  else if (t === 'Drops')
    item = `<path d="M470 150Q500 130 530 150V230H470Z" fill="${INK}"/><rect x="484" y="226" width="32" height="110" rx="10" fill="${pal.d}" opacity=".85"/><path d="M500 350Q486 372 500 384Q514 372 500 350Z" fill="${pal.m}"/>`;
  else
    item = `<g transform="rotate(-18 280 560)"><rect x="150" y="552" width="170" height="18" rx="9" fill="#B9894C"/><ellipse cx="350" cy="561" rx="48" ry="30" fill="#B9894C"/><ellipse cx="350" cy="556" rx="30" ry="16" fill="${t === 'Resin' ? '#2E2119' : a.pw}"/></g>`;
  return (
    studio(pal, 800, 800, 0.78) +
    sky +
    steam +
    shadow(510, 632, 100, 14) +
    vessel +
    item +
    leaf(660, 640, 60, 0.5, a.lf) +
    leaf(670, 646, 100, 0.4, a.lf) +
    text(400, 736, a.c, 34, pal.d, `font-family="${SERIF}" font-style="italic"`)
  );
}

function img4(p, a, pal) {
  const rows = a.b
    .map((s, i) => {
      const y = 360 + i * 100;
      return (
        `<circle cx="220" cy="${y}" r="28" fill="${pal.m}"/><path d="M207 ${y}L217 ${y + 11}L235 ${y - 11}" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<text x="270" y="${y + 10}" font-size="${r(Math.min(32, 390 / (s.length * 0.52)))}" fill="${INK}" font-family="${SERIF}">${esc(s)}</text>` +
        (i < 2 ? `<path d="M200 ${y + 50}H620" stroke="${pal.l}" stroke-width="3"/>` : '')
      );
    })
    .join('');
  return (
    studio(pal) +
    `<rect x="60" y="60" width="680" height="680" rx="40" fill="${pal.l}" opacity=".7"/>` +
    leaf(120, 760, 30, 1.1, a.lf) +
    leaf(700, 110, 210, 0.9, pal.a) +
    `<rect x="146" y="146" width="520" height="540" rx="24" fill="${INK}" opacity=".1"/><rect x="140" y="130" width="520" height="540" rx="24" fill="#fff"/>` +
    `<path d="M140 154A24 24 0 0 1 164 130H636A24 24 0 0 1 660 154V254H140Z" fill="${pal.m}"/>` +
    mark(190, 192, 0.8, BASE, pal.m) +
    `<text x="232" y="186" font-size="15" fill="${BASE}" font-family="${SANS}" letter-spacing="4">VEDARA AYURVEDA</text>` +
    `<text x="232" y="226" font-size="${r(fitSize(a.s.join(' '), 400, 34))}" fill="#fff" font-family="${SERIF}" font-weight="bold">${esc(a.s.join(' '))}</text>` +
    rows +
    text(400, 640, p.claims, r(Math.min(17, 440 / (p.claims.length * 0.5))), pal.d, `font-family="${SANS}"`)
  );
}

function img5(p, a, pal) {
  const g = pack(p, a, pal);
  return (
    studio(pal) +
    `<defs><g id="pk">${g}</g></defs>` +
    lyingSprig(60, 300, 780, a.lf) +
    `<use href="#pk" transform="translate(-46 130) scale(.74)"/><use href="#pk" transform="translate(254 130) scale(.74)"/>` +
    `<use href="#pk" transform="translate(40 105) scale(.9)"/>`
  );
}

const IMG = [img1, img2, img3, img4, img5];
const TITLE = ['pack', 'ingredients', 'how to take', 'benefits', 'routine pack'];

// ---------- banners ----------
function mountains(w, h, base, cols) {
  // Layered ridges from back to front: sharp peaks behind, rolling hills in front.
  let o = '';
  cols.forEach((c, i) => {
    const rand = rng(i * 5 + 3);
    const y0 = base + i * 60;
    let d = `M0 ${h}V${y0}`;
    let x = 0;
    while (x < w) {
      const span = 180 + rand() * 220 + i * 60;
      const px = x + span / 2,
        py = y0 - 50 - rand() * (120 - i * 35);
      const vx = Math.min(w, x + span),
        vy = y0 - rand() * 20;
      d += i === 0 ? `L${r(px)} ${r(py)}L${r(vx)} ${r(vy)}` : `Q${r(px)} ${r(py - 40)} ${r(vx)} ${r(vy)}`;
      x = vx;
    }
    o += `<path d="${d}V${h}Z" fill="${c}"/>`;
  });
  return o;
}

function snowRange(_w, h) {
  // Main Himalayan range with snow caps.
  const peaks = [
    [180, 300],
    [420, 220],
    [640, 330],
    [900, 170],
    [1150, 300],
    [1380, 230],
    [1600, 320],
  ];
  let d = `M0 ${h}V420`;
  let snow = '';
  peaks.forEach(([x, y]) => {
    d += `L${x} ${y}L${x + 110} ${y + 150}`;
    snow += `<path d="M${x} ${y}L${x + 44} ${y + 60}L${x + 20} ${y + 50}L${x} ${y + 72}L${x - 18} ${y + 48}L${x - 44} ${y + 58}Z" fill="#FFF8EE"/>`;
  });
  return `<path d="${d}L1600 420V${h}Z" fill="#8E7A9C"/>${snow}`;
}

const BANNER_TITLES = [];
function banner(name, w, h, title, body, defs = '') {
  BANNER_TITLES.push([name, title]);
  write(`banners/${name}.svg`, svg(w, h, title, body, defs));
}

// Product packs (by id) standing on a line: [id, x of the pack's centre, scale] each, feet at y.
const packsAt = (y, list) =>
  list
    .map(([id, x, s]) => {
      const p = products.find((q) => q.id === id);
      return `<g transform="matrix(${s} 0 0 ${s} ${r(x - 400 * s)} ${r(y - 650 * s)})">${pack(p, ART[p.slug], PAL[p.categories[0]])}</g>`;
    })
    .join('');

function banners() {
  // home-1: Himalayas at dawn
  banner(
    'home-1',
    1600,
    700,
    'Himalayan mountains at dawn, a jar of Shilajit resin and Ashwagandha capsules on a rock ledge',
    `<rect width="1600" height="700" fill="url(#sky)"/><circle cx="1040" cy="250" r="200" fill="#FFE7B0" opacity=".5"/><circle cx="1040" cy="250" r="110" fill="#FFD27A"/>` +
      snowRange(1600, 700) +
      mountains(1600, 700, 500, ['#A98AA6', '#86697F', '#5E4B5C']) +
      `<ellipse cx="500" cy="520" rx="520" ry="26" fill="#fff" opacity=".2"/><ellipse cx="1250" cy="580" rx="480" ry="22" fill="#fff" opacity=".16"/>` +
      `<g stroke="#5E4B5C" stroke-width="4" fill="none" stroke-linecap="round"><path d="M300 170q14-12 28 0q14-12 28 0"/><path d="M380 210q10-9 20 0q10-9 20 0"/><path d="M1300 150q12-10 24 0q12-10 24 0"/></g>` +
      // A rock ledge in the foreground, lit from the upper left like the product pictures.
      `<path d="M840 700L870 640Q920 600 1020 604L1380 610Q1460 620 1520 660L1600 700Z" fill="${lin([
        [0, '#8C7B6B'],
        [0.5, '#6E5E52'],
        [1, '#4A3E36'],
      ])}"/>` +
      `<path d="M870 640Q920 600 1020 604L1380 610Q1440 616 1480 640Q1200 628 870 640Z" fill="#fff" opacity=".18"/>` +
      packsAt(632, [
        [2, 1260, 0.62],
        [1, 1050, 0.66],
      ]) +
      lyingSprig(900, 1070, 690, '#5E8F4A'),
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#F6C7A6"/><stop offset=".55" stop-color="#FBE3C0"/><stop offset="1" stop-color="#FBF7EF"/></linearGradient>',
  );

  // home-2: herbs and mortar
  let herbs = '';
  const rand = rng(11);
  for (let i = 0; i < 40; i++)
    herbs += `<circle cx="${r(200 + rand() * 1200)}" cy="${r(600 + rand() * 80)}" r="${r(4 + rand() * 5)}" fill="${['#7A5230', '#D9472B', '#C9952E', '#2B2420'][i % 4]}"/>`;
  banner(
    'home-2',
    1600,
    700,
    'Ayurvedic herbs with a brass mortar and pestle',
    `<rect width="1600" height="700" fill="#F6E7CC"/><rect y="560" width="1600" height="140" fill="#E9D3AE"/><circle cx="1050" cy="330" r="300" fill="#F1D9A8"/>` +
      sprig(300, 600, 380, 140, '#5E8F4A', 8, 0.9, -80) +
      sprig(180, 620, 140, 260, '#7C9A5A', 6, 0.7, 60) +
      `<g fill="none" stroke="#D98A22" stroke-linecap="round"><path d="M500 600Q560 540 650 560" stroke-width="34"/><path d="M540 570Q580 520 630 505" stroke-width="20"/></g>` +
      shadow(1050, 630, 260, 24) +
      `<path d="M1110 420L1250 170" stroke="#8A5A2B" stroke-width="44" stroke-linecap="round"/><circle cx="1256" cy="160" r="36" fill="#8A5A2B"/>` +
      `<path d="M820 400H1280Q1270 600 1050 626Q830 600 820 400Z" fill="#C8962E"/><rect x="800" y="380" width="500" height="36" rx="18" fill="#E3B85A"/>` +
      `<path d="M880 470Q1050 520 1220 470" stroke="#fff" stroke-opacity=".25" stroke-width="10" fill="none"/><path d="M960 626H1140L1170 660H930Z" fill="#A6771F"/>` +
      `<path d="M1380 620Q1400 560 1460 560Q1520 560 1540 620Z" fill="#E6A01A"/><path d="M1360 620H1560Q1550 680 1460 680Q1370 680 1360 620Z" fill="#5E4B5C"/>` +
      `<path d="M640 640Q660 590 710 590Q760 590 780 640Z" fill="#6E9A3A"/><path d="M620 640H800Q790 690 710 690Q630 690 620 640Z" fill="#B9894C"/>` +
      herbs,
  );

  // home-3: lab / leaf science motif
  let hex = '';
  [
    [260, 200],
    [330, 240],
    [330, 320],
    [400, 360],
    [190, 240],
  ].forEach(([x, y], i) => {
    hex += `<path d="M${x} ${y - 40}L${x + 35} ${y - 20}V${y + 20}L${x} ${y + 40}L${x - 35} ${y + 20}V${y - 20}Z" fill="none" stroke="#1F8A85" stroke-width="5" opacity="${i % 2 ? 0.5 : 0.9}"/>`;
  });
  let grid = '';
  for (let x = 80; x < 1600; x += 80) for (let y = 60; y < 700; y += 80) grid += `M${x} ${y}h1`;
  banner(
    'home-3',
    1600,
    700,
    'Science meets nature: a flask holding a leaf',
    `<rect width="1600" height="700" fill="#EAF4F0"/><path d="${grid}" stroke="#1F8A85" stroke-opacity=".25" stroke-width="6" stroke-linecap="round"/>` +
      `<circle cx="1000" cy="380" r="280" fill="#CFEAE6"/>` +
      hex +
      `<path d="M930 120H1070V300L1210 560Q1230 620 1170 620H830Q770 620 790 560L930 300Z" fill="#fff" fill-opacity=".75" stroke="#0D4F4B" stroke-width="8" stroke-linejoin="round"/>` +
      `<path d="M858 450H1142L1200 560Q1214 600 1170 600H830Q786 600 800 560Z" fill="#6CC3B8" opacity=".8"/><rect x="910" y="100" width="180" height="30" rx="12" fill="#0D4F4B"/>` +
      leaf(1000, 560, 0, 2.6, '#4F8A3C') +
      leaf(1000, 560, -40, 1.6, '#6FAA55') +
      leaf(1000, 560, 40, 1.6, '#6FAA55') +
      `<circle cx="930" cy="510" r="10" fill="#fff" opacity=".7"/><circle cx="1080" cy="480" r="7" fill="#fff" opacity=".7"/><circle cx="1040" cy="530" r="5" fill="#fff" opacity=".7"/>` +
      `<g fill="none" stroke="#0D4F4B" stroke-width="6" stroke-linecap="round"><path d="M1320 200L1400 160M1400 160L1470 210M1400 160V80"/></g><circle cx="1320" cy="200" r="18" fill="#E38A1E"/><circle cx="1470" cy="210" r="18" fill="#5A56B0"/><circle cx="1400" cy="80" r="18" fill="#4F8A3C"/><circle cx="1400" cy="160" r="24" fill="#1F8A85"/>` +
      sprig(1300, 700, 1440, 420, '#4F8A3C', 5, 0.7, 40) +
      sprig(120, 700, 260, 480, '#4F8A3C', 4, 0.6, -40),
  );

  // home-4: quiz / checklist motif
  const rows = [0, 1, 2, 3]
    .map((i) => {
      const y = 250 + i * 90;
      const done = i < 3;
      return (
        `<rect x="680" y="${y - 26}" width="52" height="52" rx="12" fill="${done ? '#4F8A3C' : '#fff'}" stroke="#4F8A3C" stroke-width="5"/>` +
        (done
          ? `<path d="M692 ${y}L703 ${y + 12}L722 ${y - 12}" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
          : '') +
        `<rect x="760" y="${y - 10}" width="${[240, 180, 220, 150][i]}" height="20" rx="10" fill="#E1D6C0"/>`
      );
    })
    .join('');
  banner(
    'home-4',
    1600,
    700,
    'A wellness quiz checklist on a clipboard',
    `<rect width="1600" height="700" fill="#F4EEFA"/><circle cx="800" cy="360" r="330" fill="#E3DFF6"/>` +
      `<circle cx="260" cy="200" r="70" fill="#F5B94F"/><circle cx="1360" cy="520" r="90" fill="#CFEAE6"/><circle cx="1300" cy="170" r="40" fill="#DCEBCB"/>` +
      shadow(830, 664, 230, 20) +
      `<rect x="610" y="130" width="400" height="530" rx="26" fill="#8A5A2B"/><rect x="636" y="160" width="348" height="476" rx="12" fill="#FBF7EF"/>` +
      `<rect x="730" y="112" width="160" height="56" rx="14" fill="#5E4B5C"/>` +
      rows +
      `<g transform="rotate(35 1060 420)"><rect x="1040" y="250" width="40" height="300" rx="6" fill="#E38A1E"/><path d="M1040 550L1060 600L1080 550Z" fill="#F2D8B0"/><rect x="1040" y="250" width="40" height="36" fill="#D9472B"/></g>` +
      sprig(380, 700, 470, 380, '#4F8A3C', 5, 0.7, -40) +
      sprig(1200, 700, 1150, 420, '#5A56B0', 4, 0.6, 40),
  );

  // shop-all: one pack of every form, lit like the product pictures, on a studio table
  const lineup = [1, 2, 3, 11, 10, 14].map((id) => products.find((p) => p.id === id));
  const packsRow = lineup
    .map((p, i) => {
      const s = i % 2 ? 0.52 : 0.55;
      return `<g transform="matrix(${s} 0 0 ${s} ${r(200 + i * 240 - 400 * s)} ${r(405 - 650 * s)})">${pack(p, ART[p.slug], PAL[p.categories[0]])}</g>`;
    })
    .join('');
  banner(
    'shop-all',
    1600,
    500,
    'Vedara Ayurveda resin jar, capsule and tablet bottles, powder pouch, drops and gummies on a table',
    studio(PAL.ENERGY_VITALITY, 1600, 500, 0.8) + lyingSprig(40, 260, 430, '#6E9B4F') + packsRow,
  );

  // wellness banners
  // Wellness goals: the goal's own products in the goal's palette, lit like the product pictures.
  const W = {
    energy: ['ENERGY_VITALITY', 'Energy and vitality'],
    gut: ['GUT_DIGESTIVE_HARMONY', 'Gut and digestive harmony'],
    metabolic: ['METABOLIC_WELLNESS', 'Metabolic wellness'],
    immunity: ['IMMUNITY_INFLAMMATION', 'Immunity'],
    mind: ['MIND_MOOD', 'Mind and mood'],
    sleep: ['SLEEP_REST', 'Restful sleep'],
  };
  for (const [key, [code, title]] of Object.entries(W)) {
    const p = PAL[code];
    // A goal no product has first (Restful Sleep) shows the products that have it at all.
    const first = products.filter((q) => q.categories[0] === code);
    const mine = (first.length ? first : products.filter((q) => q.categories.includes(code))).slice(0, 3);
    const row = packsAt(
      470,
      mine.map((q, i) => [q.id, 1150 + (i - (mine.length - 1) / 2) * 210, i === 1 ? 0.6 : 0.54]),
    );
    banner(
      `wellness-${key}`,
      1600,
      500,
      `${title}: Vedara ${mine.map((q) => q.name).join(', ')}`,
      `${studio(p, 1600, 500, 0.82)}<circle cx="1150" cy="230" r="260" fill="${p.a}" opacity=".25"/>${lyingSprig(700, 940, 480, '#5E8F4A')}${row}`,
    );
  }

  // brand banner: dark green with mandala rings, mountains and leaves
  let ring = '';
  for (let k = 0; k < 16; k++)
    ring += `<use href="#lf" transform="rotate(${k * 22.5} 800 300) translate(800 170) scale(.55)" fill="#E38A1E" opacity=".9"/>`;
  banner(
    'brand',
    1600,
    600,
    'Vedara Ayurveda: rooted in the Himalayas',
    `<rect width="1600" height="600" fill="${GREEN}"/>` +
      mountains(1600, 600, 470, ['#25492F', '#2C5537']) +
      `<circle cx="800" cy="300" r="230" fill="none" stroke="#F5B94F" stroke-opacity=".35" stroke-width="3"/><circle cx="800" cy="300" r="180" fill="#27503A"/>` +
      ring +
      mark(800, 300, 3.4, '#F5B94F', GREEN) +
      sprig(120, 600, 260, 120, '#4F8A3C', 7, 0.9, -60) +
      sprig(1480, 600, 1340, 120, '#4F8A3C', 7, 0.9, 60) +
      `<circle cx="420" cy="150" r="5" fill="#F5B94F"/><circle cx="1180" cy="130" r="6" fill="#F5B94F"/><circle cx="1250" cy="220" r="4" fill="#F5B94F"/>`,
  );
}

// ---------- PNG placeholder ----------
const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function placeholderPng(size = 400) {
  const bg = [0xef, 0xe7, 0xd6],
    fg = [0xd6, 0xc9, 0xae],
    leafC = [0xe3, 0x8a, 0x1e];
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const q = size * 0.2,
    c = size / 2;
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      let col = Math.abs(x - c) < q && Math.abs(y - c) < q ? fg : bg;
      // a small leaf (vesica) in the centre of the square
      const dx = (x - c) / (size * 0.07),
        dy = (y - c) / (size * 0.12);
      if (dx * dx + dy * dy < 1 && Math.abs(dx) < 1 - dy * dy * 0.8) col = leafC;
      raw.set(col, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------- write everything ----------
const written = [];
function write(rel, data) {
  const f = join(PUB, rel);
  mkdirSync(dirname(f), { recursive: true });
  writeFileSync(f, data);
  written.push([rel, Buffer.byteLength(data)]);
}

for (const p of products) {
  const a = ART[p.slug];
  if (!a) throw new Error(`No art direction for ${p.slug}`);
  const pal = PAL[p.categories[0]];
  for (const m of p.media) {
    const n = Number.parseInt(m.file, 10);
    if (!m.file.endsWith('.svg') || !IMG[n - 1]) throw new Error(`Unsupported media ${p.id}/${m.file}`);
    write(
      `product_images/${p.id}/${m.file}`,
      svg(800, 800, m.alt || `${p.name}: ${TITLE[n - 1]}`, IMG[n - 1](p, a, pal)),
    );
  }
}
banners();
write(
  'favicon.svg',
  svg(
    64,
    64,
    'Vedara Ayurveda',
    `<rect width="64" height="64" rx="14" fill="${GREEN}"/>${mark(32, 33, 0.78, '#F0962A', GREEN)}`,
  ),
);
write(
  'logo.svg',
  svg(
    240,
    64,
    'Vedara Ayurveda',
    `<circle cx="32" cy="32" r="28" fill="${GREEN}"/>` +
      mark(32, 33, 0.62, '#F0962A', GREEN) +
      `<text x="72" y="40" font-size="32" fill="${GREEN}" font-family="${SERIF}" font-weight="bold" letter-spacing="1">Vedara</text>` +
      `<text x="74" y="56" font-size="9.5" fill="#B8641A" font-family="${SANS}" letter-spacing="4.2">AYURVEDA</text>`,
  ),
);
write('placeholder.png', placeholderPng());

// ---------- Open Graph pictures ----------
// WhatsApp, Facebook and X show no SVG: every picture a page shares becomes a 1200x630 JPEG under
// public/og/, listed in src/features/social/og-images.json (source picture -> JPEG and its alt text).
const OG_W = 1200;
const OG_H = 630;
const ogImages = {};
const ogJobs = [];
function ogFrom(source, file, alt, svgText) {
  ogImages[source] = { path: `/og/${file}`, alt };
  ogJobs.push([file, svgText]);
}
// Words to lines of at most `max` characters.
function lines(s, max) {
  const out = [''];
  for (const word of s.split(' ')) {
    const last = out[out.length - 1];
    if (last && `${last} ${word}`.length > max) out.push(word);
    else out[out.length - 1] = last ? `${last} ${word}` : word;
  }
  return out;
}
function productCard(p) {
  const a = ART[p.slug];
  const pal = PAL[p.categories[0]];
  const name = lines(p.name, 17).slice(0, 3);
  const size = name.length > 2 ? 48 : 54;
  const sub = lines(p.subheader || '', 40).slice(0, 2);
  let y = 190;
  let t = `<text x="80" y="${y}" font-size="20" fill="${pal.d}" font-family="${SANS}" letter-spacing="6" font-weight="bold">VEDARA AYURVEDA</text>`;
  y += 30;
  for (const l of name) {
    y += size * 1.12;
    t += `<text x="80" y="${r(y)}" font-size="${size}" fill="${INK}" font-family="${SERIF}" font-weight="bold">${esc(l)}</text>`;
  }
  y += 24;
  t += `<path d="M80 ${r(y)}H200" stroke="${pal.m}" stroke-width="4"/>`;
  for (const l of sub) {
    y += 44;
    t += `<text x="80" y="${r(y)}" font-size="30" fill="${dim(pal.d, 0.1)}" font-family="${SANS}">${esc(l)}</text>`;
  }
  t += `<text x="80" y="560" font-size="24" fill="${pal.d}" font-family="${SANS}" letter-spacing="2">${esc(netQuantity(p))}</text>`;
  return svg(
    OG_W,
    OG_H,
    p.media[0]?.alt || p.name,
    `${studio(pal, OG_W, OG_H, 0.76)}<g transform="matrix(.78 0 0 .78 540 34)">${pack(p, a, pal)}${props(p, a, pal)}</g>${t}`,
  );
}
for (const p of products)
  ogFrom(`/product_images/${p.id}/1.svg`, `product-${p.id}.jpg`, p.media[0]?.alt || p.name, productCard(p));
for (const [name, alt] of BANNER_TITLES)
  ogFrom(`/banners/${name}.svg`, `${name}.jpg`, alt, readFileSync(join(PUB, 'banners', `${name}.svg`), 'utf8'));
// Banners wider than 2:1 lose too much to a 1.9:1 crop: they sit under a band with the word mark.
const bandCard = () =>
  svg(
    OG_W,
    OG_H,
    'Vedara Ayurveda',
    `<rect width="${OG_W}" height="${OG_H}" fill="${BASE}"/>` +
      mark(112, 128, 1.2, '#E38A1E') +
      `<text x="170" y="138" font-size="52" fill="${GREEN}" font-family="${SERIF}" font-weight="bold" letter-spacing="4">VEDARA</text>` +
      `<text x="172" y="172" font-size="20" fill="#B8641A" font-family="${SANS}" letter-spacing="8">AYURVEDA</text>` +
      `<text x="${OG_W - 80}" y="150" font-size="26" fill="${INK}" font-family="${SERIF}" font-style="italic" text-anchor="end">Authentic Ayurveda, delivered across India</text>`,
  );

const sharp = (await import('sharp')).default;
mkdirSync(join(PUB, 'og'), { recursive: true });
for (const [file, svgText] of ogJobs) {
  const art = sharp(Buffer.from(svgText), { density: 96 });
  const { width, height } = await art.metadata();
  const wide = width / height > 2.5;
  const picture = wide
    ? sharp(Buffer.from(bandCard())).composite([
        { input: await art.resize(OG_W).png().toBuffer(), top: OG_H - r((OG_W * height) / width), left: 0 },
      ])
    : art.resize(OG_W, OG_H, { fit: 'cover', position: 'centre' });
  const jpeg = await sharp(await picture.png().toBuffer())
    .flatten({ background: BASE })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(PUB, 'og', file), jpeg);
  written.push([`og/${file}`, jpeg.length]);
}
writeFileSync(
  join(ROOT, 'src/features/social/og-images.json'),
  `${JSON.stringify({ default: ogImages['/banners/brand.svg'], images: ogImages }, null, 2)}\n`,
);

const big = written.filter(([f, n]) =>
  f.startsWith('og/') ? n > 90_000 : f.startsWith('product_images') ? n > 16384 : n > 32768,
);
console.log(`Wrote ${written.length} files; largest ${Math.max(...written.map((w) => w[1]))} bytes.`);
if (big.length) {
  console.error('Over size budget:', big);
  process.exit(1);
}

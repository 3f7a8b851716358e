#!/usr/bin/env node
// Generates the store's original flat-illustration artwork (no dependencies).
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
const SERIF = 'Georgia,\'Times New Roman\',serif';
const SANS = 'Helvetica,Arial,sans-serif';

// Per-category palettes: main, dark, light (backdrop), accent.
const PAL = {
  ENERGY_VITALITY: { m: '#E38A1E', d: '#7A3F0A', l: '#F8E2BF', a: '#F5B94F' },
  GUT_DIGESTIVE_HARMONY: { m: '#4F8A3C', d: '#264D1E', l: '#DCEBCB', a: '#9CC46E' },
  METABOLIC_WELLNESS: { m: '#1F8A85', d: '#0D4F4B', l: '#CFEAE6', a: '#6CC3B8' },
  IMMUNITY_INFLAMMATION: { m: '#D49A12', d: '#7A4E05', l: '#F7E6B3', a: '#EAC24E' },
  MIND_MOOD: { m: '#5A56B0', d: '#2E2B6B', l: '#E3DFF6', a: '#A99BE0' },
};

// Art direction per product: short label name, three benefit lines, still-life
// colours (pw powder, lf leaf, sd seeds, rt right-hand object + colour),
// how-to scene (time of day + caption).
const ART = {
  'shilajit-resin': { s: ['Shilajit', 'Resin'], b: ['Daily energy & stamina', '60% fulvic acid', 'Sun-dried, lab tested'], pw: '#3A281C', lf: '#6B8E4E', sd: '#2A1D14', rt: 'rock', rc: '#8C7B6B', t: 'am', c: 'Pea-sized · in warm water' },
  ashwagandha: { s: ['Ashwagandha', 'Root Extract'], b: ['Calm, balanced mood', 'Steady daily energy', '5% withanolides'], pw: '#C9A77C', lf: '#7C9A5A', sd: '#D9472B', rt: 'root', rc: '#B08456', t: 'pm', c: '1 capsule · after meals' },
  curcumin: { s: ['Curcumin', '+ Black Pepper'], b: ['Joint comfort', 'Seasonal immunity', '95% curcuminoids'], pw: '#E6A01A', lf: '#6E9B4F', sd: '#2B2420', rt: 'root', rc: '#D98A22', t: 'am', c: '1 tablet · with a meal' },
  melatonin: { s: ['Deep Sleep', 'Melatonin'], b: ['Fall asleep naturally', 'Wake up refreshed', 'Brahmi + Jatamansi'], pw: '#B9A6E0', lf: '#6F9A62', sd: '#8E7CC3', rt: 'flower', rc: '#FFFFFF', t: 'pm', c: '1 gummy · before bed' },
  'gut-harmony': { s: ['Gut Harmony', 'Probiotic'], b: ['Lighter after meals', 'Supports regularity', '10 billion CFU'], pw: '#E8DCC0', lf: '#4E9A4A', sd: '#8A6A3E', rt: 'leafy', rc: '#5DAA55', t: 'am', c: '1 capsule · before a meal' },
  'gluco-balance': { s: ['Gluco', 'Balance'], b: ['Healthy glucose levels', 'Fewer sugar cravings', '5 classical herbs'], pw: '#7A8F5A', lf: '#5E8F4A', sd: '#D9A441', rt: 'fruit', rc: '#4B2A5C', t: 'am', c: '1 tablet · before meals' },
  adaptogens: { s: ['Adaptogen', 'Balance'], b: ['Calm under stress', 'Focus & clarity', 'Natural immunity'], pw: '#A89B6E', lf: '#5F8A4C', sd: '#7B5EA7', rt: 'root', rc: '#E2CC9A', t: 'am', c: '1 capsule · twice a day' },
  'shilajit-gold-capsules': { s: ['Shilajit', 'Gold'], b: ['Stamina & vitality', 'Kesar + Safed Musli', 'Natural resilience'], pw: '#3A281C', lf: '#7A9A55', sd: '#C8321E', rt: 'rock', rc: '#8C7B6B', t: 'am', c: '1 capsule · with warm milk' },
  triphala: { s: ['Triphala', 'Three Fruits'], b: ['Gentle daily cleanse', 'Supports regularity', 'Classic 1:1:1 formula'], pw: '#9C7A4A', lf: '#6E9B4F', sd: '#7A5230', rt: 'fruit', rc: '#A8C256', t: 'pm', c: '2 tablets · at bedtime' },
  'giloy-tulsi-drops': { s: ['Giloy Tulsi', 'Drops'], b: ['Seasonal immunity', 'Soothing for the throat', 'Alcohol-free extract'], pw: '#6B7F3A', lf: '#4F8F3E', sd: '#6D4C8F', rt: 'root', rc: '#8F8050', t: 'am', c: '10 drops · in warm water' },
  'moringa-greens': { s: ['Moringa', 'Greens'], b: ['Natural plant iron', 'Everyday energy', '100% shade-dried leaf'], pw: '#6E9A3A', lf: '#5C9438', sd: '#7C8F4C', rt: 'pods', rc: '#6F8F3A', t: 'am', c: '1 tsp · in a smoothie' },
  'brahmi-focus': { s: ['Brahmi', 'Focus'], b: ['Memory & learning', 'Calm, clear focus', '20% bacosides'], pw: '#8FA36A', lf: '#5E9A50', sd: '#6C7BD9', rt: 'flower', rc: '#7E8BE0', t: 'am', c: '1 tablet · after breakfast' },
  'methi-fenugreek': { s: ['Methi', 'Fenugreek'], b: ['Soluble seed fibre', 'Feel fuller for longer', 'Comfortable digestion'], pw: '#D9B45E', lf: '#5E9A44', sd: '#C9952E', rt: 'leafy', rc: '#6AA84F', t: 'am', c: '1 capsule · before meals' },
  'amla-vitamin-c-gummies': { s: ['Amla', 'Vitamin C'], b: ['Natural vitamin C', 'Zinc for immunity', 'Healthy, glowing skin'], pw: '#E8A03A', lf: '#6A9A48', sd: '#E8912D', rt: 'fruit', rc: '#B5CC5A', t: 'am', c: '2 gummies · every day' },
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
  `<defs><path id="lf" d="M0 0C24-28 24-72 0-100C-24-72-24-28 0 0Z"/>${defs}</defs>${body}</svg>\n`;
const text = (x, y, s, size, fill, o = '') =>
  `<text x="${r(x)}" y="${r(y)}" font-size="${r(size)}" fill="${fill}" text-anchor="middle" ${o}>${esc(s)}</text>`;
// A leaf (unit length 100) at x,y pointing along angle a (deg, 0 = up).
const leaf = (x, y, a, s, fill, rib = true) =>
  `<g transform="translate(${r(x)} ${r(y)}) rotate(${r(a)}) scale(${s.toFixed(2)})"><use href="#lf" fill="${fill}"/>` +
  (rib ? `<path d="M0-4V-88" stroke="#fff" stroke-opacity=".35" stroke-width="${(3 / s).toFixed(1)}"/>` : '') + '</g>';
// A curved stem from (x0,y0) to (x1,y1) with alternating leaves.
function sprig(x0, y0, x1, y1, fill, n = 6, s = 0.5, bend = 60) {
  const cx = (x0 + x1) / 2 + bend, cy = (y0 + y1) / 2;
  let o = `<path d="M${r(x0)} ${r(y0)}Q${r(cx)} ${r(cy)} ${r(x1)} ${r(y1)}" stroke="${fill}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  for (let i = 1; i <= n; i++) {
    const t = i / (n + 1);
    const x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1;
    const y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1;
    const dx = 2 * (1 - t) * (cx - x0) + 2 * t * (x1 - cx), dy = 2 * (1 - t) * (cy - y0) + 2 * t * (y1 - cy);
    const ang = (Math.atan2(dx, -dy) * 180) / Math.PI;
    o += leaf(x, y, ang + (i % 2 ? -50 : 50), s * (1 - t * 0.35), fill);
  }
  return o + leaf(x1, y1, (Math.atan2(x1 - cx, -(y1 - cy)) * 180) / Math.PI, s * 0.6, fill);
}
const mark = (x, y, s, fill, vein = BASE) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 30C-26 8-22-22 0-34C22-22 26 8 0 30Z" fill="${fill}"/><path d="M0 26V-22M0 2L-9-7M0-8L8-16" stroke="${vein}" stroke-width="2.6" fill="none" stroke-linecap="round"/></g>`;
const shadow = (cx, cy, rx, ry = 18) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${INK}" opacity=".12"/>`;
const fitSize = (str, width, max) => Math.min(max, width / (str.length * 0.56));

// ---------- product pack ----------
function label(cx, top, w, h, p, a, pal) {
  const [l1, l2] = a.s;
  const f1 = fitSize(l1, w - 36, 40);
  const f2 = fitSize(l2, w - 36, 24);
  const x = cx - w / 2;
  return `<rect x="${r(x)}" y="${top}" width="${w}" height="${h}" rx="10" fill="${BASE}"/>` +
    `<rect x="${r(x)}" y="${top}" width="${w}" height="14" fill="${pal.m}"/>` +
    mark(cx, top + 48, 0.62, pal.m) +
    text(cx, top + 88, 'VEDARA', 20, INK, `font-family="${SERIF}" letter-spacing="5" font-weight="bold"`) +
    text(cx, top + 104, 'AYURVEDA', 10, pal.d, `font-family="${SANS}" letter-spacing="4"`) +
    `<path d="M${r(cx - 40)} ${top + 118}H${r(cx + 40)}" stroke="${pal.a}" stroke-width="2"/>` +
    text(cx, top + 126 + f1, l1, f1, pal.d, `font-family="${SERIF}" font-weight="bold"`) +
    text(cx, top + 134 + f1 + f2, l2, f2, INK, `font-family="${SERIF}" font-style="italic"`) +
    text(cx, top + h - 16, `${p.weight1} · ${p.type}`.toUpperCase(), 12, pal.d, `font-family="${SANS}" letter-spacing="2"`);
}

// Returns the pack drawing centred on x=400, standing on y=660.
function pack(p, a, pal) {
  const t = p.type;
  if (t === 'Resin' || t === 'Gummies') {
    const glass = t === 'Resin' ? '#2E2119' : pal.d;
    const lid = t === 'Resin' ? '#C9972E' : pal.m;
    return shadow(400, 662, 190) +
      `<rect x="230" y="330" width="340" height="330" rx="34" fill="${glass}"/>` +
      `<rect x="250" y="350" width="22" height="290" rx="11" fill="#fff" opacity=".14"/>` +
      `<rect x="222" y="262" width="356" height="78" rx="16" fill="${lid}"/>` +
      `<path d="M240 286H560M240 302H560M240 318H560" stroke="#000" stroke-opacity=".12" stroke-width="3"/>` +
      label(400, 378, 290, 252, p, a, pal);
  }
  if (t === 'Powder') {
    return shadow(400, 662, 170) +
      `<path d="M262 180H538L552 640Q400 672 248 640Z" fill="${pal.d}"/>` +
      `<path d="M262 180H538L540 232H260Z" fill="${pal.m}"/><path d="M262 236H538" stroke="${BASE}" stroke-opacity=".5" stroke-width="3" stroke-dasharray="10 6"/>` +
      `<circle cx="400" cy="206" r="9" fill="${BASE}"/><path d="M280 260L284 620" stroke="#fff" stroke-opacity=".15" stroke-width="16" stroke-linecap="round"/>` +
      label(400, 290, 230, 290, p, a, pal);
  }
  if (t === 'Drops') {
    return shadow(400, 662, 130) +
      `<path d="M372 150Q400 120 428 150V262H372Z" fill="${INK}"/>` +
      `<rect x="352" y="256" width="96" height="74" rx="10" fill="#C9972E"/>` +
      `<path d="M352 274H448M352 292H448M352 310H448" stroke="#000" stroke-opacity=".14" stroke-width="3"/>` +
      `<rect x="296" y="322" width="208" height="338" rx="40" fill="${pal.d}"/>` +
      `<rect x="312" y="342" width="16" height="290" rx="8" fill="#fff" opacity=".16"/>` +
      label(400, 380, 190, 250, p, a, pal);
  }
  // Capsules / Tablets bottle
  return shadow(400, 662, 150) +
    `<rect x="318" y="168" width="164" height="82" rx="14" fill="${pal.m}"/>` +
    `<path d="M334 178V240M350 178V240M366 178V240M382 178V240M398 178V240M414 178V240M430 178V240M446 178V240M462 178V240" stroke="#000" stroke-opacity=".1" stroke-width="4"/>` +
    `<path d="M330 246H470V270Q540 280 540 330V624Q540 660 504 660H296Q260 660 260 624V330Q260 280 330 270Z" fill="${pal.d}"/>` +
    `<rect x="276" y="300" width="18" height="330" rx="9" fill="#fff" opacity=".14"/>` +
    label(400, 340, 250, 262, p, a, pal);
}

const arch = (fill) => `<path d="M130 700V390A270 270 0 0 1 670 390V700Z" fill="${fill}"/>`;
const bgFloor = `<rect width="800" height="800" fill="${BASE}"/><rect y="640" width="800" height="160" fill="#F2E8D5"/>`;

function img1(p, a, pal) {
  return bgFloor + arch(pal.l) +
    sprig(190, 660, 170, 330, a.lf, 5, 0.55, -50) + sprig(610, 660, 640, 360, a.lf, 5, 0.5, 50) +
    pack(p, a, pal) +
    `<circle cx="600" cy="700" r="7" fill="${a.sd}"/><circle cx="622" cy="712" r="6" fill="${a.sd}"/><circle cx="180" cy="706" r="7" fill="${a.sd}"/>`;
}

function rightObject(a, rand) {
  const c = a.rc;
  switch (a.rt) {
    case 'rock':
      return `<path d="M520 640L540 560L600 520L670 540L700 600L690 640Z" fill="${c}"/><path d="M540 560L600 520L630 570L580 600Z" fill="#fff" opacity=".15"/>` +
        `<path d="M600 600Q620 575 646 590Q660 616 630 630Q606 632 600 600Z" fill="#3A281C"/>`;
    case 'root':
      return `<g fill="none" stroke="${c}" stroke-linecap="round"><path d="M530 630Q590 560 680 590" stroke-width="30"/><path d="M560 600Q600 530 660 520" stroke-width="20"/><path d="M650 590Q690 620 720 612" stroke-width="12"/></g>` +
        `<path d="M560 616L570 600M610 580L618 566M640 590L650 576" stroke="#000" stroke-opacity=".18" stroke-width="4"/>`;
    case 'fruit': {
      let o = '';
      [[560, 600, 42], [640, 610, 36], [600, 550, 32], [690, 570, 26]].forEach(([x, y, rad]) => {
        o += `<circle cx="${x}" cy="${y}" r="${rad}" fill="${c}"/><circle cx="${x - rad / 3}" cy="${y - rad / 3}" r="${r(rad / 4)}" fill="#fff" opacity=".3"/>`;
      });
      return o + leaf(610, 520, 30, 0.42, a.lf);
    }
    case 'flower': {
      let o = sprig(640, 640, 600, 430, a.lf, 3, 0.35, 30);
      [[600, 430], [660, 500], [560, 520]].forEach(([x, y]) => {
        o += `<g transform="translate(${x} ${y})" fill="${c}">`;
        for (let k = 0; k < 6; k++) o += `<ellipse cy="-20" rx="11" ry="22" transform="rotate(${k * 60})"/>`;
        o += `<circle r="11" fill="#F2C230"/></g>`;
      });
      return o;
    }
    case 'pods':
      return `<g stroke="${c}" stroke-linecap="round" fill="none"><path d="M500 650L720 520" stroke-width="18"/><path d="M530 660L740 560" stroke-width="16"/></g>` +
        `<path d="M540 628L548 614M600 592L608 578M660 556L668 542" stroke="#000" stroke-opacity=".15" stroke-width="4"/>`;
    default: {
      let o = '';
      for (let k = 0; k < 7; k++) o += leaf(620 + rand() * 40 - 20, 640, -70 + k * 22, 0.7 + rand() * 0.3, k % 2 ? c : a.lf);
      return o;
    }
  }
}

function img2(p, a, pal) {
  const rand = rng(p.id * 7);
  let seeds = '';
  for (let i = 0; i < 16; i++) {
    const x = 150 + rand() * 500, y = 680 + rand() * 80;
    seeds += `<ellipse cx="${r(x)}" cy="${r(y)}" rx="${r(6 + rand() * 5)}" ry="${r(4 + rand() * 3)}" fill="${a.sd}" transform="rotate(${r(rand() * 180)} ${r(x)} ${r(y)})"/>`;
  }
  return bgFloor + `<circle cx="400" cy="420" r="300" fill="${pal.l}"/>` +
    sprig(150, 650, 240, 250, a.lf, 6, 0.62, -40) + rightObject(a, rand) +
    shadow(380, 662, 170) +
    `<path d="M240 560Q260 440 380 440Q520 440 530 560Z" fill="${a.pw}"/>` +
    `<path d="M210 560H550Q540 660 380 662Q220 660 210 560Z" fill="#C8962E"/>` +
    `<path d="M210 560H550" stroke="#E3B85A" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M250 600Q380 630 510 600" stroke="#fff" stroke-opacity=".22" stroke-width="6" fill="none"/>` + seeds;
}

function img3(p, a, pal) {
  const t = p.type;
  const sky = a.t === 'pm'
    ? `<path d="M170 120A64 64 0 1 0 238 210A52 52 0 1 1 170 120Z" fill="${pal.m}"/><circle cx="270" cy="130" r="5" fill="${pal.a}"/><circle cx="300" cy="180" r="3" fill="${pal.a}"/>`
    : `<circle cx="190" cy="170" r="46" fill="${pal.a}"/><g stroke="${pal.a}" stroke-width="8" stroke-linecap="round">${[0, 45, 90, 135, 180, 225, 270, 315].map((d) => `<path d="M190 94V70" transform="rotate(${d} 190 170)"/>`).join('')}</g>`;
  const warm = t === 'Resin' || t === 'Drops';
  const sx = t === 'Drops' ? 580 : 480;
  const steam = warm ? `<g stroke="${pal.d}" stroke-opacity=".35" stroke-width="6" fill="none" stroke-linecap="round"><path d="M${sx} 300Q${sx - 20} 270 ${sx} 240Q${sx + 20} 210 ${sx} 180"/><path d="M${sx + 50} 300Q${sx + 30} 270 ${sx + 50} 240Q${sx + 70} 210 ${sx + 50} 180"/></g>` : '';
  const liquid = t === 'Powder' ? a.pw : warm ? '#E9C79A' : '#D6EBF0';
  const vessel = t === 'Drops'
    ? `<path d="M400 400H620V540Q620 620 510 620Q400 620 400 540Z" fill="${pal.m}"/><path d="M620 430Q680 430 680 480Q680 530 620 530" stroke="${pal.m}" stroke-width="18" fill="none"/><ellipse cx="510" cy="400" rx="110" ry="18" fill="${liquid}"/>`
    : `<path d="M430 330H590L574 630H446Z" fill="#fff" fill-opacity=".7" stroke="${pal.d}" stroke-opacity=".3" stroke-width="4"/><path d="M436 420H584L574 630H446Z" fill="${liquid}" opacity=".85"/><path d="M452 350L462 610" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".8"/>`;
  let item = '';
  const dish = `<ellipse cx="270" cy="610" rx="130" ry="30" fill="#fff"/><ellipse cx="270" cy="604" rx="96" ry="18" fill="${pal.l}"/>`;
  if (t === 'Capsules') item = dish + [[235, 596, -20], [300, 592, 25]].map(([x, y, d]) => `<g transform="translate(${x} ${y}) rotate(${d})"><rect x="-38" y="-15" width="76" height="30" rx="15" fill="${pal.m}"/><path d="M0-15H23A15 15 0 0 1 23 15H0Z" fill="${BASE}"/></g>`).join('');
  else if (t === 'Tablets') item = dish + [[240, 598], [300, 596]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="28" ry="14" fill="${BASE}" stroke="${pal.d}" stroke-opacity=".3" stroke-width="3"/><path d="M${x - 16} ${y}H${x + 16}" stroke="${pal.d}" stroke-opacity=".3" stroke-width="3"/>`).join('');
  else if (t === 'Gummies') item = dish + [[230, 592, pal.a], [290, 596, pal.m], [262, 572, pal.a]].map(([x, y, c]) => `<path d="M${x - 24} ${y + 12}Q${x - 26} ${y - 22} ${x} ${y - 22}Q${x + 26} ${y - 22} ${x + 24} ${y + 12}Z" fill="${c}"/>`).join('');
  else if (t === 'Drops') item = `<path d="M470 150Q500 130 530 150V230H470Z" fill="${INK}"/><rect x="484" y="226" width="32" height="110" rx="10" fill="${pal.d}" opacity=".85"/><path d="M500 350Q486 372 500 384Q514 372 500 350Z" fill="${pal.m}"/>`;
  else item = `<g transform="rotate(-18 280 560)"><rect x="150" y="552" width="170" height="18" rx="9" fill="#B9894C"/><ellipse cx="350" cy="561" rx="48" ry="30" fill="#B9894C"/><ellipse cx="350" cy="556" rx="30" ry="16" fill="${t === 'Resin' ? '#2E2119' : a.pw}"/></g>`;
  return bgFloor + `<circle cx="420" cy="400" r="290" fill="${pal.l}"/>` + sky + steam +
    shadow(510, 632, 100, 14) + vessel + item + leaf(660, 640, 60, 0.5, a.lf) + leaf(670, 646, 100, 0.4, a.lf) +
    text(400, 736, a.c, 34, pal.d, `font-family="${SERIF}" font-style="italic"`);
}

function img4(p, a, pal) {
  const rows = a.b.map((s, i) => {
    const y = 360 + i * 100;
    return `<circle cx="220" cy="${y}" r="28" fill="${pal.m}"/><path d="M207 ${y}L217 ${y + 11}L235 ${y - 11}" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<text x="270" y="${y + 10}" font-size="${r(Math.min(32, 390 / (s.length * 0.52)))}" fill="${INK}" font-family="${SERIF}">${esc(s)}</text>` +
      (i < 2 ? `<path d="M200 ${y + 50}H620" stroke="${pal.l}" stroke-width="3"/>` : '');
  }).join('');
  return `<rect width="800" height="800" fill="${BASE}"/><rect x="60" y="60" width="680" height="680" rx="40" fill="${pal.l}"/>` +
    leaf(120, 760, 30, 1.1, a.lf) + leaf(700, 110, 210, 0.9, pal.a) +
    `<rect x="146" y="146" width="520" height="540" rx="24" fill="${INK}" opacity=".1"/><rect x="140" y="130" width="520" height="540" rx="24" fill="#fff"/>` +
    `<path d="M140 154A24 24 0 0 1 164 130H636A24 24 0 0 1 660 154V254H140Z" fill="${pal.m}"/>` +
    mark(190, 192, 0.8, BASE, pal.m) +
    `<text x="232" y="186" font-size="15" fill="${BASE}" font-family="${SANS}" letter-spacing="4">VEDARA AYURVEDA</text>` +
    `<text x="232" y="226" font-size="${r(fitSize(a.s.join(' '), 400, 34))}" fill="#fff" font-family="${SERIF}" font-weight="bold">${esc(a.s.join(' '))}</text>` +
    rows + text(400, 640, p.claims, r(Math.min(17, 440 / (p.claims.length * 0.5))), pal.d, `font-family="${SANS}"`);
}

function img5(p, a, pal) {
  const g = pack(p, a, pal);
  return bgFloor + arch(pal.l) + `<defs><g id="pk">${g}</g></defs>` +
    sprig(130, 680, 110, 380, a.lf, 4, 0.5, -40) + sprig(670, 680, 690, 380, a.lf, 4, 0.5, 40) +
    `<use href="#pk" transform="translate(-46 160) scale(.74)"/><use href="#pk" transform="translate(254 160) scale(.74)"/>` +
    `<use href="#pk" transform="translate(72 119) scale(.82)"/>`;
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
      const px = x + span / 2, py = y0 - 50 - rand() * (120 - i * 35);
      const vx = Math.min(w, x + span), vy = y0 - rand() * 20;
      d += i === 0 ? `L${r(px)} ${r(py)}L${r(vx)} ${r(vy)}` : `Q${r(px)} ${r(py - 40)} ${r(vx)} ${r(vy)}`;
      x = vx;
    }
    o += `<path d="${d}V${h}Z" fill="${c}"/>`;
  });
  return o;
}

function snowRange(_w, h) {
  // Main Himalayan range with snow caps.
  const peaks = [[180, 300], [420, 220], [640, 330], [900, 170], [1150, 300], [1380, 230], [1600, 320]];
  let d = `M0 ${h}V420`;
  let snow = '';
  peaks.forEach(([x, y]) => {
    d += `L${x} ${y}L${x + 110} ${y + 150}`;
    snow += `<path d="M${x} ${y}L${x + 44} ${y + 60}L${x + 20} ${y + 50}L${x} ${y + 72}L${x - 18} ${y + 48}L${x - 44} ${y + 58}Z" fill="#FFF8EE"/>`;
  });
  return `<path d="${d}L1600 420V${h}Z" fill="#8E7A9C"/>${snow}`;
}

function banner(name, w, h, title, body, defs = '') {
  write(`banners/${name}.svg`, svg(w, h, title, body, defs));
}

function banners() {
  // home-1: Himalayas at dawn
  banner('home-1', 1600, 700, 'Himalayan mountains at dawn',
    `<rect width="1600" height="700" fill="url(#sky)"/><circle cx="1040" cy="250" r="200" fill="#FFE7B0" opacity=".5"/><circle cx="1040" cy="250" r="110" fill="#FFD27A"/>` +
    snowRange(1600, 700) + mountains(1600, 700, 500, ['#A98AA6', '#86697F', '#5E4B5C']) +
    `<ellipse cx="500" cy="520" rx="520" ry="26" fill="#fff" opacity=".2"/><ellipse cx="1250" cy="580" rx="480" ry="22" fill="#fff" opacity=".16"/>` +
    `<g stroke="#5E4B5C" stroke-width="4" fill="none" stroke-linecap="round"><path d="M300 170q14-12 28 0q14-12 28 0"/><path d="M380 210q10-9 20 0q10-9 20 0"/><path d="M1300 150q12-10 24 0q12-10 24 0"/></g>`,
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#F6C7A6"/><stop offset=".55" stop-color="#FBE3C0"/><stop offset="1" stop-color="#FBF7EF"/></linearGradient>');

  // home-2: herbs and mortar
  let herbs = '';
  const rand = rng(11);
  for (let i = 0; i < 40; i++) herbs += `<circle cx="${r(200 + rand() * 1200)}" cy="${r(600 + rand() * 80)}" r="${r(4 + rand() * 5)}" fill="${['#7A5230', '#D9472B', '#C9952E', '#2B2420'][i % 4]}"/>`;
  banner('home-2', 1600, 700, 'Ayurvedic herbs with a brass mortar and pestle',
    `<rect width="1600" height="700" fill="#F6E7CC"/><rect y="560" width="1600" height="140" fill="#E9D3AE"/><circle cx="1050" cy="330" r="300" fill="#F1D9A8"/>` +
    sprig(300, 600, 380, 140, '#5E8F4A', 8, 0.9, -80) + sprig(180, 620, 140, 260, '#7C9A5A', 6, 0.7, 60) +
    `<g fill="none" stroke="#D98A22" stroke-linecap="round"><path d="M500 600Q560 540 650 560" stroke-width="34"/><path d="M540 570Q580 520 630 505" stroke-width="20"/></g>` +
    shadow(1050, 630, 260, 24) +
    `<path d="M1110 420L1250 170" stroke="#8A5A2B" stroke-width="44" stroke-linecap="round"/><circle cx="1256" cy="160" r="36" fill="#8A5A2B"/>` +
    `<path d="M820 400H1280Q1270 600 1050 626Q830 600 820 400Z" fill="#C8962E"/><rect x="800" y="380" width="500" height="36" rx="18" fill="#E3B85A"/>` +
    `<path d="M880 470Q1050 520 1220 470" stroke="#fff" stroke-opacity=".25" stroke-width="10" fill="none"/><path d="M960 626H1140L1170 660H930Z" fill="#A6771F"/>` +
    `<path d="M1380 620Q1400 560 1460 560Q1520 560 1540 620Z" fill="#E6A01A"/><path d="M1360 620H1560Q1550 680 1460 680Q1370 680 1360 620Z" fill="#5E4B5C"/>` +
    `<path d="M640 640Q660 590 710 590Q760 590 780 640Z" fill="#6E9A3A"/><path d="M620 640H800Q790 690 710 690Q630 690 620 640Z" fill="#B9894C"/>` + herbs);

  // home-3: lab / leaf science motif
  let hex = '';
  [[260, 200], [330, 240], [330, 320], [400, 360], [190, 240]].forEach(([x, y], i) => {
    hex += `<path d="M${x} ${y - 40}L${x + 35} ${y - 20}V${y + 20}L${x} ${y + 40}L${x - 35} ${y + 20}V${y - 20}Z" fill="none" stroke="#1F8A85" stroke-width="5" opacity="${i % 2 ? 0.5 : 0.9}"/>`;
  });
  let grid = '';
  for (let x = 80; x < 1600; x += 80) for (let y = 60; y < 700; y += 80) grid += `M${x} ${y}h1`;
  banner('home-3', 1600, 700, 'Science meets nature: a flask holding a leaf',
    `<rect width="1600" height="700" fill="#EAF4F0"/><path d="${grid}" stroke="#1F8A85" stroke-opacity=".25" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="1000" cy="380" r="280" fill="#CFEAE6"/>` + hex +
    `<path d="M930 120H1070V300L1210 560Q1230 620 1170 620H830Q770 620 790 560L930 300Z" fill="#fff" fill-opacity=".75" stroke="#0D4F4B" stroke-width="8" stroke-linejoin="round"/>` +
    `<path d="M858 450H1142L1200 560Q1214 600 1170 600H830Q786 600 800 560Z" fill="#6CC3B8" opacity=".8"/><rect x="910" y="100" width="180" height="30" rx="12" fill="#0D4F4B"/>` +
    leaf(1000, 560, 0, 2.6, '#4F8A3C') + leaf(1000, 560, -40, 1.6, '#6FAA55') + leaf(1000, 560, 40, 1.6, '#6FAA55') +
    `<circle cx="930" cy="510" r="10" fill="#fff" opacity=".7"/><circle cx="1080" cy="480" r="7" fill="#fff" opacity=".7"/><circle cx="1040" cy="530" r="5" fill="#fff" opacity=".7"/>` +
    `<g fill="none" stroke="#0D4F4B" stroke-width="6" stroke-linecap="round"><path d="M1320 200L1400 160M1400 160L1470 210M1400 160V80"/></g><circle cx="1320" cy="200" r="18" fill="#E38A1E"/><circle cx="1470" cy="210" r="18" fill="#5A56B0"/><circle cx="1400" cy="80" r="18" fill="#4F8A3C"/><circle cx="1400" cy="160" r="24" fill="#1F8A85"/>` +
    sprig(1300, 700, 1440, 420, '#4F8A3C', 5, 0.7, 40) + sprig(120, 700, 260, 480, '#4F8A3C', 4, 0.6, -40));

  // home-4: quiz / checklist motif
  const rows = [0, 1, 2, 3].map((i) => {
    const y = 250 + i * 90;
    const done = i < 3;
    return `<rect x="680" y="${y - 26}" width="52" height="52" rx="12" fill="${done ? '#4F8A3C' : '#fff'}" stroke="#4F8A3C" stroke-width="5"/>` +
      (done ? `<path d="M692 ${y}L703 ${y + 12}L722 ${y - 12}" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` : '') +
      `<rect x="760" y="${y - 10}" width="${[240, 180, 220, 150][i]}" height="20" rx="10" fill="#E1D6C0"/>`;
  }).join('');
  banner('home-4', 1600, 700, 'A wellness quiz checklist on a clipboard',
    `<rect width="1600" height="700" fill="#F4EEFA"/><circle cx="800" cy="360" r="330" fill="#E3DFF6"/>` +
    `<circle cx="260" cy="200" r="70" fill="#F5B94F"/><circle cx="1360" cy="520" r="90" fill="#CFEAE6"/><circle cx="1300" cy="170" r="40" fill="#DCEBCB"/>` +
    shadow(830, 664, 230, 20) + `<rect x="610" y="130" width="400" height="530" rx="26" fill="#8A5A2B"/><rect x="636" y="160" width="348" height="476" rx="12" fill="#FBF7EF"/>` +
    `<rect x="730" y="112" width="160" height="56" rx="14" fill="#5E4B5C"/>` + rows +
    `<g transform="rotate(35 1060 420)"><rect x="1040" y="250" width="40" height="300" rx="6" fill="#E38A1E"/><path d="M1040 550L1060 600L1080 550Z" fill="#F2D8B0"/><rect x="1040" y="250" width="40" height="36" fill="#D9472B"/></g>` +
    sprig(380, 700, 470, 380, '#4F8A3C', 5, 0.7, -40) + sprig(1200, 700, 1150, 420, '#5A56B0', 4, 0.6, 40));

  // shop-all: shelf of packs in the five palettes
  const cats = Object.values(PAL);
  let shelf = '';
  cats.forEach((pal, i) => {
    const x = 230 + i * 280;
    const tall = i % 2 === 0;
    shelf += tall
      ? `<rect x="${x - 55}" y="170" width="110" height="40" rx="10" fill="${pal.m}"/><rect x="${x - 75}" y="205" width="150" height="215" rx="28" fill="${pal.d}"/><rect x="${x - 60}" y="260" width="120" height="110" rx="8" fill="${BASE}"/>${mark(x, 315, 0.7, pal.m)}`
      : `<rect x="${x - 95}" y="250" width="190" height="40" rx="12" fill="${pal.m}"/><rect x="${x - 88}" y="285" width="176" height="135" rx="22" fill="${pal.d}"/><rect x="${x - 70}" y="305" width="140" height="90" rx="8" fill="${BASE}"/>${mark(x, 350, 0.6, pal.m)}`;
    shelf += leaf(x + 120, 420, 30, 0.5, '#6E9B4F');
  });
  banner('shop-all', 1600, 500, 'Vedara Ayurveda products on a wooden shelf',
    `<rect width="1600" height="500" fill="#F6ECD9"/><circle cx="160" cy="80" r="160" fill="#F8E2BF"/><circle cx="1480" cy="110" r="190" fill="#E3DFF6"/>` +
    shelf + `<rect x="60" y="420" width="1480" height="26" rx="6" fill="#B9894C"/><rect x="60" y="446" width="1480" height="14" fill="#8A5A2B"/>`);

  // wellness banners
  const W = {
    energy: ['ENERGY_VITALITY', 'Energy and vitality: sunrise over the hills', (p) =>
      `<circle cx="1150" cy="330" r="130" fill="${p.a}"/><g stroke="${p.a}" stroke-width="14" stroke-linecap="round">${[0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330].map((d) => `<path d="M1150 150V110" transform="rotate(${d} 1150 330)"/>`).join('')}</g>` +
      mountains(1600, 500, 380, [p.m, p.d]) + sprig(200, 500, 300, 160, '#6E9B4F', 6, 0.8, -60)],
    gut: ['GUT_DIGESTIVE_HARMONY', 'Gut and digestive harmony: flowing leaves', (p) =>
      `<path d="M0 300Q400 160 800 300T1600 300V500H0Z" fill="${p.a}" opacity=".6"/><path d="M0 380Q400 250 800 380T1600 380V500H0Z" fill="${p.m}"/>` +
      sprig(1150, 470, 1300, 90, p.d, 7, 0.9, 60) + sprig(260, 400, 360, 110, p.d, 6, 0.7, -50) + `<circle cx="1450" cy="120" r="50" fill="#F5B94F"/>`],
    metabolic: ['METABOLIC_WELLNESS', 'Metabolic wellness: balanced circles and waves', (p) =>
      `<circle cx="1150" cy="250" r="170" fill="none" stroke="${p.m}" stroke-width="16"/><circle cx="1150" cy="250" r="110" fill="${p.a}" opacity=".6"/><circle cx="1150" cy="250" r="50" fill="${p.m}"/>` +
      `<path d="M0 400Q200 340 400 400T800 400T1200 400T1600 400V500H0Z" fill="${p.d}"/>` + sprig(300, 460, 380, 120, '#5E8F4A', 6, 0.8, -50)],
    immunity: ['IMMUNITY_INFLAMMATION', 'Immunity: a golden shield of turmeric and tulsi', (p) =>
      `<path d="M1150 70L1320 130V260Q1320 380 1150 450Q980 380 980 260V130Z" fill="${p.m}"/><path d="M1150 120L1270 165V260Q1270 350 1150 400Z" fill="${p.a}"/>` +
      mark(1150, 260, 2.2, BASE, p.m) +
      `<g fill="none" stroke="#D98A22" stroke-linecap="round"><path d="M180 460Q260 380 380 410" stroke-width="34"/><path d="M240 420Q280 360 340 350" stroke-width="20"/></g>` + sprig(480, 500, 560, 160, '#4F8F3E', 6, 0.8, -50)],
    mind: ['MIND_MOOD', 'Mind and mood: a calm night with moon and lotus', (p) =>
      `<path d="M1150 90A120 120 0 1 0 1270 250A96 96 0 1 1 1150 90Z" fill="${p.a}"/>` +
      [[1330, 90], [1420, 200], [960, 120], [1480, 70]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="${p.m}"/>`).join('') +
      `<path d="M0 420Q400 380 800 420T1600 420V500H0Z" fill="${p.m}" opacity=".5"/>` +
      [-60, -30, 0, 30, 60].map((d) => `<ellipse cx="400" cy="320" rx="36" ry="90" fill="${d ? p.a : p.m}" transform="rotate(${d} 400 410)"/>`).join('') +
      `<ellipse cx="400" cy="420" rx="160" ry="22" fill="${p.d}"/>`],
  };
  for (const [key, [code, title, fn]] of Object.entries(W)) {
    const p = PAL[code];
    banner(`wellness-${key}`, 1600, 500, title, `<rect width="1600" height="500" fill="${BASE}"/><circle cx="1150" cy="250" r="330" fill="${p.l}"/>${fn(p)}`);
  }

  // brand banner: dark green with mandala rings, mountains and leaves
  let ring = '';
  for (let k = 0; k < 16; k++) ring += `<use href="#lf" transform="rotate(${k * 22.5} 800 300) translate(800 170) scale(.55)" fill="#E38A1E" opacity=".9"/>`;
  banner('brand', 1600, 600, 'Vedara Ayurveda: rooted in the Himalayas',
    `<rect width="1600" height="600" fill="${GREEN}"/>` + mountains(1600, 600, 470, ['#25492F', '#2C5537']) +
    `<circle cx="800" cy="300" r="230" fill="none" stroke="#F5B94F" stroke-opacity=".35" stroke-width="3"/><circle cx="800" cy="300" r="180" fill="#27503A"/>` + ring +
    mark(800, 300, 3.4, '#F5B94F', GREEN) +
    sprig(120, 600, 260, 120, '#4F8A3C', 7, 0.9, -60) + sprig(1480, 600, 1340, 120, '#4F8A3C', 7, 0.9, 60) +
    `<circle cx="420" cy="150" r="5" fill="#F5B94F"/><circle cx="1180" cy="130" r="6" fill="#F5B94F"/><circle cx="1250" cy="220" r="4" fill="#F5B94F"/>`);
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
  const bg = [0xef, 0xe7, 0xd6], fg = [0xd6, 0xc9, 0xae], leafC = [0xe3, 0x8a, 0x1e];
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const q = size * 0.2, c = size / 2;
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      let col = Math.abs(x - c) < q && Math.abs(y - c) < q ? fg : bg;
      // a small leaf (vesica) in the centre of the square
      const dx = (x - c) / (size * 0.07), dy = (y - c) / (size * 0.12);
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
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
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
    write(`product_images/${p.id}/${m.file}`, svg(800, 800, m.alt || `${p.name}: ${TITLE[n - 1]}`, IMG[n - 1](p, a, pal)));
  }
}
banners();
write('favicon.svg', svg(64, 64, 'Vedara Ayurveda', `<rect width="64" height="64" rx="14" fill="${GREEN}"/>${mark(32, 33, 0.78, '#F0962A', GREEN)}`));
write('logo.svg', svg(240, 64, 'Vedara Ayurveda',
  `<circle cx="32" cy="32" r="28" fill="${GREEN}"/>` + mark(32, 33, 0.62, '#F0962A', GREEN) +
  `<text x="72" y="40" font-size="32" fill="${GREEN}" font-family="${SERIF}" font-weight="bold" letter-spacing="1">Vedara</text>` +
  `<text x="74" y="56" font-size="9.5" fill="#B8641A" font-family="${SANS}" letter-spacing="4.2">AYURVEDA</text>`));
write('placeholder.png', placeholderPng());

const big = written.filter(([f, n]) => (f.startsWith('product_images') ? n > 6144 : n > 12288));
console.log(`Wrote ${written.length} files; largest ${Math.max(...written.map((w) => w[1]))} bytes.`);
if (big.length) {
  console.error('Over size budget:', big);
  process.exit(1);
}

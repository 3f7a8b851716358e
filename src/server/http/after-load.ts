// What a page asks for only once it has loaded (issue 22 part 2, decision 0133): its components' scripts,
// its whole stylesheet and its server islands. Until then the page is its HTML, its critical CSS inline
// and its images, so a slow phone spends its bandwidth on the first screen and its largest image (and
// Lighthouse's model, which counts every request that ends before the largest paint, counts those alone).
// The page works before any script (real forms and links); a tap on a link a script enhances is held until
// the scripts have run (features/layout/hydration/held-taps.ts).

/** The type a script waits under until the page has loaded: not one a browser fetches or runs. */
export const AFTER_LOAD_TYPE = 'text/x-after-load';

/** Set on <html> as data-scripts while the page's scripts wait for its load; 'ran' once they have. */
export const SCRIPTS_WAITING = 'after-load';

/** Dispatched on window once every waiting component script has run (or failed to arrive). */
export const SCRIPTS_RAN_EVENT = 'scripts-ran';

/**
 * On a picture of the first screen (the first row of cards, a product's main picture, the hero): the
 * browser reports when it is drawn (element timing), and AFTER_LOAD_SCRIPT waits for that too. Spread
 * onto the <img>, as React's types do not know the attribute.
 */
export const FIRST_SCREEN_PICTURE = { elementtiming: 'first-screen' } as const;

/**
 * In the head, where the stylesheet's link was (its address in data-stylesheet). Once the page has loaded
 * and painted: the components' scripts run, each a module script again with the same attributes; the
 * stylesheet is added; once it is in (so their HTML arrives styled), the server islands' scripts run,
 * with the text Astro wrote (so the hash in the Content-Security-Policy still matches), one per idle
 * moment (half a second at most apart), so their fetching and placing never add up to one long task a
 * shopper's tap waits behind.
 */
// Pure: a component importing a constant from here (held-taps) does not carry this text into its bundle.
export const AFTER_LOAD_SCRIPT = /* @__PURE__ */ [
  '{const h=document.currentScript.dataset.stylesheet,d=document.documentElement.dataset;',
  `d.scripts='${SCRIPTS_WAITING}';`,
  // After the load and the page's first contentful paint, so that nothing asked for here ends before the
  // first or largest paint, even when the load comes first (as on the search page).
  'const start=()=>{',
  `const w=[...document.querySelectorAll('script[type="${AFTER_LOAD_TYPE}"]')];`,
  // One waiting script as a module script again; settled once it has run (or failed to arrive).
  "const run=o=>new Promise(r=>{const s=document.createElement('script');",
  "for(const a of o.attributes)s.setAttribute(a.name,a.value);s.type='module';",
  'if(o.src)s.onload=s.onerror=r;else{s.text=o.text;r()}o.replaceWith(s)});',
  // The components' scripts at once; then the held taps may go.
  `Promise.all(w.filter(o=>o.src).map(run)).then(()=>{d.scripts='ran';dispatchEvent(new Event('${SCRIPTS_RAN_EVENT}'))});`,
  // The stylesheet; once it is in, the islands one per idle moment.
  "const l=document.createElement('link');l.rel='stylesheet';l.href=h;",
  'const i=w.filter(o=>!o.src),next=()=>{const o=i.shift();',
  'if(o){run(o);self.requestIdleCallback?requestIdleCallback(next,{timeout:500}):setTimeout(next)}};',
  'l.onload=l.onerror=next;document.head.append(l)};',
  // The first contentful paint as the browser reports it (a frame can be drawn before it is shown), and
  // each first-screen picture in view (elementtiming="first-screen") reported drawn: one can be drawn a
  // frame or two after the first paint and after the load, and is then the page's largest paint. A
  // browser without paint timing waits a frame and a task; one without element timing, for the first
  // paint alone; a hidden tab, which draws nothing, for the load. Three seconds after the load at the
  // latest, whatever is reported: held taps wait for these scripts.
  'const types=self.PerformanceObserver?.supportedEntryTypes||[],drawn=new Set();',
  "const painted=()=>performance.getEntriesByName('first-contentful-paint').length>0;",
  'const inView=i=>{const r=i.getBoundingClientRect();return r.width>0&&r.bottom>0&&r.top<innerHeight&&r.right>0&&r.left<innerWidth};',
  "const undrawn=()=>types.includes('element')&&[...document.querySelectorAll('img[elementtiming]')].some(i=>i.naturalWidth&&!drawn.has(i)&&inView(i));",
  'let started=0;const once=()=>started++||start();',
  "addEventListener('load',()=>{if(document.hidden)return once();",
  "if(!types.includes('paint'))return requestAnimationFrame(()=>setTimeout(once));",
  'setTimeout(once,3000);',
  'const seen=[],check=()=>{if(painted()&&!undrawn()){for(const o of seen)o.disconnect();once()}};',
  'const watch=(type,note)=>{if(!types.includes(type))return;const o=new PerformanceObserver(l=>{for(const e of l.getEntries())note(e);check()});o.observe({type,buffered:true});seen.push(o)};',
  "watch('paint',()=>{});watch('element',e=>drawn.add(e.element));check()},{once:true})}",
].join('');

/**
 * What the page keeps from its first screen, as one pattern: Astro's preloads of the server islands (nine
 * at high priority on the home page), and the opening of each component script (Astro's bundled modules,
 * `src="/_astro/…"`) and each server island's script. One pattern, so that the pass every page rendered on
 * request goes through copies the page once (each copy of a product page, ~270 KB as a string, ~0.15 ms).
 */
export const AFTER_LOAD_PATTERN =
  /<link rel="preload" as="fetch" href="\/_server-islands\/[^"]*" crossorigin="anonymous">|<script type="module" (?=src="\/_astro\/|data-astro-rerun data-island-id=")/g;

/**
 * What a match of AFTER_LOAD_PATTERN becomes: nothing for a preload; for a script, the waiting type, so
 * it runs through AFTER_LOAD_SCRIPT. Each island's fallback is what a shopper sees until its answer comes,
 * and without JavaScript.
 */
export const afterLoadReplacement = (match: string) =>
  match.startsWith('<link') ? '' : `<script type="${AFTER_LOAD_TYPE}" `;

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
 * In the head, where the stylesheet's link was (its address in data-stylesheet). Once the page has loaded
 * and painted: the components' scripts run, each a module script again with the same attributes; the
 * stylesheet is added; once it is in (so their HTML arrives styled), the server islands' scripts run,
 * with the text Astro wrote (so the hash in the Content-Security-Policy still matches), one per idle
 * moment (half a second at most apart), so their fetching and placing never add up to one long task a
 * shopper's tap waits behind.
 */
export const AFTER_LOAD_SCRIPT = [
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
  // The first contentful paint as the browser reports it (a frame can be drawn before it is shown); a
  // browser without paint timing waits a frame and a task; a hidden tab, which draws nothing, the load.
  // Three seconds after the load at the latest, whatever is reported: held taps wait for these scripts.
  "const painted=()=>performance.getEntriesByName('first-contentful-paint').length>0;",
  'let started=0;const once=()=>started++||start();',
  "addEventListener('load',()=>{if(document.hidden||painted())return once();",
  "if(!self.PerformanceObserver?.supportedEntryTypes?.includes('paint'))return requestAnimationFrame(()=>setTimeout(once));",
  'setTimeout(once,3000);',
  "new PerformanceObserver((_,o)=>{if(painted()){o.disconnect();once()}}).observe({type:'paint'})},{once:true})}",
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

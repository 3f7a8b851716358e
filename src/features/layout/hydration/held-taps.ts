// Inlined in <head>: a tap on a link that a plain script turns into a button (`data-enhance`, e.g. the
// header's cart link, which opens the drawer) before that script has run is held, not followed. The
// script, once it runs, finds the link marked `data-held` and does what the tap asked (cart-button.ts
// opens the drawer). Should the script never come (the page's scripts have all run, or failed, without
// it), the link is followed after all, so the tap is never lost. The scripts run once the page has loaded
// (server/http/after-load.ts; <html data-scripts> says whether they still wait); where nothing waits for
// the load (astro dev), the load is when they have run. Clicks with a modifier key keep their own meaning.
import { SCRIPTS_RAN_EVENT, SCRIPTS_WAITING } from '../../../server/http/after-load';

export const HELD_TAP_SCRIPT = `document.addEventListener('click',e=>{const a=e.target instanceof Element&&e.target.closest('a[data-enhance]:not([data-enhance=ready])');if(!a||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;e.preventDefault();a.dataset.held='';const go=()=>{if(a.hasAttribute('data-held')){a.removeAttribute('data-held');location.href=a.href}};if(document.documentElement.dataset.scripts==='${SCRIPTS_WAITING}')addEventListener('${SCRIPTS_RAN_EVENT}',go,{once:true});else if(document.readyState==='complete')go();else addEventListener('load',go,{once:true})},true);`;

/** Takes the held tap on any of these links, if there is one (the link is no longer marked). */
export function takeHeldTap(links: Element[]): boolean {
  const held = links.filter((link) => link.hasAttribute('data-held'));
  for (const link of held) link.removeAttribute('data-held');
  return held.length > 0;
}

// Inlined in <head>: images show a placeholder until they load, and /placeholder.png if they fail.
// Capture-phase listeners on document catch load/error of every <img data-fallback>, even before
// any island hydrates, so plain server-rendered cards get the behaviour too.
// It first marks <html class="js">: styles that wait for this script (the `js:` variant, e.g. a card
// image hidden until loaded) only apply when it runs, so nothing stays hidden without JavaScript.
export const IMAGE_FALLBACK_SCRIPT = `(()=>{const d=document;d.documentElement.classList.add('js');
d.addEventListener('load',e=>{const t=e.target;if(t instanceof HTMLImageElement&&t.dataset.fallback!==undefined)t.dataset.loaded='';},true);
d.addEventListener('error',e=>{const t=e.target;if(t instanceof HTMLImageElement&&t.dataset.fallback&&!t.src.endsWith(t.dataset.fallback)){t.src=t.dataset.fallback;}},true);
})();`;

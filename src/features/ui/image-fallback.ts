// Inlined in <head>: images show a placeholder until they load, and /placeholder.png if they fail.
// Capture-phase listeners on document catch load/error of every <img data-fallback>, even before
// any island hydrates, so plain server-rendered cards get the behaviour too.
export const IMAGE_FALLBACK_SCRIPT = `(()=>{const d=document;
d.addEventListener('load',e=>{const t=e.target;if(t instanceof HTMLImageElement&&t.dataset.fallback!==undefined)t.dataset.loaded='';},true);
d.addEventListener('error',e=>{const t=e.target;if(t instanceof HTMLImageElement&&t.dataset.fallback&&!t.src.endsWith(t.dataset.fallback)){t.src=t.dataset.fallback;}},true);
})();`;

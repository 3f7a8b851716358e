// client:event="name": the island hydrates when the window hears the event `name` (see announce()).
// For islands that show nothing until something happens elsewhere on the page (the cart drawer, toasts),
// so pages that never need them never load React for them.
import type { ClientDirective } from 'astro';

const onEvent: ClientDirective = (load, options) => {
  window.addEventListener(String(options.value), async () => (await load())(), { once: true });
};

export default onEvent;

// client:signed-in: the island hydrates (when the browser is idle) only for a visitor with the
// `signed_in=1` cookie; everyone else keeps its server-rendered HTML (the Login link) and loads no React.
import type { ClientDirective } from 'astro';

const onSignedIn: ClientDirective = (load) => {
  if (!document.cookie.split('; ').includes('signed_in=1')) return;
  const run = async () => (await load())();
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
};

export default onSignedIn;

// The account menu's disclosure (AccountMenu.astro arrives as a server island after this script ran,
// so everything is delegated from the document): the button toggles the panel; a click outside, Escape
// or tabbing away closes it.
const ROOT = '[data-account-menu]';

function setOpen(root: Element, open: boolean) {
  const button = root.querySelector('button[aria-controls]');
  const panel = document.getElementById(button?.getAttribute('aria-controls') ?? '');
  if (!button || !panel) return;
  button.setAttribute('aria-expanded', String(open));
  panel.hidden = !open;
}

const openRoots = () =>
  [...document.querySelectorAll(ROOT)].filter((root) => root.querySelector('[aria-expanded="true"]'));

export function initAccountMenu() {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const root = target?.closest(ROOT);
    for (const open of openRoots()) if (open !== root) setOpen(open, false);
    const button = target?.closest(`${ROOT} button[aria-controls]`);
    if (root && button) setOpen(root, button.getAttribute('aria-expanded') !== 'true');
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const root of openRoots()) {
      setOpen(root, false);
      root.querySelector<HTMLElement>('button[aria-controls]')?.focus();
    }
  });
  document.addEventListener('focusout', (event) => {
    const root = (event.target as Element | null)?.closest(ROOT);
    const next = event.relatedTarget;
    if (root && next instanceof Node && !root.contains(next)) setOpen(root, false);
  });
}

// Header menus (the mega-dropdowns and the mobile menu) as plain disclosures, without a framework:
// each [data-menu] root holds a button whose aria-controls names a panel inside the same root.
// Roots marked data-menu-hover also open while a mouse rests on them (desktop mega-menus).

/** Grace period so the pointer can cross small gaps between the button and its panel. */
const HOVER_CLOSE_DELAY_MS = 150;

interface Menu {
  root: HTMLElement;
  button: HTMLButtonElement;
  panel: HTMLElement;
  /** Opened by hovering (not by a click): leaving closes it, a click keeps it open instead of toggling. */
  openedByHover: boolean;
  closeTimer?: ReturnType<typeof setTimeout>;
}

export function initMenus(doc: Document = document): void {
  const menus: Menu[] = [...doc.querySelectorAll<HTMLElement>('[data-menu]')].flatMap((root) => {
    const button = root.querySelector<HTMLButtonElement>('button[aria-controls]');
    const panelId = button?.getAttribute('aria-controls');
    const panel = panelId ? doc.getElementById(panelId) : null;
    return button && panel && root.contains(panel) ? [{ root, button, panel, openedByHover: false }] : [];
  });

  const isOpen = (menu: Menu) => menu.button.getAttribute('aria-expanded') === 'true';

  function setOpen(menu: Menu, open: boolean, byHover = false) {
    clearTimeout(menu.closeTimer);
    menu.openedByHover = open && byHover;
    menu.button.setAttribute('aria-expanded', String(open));
    menu.panel.hidden = !open;
    // Buttons whose name says what they do ('Open menu' / 'Close menu') carry both names.
    const label = open ? menu.button.dataset.labelExpanded : menu.button.dataset.labelCollapsed;
    if (label) menu.button.setAttribute('aria-label', label);
  }

  function open(menu: Menu, byHover = false) {
    for (const other of menus) if (other !== menu && isOpen(other)) setOpen(other, false);
    setOpen(menu, true, byHover);
  }

  const closeAll = () => {
    for (const menu of menus) if (isOpen(menu)) setOpen(menu, false);
  };

  for (const menu of menus) {
    menu.button.addEventListener('click', () => {
      if (isOpen(menu) && !menu.openedByHover) setOpen(menu, false);
      else open(menu);
    });

    if (menu.root.hasAttribute('data-menu-hover')) {
      menu.root.addEventListener('pointerenter', (event) => {
        if (event.pointerType !== 'mouse') return;
        clearTimeout(menu.closeTimer);
        if (!isOpen(menu)) open(menu, true);
      });
      menu.root.addEventListener('pointerleave', (event) => {
        if (event.pointerType !== 'mouse' || !menu.openedByHover) return;
        menu.closeTimer = setTimeout(() => setOpen(menu, false), HOVER_CLOSE_DELAY_MS);
      });
    }

    // Following a link is navigation: the menu is done.
    menu.panel.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest('a')) closeAll();
    });

    // Tabbing past the end of a menu closes it, so it never hides the content focus moved to.
    menu.root.addEventListener('focusout', (event) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !menu.root.contains(next)) setOpen(menu, false);
    });
  }

  doc.addEventListener('click', (event) => {
    const target = event.target as Node | null;
    for (const menu of menus) if (isOpen(menu) && !(target && menu.root.contains(target))) setOpen(menu, false);
  });

  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menu = menus.find(isOpen);
    if (!menu) return;
    const focusWasInside = menu.root.contains(doc.activeElement);
    setOpen(menu, false);
    if (focusWasInside) menu.button.focus();
  });

  // A page restored from the back/forward cache must not come back with a menu open.
  doc.defaultView?.addEventListener('pageshow', closeAll);
}

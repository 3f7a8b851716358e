// The 'Most Loved Picks' grid's script (./FavoritesGrid.astro): loads the cards once 20% of the section
// is on screen and puts them in place of the placeholders; a failure shows the spec's toast.
import { showToast } from '../ui/toast';
import { loadFavorites } from './favorites';

export function showFavoritesWhenSeen() {
  const grid = document.querySelector<HTMLElement>('[data-favorites]');
  const failed = document.querySelector<HTMLTemplateElement>('template[data-favorites-failed]');
  if (!grid || !failed) return;
  const observer = new IntersectionObserver(
    async (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const result = await loadFavorites();
      grid.setAttribute('aria-busy', 'false');
      if (result.ok) {
        grid.innerHTML = result.html;
        return;
      }
      grid.replaceChildren(failed.content.cloneNode(true));
      // Longer than the 2 s default: an error needs time to be read (WCAG 2.2.1).
      showToast({ message: result.message, variant: 'error', durationMs: 6000 });
    },
    { threshold: 0.2 },
  );
  observer.observe(grid.closest('section') ?? grid);
}

// How the desk words a batch's dates and where it stands on the shelf-life line (plain: pages and islands).
import type { ShelfLifeState } from '../../lib/shelf-life';

/** '2027-05-17' → '17 May 2027'. */
export const formatDay = (iso: string | null) =>
  iso
    ? new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '—';

export const SHELF_LIFE_STATE_LABELS: Record<ShelfLifeState, string> = {
  undated: 'No dates recorded: cannot ship',
  past_line: 'Past the line: cannot ship',
  near_line: 'Nearing the line',
  fine: 'Within the line',
};

/** The badge colours (text on a light background, AA contrast). */
export const SHELF_LIFE_STATE_CLASS: Record<ShelfLifeState, string> = {
  undated: 'bg-gray-200 text-gray-900',
  past_line: 'bg-red-100 text-red-900',
  near_line: 'bg-amber-100 text-amber-900',
  fine: 'bg-brand-100 text-leaf-900',
};

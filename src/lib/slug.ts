/**
 * Blog post address from its title (spec §6): lowercased, spaces become hyphens, every other
 * character that is not a-z or 0-9 is dropped. Dropping a character between two spaces
 * ('Mood & Energy') would leave a double hyphen, so runs of hyphens collapse to one and none
 * is left at either end.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

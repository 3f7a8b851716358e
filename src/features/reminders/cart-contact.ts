// The checkout island tells the server as its reminders box is ticked (with the address typed) or
// unticked, so a cart left at checkout is reminded about (POST /api/cart/contact). Best effort: the
// placed order's form carries the same choice.
export function shareCartContact(email: string, reminders: boolean): void {
  const address = email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return;
  fetch('/api/cart/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: address, reminders }),
  }).catch(() => {});
}

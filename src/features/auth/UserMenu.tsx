// The header's account corner: the Login link (server-rendered, works without JS), replaced by a menu
// with the customer's name once the island finds a session. Pages are cached and pre-rendered, so
// who is signed in is asked here rather than baked into the HTML.
import { useEffect, useRef, useState } from 'react';
import { firstNameOf } from '../../lib/names';

interface Props { loginHref: string; loginLabel: string }
interface SessionView { name: string; email: string; image?: string | null }

export default function UserMenu({ loginHref, loginLabel }: Props) {
  const [user, setUser] = useState<SessionView | null>(null);
  const [backOffice, setBackOffice] = useState(false);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!document.cookie.includes('signed_in=1')) return; // no account cookie: skip the round trip
    fetch('/api/auth/get-session', { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { user?: SessionView } | null) => {
        setUser(body?.user ?? null);
        // Staff get a link to the back office; the server decides who is staff.
        if (body?.user) return fetch('/api/back-office', { credentials: 'same-origin' }).then((r) => (r.ok ? r.json() : null))
          .then((access: { backOffice?: boolean } | null) => setBackOffice(access?.backOffice === true));
      })
      .catch(() => {});
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => { if (!root.current?.contains(event.target as Node)) setOpen(false); };
    const onKey = (event: KeyboardEvent) => { if (event.key === 'Escape') { setOpen(false); button.current?.focus(); } };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('pointerdown', onPointer); document.removeEventListener('keydown', onKey); };
  }, [open]);

  if (!user) {
    return <a href={loginHref} className="rounded-md px-2 py-2 text-sm whitespace-nowrap font-semibold text-leaf-800 hover:text-leaf-700 hover:underline">{loginLabel}</a>;
  }
  const first = firstNameOf(user.name) || user.email;
  const item = 'block w-full rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-brand-50 hover:text-leaf-700';
  return (
    <div ref={root} className="relative">
      <button ref={button} type="button" aria-expanded={open} aria-controls="user-menu" onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full px-2 py-1.5 text-sm font-semibold text-leaf-800 hover:bg-brand-50">
        <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-leaf-800 text-xs text-white">{first.charAt(0).toUpperCase()}</span>
        <span className="hidden max-w-28 truncate sm:inline">{first}</span>
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div id="user-menu" className="absolute right-0 top-full z-50 mt-2 w-56 rounded-xl border border-brand-100 bg-white p-2 shadow-lg">
          <p className="truncate px-3 py-2 text-xs text-gray-700">{user.email}</p>
          <a className={item} href="/dashboard">Dashboard</a>
          <a className={item} href="/orders">Your Orders</a>
          {backOffice && <a className={item} href="/admin">Back office</a>}
          <form method="post" action="/sign-out"><button type="submit" className={item}>Sign Out</button></form>
        </div>
      )}
    </div>
  );
}

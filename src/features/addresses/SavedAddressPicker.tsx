// The checkout's saved addresses for a signed-in customer: each is a link that opens the checkout with
// it filled in (no JavaScript needed); hydrated, choosing one fills the form in place.
import { formatAddress } from '../../lib/checkout';
import type { SavedAddress } from './address.schema';

interface Props {
  addresses: SavedAddress[];
  chosenId: number | null;
  onChoose: (address: SavedAddress) => void;
}

export default function SavedAddressPicker({ addresses, chosenId, onChoose }: Props) {
  if (!addresses.length) return null;
  return (
    <section aria-labelledby="saved-addresses-title" className="min-w-0 rounded-2xl bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="saved-addresses-title" className="font-serif text-xl font-bold text-leaf-800">
          Your saved addresses
        </h2>
        <a href="/dashboard/addresses" className="text-sm font-semibold text-leaf-800 underline underline-offset-2">
          Manage addresses
        </a>
      </div>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {addresses.map((address) => {
          const chosen = address.id === chosenId;
          return (
            <li key={address.id}>
              <a
                href={`/checkout?address=${address.id}`}
                aria-current={chosen ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onChoose(address);
                }}
                className={`block h-full rounded-lg border p-3 text-sm text-ink hover:bg-brand-50 ${chosen ? 'border-leaf-700 ring-1 ring-leaf-700' : 'border-gray-400'}`}
              >
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {chosen ? 'Delivering to ' : 'Deliver to '}
                  {address.name}
                  {address.isDefault && (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-leaf-900">
                      Default
                    </span>
                  )}
                </span>
                <span className="mt-1 block break-words">{formatAddress({ ...address, name: '' })}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

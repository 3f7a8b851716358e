// Product gallery (spec §2): one main view, thumbnails as buttons that switch it; arrow keys move
// between them. Videos never preload: shoppers are on slow phones and metered data.
import { useRef, useState, type KeyboardEvent } from 'react';
import { FIRST_SCREEN_PICTURE } from '../../server/http/after-load';

export interface GalleryMedia {
  url: string;
  alt: string;
  kind: 'image' | 'video';
}

interface Props {
  media: GalleryMedia[];
  productName: string;
}

export default function ProductGallery({ media, productName }: Props) {
  const [active, setActive] = useState(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);

  if (media.length === 0) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-2xl bg-brand-100 text-ink">
        <p>No images available</p>
      </div>
    );
  }

  const current = media[active] ?? media[0];
  const select = (index: number) => {
    const next = (index + media.length) % media.length;
    setActive(next);
    thumbnails.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowDown: active + 1,
      ArrowLeft: active - 1,
      ArrowUp: active - 1,
      Home: 0,
      End: media.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-2xl border border-brand-100 bg-white">
        {current.kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: product videos are silent demonstrations; their alt text describes them
          <video
            key={current.url}
            src={current.url}
            controls
            preload="none"
            aria-label={current.alt || `${productName} video`}
            className="h-full w-full object-contain"
          />
        ) : (
          <img
            key={current.url}
            src={current.url}
            alt={current.alt || productName}
            width={800}
            height={800}
            loading={active === 0 ? 'eager' : 'lazy'}
            fetchPriority={active === 0 ? 'high' : 'auto'}
            {...(active === 0 && FIRST_SCREEN_PICTURE)}
            decoding="async"
            data-fallback="/placeholder.png"
            className="h-full w-full object-contain"
          />
        )}
      </div>
      {media.length > 1 && (
        // biome-ignore lint/a11y/useSemanticElements: a row of thumbnail buttons, not a form's fieldset
        <div
          role="group"
          aria-label={`${productName} images`}
          onKeyDown={onKeyDown}
          className="flex gap-2 overflow-x-auto p-1"
        >
          {media.map((item, index) => (
            <button
              key={item.url}
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              type="button"
              aria-pressed={index === active}
              aria-label={`Show ${item.kind} ${index + 1} of ${media.length}: ${item.alt || productName}`}
              onClick={() => setActive(index)}
              className="relative h-16 w-16 shrink-0 overflow-hidden rounded-lg border-2 border-brand-100 bg-white aria-pressed:border-leaf-700 sm:h-20 sm:w-20"
            >
              {item.kind === 'video' ? (
                <span
                  aria-hidden="true"
                  className="flex h-full w-full items-center justify-center bg-leaf-800 text-2xl text-white"
                >
                  ▶
                </span>
              ) : (
                <img
                  src={item.url}
                  alt=""
                  width={80}
                  height={80}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  data-fallback="/placeholder.png"
                  className="h-full w-full object-cover"
                />
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

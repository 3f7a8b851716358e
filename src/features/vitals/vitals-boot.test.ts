// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beaconEntry } from './reporter';
import { BOOT_SCRIPTS_RAN_EVENT, BOOT_SCRIPTS_WAITING, measureWhenIdle } from './vitals-boot';

const reporterScripts = () =>
  [...document.head.querySelectorAll('script')].filter((s) => s.src.endsWith('/src/features/vitals/measure.ts'));

describe('the boot script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    for (const s of reporterScripts()) s.remove();
  });

  function serve(samplePercent: number) {
    const fetch = vi.fn(async () => Response.json({ samplePercent }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('adds the reporter for a page view the dice pick, once the page has loaded', async () => {
    const fetch = serve(51);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    measureWhenIdle();
    await vi.waitFor(() => expect(reporterScripts()).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith('/api/vitals');
    expect(reporterScripts()[0].type).toBe('module');
  });

  it('on a page whose scripts wait for its load and first screen, asks for nothing until they have run', async () => {
    const fetch = serve(100);
    document.documentElement.dataset.scripts = BOOT_SCRIPTS_WAITING;
    vi.useFakeTimers();
    try {
      measureWhenIdle();
      await vi.advanceTimersByTimeAsync(10_000); // past any idle moment's timeout
      expect(fetch).not.toHaveBeenCalled();
      document.documentElement.dataset.scripts = 'ran';
      dispatchEvent(new Event(BOOT_SCRIPTS_RAN_EVENT));
      await vi.waitFor(() => expect(reporterScripts()).toHaveLength(1));
    } finally {
      vi.useRealTimers();
      delete document.documentElement.dataset.scripts;
    }
  });

  it('adds nothing for a page view the dice pass over, or when the store measures none', async () => {
    for (const percent of [50, 0]) {
      const fetch = serve(percent);
      vi.spyOn(Math, 'random').mockReturnValue(percent === 0 ? 0 : 0.5);
      measureWhenIdle();
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 0)); // the answer's JSON is read
      expect(reporterScripts()).toHaveLength(0);
    }
  });

  it('sends whole milliseconds and CLS to four decimals', () => {
    expect(beaconEntry({ name: 'LCP', value: 1834.567 })).toEqual({ name: 'LCP', value: 1835 });
    expect(beaconEntry({ name: 'CLS', value: 0.031249 })).toEqual({ name: 'CLS', value: 0.0312 });
  });
});

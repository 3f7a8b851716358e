// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beaconEntry } from './reporter';
import { measureWhenIdle } from './vitals-boot';

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

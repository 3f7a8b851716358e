import { describe, expect, it } from 'vitest';
import { keptByVersion, versionReads } from './kept-by-version';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('keptByVersion', () => {
  const setup = (entries = 10) => {
    const state = { version: 1, now: 0, loads: [] as number[] };
    const get = keptByVersion(
      async (id: number) => {
        state.loads.push(id);
        return { id, loadedAt: state.version };
      },
      { version: async () => state.version, entries, maxAgeMs: 60_000, now: () => state.now },
    );
    return { state, get };
  };

  it('reads once while the version stands, and again as soon as it changes', async () => {
    const { state, get } = setup();
    expect(await get(1)).toEqual({ id: 1, loadedAt: 1 });
    await get(1);
    expect(state.loads).toEqual([1]);
    state.version = 2; // another process changed the catalogue
    expect(await get(1)).toEqual({ id: 1, loadedAt: 2 });
    expect(state.loads).toEqual([1, 1]);
  });

  it('keeps each argument list apart', async () => {
    const { state, get } = setup();
    await get(1);
    await get(2);
    await get(1);
    expect(state.loads).toEqual([1, 2]);
  });

  it('reads again once the value is older than its age limit, even if the version stands', async () => {
    const { state, get } = setup();
    await get(1);
    state.now = 59_999;
    await get(1);
    state.now = 60_000;
    await get(1);
    expect(state.loads).toEqual([1, 1]);
  });

  it('lets the least recently used argument list go past its entry limit', async () => {
    const { state, get } = setup(2);
    await get(1);
    await get(2);
    await get(1); // 2 is now the least recently used
    await get(3);
    await get(1);
    await get(2);
    expect(state.loads).toEqual([1, 2, 3, 2]);
  });

  it('shares a load under way, and does not keep a failed one', async () => {
    let calls = 0;
    const pending = deferred<string>();
    const get = keptByVersion(
      () => {
        calls += 1;
        return pending.promise;
      },
      { version: async () => 1, entries: 5, maxAgeMs: 60_000 },
    );
    const [first, second] = [get(), get()];
    pending.resolve('rows');
    expect(await Promise.all([first, second])).toEqual(['rows', 'rows']);
    expect(calls).toBe(1);

    let tries = 0;
    const counted = keptByVersion(
      () => {
        tries += 1;
        return tries === 1 ? Promise.reject(new Error('database down')) : Promise.resolve('rows');
      },
      { version: async () => 1, entries: 5, maxAgeMs: 60_000 },
    );
    await expect(counted()).rejects.toThrow('database down');
    expect(await counted()).toBe('rows');
  });
});

describe('versionReads', () => {
  /** A read whose answer the test gives by hand. */
  const setup = () => {
    const sent: ReturnType<typeof deferred<number>>[] = [];
    const reads = versionReads(() => {
      const answer = deferred<number>();
      sent.push(answer);
      return answer.promise;
    });
    return { sent, reads };
  };

  it("answers a request's several asks with one read sent after it arrived", async () => {
    const { sent, reads } = setup();
    const arrived = reads.mark();
    const first = reads.version(arrived);
    sent[0].resolve(4);
    expect(await first).toBe(4);
    expect(await reads.version(arrived)).toBe(4);
    expect(sent).toHaveLength(1);
  });

  it('never answers with a read sent before the caller arrived: a change committed in between would be missed', async () => {
    const { sent, reads } = setup();
    const first = reads.version(reads.mark());
    const later = reads.mark(); // arrives while the first read runs
    const second = reads.version(later);
    const third = reads.version(); // no request: asks now
    expect(sent).toHaveLength(1); // the second read waits for the first
    sent[0].resolve(1);
    expect(await first).toBe(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toHaveLength(2);
    sent[1].resolve(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]); // both share the read sent after them
    expect(sent).toHaveLength(2);
    expect(await reads.version(later)).toBe(2);
    const afterIt = reads.version();
    expect(sent).toHaveLength(3);
    sent[2].resolve(3);
    expect(await afterIt).toBe(3);
  });

  it('sends the waiting read even when the running one fails, and answers nobody else with a failed read', async () => {
    const { sent, reads } = setup();
    const arrived = reads.mark();
    const first = reads.version(arrived);
    const second = reads.version();
    sent[0].reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await Promise.resolve();
    await Promise.resolve();
    sent[1].resolve(7);
    expect(await second).toBe(7);
    expect(sent).toHaveLength(2);
  });
});

import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/client/chunk-reload';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe('chunk-load failure recovery', () => {
  it.each([
    [new Error('Failed to load chunk /_next/static/chunks/abc.js'), true],
    [Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' }), true],
    ['Loading CSS chunk app-layout failed', true],
    [new Error('Cannot read properties of undefined'), false],
    [undefined, false],
  ])('recognises %p as a chunk error: %p', (reason, expected) => {
    expect(isChunkLoadError(reason)).toBe(expected);
  });

  it('reloads at most once per 60 s, and the guard survives the reload through sessionStorage', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const reload = jest.fn();
    const error = new Error('Failed to load chunk x');
    const t0 = 1_000_000_000;
    expect(reloadOnceForChunkError(error, { now: t0, storage, reload })).toBe(true);
    expect(reloadOnceForChunkError(error, { now: t0 + 59_000, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunkError(error, { now: t0 + 61_000, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('still guards when storage throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const reload = jest.fn();
    const t0 = 2_000_000_000;
    reloadOnceForChunkError(new Error('Failed to load chunk'), { now: t0, storage: throwing, reload });
    reloadOnceForChunkError(new Error('Failed to load chunk'), { now: t0 + 1000, storage: throwing, reload });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores other errors', () => {
    const reload = jest.fn();
    expect(reloadOnceForChunkError(new Error('boom'), { now: 3e12, storage: undefined, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

import { reloadEnv } from '@/lib/server/testing';

/**
 * Runs the calling suite with some variables changed (SITE_URL, TRUSTED_PROXY_HOPS…), restoring
 * them afterwards; lib/server/env.ts parses the environment once, so it is told to read it again.
 */
export function useEnv(vars: Record<string, string>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [name, value] of Object.entries(vars)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    reloadEnv();
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    reloadEnv();
  });
}

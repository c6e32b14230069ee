import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_MARKER_FILE, unfinishedBuildProblem } from '@/lib/config/build-marker.mjs';
import { assertPinnedNext, installedNextVersion, PINNED_NEXT_VERSIONS } from '@/scripts/build/next-output.mjs';

// The marker's own format; that after-next-build writes it on a real build, and that `next start`
// refuses a build without it, is tested in tests/integration/after-build.test.mjs.
function dist(buildId: string | null, marker?: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'build-marker-'));
  if (buildId !== null) writeFileSync(join(dir, 'BUILD_ID'), buildId);
  if (marker !== undefined) writeFileSync(join(dir, BUILD_MARKER_FILE), JSON.stringify(marker));
  return dir;
}

describe('a build is served only when the post-build steps finished it (the marker names its BUILD_ID)', () => {
  it('accepts a build whose marker names its own BUILD_ID', () => {
    expect(unfinishedBuildProblem(dist('abc', { buildId: 'abc' }))).toBeNull();
  });

  it('refuses a bare `next build` (no marker) and says to run `npm run build`', () => {
    expect(unfinishedBuildProblem(dist('abc'))).toMatch(/bare `next build`.*run `npm run build`/);
  });

  it('refuses a build rebuilt after its steps ran (the marker names the build before)', () => {
    expect(unfinishedBuildProblem(dist('new', { buildId: 'old' }))).toMatch(
      /ran for build old, not for this build \(new\)/,
    );
  });

  it('refuses a directory with no build at all', () => {
    expect(unfinishedBuildProblem(dist(null))).toMatch(/no build in .*run `npm run build`/);
  });
});

describe('the post-build steps run only on a Next version whose output they were checked against', () => {
  it('the installed next is a pinned version', () => {
    expect(PINNED_NEXT_VERSIONS).toContain(installedNextVersion());
    expect(assertPinnedNext('after-next-build')).toBe(installedNextVersion());
  });

  it('any other version stops the step with a message naming it, the versions it knows and what to do', () => {
    expect(() => assertPinnedNext('after-next-build', '16.5.0')).toThrow(
      /^after-next-build: next 16\.5\.0 is installed, but the post-build steps were checked against next 16\.4\.6 only\..*PINNED_NEXT_VERSIONS/,
    );
  });
});

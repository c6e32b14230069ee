import { ease } from '@/lib/client/smooth-scroll';

describe('CSS ease timing function', () => {
  it('starts at 0, ends at 1 and is monotonic', () => {
    expect(ease(0)).toBeCloseTo(0, 5);
    expect(ease(1)).toBeCloseTo(1, 5);
    let previous = 0;
    for (let x = 0.05; x <= 1; x += 0.05) {
      expect(ease(x)).toBeGreaterThanOrEqual(previous);
      previous = ease(x);
    }
  });

  it('matches the browser curve cubic-bezier(0.25, 0.1, 0.25, 1) at its midpoint (≈ 0.8024)', () => {
    expect(ease(0.5)).toBeCloseTo(0.8024, 3);
  });
});

import { describe, expect, it } from 'vitest';
import { labelStep } from './chart-drawings';

const days = (label: (i: number) => string) => Array.from({ length: 30 }, (_, i) => label(i));

describe('labelStep', () => {
  it('shows as many labels as fit side by side at a phone’s width, at most six', () => {
    // 30 daily labels in a 270 px plot (7 px a character): "Nov 14" fits five times,
    // "14 نوفمبر" three.
    expect(
      labelStep(
        days((i) => `Nov ${i + 1}`),
        270,
      ),
    ).toBe(5);
    expect(
      labelStep(
        days((i) => `${i + 1} نوفمبر`),
        270,
      ),
    ).toBe(9);
    // Measured widths win over the estimate.
    expect(
      labelStep(
        days((i) => `${i + 1} نوفمبر`),
        270,
        () => 40,
      ),
    ).toBe(5);
    // On a wide screen the six-label ceiling holds: every fifth day.
    expect(
      labelStep(
        days((i) => `Nov ${i + 1}`),
        900,
      ),
    ).toBe(4);
    // Four weeks fit at a phone's width.
    expect(labelStep(['Week 1', 'Week 2', 'Week 3', 'Week 4'], 270)).toBe(0);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, type ToneMap, toneOf } from './status-badge';

type Status = 'paid' | 'refused' | 'pending' | 'off';
const TONES: ToneMap<Status> = { paid: 'good', refused: 'bad', off: 'neutral' };

describe('StatusBadge', () => {
  it('shows its label with the tone the map gives the status', () => {
    render(
      <StatusBadge status="paid" tones={TONES} data-testid="badge">
        Paid
      </StatusBadge>,
    );
    const badge = screen.getByTestId('badge');
    expect(badge.textContent).toBe('Paid');
    expect(badge.getAttribute('data-tone')).toBe('good');
    expect(badge.className).toContain('bg-green-100');
  });

  it('gives each tone its own colour', () => {
    render(
      <>
        <StatusBadge status="refused" tones={TONES}>
          Refused
        </StatusBadge>
        <StatusBadge status="off" tones={TONES}>
          Off
        </StatusBadge>
      </>,
    );
    expect(screen.getByText('Refused').className).toContain('bg-red-100');
    expect(screen.getByText('Off').className).toContain('bg-slate-100');
  });

  it('lets a status the map leaves out wait', () => {
    expect(toneOf('pending', TONES)).toBe('waiting');
    render(
      <StatusBadge status="pending" tones={TONES}>
        Pending
      </StatusBadge>,
    );
    expect(screen.getByText('Pending').className).toContain('bg-yellow-100');
  });
});

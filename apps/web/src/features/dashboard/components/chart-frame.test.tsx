import { dashboardStats } from '@parley/shared/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The drawings' code never arrives: what the card shows meanwhile is what this checks.
vi.mock('./lazy-drawings', async () => {
  const { lazy } = await import('react');
  const never = () => lazy(() => new Promise<never>(() => {}));
  return { BarsDrawing: never(), AreaDrawing: never(), RingDrawing: never() };
});

import { renderWithApp } from '@/test/render';
import { ProjectionsCard } from './projections-card';

describe('a chart card while its drawing loads', () => {
  const stats = dashboardStats({
    spend: [],
    transactionCount: 0,
    balance: '120.00',
    timeframeDays: 30,
    now: new Date(),
  });

  it('shows its figures and text alternative, and a busy placeholder of the chart’s size', () => {
    renderWithApp(<ProjectionsCard stats={stats} />);
    const card = screen.getByRole('region', { name: 'Financial Projections' });
    const figure = within(card).getByText('Balance in 30 days').nextElementSibling;
    expect(figure?.textContent).toBe('£120.00');
    expect(within(card).getByRole('table', { name: /./ })).toBeTruthy();
    const placeholder = within(card).getByRole('status');
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(placeholder.textContent).toBe('Loading...');
    // The box keeps the drawing's height, so nothing below moves when it arrives.
    expect(placeholder.parentElement?.className).toContain('h-60');
  });
});

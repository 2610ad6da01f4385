import { dashboardStats } from '@parley/shared/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The drawings' code never arrives: what the card shows meanwhile is what this checks.
vi.mock('./lazy-drawings', async () => {
  const { lazy } = await import('react');
  const never = () => lazy(() => new Promise<never>(() => {}));
  return { BarsDrawing: never(), AreaDrawing: never(), RingDrawing: never() };
});

import { renderWithApp } from '@/test/render';
import { ProjectionsCard } from './projections-card';

/** An IntersectionObserver that sees every observed element on screen, or none. */
function screenSees(onScreen: boolean) {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        if (onScreen)
          this.callback(
            [{ target, isIntersecting: true } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
      }
      disconnect() {}
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a chart card while its drawing loads', () => {
  const stats = dashboardStats({
    spend: [],
    transactionCount: 0,
    balance: '120.00',
    timeframeDays: 30,
    now: new Date(),
  });

  it('shows its figures and text alternative, and a busy placeholder of the chart’s size', () => {
    screenSees(true);
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

  it('far from the screen, holds the chart’s place quietly and draws nothing', async () => {
    screenSees(false);
    renderWithApp(<ProjectionsCard stats={stats} />);
    const card = screen.getByRole('region', { name: 'Financial Projections' });
    await new Promise((resolve) => setTimeout(resolve, 600)); // past any turn
    expect(within(card).queryByRole('status')).toBeNull();
    const box = within(card).getByTestId('chart-box');
    expect(box.className).toContain('h-60');
    expect(box.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('the projections', () => {
  it('show balances as the balance card does: to the penny, rounded down', () => {
    screenSees(false);
    const stats = dashboardStats({
      spend: [],
      transactionCount: 0,
      balance: '772.5552',
      timeframeDays: 30,
      now: new Date(),
    });
    renderWithApp(<ProjectionsCard stats={stats} />);
    const card = screen.getByRole('region', { name: 'Financial Projections' });
    expect(within(card).getByText('Balance in 30 days').nextElementSibling?.textContent).toBe(
      '£772.55',
    );
    const table = within(card).getByRole('table', { name: /./ });
    expect(table.textContent).toContain('£772.55');
    expect(table.textContent).not.toContain('£772.56');
  });
});

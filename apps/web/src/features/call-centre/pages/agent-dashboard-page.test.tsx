import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import AgentDashboardPage from './agent-dashboard-page';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', vi.fn());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const phase = () => screen.getByTestId('call-phase').textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('AgentDashboardPage (demo)', () => {
  it('calls only once online: dialing, connected after 2 s with a timer, hang up, log a result', () => {
    renderWithApp(<AgentDashboardPage />);
    expect(screen.getByTestId('demo-marker').textContent).toBe('Demo');
    const call = screen.getByRole('button', { name: 'Call' });
    expect(call.hasAttribute('disabled')).toBe(true);

    const available = screen.getByRole('switch', { name: 'Available for calls' });
    expect(available.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(available);
    expect(available.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('You are online and can take calls.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(phase()).toBe('Dialing…');
    // The status cannot change in the middle of a call.
    expect(available.hasAttribute('disabled')).toBe(true);
    advance(1999);
    expect(phase()).toBe('Dialing…');
    expect(screen.queryByTestId('call-timer')).toBeNull();
    advance(1);
    expect(phase()).toBe('Connected');
    expect(screen.getByTestId('call-timer').textContent).toBe('0:00');
    advance(65_000);
    expect(screen.getByTestId('call-timer').textContent).toBe('1:05');

    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(phase()).toBe('Call ended');
    expect(screen.getByTestId('call-timer').textContent).toBe('1:05');
    const save = screen.getByRole('button', { name: 'Save result' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const results = within(screen.getByRole('group', { name: 'Call result' }));
    expect(results.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'Sale',
      'Callback',
      'Not interested',
      'Wrong number',
      'Voicemail',
    ]);
    fireEvent.click(results.getByRole('radio', { name: 'Sale' }));
    fireEvent.click(save);

    expect(phase()).toBe('Ready to call');
    const logged = screen.getByTestId('recent-calls');
    expect(logged.textContent).toContain('Marcus Lee');
    expect(logged.textContent).toContain('Sale');
    expect(logged.textContent).toContain('1:05');
    // The next lead is up, and today's figures count the call.
    expect(screen.getByText('Diego Fernández')).toBeTruthy();
    expect(screen.getByTestId('figure-calls').textContent).toContain('19');
    expect(screen.getByTestId('figure-sales').textContent).toContain('4');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('hanging up while dialing ends the call without talk time', () => {
    renderWithApp(<AgentDashboardPage />);
    fireEvent.click(screen.getByRole('switch', { name: 'Available for calls' }));
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    advance(5000);
    expect(phase()).toBe('Call ended');
    expect(screen.getByTestId('call-timer').textContent).toBe('0:00');
  });
});

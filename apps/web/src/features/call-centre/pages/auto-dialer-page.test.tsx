import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { canDo } from '../dialer-rules';
import AutoDialerPage from './auto-dialer-page';

afterEach(() => vi.unstubAllGlobals());

describe('dialer rules', () => {
  it('Start from stopped or paused, Pause only while running, Stop unless stopped', () => {
    expect(['stopped', 'running', 'paused'].map((s) => canDo('start', s as never))).toEqual([
      true,
      false,
      true,
    ]);
    expect(['stopped', 'running', 'paused'].map((s) => canDo('pause', s as never))).toEqual([
      false,
      true,
      false,
    ]);
    expect(['stopped', 'running', 'paused'].map((s) => canDo('stop', s as never))).toEqual([
      false,
      true,
      true,
    ]);
  });
});

describe('AutoDialerPage (demo)', () => {
  const enabled = () =>
    ['Start', 'Pause', 'Stop'].map(
      (name) => !screen.getByRole('button', { name }).hasAttribute('disabled'),
    );
  const state = () => screen.getByTestId('dialer-state').textContent;

  it('enables each button only in the states it applies to', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderWithApp(<AutoDialerPage />);
    expect(state()).toBe('Stopped');
    expect(enabled()).toEqual([true, false, false]);

    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(state()).toBe('Running');
    expect(enabled()).toEqual([false, true, true]);
    // Five agents take calls; at the default ratio of 1.2, six lines ring.
    expect(screen.getByTestId('figure-lines').textContent).toContain('6 of 20');

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(state()).toBe('Paused');
    expect(enabled()).toEqual([true, false, true]);
    expect(screen.getByTestId('figure-lines').textContent).toContain('0 of 20');

    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(enabled()).toEqual([false, true, true]);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(state()).toBe('Stopped');
    expect(enabled()).toEqual([true, false, false]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers the dial ratios and line limits, with the spec defaults and the recordings note', async () => {
    const user = userEvent.setup();
    renderWithApp(<AutoDialerPage />);
    const ratio = screen.getByLabelText('Dial ratio') as HTMLSelectElement;
    const lines = screen.getByLabelText('Maximum lines') as HTMLSelectElement;
    expect([...ratio.options].map((o) => o.textContent)).toEqual(['1.0', '1.2', '1.5', '2.0']);
    expect(ratio.value).toBe('1.2');
    expect([...lines.options].map((o) => o.textContent)).toEqual(['5', '10', '15', '20']);
    expect(lines.value).toBe('20');
    expect(screen.getByTestId('recordings-note').textContent).toBe(
      'Call recordings are deleted automatically after 30 days.',
    );

    await user.selectOptions(ratio, '2.0');
    await user.selectOptions(lines, '5');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByTestId('figure-lines').textContent).toContain('5 of 5');
  });

  it('keeps the campaigns in step with the dialer: Active only while it runs', async () => {
    const user = userEvent.setup();
    renderWithApp(<AutoDialerPage />);
    const statuses = () =>
      screen
        .getAllByTestId('campaign')
        .map((r) => within(r).getAllByText(/^(Active|Paused)$/)[0]?.textContent);
    // Stopped: nothing dials, so no campaign is active.
    expect(state()).toBe('Stopped');
    expect(statuses()).toEqual(['Paused', 'Paused', 'Paused', 'Paused']);

    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(statuses()).toEqual(['Active', 'Active', 'Paused', 'Paused']);
    expect(screen.getByTestId('figure-campaigns').textContent).toContain('2');

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(statuses()).toEqual(['Paused', 'Paused', 'Paused', 'Paused']);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(statuses()).toEqual(['Active', 'Active', 'Paused', 'Paused']);

    // Pausing the last active campaign pauses the dialer; resuming one starts it.
    await user.click(screen.getByRole('button', { name: 'Pause Spring renewals' }));
    expect(state()).toBe('Running');
    const [, second] = screen.getAllByTestId('campaign');
    if (!second) throw new Error('no campaign');
    await user.click(within(second).getByRole('button', { name: /^Pause / }));
    expect(state()).toBe('Paused');
    expect(screen.getByTestId('figure-lines').textContent).toContain('0 of 20');
    await user.click(screen.getByRole('button', { name: 'Resume Spring renewals' }));
    expect(state()).toBe('Running');
    expect(statuses()).toEqual(['Active', 'Paused', 'Paused', 'Paused']);
    expect(screen.getByRole('button', { name: 'Pause Spring renewals' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(statuses()).toEqual(['Paused', 'Paused', 'Paused', 'Paused']);
  });
});

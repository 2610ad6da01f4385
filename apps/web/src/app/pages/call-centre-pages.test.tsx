import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { CALL_CENTER_ITEMS } from '../shell/nav-items';
import CallCentrePage from './call-centre-pages';

describe('CallCentrePage', () => {
  it.each(CALL_CENTER_ITEMS)('shows the Call Center menu entry $to', ({ to, key }) => {
    const headings: Record<string, string> = {
      agentDashboard: 'Agent Dashboard',
      managerDashboard: 'Manager Dashboard',
      crmDashboard: 'CRM Dashboard',
      autoDialer: 'Auto Dialer',
    };
    renderWithApp(<CallCentrePage />, { path: to });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(headings[key]);
    expect(screen.getByTestId('demo-marker').textContent).toBe('Demo');
  });
});

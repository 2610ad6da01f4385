import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import AgentDashboardPage from '@/features/call-centre/pages/agent-dashboard-page';
import AutoDialerPage from '@/features/call-centre/pages/auto-dialer-page';
import CrmDashboardPage from '@/features/call-centre/pages/crm-dashboard-page';
import ManagerDashboardPage from '@/features/call-centre/pages/manager-dashboard-page';

const PAGES: Record<string, ComponentType> = {
  '/agent-dashboard': AgentDashboardPage,
  '/manager-dashboard': ManagerDashboardPage,
  '/crm-dashboard': CrmDashboardPage,
  '/auto-dialer': AutoDialerPage,
};

/**
 * The four call-centre demo screens as one lazy page, so they load as one chunk and add
 * a single lazy route to the landing page's entry; the path picks the screen.
 */
export default function CallCentrePage() {
  const Page = PAGES[useLocation().pathname.replace(/\/+$/, '')];
  return Page ? <Page /> : null;
}

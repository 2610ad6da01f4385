import {
  BarChart3,
  Headphones,
  type LucideIcon,
  MessageSquare,
  Network,
  Phone,
  PhoneCall,
  PhoneForwarded,
  Server,
  Users,
} from 'lucide-react';

export interface NavItem {
  /** Translation key under `nav.items`. */
  key: string;
  to: string;
  icon: LucideIcon;
}

export const SERVICE_ITEMS: NavItem[] = [
  { key: 'sms', to: '/services/sms', icon: MessageSquare },
  { key: 'voip', to: '/services/voip', icon: Phone },
  { key: 'sip', to: '/services/sip', icon: PhoneCall },
  { key: 'sipTrunk', to: '/services/sip-trunk', icon: Server },
  { key: 'did', to: '/services/did', icon: Network },
];

export const CALL_CENTER_ITEMS: NavItem[] = [
  { key: 'agentDashboard', to: '/agent-dashboard', icon: Headphones },
  { key: 'managerDashboard', to: '/manager-dashboard', icon: Users },
  { key: 'crmDashboard', to: '/crm-dashboard', icon: BarChart3 },
  { key: 'autoDialer', to: '/auto-dialer', icon: PhoneForwarded },
];

/** Footer links, in the spec's order; for visitors they lead to sign-in first. */
export const FOOTER_LINKS = [
  { key: 'sms', to: '/services/sms' },
  { key: 'voip', to: '/services/voip' },
  { key: 'sip', to: '/services/sip' },
  { key: 'did', to: '/services/did' },
  { key: 'pricesCoverage', to: '/prices-coverage' },
  { key: 'payment', to: '/payment' },
  { key: 'dashboard', to: '/dashboard' },
] as const;

/** Sections of the landing page a visitor can jump to. */
export const LANDING_ANCHORS = ['services', 'about', 'contact', 'terms'] as const;

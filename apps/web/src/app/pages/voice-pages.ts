// The calling screen, the credentials page and SIP monitoring load as one chunk: each
// lazy route costs the landing page's entry a list of its chunks, and they share most.
export { default as SipCredentialsPage } from '@/features/voice/pages/sip-credentials-page';
export { default as SipPage } from '@/features/voice/pages/sip-page';
export { default as SipMonitoringPage } from '@/features/voice-monitoring/pages/sip-monitoring-page';

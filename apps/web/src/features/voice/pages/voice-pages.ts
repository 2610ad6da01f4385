// The calling screen and the credentials page load as one chunk: each lazy route costs
// the landing page's entry a list of its chunks, and the two share almost everything.
export { default as SipCredentialsPage } from './sip-credentials-page';
export { default as SipPage } from './sip-page';

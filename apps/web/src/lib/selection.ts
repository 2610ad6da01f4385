/**
 * What a customer chose to buy, kept in local storage for the payment page
 * (name, price, type, details). Each screen writes its own key.
 */
export type SelectionKey =
  | 'selectedService'
  | 'selectedSIPService'
  | 'selectedDIDNumber'
  | 'selectedVoIPPackage';

export type SelectionType =
  | 'ivr-addon'
  | 'pbx-addon'
  | 'sip-service'
  | 'sip-addon'
  | 'sip-domain'
  | 'did-number'
  | 'voip-package';

export interface Selection {
  type: SelectionType;
  name: string;
  price: number;
  /** The catalogue row bought, so the server can price it again rather than trust this. */
  id?: string;
  details?: Record<string, unknown>;
}

export function rememberSelection(key: SelectionKey, selection: Selection): void {
  localStorage.setItem(key, JSON.stringify(selection));
}

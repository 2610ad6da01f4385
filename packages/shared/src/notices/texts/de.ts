import type { NoticeTexts } from '../types.js';

export const de: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: '{item} wird bald verlängert',
      body: '{item} wird am {renewsAt} für {amount} verlängert. Ihr Guthaben reicht dafür nicht aus: Laden Sie {shortfall} auf, damit es weiterläuft.',
    },
    'renewal.charged': {
      title: '{item} verlängert',
      body: 'Wir haben {amount} für die Verlängerung von {item} abgebucht. Nächste Verlängerung: {renewsAt}.',
    },
    'renewal.failed': {
      title: 'Verlängerung fehlgeschlagen: {item}',
      body: 'Wir konnten {amount} für {item} nicht abbuchen. Es funktioniert weiter bis {graceUntil}; wir versuchen es täglich und bei jeder Aufladung erneut.',
    },
    'subscription.suspended': {
      title: '{item} gesperrt',
      body: '{item} ist gesperrt, weil die Verlängerung nicht bezahlt wurde. Laden Sie Guthaben auf, um es wieder zu aktivieren.',
      bodyWithRelease:
        '{item} ist gesperrt, weil die Verlängerung nicht bezahlt wurde. Laden Sie Guthaben auf, um es wieder zu aktivieren; ist es am {releaseAt} noch unbezahlt, wird die Nummer freigegeben.',
    },
    'subscription.reactivated': {
      title: '{item} wieder aktiv',
      body: 'Wir haben {amount} abgebucht, und {item} funktioniert wieder. Nächste Verlängerung: {renewsAt}.',
    },
    'subscription.released': {
      title: '{item} freigegeben',
      body: '{item} blieb nach der Sperrung unbezahlt; es ist daher beendet und gehört Ihnen nicht mehr.',
    },
    'subscription.ended': {
      title: '{item} beendet',
      body: '{item} wurde gekündigt, und der bezahlte Zeitraum ist abgelaufen.',
    },
    'subscription.graceExtended': {
      title: 'Mehr Zeit für {item}',
      body: '{item} funktioniert weiter bis {graceUntil}. Laden Sie vorher Guthaben auf, um es zu behalten.',
    },
    'subscription.waived': {
      title: '{item}: Zeitraum erlassen',
      body: 'Dieser Zeitraum von {item} ist kostenlos. Nächste Verlängerung: {renewsAt}.',
    },
    'balance.low': {
      title: 'Niedriges Guthaben',
      body: 'Ihr Guthaben beträgt {balance} und liegt unter Ihrer Warnschwelle von {threshold}. Laden Sie Guthaben auf, damit Ihre Dienste weiterlaufen.',
    },
    'payment.approved': {
      title: 'Zahlung bestätigt',
      body: 'Ihre Zahlung über {crypto} wurde bestätigt: {amount} wurden Ihrem Guthaben gutgeschrieben.',
    },
    'payment.rejected': {
      title: 'Zahlung abgelehnt',
      body: 'Ihre Zahlung über {crypto} wurde abgelehnt; Ihrem Guthaben wurde nichts gutgeschrieben.',
      bodyWithReason:
        'Ihre Zahlung über {crypto} wurde abgelehnt; Ihrem Guthaben wurde nichts gutgeschrieben. Grund: {reason}',
    },
    'deposit.reversed': {
      title: 'Zahlung storniert',
      body: 'Ihre Zahlung von {crypto} hat die Blockchain nach der Gutschrift verlassen, daher wurden {amount} von Ihrem Guthaben abgezogen.',
    },
    'webhook.disabled': {
      title: 'Webhook-Endpunkt abgeschaltet',
      body: 'Wir senden keine Webhooks mehr an {url}: Er ist tagelang fehlgeschlagen oder hat gemeldet, dass er nicht mehr existiert. Beheben Sie das Problem und schalten Sie ihn in Ihrem Konto wieder ein.',
    },
  },
  unknown: {
    title: 'Benachrichtigung',
    body: 'Melden Sie sich bei Parley an, um die Einzelheiten zu sehen.',
  },
  email: {
    greeting: 'Guten Tag,',
    footer: 'Sie erhalten diese E-Mail, weil Sie ein Parley-Konto haben.',
    link: 'Alle Ihre Benachrichtigungen: {url}',
  },
};

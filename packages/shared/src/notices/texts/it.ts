import type { NoticeTexts } from '../types.js';

export const it: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: '{item} si rinnova a breve',
      body: '{item} si rinnova il {renewsAt} per {amount}. Il tuo saldo non basta: aggiungi {shortfall} per mantenerlo attivo.',
    },
    'renewal.charged': {
      title: '{item} rinnovato',
      body: 'Abbiamo addebitato {amount} per rinnovare {item}. Prossimo rinnovo: {renewsAt}.',
    },
    'renewal.failed': {
      title: 'Rinnovo non riuscito: {item}',
      body: 'Non è stato possibile addebitare {amount} per {item}. Resta attivo fino al {graceUntil}; riproviamo ogni giorno e a ogni ricarica.',
    },
    'subscription.suspended': {
      title: '{item} sospeso',
      body: '{item} è sospeso perché il rinnovo non è stato pagato. Aggiungi fondi per riattivarlo.',
      bodyWithRelease:
        '{item} è sospeso perché il rinnovo non è stato pagato. Aggiungi fondi per riattivarlo; se il {releaseAt} risulta ancora non pagato, il numero verrà rilasciato.',
    },
    'subscription.reactivated': {
      title: '{item} riattivato',
      body: 'Abbiamo addebitato {amount} e {item} funziona di nuovo. Prossimo rinnovo: {renewsAt}.',
    },
    'subscription.released': {
      title: '{item} rilasciato',
      body: '{item} è rimasto non pagato dopo la sospensione, quindi è terminato e non è più tuo.',
    },
    'subscription.ended': {
      title: '{item} terminato',
      body: '{item} è stato disdetto e il periodo pagato è finito.',
    },
    'subscription.graceExtended': {
      title: 'Più tempo per {item}',
      body: '{item} resta attivo fino al {graceUntil}. Aggiungi fondi entro quella data per mantenerlo.',
    },
    'subscription.waived': {
      title: '{item}: periodo gratuito',
      body: 'Questo periodo di {item} è senza addebito. Prossimo rinnovo: {renewsAt}.',
    },
    'balance.low': {
      title: 'Saldo basso',
      body: 'Il tuo saldo è {balance}, sotto la tua soglia di avviso di {threshold}. Aggiungi fondi per mantenere attivi i tuoi servizi.',
    },
    'payment.approved': {
      title: 'Pagamento approvato',
      body: 'Il tuo pagamento di {crypto} è stato approvato: {amount} sono stati aggiunti al tuo saldo.',
    },
    'payment.rejected': {
      title: 'Pagamento rifiutato',
      body: 'Il tuo pagamento di {crypto} è stato rifiutato, quindi non è stato aggiunto nulla al tuo saldo.',
      bodyWithReason:
        'Il tuo pagamento di {crypto} è stato rifiutato, quindi non è stato aggiunto nulla al tuo saldo. Motivo: {reason}',
    },
    'deposit.reversed': {
      title: 'Pagamento stornato',
      body: "Il tuo pagamento di {crypto} è uscito dalla blockchain dopo l'accredito, quindi {amount} è stato tolto dal tuo saldo.",
    },
    'webhook.disabled': {
      title: 'Endpoint webhook disattivato',
      body: 'Abbiamo smesso di inviare webhook a {url}: ha fallito per giorni o ha risposto di non esistere più. Correggilo, poi riattivalo nel tuo account.',
    },
  },
  unknown: {
    title: 'Notifica',
    body: 'Accedi a Parley per vedere i dettagli.',
  },
  email: {
    greeting: 'Ciao,',
    footer: 'Ricevi questa email perché hai un account Parley.',
    link: 'Tutte le tue notifiche: {url}',
  },
};

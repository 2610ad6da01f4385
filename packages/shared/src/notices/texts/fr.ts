import type { NoticeTexts } from '../types.js';

export const fr: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: '{item} sera bientôt renouvelé',
      body: '{item} sera renouvelé le {renewsAt} pour {amount}. Votre solde ne suffit pas : ajoutez {shortfall} pour qu’il reste actif.',
    },
    'renewal.charged': {
      title: '{item} renouvelé',
      body: 'Nous avons prélevé {amount} pour renouveler {item}. Prochain renouvellement : {renewsAt}.',
    },
    'renewal.failed': {
      title: 'Échec du renouvellement : {item}',
      body: 'Nous n’avons pas pu prélever {amount} pour {item}. Il reste actif jusqu’au {graceUntil} ; nous réessayons chaque jour et à chaque ajout de fonds.',
    },
    'subscription.suspended': {
      title: '{item} suspendu',
      body: '{item} est suspendu car son renouvellement n’a pas été payé. Ajoutez des fonds pour le réactiver.',
      bodyWithRelease:
        '{item} est suspendu car son renouvellement n’a pas été payé. Ajoutez des fonds pour le réactiver ; s’il est toujours impayé le {releaseAt}, le numéro sera libéré.',
    },
    'subscription.reactivated': {
      title: '{item} réactivé',
      body: 'Nous avons prélevé {amount} et {item} fonctionne à nouveau. Prochain renouvellement : {renewsAt}.',
    },
    'subscription.released': {
      title: '{item} libéré',
      body: '{item} est resté impayé après sa suspension : il a pris fin et ne vous appartient plus.',
    },
    'subscription.ended': {
      title: '{item} terminé',
      body: '{item} a été résilié et sa période payée est terminée.',
    },
    'subscription.graceExtended': {
      title: 'Plus de temps pour {item}',
      body: '{item} reste actif jusqu’au {graceUntil}. Ajoutez des fonds d’ici là pour le conserver.',
    },
    'subscription.waived': {
      title: '{item} : période offerte',
      body: 'Cette période de {item} est gratuite. Prochain renouvellement : {renewsAt}.',
    },
    'balance.low': {
      title: 'Solde faible',
      body: 'Votre solde est de {balance}, sous votre seuil d’alerte de {threshold}. Ajoutez des fonds pour que vos services restent actifs.',
    },
    'payment.approved': {
      title: 'Paiement approuvé',
      body: 'Votre paiement de {crypto} a été approuvé : {amount} ont été ajoutés à votre solde.',
    },
    'payment.rejected': {
      title: 'Paiement refusé',
      body: 'Votre paiement de {crypto} a été refusé ; rien n’a été ajouté à votre solde.',
      bodyWithReason:
        'Votre paiement de {crypto} a été refusé ; rien n’a été ajouté à votre solde. Motif : {reason}',
    },
    'deposit.reversed': {
      title: 'Paiement annulé',
      body: 'Votre paiement de {crypto} a quitté la blockchain après avoir été crédité : {amount} a été retiré de votre solde.',
    },
    'webhook.disabled': {
      title: 'Point de terminaison webhook désactivé',
      body: "Nous n'envoyons plus de webhooks à {url} : il a échoué pendant plusieurs jours ou a répondu qu'il n'existe plus. Corrigez-le, puis réactivez-le dans votre compte.",
    },
  },
  unknown: {
    title: 'Avis',
    body: 'Connectez-vous à Parley pour voir les détails.',
  },
  email: {
    greeting: 'Bonjour,',
    footer: 'Vous recevez cet e-mail parce que vous avez un compte Parley.',
    link: 'Toutes vos notifications : {url}',
  },
};

import type { NoticeTexts } from '../types.js';

export const es: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: '{item} se renueva pronto',
      body: '{item} se renueva el {renewsAt} por {amount}. Tu saldo no lo cubre: añade {shortfall} para que siga funcionando.',
    },
    'renewal.charged': {
      title: '{item} renovado',
      body: 'Hemos cobrado {amount} para renovar {item}. Próxima renovación: {renewsAt}.',
    },
    'renewal.failed': {
      title: 'Renovación fallida: {item}',
      body: 'No pudimos cobrar {amount} por {item}. Seguirá funcionando hasta el {graceUntil}; lo reintentamos cada día y cada vez que añades fondos.',
    },
    'subscription.suspended': {
      title: '{item} suspendido',
      body: '{item} está suspendido porque su renovación no se pagó. Añade fondos para reactivarlo.',
      bodyWithRelease:
        '{item} está suspendido porque su renovación no se pagó. Añade fondos para reactivarlo; si sigue sin pagarse el {releaseAt}, el número se liberará.',
    },
    'subscription.reactivated': {
      title: '{item} reactivado',
      body: 'Hemos cobrado {amount} y {item} vuelve a funcionar. Próxima renovación: {renewsAt}.',
    },
    'subscription.released': {
      title: '{item} liberado',
      body: '{item} siguió sin pagarse tras su suspensión, así que ha finalizado y ya no es tuyo.',
    },
    'subscription.ended': {
      title: '{item} finalizado',
      body: '{item} se canceló y su periodo pagado ha terminado.',
    },
    'subscription.graceExtended': {
      title: 'Más tiempo para {item}',
      body: '{item} seguirá funcionando hasta el {graceUntil}. Añade fondos antes para conservarlo.',
    },
    'subscription.waived': {
      title: '{item}: periodo sin cargo',
      body: 'Este periodo de {item} es gratuito. Próxima renovación: {renewsAt}.',
    },
    'balance.low': {
      title: 'Saldo bajo',
      body: 'Tu saldo es de {balance}, por debajo de tu nivel de aviso de {threshold}. Añade fondos para que tus servicios sigan funcionando.',
    },
    'payment.approved': {
      title: 'Pago aprobado',
      body: 'Tu pago de {crypto} fue aprobado: se añadieron {amount} a tu saldo.',
    },
    'payment.rejected': {
      title: 'Pago rechazado',
      body: 'Tu pago de {crypto} fue rechazado, así que no se añadió nada a tu saldo.',
      bodyWithReason:
        'Tu pago de {crypto} fue rechazado, así que no se añadió nada a tu saldo. Motivo: {reason}',
    },
    'deposit.reversed': {
      title: 'Pago revertido',
      body: 'Su pago de {crypto} salió de la cadena de bloques después de abonarse, así que se retiraron {amount} de su saldo.',
    },
    'webhook.disabled': {
      title: 'Endpoint de webhook desactivado',
      body: 'Dejamos de enviar webhooks a {url}: falló durante días o respondió que ya no existe. Corríjalo y vuelva a activarlo en su cuenta.',
    },
  },
  unknown: {
    title: 'Notificación',
    body: 'Inicia sesión en Parley para ver los detalles.',
  },
  email: {
    greeting: 'Hola:',
    footer: 'Recibes este correo porque tienes una cuenta de Parley.',
    link: 'Todas tus notificaciones: {url}',
  },
};

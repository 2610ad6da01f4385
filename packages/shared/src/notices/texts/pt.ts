import type { NoticeTexts } from '../types.js';

export const pt: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: '{item} será renovado em breve',
      body: '{item} será renovado em {renewsAt} por {amount}. Seu saldo não cobre esse valor: adicione {shortfall} para mantê-lo ativo.',
    },
    'renewal.charged': {
      title: '{item} renovado',
      body: 'Cobramos {amount} para renovar {item}. Próxima renovação: {renewsAt}.',
    },
    'renewal.failed': {
      title: 'Falha na renovação: {item}',
      body: 'Não conseguimos cobrar {amount} por {item}. Ele continua funcionando até {graceUntil}; tentamos de novo todos os dias e sempre que você adiciona fundos.',
    },
    'subscription.suspended': {
      title: '{item} suspenso',
      body: '{item} está suspenso porque a renovação não foi paga. Adicione fundos para reativá-lo.',
      bodyWithRelease:
        '{item} está suspenso porque a renovação não foi paga. Adicione fundos para reativá-lo; se ainda estiver sem pagamento em {releaseAt}, o número será liberado.',
    },
    'subscription.reactivated': {
      title: '{item} reativado',
      body: 'Cobramos {amount} e {item} voltou a funcionar. Próxima renovação: {renewsAt}.',
    },
    'subscription.released': {
      title: '{item} liberado',
      body: '{item} continuou sem pagamento após a suspensão, por isso foi encerrado e não é mais seu.',
    },
    'subscription.ended': {
      title: '{item} encerrado',
      body: '{item} foi cancelado e o período pago terminou.',
    },
    'subscription.graceExtended': {
      title: 'Mais prazo para {item}',
      body: '{item} continua funcionando até {graceUntil}. Adicione fundos antes disso para mantê-lo.',
    },
    'subscription.waived': {
      title: '{item}: período isento',
      body: 'Este período de {item} não será cobrado. Próxima renovação: {renewsAt}.',
    },
    'balance.low': {
      title: 'Saldo baixo',
      body: 'Seu saldo é {balance}, abaixo do seu nível de alerta de {threshold}. Adicione fundos para manter seus serviços ativos.',
    },
    'payment.approved': {
      title: 'Pagamento aprovado',
      body: 'Seu pagamento de {crypto} foi aprovado: {amount} foram adicionados ao seu saldo.',
    },
    'payment.rejected': {
      title: 'Pagamento recusado',
      body: 'Seu pagamento de {crypto} foi recusado, então nada foi adicionado ao seu saldo.',
      bodyWithReason:
        'Seu pagamento de {crypto} foi recusado, então nada foi adicionado ao seu saldo. Motivo: {reason}',
    },
    'deposit.reversed': {
      title: 'Pagamento estornado',
      body: 'O seu pagamento de {crypto} saiu da blockchain depois de ser creditado, por isso {amount} foi retirado do seu saldo.',
    },
    'webhook.disabled': {
      title: 'Endpoint de webhook desativado',
      body: 'Deixámos de enviar webhooks para {url}: falhou durante dias ou respondeu que já não existe. Corrija-o e volte a ativá-lo na sua conta.',
    },
  },
  unknown: {
    title: 'Notificação',
    body: 'Entre no Parley para ver os detalhes.',
  },
  email: {
    greeting: 'Olá,',
    footer: 'Você recebe este e-mail porque tem uma conta Parley.',
    link: 'Todas as suas notificações: {url}',
  },
};

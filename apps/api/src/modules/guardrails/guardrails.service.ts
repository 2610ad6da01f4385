import {
  type Guardrails,
  type GuardrailsValues,
  moneyText,
  spentToday,
  utcDayStart,
} from '@parley/shared';
import type { GuardrailsRepo, GuardrailsRow } from './guardrails.repo.js';

const amount = (v: string | null) => (v === null ? null : moneyText(v));

function toGuardrails(row: GuardrailsRow | undefined, spent: string): Guardrails {
  return {
    dailySpendCap: amount(row?.dailySpendCap ?? null),
    smsCountries: row?.smsCountries ?? null,
    voiceCountries: row?.voiceCountries ?? null,
    maxSmsPrice: amount(row?.maxSmsPrice ?? null),
    maxMinutePrice: amount(row?.maxMinutePrice ?? null),
    lowBalanceAlert: amount(row?.lowBalanceAlert ?? null),
    spentToday: moneyText(spent),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The limits a customer sets on their own spending; none until they first save. */
export function createGuardrailsService(deps: { repo: GuardrailsRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function spent(userId: string) {
    const s = await repo.spending(userId, utcDayStart(now()));
    return spentToday(s.netDebits, s.held);
  }

  return {
    async get(userId: string): Promise<Guardrails> {
      const [row, today] = await Promise.all([repo.find(userId), spent(userId)]);
      return toGuardrails(row, today);
    },
    async save(userId: string, values: GuardrailsValues): Promise<Guardrails> {
      const row = await repo.save(userId, values, now());
      return toGuardrails(row, await spent(userId));
    },
  };
}
export type GuardrailsService = ReturnType<typeof createGuardrailsService>;

import type { Trunks } from '@parley/shared';
import { Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormErrorMessage } from '@/components/form-error';
import { Label, Select } from '@/components/ui/input';
import { isolate, ltr } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useRouteNumber } from '../api/sip-trunk';

const SOFTPHONES = '';

/**
 * Each of the customer's numbers rings a trunk's PBX or their softphones; changing the
 * choice saves it at once.
 */
export function NumberRouting({ data }: { data: Trunks }) {
  const { t } = useTranslation();
  const route = useRouteNumber();
  const messageOf = useFormErrorMessage();
  const trunkName = (id: string) => {
    const trunk = data.items.find((x) => x.id === id);
    return trunk ? `${trunk.name} (${trunk.username})` : '';
  };

  const change = (numberId: string, number: string, value: string) =>
    route.mutate(
      { numberId, trunkId: value === SOFTPHONES ? null : value },
      {
        onSuccess: () =>
          showToast(
            'success',
            t('common.success'),
            value === SOFTPHONES
              ? t('sipTrunk.numbers.toSoftphones', { number: ltr(number) })
              : t('sipTrunk.numbers.toTrunk', {
                  number: ltr(number),
                  trunk: isolate(trunkName(value)),
                }),
          ),
        onError: (err) =>
          showToast(
            'error',
            t('common.error'),
            messageOf(err, t('sipTrunk.numbers.failed'), t('account.network')),
          ),
      },
    );

  return (
    <section
      aria-labelledby="trunk-numbers-title"
      className="space-y-3 rounded-lg border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="trunk-numbers-title" className="flex items-center gap-2 text-xl font-semibold">
        <Phone aria-hidden="true" className="size-5 text-primary" />
        {t('sipTrunk.numbers.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('sipTrunk.numbers.text')}</p>
      {data.numbers.length === 0 ? (
        <p className="rounded-md border p-4 text-sm text-muted-foreground">
          {t('sipTrunk.numbers.empty')}{' '}
          <Link to="/services/did" className="font-medium text-primary underline">
            {t('sipTrunk.numbers.buy')}
          </Link>
        </p>
      ) : (
        <ul className="divide-y">
          {data.numbers.map((n) => (
            <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <Label htmlFor={`number-route-${n.id}`} className="font-mono font-semibold">
                <span dir="ltr">{n.number}</span>
                <span className="sr-only"> {t('sipTrunk.numbers.ringsOn')}</span>
              </Label>
              <Select
                id={`number-route-${n.id}`}
                className="w-full sm:w-auto sm:min-w-64"
                value={n.trunkId ?? SOFTPHONES}
                disabled={route.isPending}
                onChange={(e) => change(n.id, n.number, e.target.value)}
              >
                <option value={SOFTPHONES}>{t('sipTrunk.numbers.softphones')}</option>
                {data.items.map((trunk) => (
                  <option key={trunk.id} value={trunk.id}>
                    {t('sipTrunk.numbers.trunkOption', { trunk: trunkName(trunk.id) })}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Plus, X } from 'lucide-react';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActionName } from '@/components/action-name';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { problemMessage, useErrorText } from '@/lib/form-resolver';
import { addressProblem, type TrunkValues } from '../trunk-form';

/**
 * The addresses a PBX may call from (IP authentication): a list with a Remove button per
 * entry and a box to add one, checked as it is added; a refused entry says why under it.
 */
export function AllowedIpsField({ form }: { form: UseFormReturn<TrunkValues> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const box = useRef<HTMLInputElement | null>(null);
  const list = form.watch('allowedIps');
  const errors = form.formState.errors;
  const draftField = form.register('draft');

  const setList = (next: string[]) => {
    form.setValue('allowedIps', next, { shouldDirty: true });
    // Entries moved: errors told for the old positions no longer fit.
    form.clearErrors('allowedIps');
  };
  const add = () => {
    const text = form.getValues('draft').trim();
    if (!text) return;
    const problem = addressProblem(text, list);
    if (problem) {
      form.setError('draft', { message: problemMessage(problem) });
      return;
    }
    setList([...list, text]);
    form.setValue('draft', '');
    form.clearErrors('draft');
    box.current?.focus();
  };

  return (
    <fieldset className="flex flex-col gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{t('sipTrunk.configure.allowedIps')}</legend>
      <p id="trunk-ips-hint" className="text-xs text-muted-foreground">
        {t('sipTrunk.configure.allowedIpsHint')}
      </p>
      {list.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('sipTrunk.configure.allowedIps')}>
          {list.map((ip, i) => {
            const error = errorText(errors.allowedIps?.[i]?.message);
            return (
              <li key={ip} className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <code
                    dir="ltr"
                    className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-sm"
                  >
                    {ip}
                  </code>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-describedby={error ? `trunk-ip-${i}-error` : undefined}
                    onClick={() => {
                      setList(list.filter((x) => x !== ip));
                      box.current?.focus();
                    }}
                  >
                    <X aria-hidden="true" />
                    <ActionName text={t('sipTrunk.configure.removeIp')} about={ip} />
                  </Button>
                </div>
                {error && (
                  <p id={`trunk-ip-${i}-error`} className="text-sm text-destructive">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FormField
        id="trunk-ip-new"
        label={t('sipTrunk.configure.newIp')}
        error={errorText(errors.draft?.message ?? errors.allowedIps?.message)}
        describedByBefore="trunk-ips-hint"
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              {...draftField}
              ref={(el) => {
                draftField.ref(el);
                box.current = el;
              }}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              placeholder="81.2.69.0/24"
              onKeyDown={(e) => {
                // Enter adds the address rather than saving the whole form.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button type="button" variant="outline" onClick={add}>
              <Plus aria-hidden="true" />
              {t('sipTrunk.configure.addIp')}
            </Button>
          </div>
        )}
      </FormField>
    </fieldset>
  );
}

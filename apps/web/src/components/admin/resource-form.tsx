import { LANGUAGES } from '@parley/shared/domain';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox, Input, Label, Select } from '@/components/ui/input';
import { fieldText } from '@/lib/field-errors';
import { functionResolver } from '@/lib/form-resolver';
import {
  type FieldSpec,
  type FormValues,
  optionsOf,
  settleOptions,
  toBody,
  validate,
} from './resource-form-values';
import { TranslationsField } from './translations-field';

export type { FieldSpec, FormValues } from './resource-form-values';

export function ResourceForm({
  fields,
  initial,
  serverErrors,
  rejections,
  onEdit,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  fields: readonly FieldSpec[];
  initial: FormValues;
  /** The server's messages for the last attempt, by field name. */
  serverErrors: Record<string, string>;
  /** How many times the server has refused this form. */
  rejections: number;
  /** A field was changed: its server message no longer applies. */
  onEdit: (name: string) => void;
  pending: boolean;
  submitLabel: string;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // Checked on save; a field's error goes when it is edited, until the next save.
  const form = useForm<FormValues>({
    defaultValues: initial,
    resolver: functionResolver<FormValues>((v) =>
      validate(
        fields,
        v,
        (label, scale) => t('admin.form.decimal', { label, places: scale }),
        (problem) => fieldText(t, problem) ?? '',
        (codes) =>
          t('admin.translations.check', {
            languages: codes.map((c) => LANGUAGES.find((l) => l.code === c)?.name ?? c).join(', '),
          }),
      ),
    ),
    reValidateMode: 'onSubmit',
  });
  const values = form.watch();
  const errors = form.formState.errors;
  const shown = (name: string) => errors[name]?.message ?? serverErrors[name];
  const focusFirst = (found: Record<string, string>) => {
    const first = fields.find((f) => found[f.name]);
    if (first) document.getElementById(`${id}-${first.name}`)?.focus();
    return first !== undefined;
  };

  // Each refusal from the server puts focus on the first field it names.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, not per keystroke
  useEffect(() => {
    focusFirst(serverErrors);
  }, [rejections]);

  const submit = form.handleSubmit((v) => onSubmit(toBody(fields, v)));

  // A select whose choices hang on the edited field may move to its first choice.
  const edited = (name: string) => {
    const now = form.getValues();
    const settled = settleOptions(fields, now);
    for (const f of fields)
      if (settled[f.name] !== now[f.name]) form.setValue(f.name, settled[f.name] ?? '');
    form.clearErrors(name);
    onEdit(name);
  };
  const control = (name: string) => form.register(name, { onChange: () => edited(name) });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => {
        const inputId = `${id}-${f.name}`;
        const error = shown(f.name);
        if (f.kind === 'translations')
          return (
            <TranslationsField
              key={f.name}
              field={f}
              id={id}
              values={values}
              errorOf={shown}
              control={(name) =>
                form.register(name, {
                  onChange: () => {
                    edited(name);
                    edited(f.name);
                  },
                })
              }
            />
          );
        const common = { name: f.name, 'aria-required': f.required ? true : undefined } as const;
        if (f.kind === 'checkbox')
          return (
            <div key={f.name} className="flex items-center gap-2 sm:col-span-2">
              <Checkbox
                {...common}
                id={inputId}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                {...control(f.name)}
              />
              <Label htmlFor={inputId}>{f.label}</Label>
            </div>
          );
        const wide = f.kind === 'textarea' || f.kind === 'lines';
        return (
          <FormField
            key={f.name}
            id={inputId}
            label={
              <>
                {f.label}
                {f.required && <span aria-hidden="true"> *</span>}
              </>
            }
            description={f.hint || undefined}
            error={error}
            className={wide ? 'flex flex-col gap-1.5 sm:col-span-2' : 'flex flex-col gap-1.5'}
          >
            {f.kind === 'select' ? (
              <Select {...common} {...control(f.name)}>
                {optionsOf(f, values).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            ) : wide ? (
              <textarea
                {...common}
                rows={f.kind === 'lines' ? 4 : 3}
                {...control(f.name)}
                className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
              />
            ) : (
              <Input
                {...common}
                dir={f.ltr || f.kind === 'decimal' ? 'ltr' : undefined}
                inputMode={f.kind === 'decimal' ? 'decimal' : undefined}
                {...control(f.name)}
              />
            )}
          </FormField>
        );
      })}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('common.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}

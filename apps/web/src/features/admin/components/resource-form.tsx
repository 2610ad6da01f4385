import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox, Input, Label, Select } from '@/components/ui/input';

export type FieldSpec = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'decimal' | 'select' | 'checkbox' | 'lines';
  /** The message shown when the field is left empty; absent means optional. */
  required?: string;
  /** Decimal places a 'decimal' field accepts (SPEC §5: 0.0001 for SMS and VoIP prices). */
  scale?: number;
  pattern?: { re: RegExp; message: string };
  options?: readonly { value: string; label: string }[];
  /** Optional text the server stores as null when empty. */
  nullIfEmpty?: boolean;
  hint?: string;
  /** Left-to-right content (numbers, slugs, domains) even in Arabic. */
  ltr?: boolean;
};

export type FormValues = Record<string, string | boolean>;

/** The first problem with each field, in the same words the server would use. */
export function validate(
  fields: readonly FieldSpec[],
  values: FormValues,
  decimalMessage: (label: string, scale: number) => string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (typeof v !== 'string') continue;
    const text = v.trim();
    if (!text) {
      if (f.required) errors[f.name] = f.required;
      continue;
    }
    if (f.kind === 'decimal' && !new RegExp(`^\\d{1,10}(\\.\\d{1,${f.scale ?? 2}})?$`).test(text))
      errors[f.name] = decimalMessage(f.label, f.scale ?? 2);
    else if (f.pattern && !f.pattern.re.test(text)) errors[f.name] = f.pattern.message;
  }
  return errors;
}

/** The JSON the admin API takes: booleans stay, lists split by line, text trimmed. */
export function toBody(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (typeof v === 'boolean') body[f.name] = v;
    else if (f.kind === 'lines')
      body[f.name] = (v ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    else {
      const text = (v ?? '').trim();
      body[f.name] = text === '' && f.nullIfEmpty ? null : text;
    }
  }
  return body;
}

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
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(fields, values, (label, scale) =>
      t('admin.form.decimal', { label, places: scale }),
    );
    setErrors(found);
    if (focusFirst(found)) return;
    onSubmit(toBody(fields, values));
  }

  const set = (name: string, value: string | boolean) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
    onEdit(name);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => {
        const inputId = `${id}-${f.name}`;
        const error = shown[f.name];
        const describedBy =
          [error && `${inputId}-error`, f.hint && `${inputId}-hint`].filter(Boolean).join(' ') ||
          undefined;
        const common = {
          id: inputId,
          name: f.name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          'aria-required': f.required ? true : undefined,
        } as const;
        const value = values[f.name];
        if (f.kind === 'checkbox')
          return (
            <div key={f.name} className="flex items-center gap-2 sm:col-span-2">
              <Checkbox
                {...common}
                checked={value === true}
                onChange={(e) => set(f.name, e.target.checked)}
              />
              <Label htmlFor={inputId}>{f.label}</Label>
            </div>
          );
        const wide = f.kind === 'textarea' || f.kind === 'lines';
        return (
          <div key={f.name} className={wide ? 'space-y-1.5 sm:col-span-2' : 'space-y-1.5'}>
            <Label htmlFor={inputId}>
              {f.label}
              {f.required && <span aria-hidden="true"> *</span>}
            </Label>
            {f.kind === 'select' ? (
              <Select
                {...common}
                value={String(value ?? '')}
                onChange={(e) => set(f.name, e.target.value)}
              >
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            ) : wide ? (
              <textarea
                {...common}
                rows={f.kind === 'lines' ? 4 : 3}
                value={String(value ?? '')}
                onChange={(e) => set(f.name, e.target.value)}
                className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
              />
            ) : (
              <Input
                {...common}
                dir={f.ltr || f.kind === 'decimal' ? 'ltr' : undefined}
                inputMode={f.kind === 'decimal' ? 'decimal' : undefined}
                value={String(value ?? '')}
                onChange={(e) => set(f.name, e.target.value)}
              />
            )}
            {f.hint && (
              <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
                {f.hint}
              </p>
            )}
            {error && (
              <p id={`${inputId}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
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

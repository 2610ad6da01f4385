import type { BulkPreview } from '@parley/shared';
import { compareDecimal } from '@parley/shared/domain';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/current-user';
import { fieldText } from '@/lib/field-errors';
import { showToast } from '@/lib/toast';
import { useBulkPreview, useBulkSend } from '../api/sms';
import { isInsufficient, useSmsErrorToast } from '../api/sms-errors';
import { BULK_MAX_FILE_BYTES } from '../bulk-reasons';
import { hasBalanceForSms, messageError, senderIdError } from '../validation';
import { BatchProgress } from './batch-progress';
import { BulkPreviewView } from './bulk-preview';

/**
 * Bulk send (the SMS page's CSV/TXT upload): the file's numbers get the form's Sender ID and
 * message. Preview first (who, how much, which lines are skipped), then confirm and follow.
 */
export function BulkSend({ senderId, message }: { senderId: string; message: string }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const previewCall = useBulkPreview();
  const sendCall = useBulkSend();
  const errorToast = useSmsErrorToast();
  const [file, setFile] = useState<{ text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ key: string; data: BulkPreview } | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  // Which pick is the latest: a slower read of a file picked before is dropped.
  const pick = useRef(0);
  const key = JSON.stringify([senderId.trim(), message, file?.text ?? '']);
  // A preview is of one file, sender and message: change any of them and it is gone.
  const current = preview?.key === key ? preview.data : null;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    const id = ++pick.current;
    setFile(null);
    setProblem(null);
    if (!chosen) return;
    if (chosen.size > BULK_MAX_FILE_BYTES) return setProblem(t('sms.bulk.tooLarge'));
    const text = await chosen.text();
    if (id !== pick.current) return;
    if (!text.trim()) return setProblem(t('sms.bulk.empty'));
    setFile({ text });
  }

  function runPreview() {
    if (!file) return;
    const invalid = senderIdError(senderId) ?? messageError(message);
    if (invalid) return setProblem(t('sms.bulk.needMessage'));
    setProblem(null);
    previewCall.mutate(
      { senderId: senderId.trim(), message, file: file.text },
      {
        onSuccess: (data) => setPreview({ key, data }),
        onError: (err) => {
          const field = err instanceof ApiError ? Object.values(err.fields)[0] : undefined;
          const text = fieldText(t, field);
          if (text) setProblem(text);
          else errorToast(err);
        },
      },
    );
  }

  function send(data: BulkPreview) {
    const balance = user?.cryptoBalance;
    if (!hasBalanceForSms(balance) || compareDecimal(balance ?? '0', data.total) < 0) {
      setProblem(t('sms.toast.insufficientText'));
      return showToast('error', t('sms.toast.insufficientTitle'), t('sms.toast.insufficientText'));
    }
    sendCall.mutate(
      { senderId: senderId.trim(), message, recipients: data.valid.map((v) => v.recipient) },
      {
        onSuccess: ({ batchId: id }) => {
          setBatchId(id);
          setPreview(null);
          showToast(
            'success',
            t('common.success'),
            t('sms.bulk.queued', { count: data.valid.length }),
          );
        },
        onError: (err) => {
          if (isInsufficient(err)) setProblem(t('sms.toast.insufficientText'));
          errorToast(err);
        },
      },
    );
  }

  return (
    <div className="space-y-4">
      <FormField id="sms-bulk-file" label={t('sms.bulk.file')} description={t('sms.bulk.fileHint')}>
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={choose}
          className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2"
        />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        disabled={!file || previewCall.isPending}
        onClick={runPreview}
      >
        <FileUp aria-hidden="true" />
        {previewCall.isPending ? t('common.loading') : t('sms.bulk.preview')}
      </Button>
      {current && (
        <BulkPreviewView
          preview={current}
          sending={sendCall.isPending}
          onSend={() => send(current)}
        />
      )}
      {batchId && <BatchProgress key={batchId} id={batchId} />}
    </div>
  );
}

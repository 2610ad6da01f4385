import { useTranslation } from 'react-i18next';
import type { Failure } from '../softphone/types';

/** Why the softphone failed, with the SIP status the far side gave when there was one. */
export function FailureText({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`voice.softphone.failure.${failure.kind}`)}
      {failure.code !== null && (
        <>
          {' '}
          <bdi>({t('voice.softphone.sipCode', { code: failure.code })})</bdi>
        </>
      )}
    </>
  );
}

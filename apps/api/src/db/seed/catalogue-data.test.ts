import {
  mailAllowanceOf,
  TRANSLATED_LANGUAGES,
  trunkRoleOf,
  voiceAllowanceOf,
} from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { PACKAGES, SEED_DICTIONARY, SERVICES, seedTranslations } from './catalogue-data.js';

const seededTexts = [
  ...SERVICES.flatMap((s) => [s.name, s.description]),
  ...PACKAGES.flatMap((p) => [p.name, p.description, ...p.features]),
];

describe('the starting catalogue’s translations', () => {
  it('word every seeded name, description and feature in all nine other languages', () => {
    for (const text of seededTexts)
      for (const code of TRANSLATED_LANGUAGES)
        expect(SEED_DICTIONARY[text]?.[code]?.trim(), `${code}: ${text}`).toBeTruthy();
  });

  it('hold nothing that is not seeded', () => {
    const seeded = new Set(seededTexts);
    expect(Object.keys(SEED_DICTIONARY).filter((text) => !seeded.has(text))).toEqual([]);
  });

  it('give each item its words per language, features in order', () => {
    const starter = PACKAGES.find((p) => p.serviceSlug === 'voip' && p.name === 'Starter');
    expect(starter && seedTranslations(starter).de).toEqual({
      name: 'Einsteiger',
      description: 'Alles, was ein kleines Team für den Einstieg in die VoIP-Telefonie braucht.',
      features: ['2000 Minuten', '10 gleichzeitige Anrufe', 'Basis-Support', 'Anrufaufzeichnung'],
    });
    const sms = SERVICES.find((s) => s.slug === 'sms');
    expect(sms && seedTranslations(sms).ja).toEqual({
      name: 'SMSメッセージ',
      description:
        '配信レポート付きの信頼性の高いAPIで、世界中にテキストメッセージを送受信できます。',
    });
  });
});

describe('the starting catalogue’s fulfilment', () => {
  // What Parley provisions by itself: calling plans (minutes, lines), trunks with their
  // add-ons and SMTP relays (monthly emails). Everything else must open a task for the team.
  const provisioned = (p: (typeof PACKAGES)[number]) => {
    const voice = voiceAllowanceOf(p.features);
    const voicePlan =
      p.serviceSlug === 'voip' && (voice.includedMinutes !== 0 || voice.concurrentCalls !== null);
    const trunk = trunkRoleOf({ ...p, isAddon: p.isAddon ?? false }) !== null;
    // A dedicated IP address is the team's to set up (the relay works meanwhile).
    const mail =
      p.serviceSlug === 'smtp' &&
      mailAllowanceOf(p.features) !== null &&
      !p.features.some((f) => /dedicated ip/i.test(f));
    return voicePlan || trunk || mail;
  };

  it('sells no item that is neither provisioned nor set up by the team', () => {
    const forgotten = PACKAGES.filter((p) => p.fulfilment !== 'team' && !provisioned(p));
    expect(forgotten.map((p) => `${p.serviceSlug}: ${p.name}`)).toEqual([]);
  });

  it('leaves to the team only what Parley cannot provision', () => {
    const needless = PACKAGES.filter((p) => p.fulfilment === 'team' && provisioned(p));
    expect(needless.map((p) => p.name)).toEqual([]);
  });
});
